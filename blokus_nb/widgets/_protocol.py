"""What both widgets' views may send: the refusal and the field readers every request goes through.

A view only *asks*. A message that is not exactly one of its widget's request
shapes is refused with a reason (a :class:`Refusal`) before anything acts on
it. Each widget's own protocol module (:mod:`.board_protocol`,
:mod:`.puzzle_protocol`) builds its requests from these readers.

>>> request_kind({"type": "undo", "version": 3}, ("undo", "redo"))
'undo'
>>> whole_number({"version": True}, "version")
Traceback (most recent call last):
...
blokus_nb.widgets._protocol.Refusal: malformed request: 'version' must be a whole number
"""

from __future__ import annotations

from typing import Any, TypeGuard

from ..move import Move

#: Longest text field accepted (five cells like "t20," need 20 characters).
MAX_TEXT = 100

#: Longest request tag accepted (a view's id and a count, like "k3f9x2:17").
MAX_TAG = 40


class Refusal(Exception):
    """A request that changes nothing; ``rule`` is a short code for the view."""

    def __init__(self, reason: str, rule: str = "malformed", cells: tuple[str, ...] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule
        self.cells = tuple(cells)

    def message(self, request: str = "") -> dict:
        """The message that tells the views what was refused and why (the front-end's sync module reads it).

        ``request`` is the tag the view put on the request: every view gets the
        message, and only the one that sent the request answers it.
        """
        message = {"type": "refused", "reason": self.reason, "rule": self.rule, "cells": list(self.cells)}
        if request:
            message["request"] = request
        return message


def is_whole(value: Any) -> TypeGuard[int]:
    """Whether ``value`` is a whole number as JSON brings it (``true`` is not one).

    >>> is_whole(3), is_whole(True), is_whole(3.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(content: dict, key: str) -> int:
    """``content[key]``, which must be a whole number; raise :class:`Refusal` if it is not."""
    value = content.get(key)
    if not is_whole(value):
        raise Refusal(f"malformed request: {key!r} must be a whole number")
    return value


def text(content: dict, key: str, required: bool = True) -> str:
    """``content[key]``, which must be text of at most :data:`MAX_TEXT` characters (``""`` when optional)."""
    value = content.get(key, None if required else "")
    if not isinstance(value, str):
        raise Refusal(f"malformed request: {key!r} must be text")
    if len(value) > MAX_TEXT:
        raise Refusal(f"malformed request: {key!r} is too long")
    return value


def piece_name(move: Move) -> str:
    """The name of the piece ``move`` places, for a view's state (views are sent placements only).

    >>> import blokus_nb as bn
    >>> piece_name(bn.Game().legal_moves()[0])
    '1'
    """
    piece = move.piece
    if piece is None:
        raise ValueError(f"{move!r} is a pass: it places no piece")
    return piece.name


def request_tag(content: Any) -> str:
    """The tag a view put on its request (``""`` if none), which its refusal carries back.

    >>> request_tag({"type": "undo", "version": 3, "request": "k3f9x2:17"})
    'k3f9x2:17'
    """
    if not isinstance(content, dict) or "request" not in content:
        return ""
    tag = content["request"]
    if not isinstance(tag, str) or len(tag) > MAX_TAG:
        raise Refusal(f"malformed request: 'request' must be a tag of at most {MAX_TAG} characters")
    return tag


def request_kind(content: Any, kinds: tuple[str, ...]) -> str:
    """The ``type`` of a message from a view, one of ``kinds``; raise :class:`Refusal` if it is not."""
    if not isinstance(content, dict):
        raise Refusal("malformed request: not a JSON object")
    kind = content.get("type")
    if kind not in kinds:
        raise Refusal(f"unknown request type {str(kind)[:40]!r}")
    return kind
