"""The review board in a real JupyterLab: the review fills in, a click or a drag on the graph jumps, the
arrow keys step (and JupyterLab keeps its own arrow keys away), the move list and the explorer.
Python is the judge: each step is checked against the kernel's widget."""

from __future__ import annotations

from playwright.sync_api import expect
from widget_page import ARTIFACTS

DEFINE = (
    "from pathlib import Path\n"
    "import blokus_nb as bn\n"
    "from blokus_nb.players import Limit\n"
    f"root = Path({str(ARTIFACTS.parent)!r})\n"
    "game = bn.load(root / 'tests/data/pentobi/games/duo/duo_L1_0003.blksgf')\n"
    "corpus = bn.analysis.opening_index(root / 'tests/data/pentobi/games/duo', depth=6, progress=False)\n"
)
SETUP = DEFINE + (
    "rv = BlokusWidget(game=game, mode='review', review_limit=Limit(simulations=60), explorer=corpus); rv"
)


def graph_x(box: dict, index: int, positions: int) -> float:
    """Where position ``index`` of ``positions`` is along the graph (graph.ts: 6 units of margin in 600)."""
    return box["x"] + box["width"] * (6 + index * 588 / (positions - 1)) / 600


def open_review(notebook):
    root = notebook.show(SETUP)
    root.scroll_into_view_if_needed()
    expect(root.locator('[data-role="review"]')).to_have_attribute("data-status", "done", timeout=240_000)
    return root


def test_the_review_fills_in_and_the_graph_jumps_to_a_position(notebook):
    page = notebook.page
    root = open_review(notebook)
    total = notebook.value("len(rv.game.moves)")
    expect(root.locator('[data-role="review-status"]')).to_contain_text(f"Review done: {total} positions")
    expect(root.locator('[data-role="move-list"] li')).to_have_count(total)
    marked = notebook.value("sum(m['class'] in ('inaccuracy', 'mistake', 'blunder') for m in rv.review['moves'])")
    expect(root.locator(".bk-graph-mark")).to_have_count(marked)
    expect(root.locator('[data-role="review-summary"] tbody tr')).to_have_count(2)

    graph = root.locator('[data-role="graph"]')
    box = graph.bounding_box()
    quarter = 7
    page.mouse.click(graph_x(box, quarter, total + 1), box["y"] + box["height"] / 2)
    expect(graph).to_have_attribute("data-index", str(quarter))
    assert notebook.value("rv.replay_index") == quarter
    expect(root.locator('[data-role="replay-position"]')).to_have_text(f"Move {quarter} of {total}")
    # The engine's choice is drawn on the board, never played: the game keeps its moves.
    best = notebook.value("rv.review['position']['best']['move']")
    expect(root.locator(f'.bk-best-ghost[data-move="{best}"]')).to_have_count(1)
    win = notebook.value("rv.review['position']['best']['win']")
    expect(root.locator('[data-role="best-label"]')).to_have_text(f"{round(win * 100)}%")
    assert notebook.value("len(rv.game.moves)") == total

    # A drag along the graph follows the pointer; where it is let go, the board is.
    three_quarters = 22
    page.mouse.move(graph_x(box, 9, total + 1), box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(graph_x(box, 18, total + 1), box["y"] + box["height"] / 2, steps=8)
    page.mouse.move(graph_x(box, three_quarters, total + 1), box["y"] + box["height"] / 2, steps=4)
    page.mouse.up()
    expect(graph).to_have_attribute("data-index", str(three_quarters))
    assert notebook.value("rv.replay_index") == three_quarters
    notebook.screenshot("review-lab", root)


def test_arrow_keys_step_through_the_game_inside_jupyterlab(notebook):
    page = notebook.page
    root = notebook.cell(notebook.DISPLAY).locator(".bk-root")
    root.locator('[data-role="move-list"] li[data-number="10"]').click()  # a click gives the board the keys
    expect(root.locator('[data-role="graph"]')).to_have_attribute("data-index", "10")
    active = page.locator(".jp-Notebook .jp-Cell.jp-mod-active")
    cell_before = active.evaluate("el => [...el.parentElement.children].indexOf(el)")
    assert root.evaluate("el => el.contains(document.activeElement)")
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    expect(root.locator('[data-role="graph"]')).to_have_attribute("data-index", "7")
    page.keyboard.press("ArrowRight")
    expect(root.locator('[data-role="graph"]')).to_have_attribute("data-index", "8")
    # JupyterLab did not see the arrows: the same cell is active.
    assert active.evaluate("el => [...el.parentElement.children].indexOf(el)") == cell_before
    expect(root.locator('.bk-move[data-current]')).to_have_attribute("data-number", "8")
    assert notebook.value("rv.replay_index") == 8


def test_the_explorer_lists_the_corpus_moves_of_the_position(notebook):
    root = notebook.cell(notebook.DISPLAY).locator(".bk-root")
    root.locator('[data-action="first"]').click()
    expect(root.locator('[data-role="graph"]')).to_have_attribute("data-index", "0")
    expected = notebook.value("[m['move'] for m in rv.review['explorer']['moves']]")
    rows = root.locator('[data-role="explorer"] tbody tr')
    expect(rows).to_have_count(len(expected))
    assert [rows.nth(k).get_attribute("data-move") for k in range(len(expected))] == expected
    expect(root.locator('[data-role="explorer-caption"]')).to_contain_text("20 of 20 games reached this position")
    notebook.screenshot("review-lab-explorer", root)


def test_stop_and_resume_from_the_view(notebook):
    root = notebook.show(
        "slow = BlokusWidget(game=game, mode='review', review_limit=Limit(simulations=3000)); slow",
        index=notebook.SECOND)
    root.scroll_into_view_if_needed()
    stop = root.locator('[data-action="stop-review"]')
    expect(stop).to_be_visible()
    stop.click()
    expect(root.locator('[data-role="review"]')).to_have_attribute("data-status", "stopped")
    assert notebook.value("slow.review['status']") == "stopped"
    root.locator('[data-action="resume-review"]').click()
    expect(root.locator('[data-role="review"]')).to_have_attribute("data-status", "running")
    notebook.py("slow.stop_review()")
    expect(root.locator('[data-role="review"]')).to_have_attribute("data-status", "stopped")
    notebook.run(notebook.SECOND, "None")


FITTING_MOVE = """
def _fitting_move(widget):
    # A legal move from the position shown whose piece lies as the tray shows it (its first orientation),
    # so a click on the tray and one on the board place it without turning it.
    from blokus_nb.pieces import PIECES
    shown = widget._shown_game()
    size = shown.size
    def normal(cells):
        xs, ys = min(x for x, _ in cells), min(y for _, y in cells)
        return sorted((x - xs, y - ys) for x, y in cells)
    first = {p.name: normal(p.cells) for p in PIECES}
    for move in shown.legal_moves():
        cells = [('abcdefghijklmn'.index(c[0]), size - int(c[1:])) for c in move.cells]
        if move.piece.size >= 3 and normal(cells) == first[move.piece.name]:
            return {'move': str(move), 'piece': move.piece.name, 'cells': list(move.cells), 'color': move.color}
"""


def place_from_tray(notebook, root, wanted: dict) -> None:
    """Take the piece from the tray and put it down where ``wanted`` says, as a person does."""
    page = notebook.page
    root.locator(f'.bk-tray [data-piece="{wanted["piece"]}"][data-color="{wanted["color"]}"]').click()
    preview = root.locator(".bk-preview")
    for cell in wanted["cells"]:
        target = root.locator(f'svg.bk-board [data-cell="{cell}"]')
        box = target.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if preview.get_attribute("data-move") == wanted["move"]:
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            return
    raise AssertionError(f"no cell of {wanted['move']} puts the piece there")


def test_a_variation_is_made_on_the_board_and_saved_with_the_game(notebook):
    root = notebook.cell(notebook.DISPLAY).locator(".bk-root")
    root.locator('[data-role="move-list"] li[data-number="5"]').click()
    expect(root.locator('[data-role="graph"]')).to_have_attribute("data-index", "5")
    notebook.py(FITTING_MOVE)
    wanted = notebook.value("_fitting_move(rv)")
    played = notebook.value("str(rv.game.moves[5])")
    assert wanted is not None and wanted["move"] != played
    place_from_tray(notebook, root, wanted)
    variation = root.locator('[data-role="variation"]')
    expect(variation).to_be_visible()
    expect(root.locator('[data-role="variation-moves"]')).to_have_text(f"A variation from move 6: 6. {wanted['move']}")
    expect(root.locator(f'svg.bk-board .bk-placed[data-cells="{",".join(wanted["cells"])}"]')).to_have_count(1)
    assert notebook.value("rv.review['line']['main']") is False
    assert notebook.value("[str(m) for m in rv.game.moves][5]") == played  # the game is still the main line
    notebook.screenshot("review-lab-variation", root)

    notebook.py("import tempfile, pathlib\n_p = pathlib.Path(tempfile.mkdtemp()) / 'reviewed.blksgf'\n"
                "rv.save(_p)\n_t = bn.read_tree(_p)")
    saved = notebook.value("[str(v.move) for v in list(_t.mainline())[4].variations]")
    assert saved == [played, wanted["move"]]

    root.locator('[data-action="main-line"]').click()
    expect(variation).to_be_hidden()
    expect(root.locator('[data-role="graph"]')).to_have_attribute("data-index", "5")
    assert notebook.value("rv.review['line']['main']") is True


def test_a_corpus_move_clicked_in_the_explorer_is_a_variation_promoted_to_the_main_line(notebook):
    root = notebook.cell(notebook.DISPLAY).locator(".bk-root")
    root.locator('[data-action="first"]').click()
    expect(root.locator('[data-role="graph"]')).to_have_attribute("data-index", "0")
    first = notebook.value("str(rv.game.moves[0])")
    rows = root.locator('[data-role="explorer"] tbody tr')
    other = next(rows.nth(k).get_attribute("data-move") for k in range(rows.count())
                 if rows.nth(k).get_attribute("data-move") != first)
    root.locator(f'[data-role="explorer"] tbody tr[data-move="{other}"]').click()
    expect(root.locator('[data-role="variation-moves"]')).to_have_text(f"A variation from move 1: 1. {other}")
    root.locator('[data-action="promote"]').click()
    expect(root.locator('[data-role="variation"]')).to_be_hidden()
    assert notebook.value("[str(m) for m in rv.game.moves]") == [other]
    assert notebook.value("len(rv.tree.variations)") == 2  # the game as played is a variation now


def test_a_review_at_the_review_level_for_the_readme(notebook):
    page = notebook.page
    notebook.py(DEFINE)
    root = notebook.show(
        "readme = BlokusWidget(game=game, mode='review', explorer=corpus); readme", index=notebook.SECOND)
    expect(root.locator('[data-role="review"]')).to_have_attribute("data-status", "done", timeout=300_000)
    # The position before the game's worst move: the engine's choice beside the move played.
    worst = notebook.value("max(readme.review['moves'], key=lambda m: m['loss'] or 0)['number']")
    root.locator(f'[data-role="move-list"] li[data-number="{worst - 1}"]').click()
    expect(root.locator('[data-role="graph"]')).to_have_attribute("data-index", str(worst - 1))
    expect(root.locator(".bk-best-ghost")).to_have_count(1)
    page.set_viewport_size({"width": 1400, "height": 1300})
    try:
        root.evaluate("el => el.scrollIntoView({ block: 'start' })")
        page.mouse.move(0, 0)  # no hover highlight in the picture
        path = notebook.screenshot("review", root)  # docs/images/review.png, in the README
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})
    assert path.stat().st_size > 20_000
    notebook.run(notebook.SECOND, "None")


def test_the_review_graph_is_in_view_under_the_board_in_a_900_pixel_window(notebook):
    page = notebook.page
    notebook.py(DEFINE)
    root = notebook.show("fold = BlokusWidget(game=game, mode='review', review_limit=Limit(simulations=5)); fold",
                         index=notebook.SECOND)
    expect(root.locator('[data-role="review"]')).to_have_attribute("data-status", "done", timeout=300_000)
    page.set_viewport_size({"width": 1400, "height": 900})
    try:
        root.evaluate("el => el.scrollIntoView({ block: 'start' })")
        bottom = root.locator('[data-role="graph-legend"]').evaluate("el => el.getBoundingClientRect().bottom")
        assert bottom <= 900, f"the graph ends {bottom - 900:.0f} px below the window"
        notebook.screenshot("review-900")  # the window, as a person sees it
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})
    notebook.run(notebook.SECOND, "None")


def test_a_classic_review_draws_every_players_chance_in_its_color(notebook):
    page = notebook.page
    notebook.py(DEFINE + "classic = bn.load(root / 'tests/data/pentobi/games/classic/classic_L1_0001.blksgf')\n")
    root = notebook.show("cl = BlokusWidget(game=classic, mode='review', review_limit=Limit(simulations=40)); cl",
                         index=notebook.SECOND)
    expect(root.locator('[data-role="review"]')).to_have_attribute("data-status", "done", timeout=300_000)
    lines = root.locator(".bk-graph-line")
    expect(lines).to_have_count(4)
    assert [lines.nth(k).get_attribute("data-color") for k in range(4)] == ["blue", "yellow", "red", "green"]
    for k in range(4):  # every player known at every position: one unbroken line each
        assert lines.nth(k).get_attribute("d").count("M") == 1
    expect(lines.nth(0).locator("title")).to_contain_text("(blue): ")
    # The dotted line of the fair share is at a quarter, not at a half.
    even = root.locator(".bk-graph-even")
    assert float(even.get_attribute("y1")) == 6 + 0.75 * 128
    expect(root.locator('[data-role="review-summary"] tbody tr')).to_have_count(4)
    # Four seats of one engine are told apart by their colors: a swatch and a name in the summary
    # and in the graph's legend; the graph's axes say what they show.
    swatches = root.locator('[data-role="review-summary"] tbody tr td:first-child .bk-swatch')
    assert [swatches.nth(k).get_attribute("data-color") for k in range(4)] == ["blue", "yellow", "red", "green"]
    expect(root.locator('[data-role="review-summary"] tbody tr').first).to_contain_text("(blue)")
    legend = root.locator('[data-role="graph-legend"] .bk-graph-legend-entry')
    expect(legend).to_have_count(4)
    expect(legend.nth(2)).to_contain_text("(red)")
    expect(root.locator(".bk-graph-axis-y")).to_contain_text("win chance")
    expect(root.locator(".bk-graph-axis-y")).to_contain_text("25%")
    expect(root.locator(".bk-graph-axis-x")).to_contain_text("placements played")
    worst = notebook.value("max(cl.review['moves'], key=lambda m: m['loss'] or 0)['number']")
    root.locator(f'[data-role="move-list"] li[data-number="{worst - 1}"]').click()
    expect(root.locator('[data-role="graph"]')).to_have_attribute("data-index", str(worst - 1))
    page.set_viewport_size({"width": 1400, "height": 1300})
    try:
        root.evaluate("el => el.scrollIntoView({ block: 'start' })")
        page.mouse.move(0, 0)
        path = notebook.screenshot("review-classic", root)  # docs/images/review_classic.png, in the README
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})
    assert path.stat().st_size > 20_000
    notebook.run(notebook.SECOND, "None")
