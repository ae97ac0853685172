"""Both widgets on a plain page, outside JupyterLab (as in marimo or VS Code):
no --jp-* variables there, so the colours follow the page's color-scheme.

The page loads the built bundles and the state Python would send, through a
stand-in for anywidget's model; no Jupyter server is involved.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from widget_page import ARTIFACTS, REPO, brightness

STATIC = REPO / "blokus_nb" / "static"
ORIGIN = "http://blokus.test"

PAGE = """<!doctype html>
<html style="color-scheme: {scheme}">
<head><link rel="stylesheet" href="/static/{bundle}.css"></head>
<body style="margin: 16px; background: {background}; font-family: sans-serif">
<div id="host" style="max-width: 960px"></div>
<script type="module">
  const state = {state};
  const handlers = {{}};
  window.sent = [];
  const model = {{
    get: (key) => state[key],
    set: (key, value) => {{ state[key] = value; (handlers["change:" + key] || []).forEach((f) => f()); }},
    save_changes: () => {{}},
    on: (event, f) => {{ (handlers[event] = handlers[event] || []).push(f); }},
    off: (event, f) => {{ handlers[event] = (handlers[event] || []).filter((g) => g !== f); }},
    send: (message) => window.sent.push(message),
  }};
  const widget = (await import("/static/{bundle}.js")).default;
  widget.render({{ model, el: document.getElementById("host") }});
  window.rendered = true;
</script>
</body></html>"""


def widget_state(kind: str) -> dict:
    """The synced traits of a fresh widget, as Python sends them to a view."""
    if kind == "widget-start":
        from blokus_nb.widgets import BlokusWidget

        widget = BlokusWidget("duo")
    elif kind == "widget":
        import blokus_nb as bn
        from blokus_nb.widgets import BlokusWidget

        game = bn.Game("duo")
        game.play("e9,d10,e10,f10,e11")
        game.play("j3,i4,j4,k4,j5")
        widget = BlokusWidget(game=game)
    else:
        from blokus_nb.puzzles import Puzzle
        from blokus_nb.widgets import PuzzleWidget

        widget = PuzzleWidget(Puzzle((5, 3), ["L", "P", "V"]))
        widget.place([(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)], "V5")
    state = synced_state(widget)
    widget.close()
    return state


def synced_state(widget) -> dict:
    """What a view is sent when it is displayed: the widget's traits."""
    state = {k: v for k, v in widget.get_state().items() if not k.startswith("_")}
    return json.loads(json.dumps(state, default=str))


def later_widget():
    """A board changed after it was shown, as from later cells: moves played from Python, a hint asked."""
    import time

    from blokus_nb.widgets import BlokusWidget

    widget = BlokusWidget("duo", hint_player="greedy")
    widget.game.play("e9,d10,e10,f10,e11")
    widget.game.play("j3,i4,j4,k4,j5")
    for _ in range(2):
        widget.game.play(widget.game.legal_moves()[0])
    widget.suggest()
    deadline = time.monotonic() + 30
    while not widget.hint:
        assert time.monotonic() < deadline, "no hint"
        time.sleep(0.01)
    return widget


def open_page(browser, bundle: str, scheme: str, state: str | dict | None = None):
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    background = "#121212" if scheme == "dark" else "#ffffff"
    html = PAGE.format(scheme=scheme, bundle=bundle, background=background,
                       state=json.dumps(state if isinstance(state, dict) else widget_state(state or bundle)))

    def serve(route):
        path = route.request.url.removeprefix(ORIGIN)
        if path.startswith("/static/"):
            file = STATIC / path.removeprefix("/static/")
            kind = "text/css" if file.suffix == ".css" else "text/javascript"
            route.fulfill(body=file.read_bytes(), content_type=kind)
        else:
            route.fulfill(body=html, content_type="text/html")

    page.route(f"{ORIGIN}/**", serve)
    page.goto(f"{ORIGIN}/")
    page.wait_for_function("window.rendered === true")
    return page, errors


@pytest.mark.parametrize("bundle, empty", [("widget", "svg.bk-board .bk-cell:not([data-owner])"),
                                           ("puzzle", ".pz-cells .pz-cell:not([data-owner])")])
def test_a_dark_page_gets_a_dark_widget_and_a_light_page_a_light_one(browser, bundle, empty):
    for scheme in ("dark", "light"):
        page, errors = open_page(browser, bundle, scheme)
        try:
            root = page.locator(".bk-root")
            expect(root).to_be_visible()
            background = root.evaluate("el => getComputedStyle(el).backgroundColor")
            text = root.evaluate("el => getComputedStyle(el).color")
            cell = page.locator(empty).first.evaluate("el => getComputedStyle(el).fill")
            button = page.locator(".bk-button").first.evaluate("el => getComputedStyle(el).backgroundColor")
            if scheme == "dark":
                assert all(brightness(c) < 100 for c in (background, cell, button)), (background, cell, button)
                assert brightness(text) > 180, text
            else:
                assert all(brightness(c) > 180 for c in (background, cell, button)), (background, cell, button)
                assert brightness(text) < 80, text
            # Pieces keep their colors and their outline in both.
            expect(page.locator(".bk-shape-outline").first).to_be_attached()
            assert not errors, errors
            ARTIFACTS.mkdir(exist_ok=True)
            root.screenshot(path=str(ARTIFACTS / f"{bundle}-plain-{scheme}.png"))
        finally:
            page.close()


def test_the_start_squares_leave_the_pointer_to_the_cells_under_them(browser):
    page, errors = open_page(browser, "widget", "light", state="widget-start")
    try:
        starts = page.locator(".bk-starts circle")
        expect(starts).to_have_count(2)
        for circle in starts.all():
            assert circle.evaluate("el => getComputedStyle(el).pointerEvents") == "none"
            box = circle.bounding_box()
            found = page.evaluate("([x, y]) => { const el = document.elementFromPoint(x, y);"
                                  " return el && el.getAttribute('data-cell'); }",
                                  [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
            assert found == {"purple": "e10", "orange": "j5"}[circle.get_attribute("data-start")]
        assert not errors, errors
    finally:
        page.close()


def test_a_view_shown_later_draws_everything_from_the_traits_alone(browser):
    """Colab may not bring a later cell's messages to a view shown earlier; a view
    displayed again must need nothing but the widget's state (no message history)."""
    widget = later_widget()
    expected = {"squares": widget.board.count("1") + widget.board.count("2"), "last": widget.last_move["cells"],
                "hint": widget.hint["move"], "status": widget.status}
    state = synced_state(widget)
    widget.close()
    page, errors = open_page(browser, "widget", "light", state=state)
    try:
        root = page.locator(".bk-root")
        expect(root.locator("svg.bk-board .bk-cell[data-owner]")).to_have_count(expected["squares"])
        last = root.locator("svg.bk-board .bk-cell[data-last]")
        assert sorted(last.evaluate_all("els => els.map((e) => e.getAttribute('data-cell'))")) == sorted(expected["last"])
        expect(root.locator('[data-role="status"]')).to_contain_text(expected["status"])
        # The hint is drawn where it goes.
        expect(root.locator(".bk-suggestion")).to_have_attribute("data-move", expected["hint"])
        assert not errors, errors
        ARTIFACTS.mkdir(exist_ok=True)
        root.screenshot(path=str(ARTIFACTS / "widget-plain-later.png"))
    finally:
        page.close()
