"""Reading the messages a board widget view sends, before anything acts on them.

A view only *asks*: to place a piece, undo, redo, pass, get a hint, start a
new game, or show another position of a replay. Anything that is not exactly
one of those shapes is refused here with a reason, and nothing changes; the
game itself then judges the requests that are well formed.

>>> read_request({"type": "undo", "version": 3})
Request(kind='undo', version=3, move='', piece='', color='', variant='', index=0)
>>> read_request({"type": "place", "move": 5, "version": 1})
Traceback (most recent call last):
...
blokus_nb.widget_messages.Refusal: malformed request: 'move' must be text
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .variants import VARIANTS

#: Longest move text accepted (five cells like "t20," need 20 characters).
MAX_TEXT = 100
KINDS = ("place", "pass", "undo", "redo", "hint", "new", "seek")


class Refusal(Exception):
    """A request that changes nothing; ``rule`` is a short code for the view."""

    def __init__(self, reason: str, rule: str = "malformed", cells: tuple[str, ...] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule
        self.cells = tuple(cells)

    def message(self) -> dict:
        """The message that tells the views what was refused and why (js/src/sync.ts reads it)."""
        return {"type": "refused", "reason": self.reason, "rule": self.rule, "cells": list(self.cells)}


@dataclass(frozen=True)
class Request:
    kind: str
    version: int = 0
    move: str = ""
    piece: str = ""
    color: str = ""
    variant: str = ""
    index: int = 0


def _text(content: dict, key: str, required: bool = True) -> str:
    value = content.get(key, None if required else "")
    if not isinstance(value, str):
        raise Refusal(f"malformed request: {key!r} must be text")
    if len(value) > MAX_TEXT:
        raise Refusal(f"malformed request: {key!r} is too long")
    return value


def is_whole(value: Any) -> bool:
    """Whether ``value`` is a whole number as JSON brings it (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(content: dict, key: str) -> int:
    """``content[key]``, which must be a whole number; raise :class:`Refusal` if it is not."""
    value = content.get(key)
    if not is_whole(value):
        raise Refusal(f"malformed request: {key!r} must be a whole number")
    return value


def request_kind(content: Any, kinds: tuple[str, ...]) -> str:
    """The ``type`` of a message from a view, one of ``kinds``; raise :class:`Refusal` if it is not.

    >>> request_kind({"type": "undo", "version": 3}, KINDS)
    'undo'
    """
    if not isinstance(content, dict):
        raise Refusal("malformed request: not a JSON object")
    kind = content.get("type")
    if kind not in kinds:
        raise Refusal(f"unknown request type {str(kind)[:40]!r}")
    return kind


def read_request(content: Any) -> Request:
    """Check the shape of one message from a view; raise :class:`Refusal` if it is not a request."""
    kind = request_kind(content, KINDS)
    if kind == "new":
        variant = _text(content, "variant")
        if variant not in VARIANTS:
            raise Refusal(f"unknown variant {variant!r}; variants are {', '.join(VARIANTS)}")
        return Request(kind, variant=variant)
    if kind == "seek":
        return Request(kind, index=whole_number(content, "index"))
    version = whole_number(content, "version")
    if kind == "place":
        return Request(kind, version=version, move=_text(content, "move"), color=_text(content, "color"),
                       piece=_text(content, "piece", required=False))
    return Request(kind, version=version)
