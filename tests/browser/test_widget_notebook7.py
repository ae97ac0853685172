"""The board in Notebook 7 (served by the same Jupyter server): display, place, AI answer."""

from __future__ import annotations

from playwright.sync_api import expect
from widget_page import place_by_mouse

APP = "notebook"


def test_play_a_move_in_notebook_7(notebook):
    page = notebook.page
    root = notebook.show('w = BlokusWidget("duo", players={"orange": "random"}, ai_pause=0.2, seed=1); w')
    root.scroll_into_view_if_needed()
    cell = root.locator('svg.bk-board [data-cell="e10"]')
    place_by_mouse(page, root.locator('[data-piece="X"][data-color="purple"]'), cell, root.locator(".bk-preview"))
    expect(cell).to_have_attribute("data-owner", "purple")
    expect(root.locator('svg.bk-board [data-owner="orange"]').first).to_be_attached(timeout=10_000)
    expect(root).not_to_have_attribute("data-thinking", "true")

    root.locator('[data-role="status"]').click()
    page.keyboard.press("]")  # keys reach the widget here too
    expect(root.locator('[data-piece="1"][data-color="purple"]')).to_have_attribute("data-selected", "true")
    page.keyboard.press("Enter")
    expect(root.locator('svg.bk-board [data-owner="purple"]')).to_have_count(6)
    assert notebook.value("[m.color for m in w.game.moves][:3]") == ["purple", "orange", "purple"]
    assert page.locator(".jp-Notebook .jp-RawCell").count() == 0
    notebook.screenshot("notebook7", page)
