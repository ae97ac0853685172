"""The review board without a browser: the background review, its trait, and every refusal."""

from __future__ import annotations

import json

import pandas as pd
import pytest

import blokus_nb as bn
from blokus_nb import analysis
from blokus_nb.players import Limit
from blokus_nb.widgets import BlokusWidget
from data_paths import DATA
from sample_games import random_game

from widgets.helpers import Recorder, custom, wait_for

LIMIT = Limit(simulations=15)
DUO_GAMES = DATA / "pentobi" / "games" / "duo"


@pytest.fixture(scope="module")
def duo_game() -> bn.Game:
    game = bn.read_sgf(DUO_GAMES / "duo_L1_0001.blksgf")
    while len(game.moves) > 12:  # a short game keeps the searches quick
        game.undo()
    return bn.Game.from_json(game.to_json())  # no redo stack: the game ends at move 12


@pytest.fixture
def board(duo_game):
    widget = BlokusWidget(game=duo_game.copy(), mode="review", review_limit=LIMIT)
    yield widget
    widget.close()


def done(widget: BlokusWidget) -> bool:
    return widget.review.get("status") == "done"


def test_a_review_board_searches_every_position_in_the_background(board):
    assert board.review["total"] == 12
    wait_for(lambda: done(board), timeout=60)
    review = board.review
    assert review["done"] == 12 and len(review["moves"]) == 12
    json.dumps(review, allow_nan=False)  # plain JSON: no NaN reaches a view
    expected = analysis.review(board.game, limit=LIMIT, progress=False)
    assert [m["class"] for m in review["moves"]] == ["" if pd.isna(c) else c for c in expected["class"]]
    assert review["moves"][-1]["class"] == ""  # the game goes on: the last move's outcome is not known
    assert [m["before"] for m in review["moves"]] == [round(x, 4) for x in expected["win_before"]]
    pd.testing.assert_frame_equal(board.review_frame(), expected, check_like=True)
    first, second = review["curves"]
    assert len(first) == 13 and all(a + b == pytest.approx(1, abs=2e-4) for a, b in zip(first[:-1], second[:-1]))
    assert first[-1] is second[-1] is None  # after the last move of an unfinished game
    assert [s["moves"] for s in review["summary"]] == [6, 5]  # moves judged: not the last one


def test_the_position_shown_has_the_best_and_the_played_move(board, duo_game):
    wait_for(lambda: done(board), timeout=60)
    custom(board, {"type": "seek", "index": 3})
    position = board.review["position"]
    assert position["index"] == 3 == board.replay_index
    played = duo_game.moves[3]
    assert position["played"]["move"] == str(played) and position["played"]["color"] == played.color
    best = position["best"]
    assert best["move"] == board.review["moves"][3]["best"] and best["win"] == board.review["moves"][3]["before"]
    shown = duo_game.copy()
    while len(shown.moves) > 3:
        shown.undo()
    assert shown.is_legal(best["move"])  # a move from the position shown, drawn and never played
    assert len(board.game.moves) == 12
    custom(board, {"type": "seek", "index": 12})
    assert board.review["position"] == {"index": 12, "best": {}, "played": {}}


def test_stop_keeps_what_was_found_and_resume_goes_on(duo_game):
    slow = BlokusWidget(game=duo_game.copy(), mode="review", review_limit=Limit(simulations=600))
    try:
        wait_for(lambda: slow.review["done"] >= 1, timeout=60)
        custom(slow, {"type": "stop-review", "request": "v1:1"})
        assert slow.review["status"] == "stopped"
        found = slow.review["done"]
        assert found < 12 and slow.error == ""
        wait_for(lambda: not slow._jobs.busy)
        assert slow.review["done"] == found  # nothing more arrives after Stop
        custom(slow, {"type": "review", "version": slow.version})
        assert slow.review["status"] == "running"
        wait_for(lambda: slow.review["done"] > found, timeout=60)
        slow.stop_review()
    finally:
        slow.close()


def test_the_review_button_opens_a_finished_game(duo_game):
    finished = bn.read_sgf(DUO_GAMES / "duo_L1_0002.blksgf")
    widget = BlokusWidget(game=finished, review_limit=LIMIT)
    try:
        assert widget.review == {} and widget.mode == "play"
        custom(widget, {"type": "review", "version": widget.version})
        assert widget.mode == "review" and widget.review["status"] == "running"
        widget.stop_review()
    finally:
        widget.close()


def test_a_changed_game_keeps_the_searches_before_the_change(board):
    wait_for(lambda: done(board), timeout=60)
    board.game.undo()  # every position before the change was searched already: nothing to search
    assert board.review["done"] == 11 and board.review["total"] == 11 and board.review["status"] == "done"


# ---------------------------------------------------------------- refusals
def refused(widget: BlokusWidget, content: dict) -> dict:
    sent = Recorder(widget)
    before = (json.dumps(widget.review, sort_keys=True), widget.mode, widget.game.to_json())
    custom(widget, {**content, "request": "v9:1"})
    refusals = sent.refusals()
    assert len(refusals) == 1 and refusals[0]["request"] == "v9:1"
    assert (json.dumps(widget.review, sort_keys=True), widget.mode, widget.game.to_json()) == before
    assert widget.error == refusals[0]["reason"]
    return refusals[0]


def test_forged_review_requests_are_refused_and_change_nothing(board):
    wait_for(lambda: done(board), timeout=60)
    assert refused(board, {"type": "stop-review"})["rule"] == "idle"
    assert refused(board, {"type": "review", "version": board.version - 1})["rule"] == "stale"
    assert refused(board, {"type": "review"})["reason"] == "malformed request: 'version' must be a whole number"
    assert refused(board, {"type": "explore", "move": "e10", "version": board.version})["rule"] == "no-explorer"
    assert refused(board, {"type": "explore", "move": 5, "version": board.version})["rule"] == "malformed"
    assert refused(board, {"type": "place", "move": "a1", "color": "purple", "version": board.version})["rule"] == "mode"


def test_an_unfinished_game_in_play_mode_is_not_reviewed_on_a_views_word():
    widget = BlokusWidget(game=random_game("duo", 2, moves=4), review_limit=LIMIT)
    try:
        assert refused(widget, {"type": "review", "version": widget.version})["rule"] == "not-over"
        assert refused(widget, {"type": "stop-review"})["rule"] == "idle"
    finally:
        widget.close()


def test_the_explorer_lists_the_corpus_moves_and_refuses_others(duo_game):
    index = analysis.opening_index(DUO_GAMES, depth=4, progress=False)
    widget = BlokusWidget(game=duo_game.copy(), mode="review", review_limit=LIMIT, explorer=index)
    try:
        wait_for(lambda: done(widget), timeout=60)
        custom(widget, {"type": "seek", "index": 0})
        explorer = widget.review["explorer"]
        assert explorer["games"] == 20 and explorer["reached"] == 20 and explorer["color"] == "purple"
        expected = index.moves_from(bn.Game("duo"))
        assert [m["move"] for m in explorer["moves"]] == list(expected["move"])
        assert sum(m["games"] for m in explorer["moves"]) == 20
        refusal = refused(widget, {"type": "explore", "move": "a1", "version": widget.version})
        assert refusal["rule"] == "not-explored"
    finally:
        widget.close()


def test_bad_review_arguments_are_refused_at_once(duo_game):
    with pytest.raises(bn.ArgumentTypeError, match="Limit"):
        BlokusWidget(game=duo_game, mode="review", review_limit=400)
    with pytest.raises(bn.ArgumentTypeError, match="search"):
        BlokusWidget(game=duo_game, mode="review", review_player="greedy")
    with pytest.raises(bn.BlokusError, match="unknown player"):
        BlokusWidget(game=duo_game, mode="review", review_player="grandmaster")


def test_a_failed_search_says_why(duo_game):
    class Broken(bn.players.MCTSPlayer):
        def search(self, game, limit=None):
            raise RuntimeError("no search today")

    widget = BlokusWidget(game=duo_game.copy(), mode="review", review_player=Broken(), review_limit=LIMIT)
    try:
        wait_for(lambda: widget.review["status"] == "failed")
        assert "no search today" in widget.review["message"]
        assert widget.review["done"] == 0
    finally:
        widget.close()


def test_the_review_trait_is_empty_outside_review_mode(board):
    board.mode = "replay"
    assert board.review == {}
    board.mode = "review"
    assert board.review["total"] == 12
