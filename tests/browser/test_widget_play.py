"""Playing in a real JupyterLab: mouse, keyboard, Python, an AI seat, undo.

The kernel is the judge of every test: after acting in the page, the test
reads ``w.game`` in the notebook's own kernel.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from widget_page import center, measure, record

import blokus_nb as bn
from blokus_nb.pieces import identify

X_AT_E10 = "e9,d10,e10,f10,e11"
ORANGE_X = "j3,i4,j4,k4,j5"


def board_cell(root, name: str):
    return root.locator(f'svg.bk-board [data-cell="{name}"]')


def hover(page, root, name: str) -> None:
    page.mouse.move(*center(board_cell(root, name)))


def preview(root) -> dict:
    element = root.locator(".bk-preview")
    return {key: element.get_attribute(f"data-{key}") for key in ("state", "move", "cells", "reason")}


def coords(move: str, size: int) -> list[tuple[int, int]]:
    return [(ord(c[0]) - 97, size - int(c[1:])) for c in move.split(",")]


@pytest.fixture(scope="module")
def duo(notebook):
    root = notebook.show('w = BlokusWidget("duo", players=None); w')
    root.scroll_into_view_if_needed()
    return root


def test_pick_rotate_hover_and_place_with_the_mouse(notebook, duo):
    page, root = notebook.page, duo
    expect(root.locator('[data-role="status"]')).to_have_text("Purple to play (Player 1).")
    piece = root.locator('[data-piece="L5"][data-color="purple"]')
    piece.click()
    expect(piece).to_have_attribute("data-selected", "true")

    hover(page, root, "e10")
    before = preview(root)
    assert before["state"] == "legal"
    root.locator('[data-action="rotate"]').click()
    hover(page, root, "c3")  # far from the start square
    far = preview(root)
    assert far["state"] == "illegal" and "start square e10" in far["reason"]
    expect(root.locator('[data-role="detail"]')).to_contain_text("cannot go here")
    hover(page, root, "e10")
    after = preview(root)
    assert after["state"] == "legal"

    # The rotation is Python's transform 1 of the piece; legality agrees with the engine.
    l5 = bn.pieces.get("L5")
    assert identify(coords(before["move"], 14)) == (l5, 0)
    assert identify(coords(after["move"], 14)) == (l5, l5.orientation_of(1))
    assert bn.Game("duo").is_legal(after["move"]) and not bn.Game("duo").is_legal(far["move"] or "a1")

    timing = measure(page, root, "click", '[data-cell="e10"]', "data-owner",
                     lambda: page.mouse.click(*center(board_cell(root, "e10"))))
    record("click -> placed piece drawn (kernel round trip)", timing["frame"])
    for name in after["move"].split(","):
        expect(board_cell(root, name)).to_have_attribute("data-owner", "purple")
    assert notebook.value("[str(m) for m in w.game.history]") == [after["move"]]
    expect(root.locator('[data-piece="L5"][data-color="purple"]')).to_have_attribute("data-used", "true")
    expect(root).to_have_attribute("data-to-play", "orange")


def test_a_move_played_in_python_shows_in_every_view(notebook, duo):
    second = notebook.show("w", index=notebook.SECOND)  # the same widget displayed again
    notebook.py(f'w.game.play("{ORANGE_X}")')
    for root in (duo, second):
        for name in ORANGE_X.split(","):
            expect(board_cell(root, name)).to_have_attribute("data-owner", "orange")
        expect(root.locator('[data-role="status"]')).to_have_text("Purple to play (Player 1).")
    notebook.run(notebook.SECOND, "None")  # back to one view


def test_an_illegal_click_is_refused_and_explained(notebook, duo):
    page, root = notebook.page, duo
    root.locator('[data-piece="1"][data-color="purple"]').click()
    hover(page, root, "a1")
    assert preview(root)["state"] == "illegal"
    page.mouse.click(*center(board_cell(root, "a1")))
    expect(root.locator('[data-role="error"]')).to_contain_text("corner")
    expect(board_cell(root, "a1")).not_to_have_attribute("data-owner", "purple")
    assert notebook.value("len(w.game.history)") == 2
    root.locator('[data-role="status"]').click()  # running a cell took the focus; give it back
    hover(page, root, "a1")
    root.locator(".bk-preview[data-state='illegal']").wait_for()
    page.keyboard.press("Escape")
    expect(root.locator(".bk-preview")).to_have_attribute("data-state", "none")
    expect(root.locator('[data-piece="1"][data-color="purple"]')).not_to_have_attribute("data-selected", "true")


def test_keyboard_play_and_jupyterlab_keeps_its_hands_off(notebook, duo):
    page, root = notebook.page, duo
    corner = notebook.value('w.game.corner_points("purple")')[0]
    cells_before = page.locator(".jp-Notebook .jp-Cell").count()
    root.locator('[data-role="status"]').click()  # focus the widget (running a cell took it)
    page.keyboard.press("]")  # first piece in hand: the monomino
    expect(root.locator('[data-piece="1"][data-color="purple"]')).to_have_attribute("data-selected", "true")
    expect(root.locator(".bk-preview")).to_have_attribute("data-cells", corner)
    assert preview(root)["state"] == "legal"

    page.keyboard.press("]")  # the domino
    horizontal = preview(root)["cells"]
    page.keyboard.press("r")  # in command mode R would turn the cell into a raw cell
    vertical = preview(root)["cells"]
    assert horizontal != vertical and len(vertical.split(",")) == 2
    assert {c[0] for c in vertical.split(",")} == {vertical[0]}  # one column: it turned
    page.keyboard.press("f")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    moved = preview(root)["cells"]
    assert moved != vertical
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    assert preview(root)["cells"] == vertical

    page.keyboard.press("[")  # back to the monomino, still on the corner point
    expect(root.locator(".bk-preview")).to_have_attribute("data-cells", corner)
    page.keyboard.press("Enter")
    expect(board_cell(root, corner)).to_have_attribute("data-owner", "purple")
    assert notebook.value("str(w.game.history[-1])") == corner
    # JupyterLab saw none of those keys: no raw cell (R), no new or moved cells.
    assert page.locator(".jp-Notebook .jp-RawCell").count() == 0
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells_before
    assert "print" in notebook.cell(notebook.SCRATCH).locator(".jp-InputArea-editor").inner_text()


def test_hints_overlay_shows_the_engines_corner_points(notebook, duo):
    root = duo
    # Orange to play now; the overlay shows orange's corner points.
    root.locator('[data-action="hints"]').click()
    expect(root.locator('[data-action="hints"]')).to_have_attribute("aria-pressed", "true")
    corners = root.locator('[data-hint-kind="corner"]')
    expect(corners.first).to_be_attached()
    shown = sorted(corners.evaluate_all("els => els.map(e => e.getAttribute('data-hint-cell'))"))
    assert shown == sorted(notebook.value("w.game.corner_points(w.game.to_play)"))
    forbidden = root.locator('[data-hint-kind="forbidden"]').count()
    assert forbidden == len(notebook.value("w.game.forbidden_cells(w.game.to_play)")) > 0
    assert notebook.value("w.show_hints") is True
    root.locator('[data-action="palette"]').click()
    expect(root).to_have_attribute("data-palette", "colorblind")
    assert notebook.value("w.palette") == "colorblind"
    notebook.screenshot("duo-hints-colorblind", root)
    root.locator('[data-action="palette"]').click()
    root.locator('[data-action="hints"]').click()
    expect(root.locator('[data-hint-kind="corner"]')).to_have_count(0)


def test_preview_follows_the_pointer_within_a_frame(notebook, duo):
    page, root = notebook.page, duo
    root.locator('[data-role="status"]').click()
    page.keyboard.press("]")
    expect(root.locator(".bk-preview")).not_to_have_attribute("data-state", "none")
    names = [f"{c}{r}" for r in (3, 6, 9, 12) for c in "bdfhjl"]
    for name in names:
        box = center(board_cell(root, name))
        timing = measure(page, root, "pointermove", ".bk-preview", "data-cells", lambda: page.mouse.move(*box))
        record("pointermove -> preview updated (DOM)", timing["dom"])
        record("pointermove -> next frame with the preview", timing["frame"])
        assert name in preview(root)["cells"].split(",") or preview(root)["state"] == "illegal"
    page.keyboard.press("Escape")


def test_wheel_rotates_and_right_click_flips(notebook, duo):
    page, root = notebook.page, duo
    root.locator('[data-piece="L4"][data-color="orange"]').click()  # orange is to play now
    hover(page, root, "h7")
    start = preview(root)["cells"]
    page.mouse.wheel(0, 120)
    turned = preview(root)["cells"]
    assert turned != start and len(turned.split(",")) == 4
    page.mouse.wheel(0, -120)
    assert preview(root)["cells"] == start
    page.mouse.click(*center(board_cell(root, "h7")), button="right")
    flipped = preview(root)["cells"]
    assert flipped != start and len(flipped.split(",")) == 4
    expect(page.locator(".lm-Menu")).to_have_count(0)  # no JupyterLab context menu on the board
    page.keyboard.press("Escape")


def test_an_ai_seat_answers_and_undo_takes_both_moves_back(notebook):
    page = notebook.page
    root = notebook.show('w = BlokusWidget("duo", players={"orange": "random"}, ai_pause=0.8, seed=2); w')
    root.scroll_into_view_if_needed()
    root.locator('[data-piece="X"][data-color="purple"]').click()
    hover(page, root, "e10")
    page.mouse.click(*center(board_cell(root, "e10")))
    thinking = root.locator('[data-role="thinking"]')
    expect(thinking).to_be_visible()
    expect(thinking).to_contain_text("orange (random) is thinking")
    notebook.screenshot("duo-ai-thinking", root)
    expect(root.locator('svg.bk-board [data-owner="orange"]').first).to_be_attached(timeout=10_000)
    expect(thinking).to_be_hidden()
    history = notebook.value("[m.color for m in w.game.history]")
    assert history == ["purple", "orange"]

    root.locator('[data-action="undo"]').click()
    expect(root.locator("svg.bk-board [data-owner]")).to_have_count(0)
    assert notebook.value("len(w.game.history)") == 0
    expect(root.locator('[data-role="status"]')).to_have_text("Purple to play (Player 1).")
    root.locator('[data-action="redo"]').click()  # both moves come back, up to purple's turn
    expect(root.locator("svg.bk-board [data-owner]")).to_have_count(5 + len(history_cells(notebook)))
    assert notebook.value("len(w.game.history)") == 2

    root.locator('select[data-role="variant"]').select_option("classic")
    root.locator('[data-action="new"]').click()
    expect(root.locator("svg.bk-board [data-cell]")).to_have_count(400)
    expect(root.locator('[data-tray="green"]')).to_be_visible()
    assert notebook.value("[w.game.variant.name, len(w.game.history), w.seats]") == [
        "classic", 0, {"blue": "human", "yellow": "human", "red": "human", "green": "human"}]


def history_cells(notebook) -> list[str]:
    return notebook.value("[c for m in w.game.history if m.color == 'orange' for c in m.cells]")


def test_the_boards_keys_stay_in_it_even_idle_and_z_with_nothing_to_undo_asks_nothing(notebook):
    page = notebook.page
    root = notebook.show('w = BlokusWidget("duo", players=None); w')
    root.scroll_into_view_if_needed()
    root.evaluate("""root => {
        window.__keys = [];
        window.addEventListener('keydown', (e) => window.__keys.push([e.key, e.defaultPrevented]));
    }""")
    root.locator('[data-role="status"]').click()
    for key in ("ArrowDown", "r", "z", "y"):  # nothing in hand, nothing to undo or redo: none of these acts
        page.keyboard.press(key)
    # Still the board's keys: the page around (a host's shortcuts) hears none of them.
    assert page.evaluate("window.__keys") == []
    assert notebook.value("w.error") == ""  # Z and Y sent nothing for Python to refuse
    expect(root.locator('[data-role="detail"]')).to_have_text("Pick a piece from the purple tray.")
    assert page.locator(".jp-Notebook .jp-RawCell").count() == 0  # JupyterLab let the R alone too

    root.locator('[data-role="status"]').click()
    page.evaluate("window.__keys = []")
    page.keyboard.press("]")
    page.keyboard.press("ArrowDown")  # with a piece in hand the arrows are the board's
    page.keyboard.press("Escape")  # puts the piece back
    expect(root.locator(".bk-preview")).to_have_attribute("data-state", "none")
    expect(root).to_be_focused()
    page.keyboard.press("Escape")  # nothing in hand: leaves the widget
    expect(root).not_to_be_focused()
    # The focus goes to the widget's cell: JupyterLab's command mode has the keys again.
    assert page.evaluate("document.activeElement.matches('.jp-Notebook .jp-Cell')")
    assert page.evaluate("window.__keys") == [["Escape", False]]


def test_the_last_undo_pressed_from_the_keyboard_keeps_the_focus_in_the_widget(notebook):
    page = notebook.page
    root = notebook.show('w = BlokusWidget("duo", players=None); w.game.play("e10"); w')
    root.scroll_into_view_if_needed()
    undo = root.locator('[data-action="undo"]')
    expect(undo).to_be_enabled()
    undo.focus()
    page.keyboard.press("Enter")
    expect(undo).to_be_disabled()
    expect(root).to_be_focused()
    assert notebook.value("len(w.game.history)") == 0
    page.keyboard.press("z")  # the keys still reach the board; nothing to undo now, so nothing is asked
    assert notebook.value("w.error") == ""


def press_at_once(root, *events: dict) -> None:
    """Dispatch key presses on the widget in one go: none can wait for the kernel's answer to the one before."""
    root.evaluate("""(root, events) => {
        for (const e of events) root.dispatchEvent(new KeyboardEvent('keydown', {...e, bubbles: true, cancelable: true}));
    }""", list(events))


def test_z_pressed_again_before_the_kernel_answers_asks_once_and_shows_no_error(notebook):
    root = notebook.show('w = BlokusWidget("duo", players=None); w.game.play("e10"); w.game.play("j5"); w')
    root.scroll_into_view_if_needed()
    expect(root).to_have_attribute("data-to-play", "purple")
    # A press, the key's auto-repeat, and a second press: the first asked Python, the others
    # would carry the same version and be refused as stale.
    press_at_once(root, {"key": "z", "code": "KeyZ"}, {"key": "z", "code": "KeyZ", "repeat": True},
                  {"key": "z", "code": "KeyZ"})
    expect(root).to_have_attribute("data-to-play", "orange")
    assert notebook.value("[len(w.game.history), w.error]") == [1, ""]
    expect(root.locator('[data-role="error"]')).to_have_text("")
    # On a Cyrillic layout the Z key types "я": it undoes all the same.
    press_at_once(root, {"key": "я", "code": "KeyZ"})
    expect(root).to_have_attribute("data-to-play", "purple")
    assert notebook.value("len(w.game.history)") == 0


def test_replay_steps_pressed_before_the_kernel_answers_add_up(notebook):
    root = notebook.show('g = bn.Game("duo"); g.play("e10"); g.play("j5"); g.play("f11,f12"); g.play("k3,k4")\n'
                         "r = BlokusWidget(game=g, mode='replay'); r", index=notebook.SECOND)
    position = root.locator('[data-role="replay-position"]')
    expect(position).to_have_text("Move 4 of 4")
    press_at_once(root, {"key": "ArrowLeft"}, {"key": "ArrowLeft"}, {"key": "ArrowLeft"})
    expect(position).to_have_text("Move 1 of 4")
    root.evaluate("root => { const prev = root.querySelector('[data-action=\"prev\"]'); prev.click(); prev.click(); }")
    expect(position).to_have_text("Move 0 of 4")
    root.evaluate("root => { const next = root.querySelector('[data-action=\"next\"]'); next.click(); next.click(); }")
    expect(position).to_have_text("Move 2 of 4")
    assert notebook.value("r.replay_index") == 2
    notebook.run(notebook.SECOND, "None")


def test_a_refusal_is_told_only_in_the_view_that_asked(notebook):
    page = notebook.page
    root = notebook.show('w = BlokusWidget("duo", players=None); w')
    second = notebook.show("w", index=notebook.SECOND)  # the same widget displayed again
    root.scroll_into_view_if_needed()
    root.locator('[data-piece="1"][data-color="purple"]').click()
    hover(page, root, "a1")
    page.mouse.click(*center(board_cell(root, "a1")))
    expect(root.locator('[data-role="detail"]')).to_contain_text("Not placed")
    # The refusal reached both views at once: the other one says nothing about a request it did not make.
    expect(second.locator('[data-role="detail"]')).to_have_text("Pick a piece from the purple tray.")
    notebook.run(notebook.SECOND, "None")
