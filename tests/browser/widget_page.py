"""Helpers for driving the widgets in a JupyterLab page (used by the browser tests)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
#: Latency samples in milliseconds, by name; summarised at the end of the session.
TIMINGS: dict[str, list[float]] = {}
_PROMPT_DONE = re.compile(r"^\[\d+\]:$")


def record(name: str, milliseconds: float) -> None:
    TIMINGS.setdefault(name, []).append(milliseconds)


class Notebook:
    """A notebook open in JupyterLab: cells 0 and 1 display widgets, cell 2 runs checks."""

    DISPLAY, SECOND, SCRATCH = 0, 1, 2

    def __init__(self, page, name: str) -> None:
        self.page = page
        self.name = name
        self.console: list[str] = []

    def cell(self, index: int):
        return self.page.locator(".jp-Notebook .jp-Cell").nth(index)

    def run(self, index: int, code: str | None = None, timeout: float = 60_000) -> None:
        """Replace cell ``index``'s code (``None``: keep it) and run it; return when it has finished."""
        from playwright.sync_api import expect

        cell = self.cell(index)
        prompt = cell.locator(".jp-InputPrompt")
        before = prompt.inner_text().strip()
        editor = cell.locator(".jp-InputArea-editor")
        for _attempt in range(3):
            editor.click()
            if code is not None:
                self.page.keyboard.press("Control+A")
                self.page.keyboard.insert_text(code)  # no key events: no auto-closed brackets
            self.page.keyboard.press("Shift+Enter")
            try:
                expect(prompt).not_to_have_text(before, timeout=10_000)
                break
            except AssertionError:
                continue  # the kernel was not attached yet
        else:
            raise AssertionError(f"cell {index} never started running")
        expect(prompt).to_have_text(_PROMPT_DONE, timeout=timeout)

    def py(self, code: str, timeout: float = 60_000) -> str:
        """Run ``code`` in the scratch cell; return its output text (raise on a Python error)."""
        self.run(self.SCRATCH, code, timeout)
        errors = self.cell(self.SCRATCH).locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')
        text = self.output(self.SCRATCH)
        if errors.count() or "Traceback" in text:
            raise AssertionError(f"kernel error running {code!r}:\n{text}")
        return text.strip()

    def output(self, index: int) -> str:
        """The text of cell ``index``'s outputs."""
        return "\n".join(self.cell(index).locator(".jp-OutputArea-output").all_inner_texts())

    def value(self, expression: str):
        """The JSON value of a Python expression evaluated in the kernel."""
        out = self.py(f"import json as _j; print('<<' + _j.dumps({expression}) + '>>')")
        match = re.search(r"<<(.*)>>", out, re.S)
        assert match, out
        return json.loads(match.group(1))

    def show(self, code: str, index: int = DISPLAY):
        """Run ``code`` (ending with a widget) in a display cell; return the widget root locator."""
        self.run(index, code)
        root = self.cell(index).locator(".bk-root")
        root.wait_for(timeout=30_000)
        return root

    def screenshot(self, name: str, locator=None) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        (locator or self.page).screenshot(path=str(path))
        return path


# ---------------------------------------------------------------- helpers for widget tests
_MEASURE = """
(root, [eventType, targetSelector, attribute]) => {
  const target = root.querySelector(targetSelector);
  if (!target) throw new Error("no " + targetSelector);
  window.__bkMeasure = new Promise((resolve) => {
    let t0 = null;
    // Capture on window: this runs before the widget's own handler sees the event.
    const onEvent = () => { if (t0 === null) t0 = performance.now(); };
    window.addEventListener(eventType, onEvent, { capture: true });
    const observer = new MutationObserver(() => {
      if (t0 === null) return;
      const t1 = performance.now();
      observer.disconnect();
      window.removeEventListener(eventType, onEvent, { capture: true });
      requestAnimationFrame(() => resolve({ dom: t1 - t0, frame: performance.now() - t0 }));
    });
    observer.observe(target, { attributes: true, attributeFilter: [attribute] });
  });
}
"""


def center(locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None, "element not displayed"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def place_by_mouse(page, piece, target, preview) -> None:
    """Pick ``piece`` from the tray, hover ``target`` until ``preview`` shows it legal there, and click."""
    from playwright.sync_api import expect

    piece.click()
    page.mouse.move(*center(target))
    expect(preview).to_have_attribute("data-state", "legal")
    page.mouse.click(*center(target))


def switch_theme(page, name: str, light: bool) -> None:
    """Choose JupyterLab's theme ``name`` from the Settings menu; return once its stylesheet applies."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").click()
    page.locator(".lm-Menu-itemLabel").get_by_text("Theme", exact=True).hover()
    page.locator(".lm-Menu-itemLabel").get_by_text(name, exact=True).click()
    page.wait_for_function(f"document.body.dataset.jpThemeLight === '{str(light).lower()}'")
    page.wait_for_timeout(300)  # let the theme's stylesheet apply


def brightness(css_color: str) -> float:
    """The mean of an ``rgb(...)`` color's red, green and blue, from 0 to 255."""
    return sum(map(int, re.findall(r"\d+", css_color)[:3])) / 3


def measure(page, root, event_type: str, target_selector: str, attribute: str, action) -> dict:
    """Time from ``event_type`` reaching the page to ``attribute`` changing on the target, and to the next frame."""
    root.evaluate(_MEASURE, [event_type, target_selector, attribute])
    action()
    return page.evaluate("window.__bkMeasure")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_serving(url: str, process: subprocess.Popen, seconds: float, what: str,
                       log: Path | None = None) -> None:
    """Return once ``url`` answers 200; fail with ``what`` (and the tail of its ``log``) when
    ``process`` ends first or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while True:
        if process.poll() is not None:
            raise AssertionError(f"{what} exited: {log.read_text()[-2000:] if log is not None else ''}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        assert time.monotonic() < deadline, f"{what} did not start in {seconds:g} s"
        time.sleep(0.25)


@contextmanager
def static_site(folder: Path) -> Iterator[str]:
    """Serve ``folder`` as static files on 127.0.0.1 (as any web host would); yield its base URL."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port),
                               "--directory", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(f"{base}/index.html", server, 30, "the static server")
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


def only_the_site(page, origin: str) -> list[str]:
    """Refuse every request of ``page`` that is not to ``origin`` (Pyodide's CDN, PyPI: out of reach in
    CI, so out of reach here always); return the list the refused addresses go into."""
    refused: list[str] = []

    def route(request_route):
        if request_route.request.url.startswith(origin):
            request_route.continue_()
        else:
            refused.append(request_route.request.url)
            request_route.abort()

    page.route("**/*", route)
    return refused
