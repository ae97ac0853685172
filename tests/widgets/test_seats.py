"""Seats of the board widget (blokus_nb.widgets.seats): people, AI players by name or object, hints."""

from __future__ import annotations

import threading

import pytest

import blokus_nb as bn
from blokus_nb.players import Limit, make_player
from blokus_nb.widgets.seats import HUMAN, make_seat, stoppable, suggest


def test_a_person_has_no_player():
    assert make_seat(None) == (HUMAN, None) and make_seat("human") == ("human", None)


def test_a_player_by_name_or_as_an_object():
    label, player = make_seat("greedy", seed=3)
    assert label == "greedy" and player.choose_move(bn.Game("duo")).color == "purple"

    class Mine:
        name = "mine"

        def choose_move(self, game, limit=None):
            return game.legal_moves()[0]

    label, player = make_seat(Mine())
    assert label == "mine" and isinstance(player, Mine)
    assert make_seat(make_player("random"), seed=1)[0] == "random"


def test_anything_else_is_refused():
    with pytest.raises(TypeError, match="a seat is 'human', a player name or a player"):
        make_seat(42)


def test_a_stoppable_limit_keeps_the_budget_and_stops_when_cancelled():
    cancelled = threading.Event()
    limit = stoppable(Limit(simulations=50), cancelled)
    assert limit.simulations == 50 and not limit.stop()
    cancelled.set()
    assert limit.stop()
    assert stoppable(None, threading.Event()).time is None


def test_a_suggestion_is_a_legal_move_with_reasons():
    game = bn.Game("duo")
    advice = suggest(game, "greedy")
    assert game.is_legal(advice["move"]) and advice["source"] == "greedy"
    assert advice["cells"] == advice["move"].split(",") and advice["reasons"]
