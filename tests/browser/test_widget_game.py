"""Whole games in a real JupyterLab: a Duo game against the computer to the
end, replaying it, a four-color position for the README, and the dark theme."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect
from widget_page import ARTIFACTS, brightness, center, measure, record, switch_theme

import blokus_nb as bn

HUMAN_TURN = """root => root.getAttribute('data-game-over') === 'true'
  || (root.getAttribute('data-to-play') === 'purple' && root.getAttribute('data-thinking') !== 'true')"""


def board_cell(root, name: str):
    return root.locator(f'svg.bk-board [data-cell="{name}"]')


def test_a_whole_duo_game_against_the_computer_using_hints(notebook):
    page = notebook.page
    root = notebook.show('w = BlokusWidget("duo", players={"orange": "random"}, hint_player="greedy", '
                         'ai_pause=0.15, seed=4); w')
    root.scroll_into_view_if_needed()
    handle = root.element_handle()
    played = []
    for _ in range(30):
        page.wait_for_function(HUMAN_TURN, arg=handle, timeout=30_000)
        if root.get_attribute("data-game-over") == "true":
            break
        root.locator('[data-action="hint"]').click()
        suggestion = root.locator(".bk-suggestion")
        expect(suggestion).to_have_attribute("data-anchor", re.compile(r"^[a-n]\d+$"))
        move, anchor = suggestion.get_attribute("data-move"), suggestion.get_attribute("data-anchor")
        page.mouse.move(*center(board_cell(root, anchor)))
        expect(root.locator(".bk-preview")).to_have_attribute("data-move", move)
        expect(root.locator(".bk-preview")).to_have_attribute("data-state", "legal")
        timing = measure(page, root, "click", f'[data-cell="{anchor}"]', "data-owner",
                         lambda: page.mouse.click(*center(board_cell(root, anchor))))
        record("click -> placed piece drawn (kernel round trip)", timing["frame"])
        played.append(move)
        expect(board_cell(root, anchor)).to_have_attribute("data-owner", "purple")
    summary = root.locator('[data-role="summary"]')
    expect(summary).to_be_visible(timeout=30_000)
    notebook.screenshot("duo-game-over", root)

    assert len(played) >= 8
    state = notebook.value('{"over": w.game.is_over, "purple": [str(m) for m in w.game.moves if m.color == "purple"],'
                           ' "points": w.game.scores("points")}')
    assert state["over"] and state["purple"] == played
    # The result in plain words, in Pentobi's points; the status line does not say it again.
    (first, best), (_, worst) = sorted(state["points"].items(), key=lambda kv: -kv[1])
    expected = (f"{first.capitalize()} wins, {best} points to {worst}." if best != worst
                else f"A draw: Purple and Orange, {best} points each.")
    expect(summary).to_have_text(expected)
    expect(root.locator('[data-role="status"]')).to_have_text("Game over.")


def test_replay_the_game_with_slider_steps_and_play(notebook):
    page = notebook.page
    root = notebook.show(
        "g = bn.Record.from_game(w.game)\n"  # a record, which holds notes on its moves
        "g.player_names[0] = '<img src=x>Ann'\n"  # text from a record: must stay text
        "g.annotations[0] = {'comment': '<i>a classic opening</i>'}\n"
        "r = BlokusWidget(game=g, mode='replay'); r", index=notebook.SECOND)
    root.scroll_into_view_if_needed()
    total = notebook.value("len(r.game.moves)")
    position = root.locator('[data-role="replay-position"]')
    expect(position).to_have_text(f"Move {total} of {total}")
    expect(root.locator('[data-action="rotate"]')).to_be_hidden()  # no playing controls in replay

    root.locator('[data-action="first"]').click()
    expect(root.locator("svg.bk-board [data-owner]")).to_have_count(0)
    root.locator('[data-action="next"]').click()
    expect(root.locator('[data-role="comment"]')).to_have_text("<i>a classic opening</i>")
    expect(root.locator('[data-role="scores"]')).to_contain_text("<img src=x>Ann")
    assert root.locator("img, i").count() == 0  # nothing from the record became markup
    root.locator('[data-action="next"]').click()
    sizes = notebook.value("[m.piece.size for m in r.game.moves[:2]]")
    expect(root.locator("svg.bk-board [data-owner]")).to_have_count(sum(sizes))
    expect(position).to_have_text(f"Move 2 of {total}")

    root.locator('[data-action="seek"]').evaluate(
        "el => { el.value = '6'; el.dispatchEvent(new Event('input', { bubbles: true })); }")
    expect(position).to_have_text(f"Move 6 of {total}")
    assert notebook.value("r.replay_index") == 6

    root.locator('[data-action="play"]').click()
    expect(position).to_have_text(f"Move 8 of {total}", timeout=5_000)
    root.locator('[data-action="play"]').click()  # pause
    stopped = position.inner_text()
    page.wait_for_timeout(1_000)
    assert position.inner_text() == stopped
    notebook.screenshot("duo-replay", root)
    assert notebook.value("len(r.game.moves)") == total  # replaying never changes the game


def test_play_goes_back_to_play_at_the_end_of_the_replay(notebook):
    root = notebook.show(
        "g2 = bn.Game('duo')\n"
        "for _ in range(3):\n"
        "    g2.play(g2.legal_moves()[0])\n"
        "r2 = BlokusWidget(game=g2, mode='replay'); r2", index=notebook.SECOND)
    root.scroll_into_view_if_needed()
    position = root.locator('[data-role="replay-position"]')
    play = root.locator('[data-action="play"]')
    expect(position).to_have_text("Move 3 of 3")
    root.locator('[data-action="prev"]').click()
    expect(position).to_have_text("Move 2 of 3")
    play.click()
    expect(play).to_have_text("Pause")
    expect(position).to_have_text("Move 3 of 3", timeout=5_000)
    expect(play).to_have_text("Play", timeout=3_000)  # the end: the button says so
    expect(play).to_have_attribute("aria-pressed", "false")
    play.click()  # and plays the game again from the start
    expect(play).to_have_text("Pause")
    expect(position).to_have_text("Move 1 of 3", timeout=5_000)
    play.click()
    expect(play).to_have_text("Play")


def test_four_color_position_for_the_readme(notebook):
    page = notebook.page
    notebook.run(notebook.SECOND, "None")
    root = notebook.show(
        "import random\n"
        "g = bn.Game('classic', players=['Ada', 'Grace', 'Alan', 'Edsger'])\n"
        "rnd = random.Random(12)\n"
        "for _ in range(24):\n"
        "    g.play(rnd.choice(g.legal_moves()))\n"
        "w = BlokusWidget(game=g, players={'yellow': 'random', 'red': 'random', 'green': 'random'}, "
        "hint_player='greedy')\n"
        "w")
    root.scroll_into_view_if_needed()
    expect(root).to_have_attribute("data-to-play", "blue")
    root.locator('[data-action="hint"]').click()
    anchor = root.locator(".bk-suggestion")
    expect(anchor).to_have_attribute("data-anchor", re.compile(r"^[a-t]\d+$"))
    page.mouse.move(*center(board_cell(root, anchor.get_attribute("data-anchor"))))
    expect(root.locator(".bk-preview")).to_have_attribute("data-state", "legal")
    # Tall enough for the whole widget: this picture goes into the README.
    page.set_viewport_size({"width": 1400, "height": 1300})
    try:
        root.evaluate("el => el.scrollIntoView({ block: 'start' })")
        path = notebook.screenshot("widget", root)
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})
    assert path.stat().st_size > 20_000


def test_dark_theme(notebook):
    page = notebook.page
    switch_theme(page, "JupyterLab Dark", light=False)
    root = notebook.cell(notebook.DISPLAY).locator(".bk-root")
    root.scroll_into_view_if_needed()
    background = root.evaluate("el => getComputedStyle(el).backgroundColor")
    empty = root.locator('svg.bk-board .bk-cell:not([data-owner])').first.evaluate("el => getComputedStyle(el).fill")
    # The board follows the dark theme.
    assert all(brightness(c) < 128 for c in (background, empty)), (background, empty)
    notebook.screenshot("widget-dark", root)
    assert (ARTIFACTS / "widget-dark.png").exists()


def test_a_saved_notebook_shows_the_board_again_without_its_kernel(notebook, lab):
    page = notebook.page
    root = notebook.cell(notebook.DISPLAY).locator(".bk-root")
    owned = root.locator("svg.bk-board [data-owner]").count()
    assert owned > 0
    page.keyboard.press("Escape")
    page.keyboard.press("Control+s")
    page.wait_for_function("() => !document.querySelector('.jp-mod-dirty')", timeout=15_000)
    saved = json.loads((lab.notebooks / f"{notebook.name}.ipynb").read_text())
    assert "application/vnd.jupyter.widget-state+json" in saved["metadata"]["widgets"]

    page.locator(".lm-MenuBar-itemLabel", has_text="Kernel").click()
    page.locator(".lm-Menu-itemLabel").get_by_text("Shut Down Kernel", exact=True).click()
    page.locator("#jp-main-statusbar").get_by_text("No Kernel").wait_for(timeout=30_000)
    page.reload()
    restored = notebook.cell(notebook.DISPLAY).locator(".bk-root")
    restored.wait_for(timeout=30_000)
    expect(restored.locator("svg.bk-board [data-owner]")).to_have_count(owned)
    tray = restored.locator('[data-tray="blue"] [data-piece]').evaluate_all(
        "els => els.map(e => e.getAttribute('data-piece'))")
    assert tray == [p.name for p in bn.pieces.PIECES]  # catalogue order survives the saved state
    notebook.screenshot("restored-without-kernel", restored)

