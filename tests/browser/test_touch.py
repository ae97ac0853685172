"""Fingers on a tablet, in a real JupyterLab with touch emulation.

The page is a 768x1024 tablet with a touch screen (Playwright's ``has_touch``
and ``is_mobile``), turned to 1024x768 and widened to a 1366x768 Chromebook
where a test says so. Every piece is put down by taps only: a tap shows it, a
second tap on it places it. The kernel is the judge: after tapping, the tests
read ``w.game`` or ``w.puzzle`` in the notebook's own kernel. Screenshots go to
``$BLOKUS_TOUCH_SHOTS`` (a temporary folder by default).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect
from widget_page import brightness, switch_theme

import blokus_nb as bn
from blokus_nb.pieces import identify, normalize, transform

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PORTRAIT = {"width": 768, "height": 1024}
LANDSCAPE = {"width": 1024, "height": 768}
CHROMEBOOK = {"width": 1366, "height": 768}
PAGE = {"viewport": PORTRAIT, "has_touch": True, "is_mobile": True}
SHOTS = Path(os.environ.get("BLOKUS_TOUCH_SHOTS") or Path(tempfile.gettempdir()) / "blokus-touch-shots")

HUMAN_TURN = """root => root.getAttribute('data-game-over') === 'true'
  || (root.getAttribute('data-to-play') === 'purple' && root.getAttribute('data-thinking') !== 'true')"""

# What scrolls sideways: the page, or any element that shows a horizontal scroll bar (but a
# code editor's own long lines, which scroll inside the editor).
SIDEWAYS = """() => {
  const out = [];
  const doc = document.scrollingElement;
  if (doc.scrollWidth > doc.clientWidth + 1) out.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
  for (const el of document.querySelectorAll('*')) {
    if (el.closest('.cm-editor')) continue;
    const overflow = getComputedStyle(el).overflowX;
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
      out.push(`${el.className || el.tagName} ${el.scrollWidth} > ${el.clientWidth}`);
    }
  }
  return out;
}"""


def value(notebook, expression: str):
    """A Python value from the kernel. Running the cell clicks its editor with the mouse: the mouse
    is then moved off the notebook, or the board scrolled back under it would take it for a hover."""
    result = notebook.value(expression)
    notebook.page.mouse.move(1, 1)
    return result


def show(notebook, code: str, index: int = 0):
    root = notebook.show(code, index=index)
    notebook.page.mouse.move(1, 1)
    root.scroll_into_view_if_needed()
    return root


def shot(page, name: str, locator=None) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    (locator or page).screenshot(path=str(path))
    return path


def board_cell(root, name: str):
    return root.locator(f'svg.bk-board [data-cell="{name}"]')


def preview(root, selector: str = ".bk-preview") -> dict:
    element = root.locator(selector)
    return {key: element.get_attribute(f"data-{key}") for key in ("state", "move", "cells", "reason")}


def handle(cells) -> tuple[int, int]:
    """The cell of a shape a finger's tap puts on the tapped cell: nearest the middle of its box (shapes.ts)."""
    cells = normalize(cells)
    width, height = max(x for x, _ in cells), max(y for _, y in cells)
    best, distance = cells[0], float("inf")
    for x, y in cells:
        d = (x - width / 2) ** 2 + (y - height / 2) ** 2
        if d < distance - 1e-9:
            best, distance = (x, y), d
    return best


def turns(base, cells) -> tuple[int, bool]:
    """Taps on Rotate and whether Flip, to turn ``base`` (as the tray draws it) into the shape of ``cells``."""
    target = normalize(cells)
    t = next(t for t in range(8) if transform(base, t) == target)
    return t % 4, t >= 4


def anchor_of(cells) -> tuple[int, int]:
    """Where to tap to show a piece on ``cells``, turned as they are."""
    hx, hy = handle(cells)
    return min(x for x, _ in cells) + hx, min(y for _, y in cells) + hy


def tap_piece_onto(root, piece: str, color: str | None, base, cells, name) -> None:
    """Take ``piece`` from the tray, turn it with the buttons beside the board and show it on ``cells``: taps only."""
    selector = f'[data-piece="{piece}"]' + (f'[data-color="{color}"]' if color else "")
    root.locator(selector).tap()
    expect(root.locator(selector)).to_have_attribute("data-selected", "true")
    rotations, flipped = turns(base, cells)
    for _ in range(rotations):
        root.locator('.bk-pad [data-action="rotate"]').tap()
    if flipped:
        root.locator('.bk-pad [data-action="flip"]').tap()
    name(anchor_of(cells)).tap()


def left_sidebar(page, open_: bool) -> None:
    """Open or close JupyterLab's left sidebar (on a tablet one closes it to make room)."""
    current = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if (current.count() > 0) != open_:
        page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab").first.tap()
    expect(current).to_have_count(1 if open_ else 0)


def sideways(page) -> list[str]:
    page.wait_for_timeout(300)  # JupyterLab lays out again after a resize
    return page.evaluate(SIDEWAYS)


@pytest.fixture(scope="module")
def duo(notebook):
    return show(notebook, 'w = BlokusWidget("duo", players={"orange": "greedy"}, ai_pause=0.05); w')


def test_the_touch_layout_puts_big_buttons_beside_the_board(notebook, duo):
    page, root = notebook.page, duo
    # Touch emulation makes the pointer coarse: the touch layout before any tap.
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    expect(root).to_have_attribute("data-touch", "true")
    pad = root.locator(".bk-pad")
    expect(pad).to_be_visible()
    board = root.locator("svg.bk-board").bounding_box()
    for action in ("rotate", "flip", "place", "undo"):
        box = pad.locator(f'[data-action="{action}"]').bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, (action, box)
        assert box["x"] >= board["x"] + board["width"], f"{action} is beside the board"
    for viewport, name in ((PORTRAIT, "portrait"), (LANDSCAPE, "landscape"), (CHROMEBOOK, "chromebook")):
        page.set_viewport_size(viewport)
        for sidebar in (True, False):
            left_sidebar(page, sidebar)
            root.scroll_into_view_if_needed()
            assert sideways(page) == [], (name, sidebar)
        shot(page, f"duo-{name}")
    page.set_viewport_size(PORTRAIT)


def touch_drag(page, start, end, steps: int = 8) -> None:
    """A finger pressed at ``start``, moved to ``end`` and lifted (Playwright has only tap)."""
    cdp = page.context.new_cdp_session(page)
    try:
        (x0, y0), (x1, y1) = start, end
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        for k in range(1, steps + 1):
            x, y = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def center(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None, "element not displayed"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def duo_name(cell) -> str:
    x, y = cell
    return f"{'abcdefghijklmn'[x]}{14 - y}"


def duo_coords(move: str) -> list[tuple[int, int]]:
    return [(ord(c[0]) - 97, 14 - int(c[1:])) for c in move.split(",")]


def test_a_wrong_first_tap_is_corrected_and_a_turned_flipped_piece_placed_by_taps(notebook, duo):
    page, root = notebook.page, duo
    l5 = bn.pieces.get("L5")
    turned = transform(l5.cells, 5)  # one quarter turn, then flipped
    target = next(m for m in value(notebook, '[str(m) for m in w.game.legal_moves() if m.piece.name == "L5"]')
                  if normalize(duo_coords(m)) == turned)
    anchor = duo_name(anchor_of(duo_coords(target)))

    root.locator('[data-piece="L5"][data-color="purple"]').tap()
    expect(root.locator('[data-role="detail"]')).to_have_text("L5 in hand: tap the board to see it there.")
    root.locator('.bk-pad [data-action="rotate"]').tap()
    root.locator('.bk-pad [data-action="flip"]').tap()

    # A wrong first tap: the piece shows there, illegal, with the reason; nothing is placed.
    board_cell(root, "c3").tap()
    wrong = preview(root)
    assert wrong["state"] == "illegal" and "start square e10" in wrong["reason"]
    expect(root.locator('[data-role="detail"]')).to_contain_text("cannot go here")
    shot(page, "duo-wrong-first-tap")
    # Corrected by a tap where it belongs: shown there, still not placed.
    board_cell(root, anchor).tap()
    expect(root.locator(".bk-preview")).to_have_attribute("data-move", target)
    assert preview(root)["state"] == "legal"
    expect(root.locator('[data-role="detail"]')).to_contain_text("fits here, tap it again or press Place")
    # A drag moves it away and back; lifting the finger places nothing.
    away = duo_name((anchor_of(duo_coords(target))[0] + 3, anchor_of(duo_coords(target))[1] + 2))
    touch_drag(page, center(board_cell(root, anchor)), center(board_cell(root, away)))
    expect(root.locator(".bk-preview")).not_to_have_attribute("data-move", target)
    assert preview(root)["state"] == "illegal"
    touch_drag(page, center(board_cell(root, away)), center(board_cell(root, anchor)))
    expect(root.locator(".bk-preview")).to_have_attribute("data-move", target)
    shot(page, "duo-turned-flipped-shown")
    assert value(notebook, "len(w.game.history)") == 0, "nothing placed by a tap or a drag"

    # The second tap, on the piece shown, places it.
    root.scroll_into_view_if_needed()
    board_cell(root, anchor).tap()
    for name in target.split(","):
        expect(board_cell(root, name)).to_have_attribute("data-owner", "purple")
    history = value(notebook, "[str(m) for m in w.game.history]")
    assert history[0] == target
    assert identify(duo_coords(history[0])) == (l5, l5.orientation_of(5))


def test_undo_by_tap_and_place_with_the_place_button(notebook, duo):
    page, root = notebook.page, duo
    page.wait_for_function(HUMAN_TURN, arg=root.element_handle(), timeout=30_000)
    assert value(notebook, "len(w.game.history)") == 2  # ours, and the computer's answer
    root.locator('.bk-pad [data-action="undo"]').tap()  # back to our turn: the computer's move and ours
    expect(root.locator("svg.bk-board [data-owner]")).to_have_count(0)
    assert value(notebook, "len(w.game.history)") == 0
    # With nothing in hand a finger may scroll the notebook over the board; with a piece it moves the piece.
    touch_action = "el => getComputedStyle(el).touchAction"
    assert root.locator("svg.bk-board").evaluate(touch_action) == "manipulation"
    # The Place button shows a piece not yet shown (at the start square), and places it on a second press.
    root.locator('[data-piece="1"][data-color="purple"]').tap()
    assert root.locator("svg.bk-board").evaluate(touch_action) == "none"
    place = root.locator('.bk-pad [data-action="place"]')
    place.tap()
    expect(root.locator(".bk-preview")).to_have_attribute("data-move", "e10")
    assert value(notebook, "len(w.game.history)") == 0
    place.tap()
    expect(board_cell(root, "e10")).to_have_attribute("data-owner", "purple")
    assert value(notebook, "[str(m) for m in w.game.history][:1]") == ["e10"]


PLAN = """
import random as _random
def touch_plan(game):
    # The test's finger plays a biggest piece, a different one each game position.
    if game.is_over or game.to_play != "purple":
        return None
    moves = game.legal_moves()
    if not moves:
        return None
    biggest = max(m.piece.size for m in moves)
    move = _random.Random(len(game.history)).choice([m for m in moves if m.piece.size == biggest])
    return {"move": str(move), "piece": move.piece.name}
"""


def test_a_whole_duo_game_by_taps_against_the_computer(notebook):
    page = notebook.page
    page.set_viewport_size(LANDSCAPE)
    notebook.py(PLAN)
    root = show(notebook, 'w = BlokusWidget("duo", players={"orange": "greedy"}, ai_pause=0.05); w')
    handle_ = root.element_handle()
    played = []
    for _ in range(30):
        page.wait_for_function(HUMAN_TURN, arg=handle_, timeout=60_000)
        if root.get_attribute("data-game-over") == "true":
            break
        plan = value(notebook, "touch_plan(w.game)")
        if plan is None:
            continue
        move, piece = plan["move"], plan["piece"]
        cells = duo_coords(move)
        tap_piece_onto(root, piece, "purple", bn.pieces.get(piece).cells, cells,
                       lambda cell: board_cell(root, duo_name(cell)))
        expect(root.locator(".bk-preview")).to_have_attribute("data-move", move)
        assert preview(root)["state"] == "legal"
        if len(played) == 3:
            shot(page, "duo-game-shown-landscape")
        board_cell(root, duo_name(anchor_of(cells))).tap()  # the second tap, on the piece shown
        expect(board_cell(root, duo_name(cells[0]))).to_have_attribute("data-owner", "purple")
        played.append(move)
    expect(root.locator('[data-role="summary"]')).to_be_visible(timeout=30_000)
    shot(page, "duo-game-over-landscape")
    state = value(notebook, '{"over": w.game.is_over, "purple": [str(m) for m in w.game.moves if m.color == "purple"]}')
    assert state["over"] and state["purple"] == played
    assert len(played) >= 8
    page.set_viewport_size(PORTRAIT)


def test_a_puzzle_solved_by_taps(notebook):
    page = notebook.page
    notebook.py("from blokus_nb.widgets import PuzzleWidget\nfrom blokus_nb.puzzles import Puzzle")
    root = show(notebook, 'p = PuzzleWidget(Puzzle((5, 3), ["L", "P", "V"])); p', index=notebook.SECOND)
    expect(root).to_have_attribute("data-touch", "true")
    for action in ("rotate", "flip", "place"):
        box = root.locator(f'.bk-pad [data-action="{action}"]').bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, (action, box)
    solution = value(notebook, "[[q.piece, q.cells] for q in p.puzzle.solve().placements]")
    bases = {piece["name"]: piece["cells"] for piece in value(notebook, "p.pieces")}

    def cell(xy):
        return root.locator(f'.pz-cells [data-cell="{xy[0]},{xy[1]}"]')

    for k, (piece, cells) in enumerate(solution):
        cells = [tuple(c) for c in cells]
        tap_piece_onto(root, piece, None, [tuple(c) for c in bases[piece]], cells, cell)
        shown = preview(root, ".pz-preview")
        assert shown["state"] == "legal" and sorted(shown["cells"].split()) == sorted(f"{x},{y}" for x, y in cells)
        assert value(notebook, "len(p.puzzle.placements)") == k, "a tap shows, it does not place"
        if k == 1:
            shot(page, "puzzle-shown-portrait")
        cell(anchor_of(cells)).tap()
        expect(cell(cells[0])).to_have_attribute("data-owner", piece)
        if k == 0:
            # With nothing in hand a tap on a placed piece picks it up, shown where it lay; a tap puts it back.
            cell(cells[-1]).tap()
            expect(cell(cells[0])).not_to_have_attribute("data-owner", piece)
            expect(root.locator(".pz-preview")).to_have_attribute("data-state", "legal")
            assert value(notebook, "len(p.puzzle.placements)") == 0
            cell(cells[-1]).tap()
            expect(cell(cells[0])).to_have_attribute("data-owner", piece)
    expect(root).to_have_attribute("data-solved", "true")
    assert value(notebook, "p.puzzle.is_solved")
    for viewport, name in ((PORTRAIT, "portrait"), (LANDSCAPE, "landscape")):
        page.set_viewport_size(viewport)
        root.scroll_into_view_if_needed()
        assert sideways(page) == [], name
        shot(page, f"puzzle-solved-{name}")
    page.set_viewport_size(PORTRAIT)


def test_the_touch_layout_in_the_dark_theme(notebook):
    page = notebook.page
    root = notebook.cell(notebook.DISPLAY).locator(".bk-root")
    switch_theme(page, "JupyterLab Dark", light=False)
    page.mouse.move(1, 1)
    try:
        root.scroll_into_view_if_needed()
        root.locator('[data-action="new"]').tap()
        expect(root.locator("svg.bk-board [data-owner]")).to_have_count(0)
        root.locator('[data-piece="V5"][data-color="purple"]').tap()
        board_cell(root, "e10").tap()
        expect(root.locator(".bk-preview")).not_to_have_attribute("data-state", "none")
        place = root.locator('.bk-pad [data-action="place"]')
        colors = place.evaluate("el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]")
        background = root.evaluate("el => getComputedStyle(el).backgroundColor")
        # Place stands out in the dark theme too: its text and its fill far apart, the widget dark.
        assert abs(brightness(colors[0]) - brightness(colors[1])) > 80, colors
        assert brightness(background) < 128, background
        shot(page, "duo-dark-portrait")
    finally:
        switch_theme(page, "JupyterLab Light", light=True)
