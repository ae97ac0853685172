"""What the widgets send their views works in every host, Colab included.

Colab drops binary buffers (anywidget's and ipywidgets' ``buffers``), and a
comm message sent while a later cell runs may not reach a view shown in an
earlier cell. So everything the widgets send is JSON without buffers, and
everything a view shows is in the traits: a view displayed again (or one that
missed messages) gets it all from the state. The one custom message, a
refusal, only adds which view's request it answers; its reason stays in
``error``.
"""

from __future__ import annotations

import copy
import json

import pytest
from ipywidgets.widgets.widget import _remove_buffers

import blokus_nb as bn
from blokus_nb.players import Limit
from blokus_nb.puzzles import Puzzle
from blokus_nb.widgets import BlokusWidget, PuzzleWidget
from widgets.helpers import custom, wait_for

X_AT_E10 = "e9,d10,e10,f10,e11"


class Wire:
    """Every message a widget sends, with its buffers, as its comm would get them."""

    def __init__(self, widget) -> None:
        self.widget = widget
        self.start = self.plain_state()
        self.sent: list[tuple[dict, object]] = []
        widget._send = lambda msg, buffers=None: self.sent.append((copy.deepcopy(msg), buffers))

    def plain_state(self) -> dict:
        state, paths, buffers = _remove_buffers(self.widget.get_state())
        assert paths == [] and buffers == []
        return json.loads(json.dumps(state, allow_nan=False))

    def check(self) -> None:
        """No buffers anywhere; the updates, applied in turn, give the state a new view gets."""
        assert self.sent, "nothing was sent"
        for msg, buffers in list(self.sent):
            assert not buffers, msg
            json.dumps(msg, allow_nan=False)  # plain JSON: nothing a host could not carry
            if msg["method"] == "update":
                assert msg["buffer_paths"] == []
            else:
                assert msg["method"] == "custom" and msg["content"]["type"] == "refused", msg
        # A background job may be between setting a trait and sending it: wait for the two to agree.
        wait_for(lambda: self.replayed() == self.plain_state(), timeout=5)

    def replayed(self) -> dict:
        """The state a view that heard every update since the start holds."""
        view = dict(self.start)
        for msg, _ in list(self.sent):
            if msg["method"] == "update":
                view.update(msg["state"])
        return view

    def refusals(self) -> list[dict]:
        return [m["content"] for m, _ in self.sent if m["method"] == "custom"]


@pytest.fixture
def duo():
    widget = BlokusWidget("duo", hint_player="greedy")
    yield widget
    widget.close()


def test_a_played_game_a_hint_and_a_refusal_carry_no_buffers_and_live_in_the_traits(duo):
    wire = Wire(duo)
    custom(duo, {"type": "place", "move": X_AT_E10, "color": "purple", "version": duo.version})
    duo.game.play(duo.game.legal_moves()[0])  # Python plays too, as from a later cell
    custom(duo, {"type": "hint", "version": duo.version})
    wait_for(lambda: duo.hint != {})
    custom(duo, {"type": "undo", "version": duo.version - 1})  # stale: refused
    assert len(duo.game.history) == 2 and duo.hint != {}
    [refusal] = wire.refusals()
    assert refusal["reason"] == duo.error != ""  # a view shown later still says why
    wire.check()
    state = wire.plain_state()
    assert state["hint"]["move"] == duo.hint["move"] and state["move_number"] == 2


def test_an_ai_seat_and_replay_carry_no_buffers():
    widget = BlokusWidget("duo", players={"orange": "greedy"})
    try:
        wire = Wire(widget)
        custom(widget, {"type": "place", "move": X_AT_E10, "color": "purple", "version": widget.version})
        wait_for(lambda: len(widget.game.history) == 2)
        widget.mode = "replay"
        custom(widget, {"type": "seek", "index": 1})
        wait_for(lambda: widget.replay_index == 1)
        wire.check()
    finally:
        widget.close()


@pytest.mark.slow
def test_the_review_carries_no_buffers():
    game = bn.Game("duo")
    for _ in range(4):
        game.play(game.legal_moves()[0])
    widget = BlokusWidget(game=game, review_limit=Limit(simulations=8))
    try:
        wire = Wire(widget)
        widget.mode = "review"
        wait_for(lambda: widget.review.get("status") == "done", timeout=120)
        custom(widget, {"type": "seek", "index": 2})
        wait_for(lambda: widget.replay_index == 2)
        wire.check()
        assert wire.plain_state()["review"]["done"] == 4
    finally:
        widget.close()


def test_the_puzzle_its_hint_and_solution_carry_no_buffers():
    widget = PuzzleWidget(Puzzle((5, 3), ["L", "P", "V"]))
    try:
        wire = Wire(widget)
        custom(widget, {"type": "place", "piece": "V5", "cells": [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]],
                        "version": widget.version})
        custom(widget, {"type": "hint", "version": widget.version})
        wait_for(lambda: widget.hint != {})
        custom(widget, {"type": "remove", "cell": [4, 0], "version": widget.version})  # nothing there: refused
        custom(widget, {"type": "solution", "version": widget.version})
        wait_for(lambda: widget.solved)
        assert wire.refusals() and wire.refusals()[0]["reason"]
        wire.check()
    finally:
        widget.close()
