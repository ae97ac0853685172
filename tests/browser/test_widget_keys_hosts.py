"""The widgets' keys stay inside them, whatever host is around them.

In VS Code's notebook and in Colab, a key that leaves the widget's output can be
the host's shortcut (R, F, Z, Y, H, C, arrows, Enter in VS Code's command mode).
Neither host runs here, so a plain page stands for them: the element around the
widget records every key that reaches it, as a host's shortcut handler would.
"""

from __future__ import annotations

from playwright.sync_api import expect
from test_widget_plain_page import open_page
from widget_page import ARTIFACTS

#: An ancestor of the widget (the page's #host), the window and the document record the keys they hear.
LISTEN = """() => {
    window.heard = [];
    const record = (where) => (e) => window.heard.push([where, e.type, e.key]);
    for (const type of ["keydown", "keypress", "keyup"]) {
        document.getElementById("host").addEventListener(type, record("host"));
        document.addEventListener(type, record("document"));
        window.addEventListener(type, record("window"));
    }
}"""


def heard(page) -> list:
    """What the page heard since last asked; Shift or Ctrl pressed alone is nobody's shortcut."""
    return [e for e in page.evaluate("window.heard.splice(0)") if e[2] not in ("Shift", "Control")]


def test_the_boards_keys_never_reach_the_host_and_tab_still_moves_on(browser):
    page, errors = open_page(browser, "widget", "light", state="widget-start")
    try:
        root = page.locator(".bk-root")
        page.evaluate(LISTEN)
        root.focus()
        # Nothing in hand: none of these does anything, and the host hears none of them either.
        for key in ("r", "f", "z", "y", "c", "ArrowDown", "ArrowLeft", "Enter", "Shift+R"):
            page.keyboard.press(key)
        assert heard(page) == []
        expect(root).to_be_focused()

        # A piece in hand: the same keys turn, flip, move and place it, all inside the widget.
        page.keyboard.press("]")
        expect(root.locator(".bk-preview")).not_to_have_attribute("data-state", "none")
        for key in ("r", "f", "ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft", "Enter"):
            page.keyboard.press(key)
        assert heard(page) == []
        assert [m["type"] for m in page.evaluate("window.sent") if m["type"] == "place"], \
            "Enter asked Python to place the piece"
        ARTIFACTS.mkdir(exist_ok=True)
        root.screenshot(path=str(ARTIFACTS / "keys-hosts-board.png"))

        # Tab is not the widget's: it moves the focus on, and the page hears it.
        page.keyboard.press("Tab")
        assert ["host", "keydown", "Tab"] in heard(page)
        assert page.evaluate("document.activeElement !== document.querySelector('.bk-root')")

        # A browser shortcut is not the widget's either.
        root.focus()
        page.keyboard.press("Control+l")
        assert ["host", "keydown", "l"] in heard(page)

        # Esc puts the piece in hand back (no answer from Python here, so it is still held);
        # with nothing in hand it lets the keyboard go: the host hears it, its way back to its own keys.
        root.focus()
        page.keyboard.press("Escape")
        expect(root.locator(".bk-preview")).to_have_attribute("data-state", "none")
        assert ["host", "keydown", "Escape"] not in heard(page)
        page.keyboard.press("Escape")
        assert ["host", "keydown", "Escape"] in heard(page)
        expect(root).not_to_be_focused()
        assert not errors, errors
    finally:
        page.close()


def test_keys_typed_in_the_boards_variant_list_are_the_lists(browser):
    page, errors = open_page(browser, "widget", "light", state="widget-start")
    try:
        chooser = page.locator('select[data-role="variant"]')
        page.evaluate(LISTEN)
        chooser.focus()
        for key in ("ArrowDown", "r", "Enter"):
            page.keyboard.press(key)
        # The list has them (the board turned, moved and placed nothing); the page hears them, as before.
        assert [e[2] for e in heard(page) if e[:2] == ["host", "keydown"]] == ["ArrowDown", "r", "Enter"]
        expect(page.locator(".bk-preview")).to_have_attribute("data-state", "none")
        assert page.evaluate("window.sent") == []
        expect(chooser).to_be_focused()
        assert not errors, errors
    finally:
        page.close()


def test_the_puzzles_keys_never_reach_the_host(browser):
    page, errors = open_page(browser, "puzzle", "light")
    try:
        root = page.locator(".bk-root")
        page.evaluate(LISTEN)
        root.focus()
        for key in ("r", "f", "ArrowDown", "Enter", "Delete", "p", "h"):
            page.keyboard.press(key)
        page.keyboard.press("]")
        for key in ("r", "f", "ArrowRight", "Enter"):
            page.keyboard.press(key)
        assert heard(page) == []
        page.keyboard.press("Tab")
        assert ["host", "keydown", "Tab"] in heard(page)
        assert not errors, errors
    finally:
        page.close()
