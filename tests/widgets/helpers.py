"""Talking to a widget as its views do, without a browser (for the kernel-side widget tests).

Messages go through the same path as in a kernel (ipywidgets' ``_handle_msg``),
and a :class:`Recorder` keeps what the widget sends back.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ipywidgets import Widget


class Recorder:
    """Captures what the widget sends to its views."""

    def __init__(self, widget: Widget) -> None:
        self.messages: list[dict] = []
        widget._send = lambda msg, buffers=None: self.messages.append(msg)

    def refusals(self) -> list[dict]:
        return [m["content"] for m in self.messages
                if m.get("method") == "custom" and m["content"].get("type") == "refused"]

    def updates(self) -> list[dict]:
        return [m["state"] for m in self.messages if m.get("method") == "update"]


def custom(widget: Widget, content) -> None:
    """Deliver ``content`` as a view's model.send(content) arrives in the kernel."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def update(widget: Widget, state: dict) -> None:
    """Deliver a trait update as a view's model.save_changes() arrives in the kernel."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


def wait_for(condition: Callable[[], object], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)
