"""Solving a tiling puzzle in a real JupyterLab: mouse, keys, hints, a solution.

The kernel is the judge: after acting in the page, the tests read
``w.puzzle`` in the notebook's own kernel. The puzzle is the 5x3 rectangle
with the L, P and V pentominoes (4 tilings, one up to symmetry):
``VLLLL / VLPPP / VVVPP``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from widget_page import brightness, center, measure, record, switch_theme

V = ["0,0", "0,1", "0,2", "1,2", "2,2"]
V_DEAD = [(1, 0), (2, 0), (3, 0), (3, 1), (3, 2)]  # leaves pockets no tiling fills


def cell(root, key: str):
    return root.locator(f'.pz-cells [data-cell="{key}"]')


def hover(page, root, key: str) -> None:
    page.mouse.move(*center(cell(root, key)))


def preview(root) -> dict:
    element = root.locator(".pz-preview")
    return {k: element.get_attribute(f"data-{k}") for k in ("state", "cells", "reason")}


def keys(cells: str) -> list[str]:
    return sorted(cells.split())


@pytest.fixture(scope="module")
def puzzle(notebook):
    notebook.py("from blokus_nb.widgets import PuzzleWidget\nfrom blokus_nb.puzzles import Puzzle")
    root = notebook.show('w = PuzzleWidget(Puzzle((5, 3), ["L", "P", "V"])); w')
    root.scroll_into_view_if_needed()
    return root


def test_pick_turn_and_place_a_piece_with_the_mouse(notebook, puzzle):
    page, root = notebook.page, puzzle
    expect(root.locator('[data-role="status"]')).to_have_text("Cover the 15 squares with the 3 pieces.")
    expect(root.locator(".pz-cells [data-cell]")).to_have_count(15)
    piece = root.locator('[data-piece="V5"]')
    piece.click()
    expect(piece).to_have_attribute("data-selected", "true")

    hover(page, root, "0,1")
    assert preview(root)["state"] == "legal" and keys(preview(root)["cells"]) == sorted(V)
    root.locator('[data-action="rotate"]').click()  # a quarter turn: the corner goes to the top left
    hover(page, root, "4,1")
    turned = preview(root)
    assert turned["state"] == "illegal" and turned["reason"] == "part of the piece is outside the region"
    expect(root.locator('[data-role="detail"]')).to_contain_text("cannot go here")
    page.keyboard.press("Shift+R")  # and back, from the keyboard
    timing = measure(page, root, "pointermove", ".pz-preview", "data-cells", lambda: hover(page, root, "0,1"))
    record("puzzle: pointer move -> preview drawn", timing["dom"])
    assert preview(root)["state"] == "legal" and keys(preview(root)["cells"]) == sorted(V)

    timing = measure(page, root, "click", '[data-cell="0,0"]', "data-owner",
                     lambda: page.mouse.click(*center(cell(root, "0,1"))))
    record("puzzle: click -> placed piece drawn (kernel round trip)", timing["frame"])
    for key in V:
        expect(cell(root, key)).to_have_attribute("data-owner", "V5")
    assert notebook.value("[[p.piece, p.cells] for p in w.puzzle.placements]") == [
        ["V5", [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]]]]
    expect(piece).to_have_attribute("data-used", "true")
    expect(root.locator('[data-role="status"]')).to_have_text("1 of 3 pieces placed; 10 squares still to cover.")

    # Clicking a placed piece picks it up, as it lay; a click puts it back.
    page.mouse.click(*center(cell(root, "1,2")))
    expect(cell(root, "1,2")).not_to_have_attribute("data-owner", "V5")
    assert notebook.value("len(w.puzzle.placements)") == 0
    expect(piece).to_have_attribute("data-selected", "true")
    hover(page, root, "0,1")
    page.mouse.click(*center(cell(root, "0,1")))
    expect(cell(root, "1,2")).to_have_attribute("data-owner", "V5")


def test_a_hint_comes_into_the_hand_and_enter_places_it(notebook, puzzle):
    page, root = notebook.page, puzzle
    root.locator('[data-action="hint"]').click()
    suggestion = root.locator(".pz-suggestion")
    expect(suggestion).to_have_attribute("data-hint-piece", "L5")
    hint = notebook.value("w.hint")
    assert hint["found"] and hint["piece"] == "L5"
    assert keys(suggestion.get_attribute("data-cells")) == sorted(f"{x},{y}" for x, y in hint["cells"])
    expect(root.locator('[data-role="message"]')).to_have_text("Hint: the L5 goes on the marked squares.")
    expect(root.locator('[data-piece="L5"]')).to_have_attribute("data-selected", "true")
    expect(root.locator(".pz-preview")).to_have_attribute("data-cells", suggestion.get_attribute("data-cells"))

    notebook.screenshot("puzzle-hint", root)
    root.locator('[data-role="status"]').click()  # focus the widget, away from the board
    page.keyboard.press("Enter")
    expect(cell(root, "4,0")).to_have_attribute("data-owner", "L5")
    assert notebook.value("[p.piece for p in w.puzzle.placements]") == ["V5", "L5"]
    expect(suggestion).to_have_attribute("data-hint-piece", "")
    assert page.locator(".jp-Notebook .jp-RawCell").count() == 0  # R and Enter stayed in the widget


def test_no_solution_from_here_then_a_solution_and_the_solved_state(notebook, puzzle):
    page, root = notebook.page, puzzle
    notebook.show("w", index=notebook.SECOND)  # a second view of the same widget
    second = notebook.cell(notebook.SECOND).locator(".pz-root")
    expect(second.locator('.pz-cells [data-cell="4,0"]')).to_have_attribute("data-owner", "L5")

    root.locator('[data-action="reset"]').click()
    expect(root.locator(".pz-cells [data-owner]")).to_have_count(0)
    notebook.py(f"w.place({V_DEAD})")  # from Python: both views follow
    for view in (root, second):
        expect(view.locator('.pz-cells [data-cell="2,0"]')).to_have_attribute("data-owner", "V5")

    root.locator('[data-action="hint"]').click()
    message = root.locator('[data-role="message"]')
    expect(message).to_have_attribute("data-found", "false")
    expect(message).to_contain_text("No solution from here")
    assert notebook.value("w.hint['found']") is False

    root.locator('[data-action="solution"]').click()
    expect(root).to_have_attribute("data-solved", "true")
    # The widget filled it, not the student: the banner says so.
    expect(root.locator('[data-role="solved"]')).to_have_text("A solution is shown: the widget placed the pieces.")
    expect(root.locator('[data-role="status"]')).to_contain_text("A solution is shown")
    expect(root.locator(".pz-cells [data-owner]")).to_have_count(15)
    expect(second).to_have_attribute("data-solved", "true")
    expect(root.locator('[data-action="hint"]')).to_be_disabled()
    state = notebook.value("{'solved': w.puzzle.is_solved, 'pieces': sorted(p.piece for p in w.puzzle.placements),"
                           " 'text': str(w.puzzle), 'message': w.message}")
    assert state["solved"] and state["pieces"] == ["L5", "P", "V5"]
    assert "from the start" in state["message"]
    owners = ["".join(cell(root, f"{x},{y}").get_attribute("data-owner")[0] for x in range(5)) for y in range(3)]
    assert "\n".join(owners) == state["text"]  # the view shows the tiling Python has
    page.mouse.move(0, 0)
    notebook.screenshot("puzzle-solved", root)


def test_dark_theme(notebook, puzzle):
    page, root = notebook.page, puzzle
    notebook.py(f"w.reset(); w.place({V_DEAD})")
    switch_theme(page, "JupyterLab Dark", light=False)
    try:
        root.scroll_into_view_if_needed()
        background = root.evaluate("el => getComputedStyle(el).backgroundColor")
        empty = cell(root, "4,2").evaluate("el => getComputedStyle(el).fill")
        assert all(brightness(c) < 128 for c in (background, empty)), (background, empty)
        notebook.screenshot("puzzle-dark", root)
    finally:
        switch_theme(page, "JupyterLab Light", light=True)  # the modules after this one expect the light theme


FILL = "el => { const s = getComputedStyle(el); return { fill: s.fill, opacity: parseFloat(s.fillOpacity) }; }"


def test_the_piece_in_hand_and_the_hint_are_see_through(notebook, puzzle):
    page, root = notebook.page, puzzle
    notebook.py("w.reset()")
    expect(root.locator(".pz-cells [data-owner]")).to_have_count(0)
    root.locator('[data-piece="V5"]').click()
    fill = root.locator(".pz-preview .bk-shape-fill")
    hover(page, root, "0,1")
    assert preview(root)["state"] == "legal"
    legal = fill.evaluate(FILL)
    assert legal["opacity"] < 1, legal  # see-through: the board shows under the piece in hand
    # No relief: the piece in hand is not drawn like a placed piece.
    assert root.locator(".pz-preview .bk-shape-light").evaluate("el => getComputedStyle(el).display") == "none"
    hover(page, root, "4,1")
    assert preview(root)["state"] == "illegal"
    illegal = fill.evaluate(FILL)
    assert illegal["fill"] != legal["fill"] and illegal["opacity"] < 1, (legal, illegal)
    notebook.screenshot("puzzle-preview-illegal", root)
    page.keyboard.press("Escape")

    root.locator('[data-action="hint"]').click()
    suggestion = root.locator(".pz-suggestion")
    expect(suggestion).not_to_have_attribute("data-hint-piece", "")
    hint = suggestion.locator(".bk-shape-fill").evaluate(FILL)
    assert hint["opacity"] < 1, hint
    page.mouse.move(0, 0)
    notebook.screenshot("puzzle-hint-see-through", root)


def test_a_button_pressed_from_the_keyboard_keeps_the_focus_in_the_widget(notebook, puzzle):
    page, root = notebook.page, puzzle
    notebook.py(f"w.reset(); w.place({V_DEAD})")
    reset = root.locator('[data-action="reset"]')
    expect(reset).to_be_enabled()
    reset.focus()
    page.keyboard.press("Enter")  # Start again: it turns disabled once the region is empty
    expect(reset).to_be_disabled()
    expect(root).to_be_focused()
    solution = root.locator('[data-action="solution"]')
    solution.focus()
    page.keyboard.press(" ")  # Show a solution: disabled once solved
    expect(root).to_have_attribute("data-solved", "true")
    expect(root).to_be_focused()


def test_the_puzzles_keys_stay_in_it_and_esc_with_nothing_in_hand_goes_to_the_page(notebook, puzzle):
    page, root = notebook.page, puzzle
    expect(root).to_have_attribute("data-solved", "true")  # the test before solved it
    root.evaluate("""root => {
        window.__keys = [];
        window.addEventListener('keydown', (e) => window.__keys.push([e.key, e.defaultPrevented]));
    }""")
    root.focus()
    page.keyboard.press("h")  # solved: the Hint button is disabled, so H asks nothing
    page.keyboard.press("Escape")  # nothing in hand: Esc leaves the widget
    expect(root).not_to_be_focused()
    assert page.evaluate("window.__keys") == [["Escape", False]]  # H is the puzzle's even when it asks nothing
    assert notebook.value("w.error") == ""  # no request was refused
    expect(root.locator('[data-role="detail"]')).not_to_contain_text("Not done")


def test_a_board_on_the_same_page_changes_nothing_of_the_puzzle(notebook, puzzle):
    root = puzzle
    before = root.evaluate("el => [getComputedStyle(el).maxWidth, "
                           "getComputedStyle(el.querySelector('.bk-side')).containerType]")
    board = notebook.show('b = BlokusWidget("duo"); b', index=notebook.SECOND)  # loads the board's stylesheet after
    after = root.evaluate("el => [getComputedStyle(el).maxWidth, "
                          "getComputedStyle(el.querySelector('.bk-side')).containerType]")
    assert before == after == ["1000px", "normal"], (before, after)
    assert board.evaluate("el => getComputedStyle(el).maxWidth") == "1120px"
    assert board.locator(".bk-side").evaluate("el => getComputedStyle(el).containerType") == "inline-size"
    notebook.run(notebook.SECOND, "None")


def test_a_refusal_for_one_view_leaves_a_pickup_in_another_alone(notebook, puzzle):
    first = notebook.show('t = PuzzleWidget(Puzzle((5, 3), ["L", "P", "V"]))\n'
                          "t.place([(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]); t", index=notebook.SECOND)
    second = notebook.show("t", index=notebook.SCRATCH)  # the same widget displayed again
    first.locator('[data-piece="L5"]').click()
    expect(first.locator('[data-piece="L5"]')).to_have_attribute("data-selected", "true")
    # In one go: the first view puts the L onto the V (Python refuses it), then the second view
    # picks the V up. The first view's refusal reaches the second view before the V comes off.
    notebook.page.evaluate("""([first, second]) => {
        const click = (root, key) => {
            const cell = root.querySelector(`.pz-cells [data-cell="${key}"]`);
            const box = cell.getBoundingClientRect();
            cell.dispatchEvent(new MouseEvent('click', {bubbles: true, button: 0,
                clientX: box.left + box.width / 2, clientY: box.top + box.height / 2}));
        };
        click(first, '0,1');
        click(second, '1,2');
    }""", [first.element_handle(), second.element_handle()])
    expect(cell(second, "1,2")).not_to_have_attribute("data-owner", "V5")
    expect(second.locator('[data-piece="V5"]')).to_have_attribute("data-selected", "true")  # in the second view's hand
    expect(first.locator('[data-piece="V5"]')).not_to_have_attribute("data-selected", "true")
    # The V came off and the L was not placed (this replaces the second view in the scratch cell).
    assert notebook.value("len(t.puzzle.placements)") == 0
    notebook.run(notebook.SECOND, "None")


def test_a_generated_puzzle_shows_its_difficulty_and_says_why_it_cannot_be_done_from_here(notebook):
    notebook.py("from blokus_nb.puzzles import generate")
    root = notebook.show('g = PuzzleWidget(generate("pentominoes", "random", difficulty=2, seed=3)); g')
    root.scroll_into_view_if_needed()
    level = notebook.value("g.puzzle.difficulty().level")
    expect(root.locator('[data-role="difficulty"]')).to_contain_text(f"Level {level} of 5")
    root.locator('[data-action="check"]').click()
    message = root.locator('[data-role="message"]')
    expect(message).to_have_attribute("data-found", "true")
    expect(message).to_have_text("Yes: this puzzle can be done.")
    expect(root.locator('[data-role="explanation"]')).to_be_hidden()

    notebook.py("t = PuzzleWidget(Puzzle((5, 4), 'tetrominoes'))")
    root = notebook.show("t")
    root.scroll_into_view_if_needed()
    root.locator('[data-action="check"]').click()
    message = root.locator('[data-role="message"]')
    expect(message).to_have_attribute("data-found", "false")
    expect(message).to_contain_text("No, this puzzle cannot be done. Colour the region like a chessboard")
    picture = root.locator('[data-role="explanation"]')
    expect(picture).to_be_visible()
    expect(picture).to_have_attribute("data-kind", "colouring")
    assert picture.evaluate("img => img.naturalWidth") > 0  # the SVG loaded as a picture
    assert notebook.value("t.explanation['kind']") == "colouring"
    notebook.screenshot("puzzle-why-not", root)

    notebook.py("t.place([(0, 0), (1, 0), (2, 0), (3, 0)], 'I4')")
    root.locator('[data-action="check"]').click()
    expect(message).to_contain_text("Not from here")
    notebook.screenshot("puzzle-why-not-from-here", root)
