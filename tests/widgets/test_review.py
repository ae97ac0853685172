"""The review board without a browser: the background review, its trait, and every refusal."""

from __future__ import annotations

import json
import time

import pandas as pd
import pytest
from data_paths import DATA
from sample_games import random_game

import blokus_nb as bn
from blokus_nb import analysis
from blokus_nb.players import Limit
from blokus_nb.widgets import BlokusWidget
from blokus_nb.widgets._base import WidgetOptionError
from widgets.helpers import Recorder, custom, wait_for

LIMIT = Limit(simulations=15)
DUO_GAMES = DATA / "pentobi" / "games" / "duo"


@pytest.fixture(scope="module")
def duo_game() -> bn.Game:
    game = bn.read_sgf(DUO_GAMES / "duo_L1_0001.blksgf")
    while len(game.moves) > 12:  # a short game keeps the searches quick
        game.undo()
    return bn.records.game_from_json(bn.records.to_json(game))  # no redo stack: the game ends at move 12


@pytest.fixture
def board(duo_game):
    widget = BlokusWidget(game=duo_game.copy(), mode="review", review_limit=LIMIT)
    yield widget
    widget.close()


def done(widget: BlokusWidget) -> bool:
    return widget.review.get("status") == "done"


@pytest.mark.slow
def test_a_review_board_searches_every_position_in_the_background(board):
    assert board.review["total"] == 12
    wait_for(lambda: done(board), timeout=240)
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


@pytest.mark.slow
def test_every_state_sent_while_the_review_runs_is_plain_json(duo_game):
    widget = BlokusWidget(game=duo_game.copy(), review_limit=LIMIT)
    sent = Recorder(widget)
    widget.mode = "review"
    try:
        wait_for(lambda: done(widget), timeout=240)
        states = [u["review"] for u in sent.updates() if "review" in u]
        assert len(states) >= 12  # one as each position is searched
        assert [s["done"] for s in states] == sorted(s["done"] for s in states)
        for state in states:
            json.dumps(state, allow_nan=False)  # JSON has no NaN: a partial review must not send one
    finally:
        widget.close()


@pytest.mark.slow
def test_the_position_shown_has_the_best_and_the_played_move(board, duo_game):
    wait_for(lambda: done(board), timeout=240)
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
    assert board.review["position"] == {"index": 12, "best": {}, "played": {}, "engine_line": []}


@pytest.mark.slow
def test_stop_keeps_what_was_found_and_resume_goes_on(duo_game):
    slow = BlokusWidget(game=duo_game.copy(), mode="review", review_limit=Limit(simulations=600))
    try:
        wait_for(lambda: slow.review["done"] >= 1, timeout=240)
        custom(slow, {"type": "stop-review", "request": "v1:1"})
        assert slow.review["status"] == "stopped"
        found = slow.review["done"]
        assert found < 12 and slow.error == ""
        wait_for(lambda: not slow._jobs.busy)
        assert slow.review["done"] == found  # nothing more arrives after Stop
        custom(slow, {"type": "review", "version": slow.version})
        assert slow.review["status"] == "running"
        wait_for(lambda: slow.review["done"] > found, timeout=240)
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


@pytest.mark.slow
def test_a_changed_game_keeps_the_searches_before_the_change(board):
    wait_for(lambda: done(board), timeout=240)
    board.game.undo()  # every position before the change was searched already: nothing to search
    assert board.review["done"] == 11 and board.review["total"] == 11 and board.review["status"] == "done"


# ---------------------------------------------------------------- refusals
def refused(widget: BlokusWidget, content: dict) -> dict:
    sent = Recorder(widget)
    before = (json.dumps(widget.review, sort_keys=True), widget.mode, bn.records.to_json(widget.game))
    custom(widget, {**content, "request": "v9:1"})
    refusals = sent.refusals()
    assert len(refusals) == 1 and refusals[0]["request"] == "v9:1"
    assert (json.dumps(widget.review, sort_keys=True), widget.mode, bn.records.to_json(widget.game)) == before
    assert widget.error == refusals[0]["reason"]
    return refusals[0]


@pytest.mark.slow
def test_forged_review_requests_are_refused_and_change_nothing(board):
    wait_for(lambda: done(board), timeout=240)
    assert refused(board, {"type": "stop-review"})["rule"] == "idle"
    assert refused(board, {"type": "review", "version": board.version - 1})["rule"] == "stale"
    assert refused(board, {"type": "review"})["reason"] == "malformed request: 'version' must be a whole number"
    assert refused(board, {"type": "explore", "move": "e10", "version": board.version})["rule"] == "no-explorer"
    assert refused(board, {"type": "explore", "move": 5, "version": board.version})["rule"] == "malformed"
    assert refused(board, {"type": "undo", "version": board.version})["rule"] == "mode"  # the game is not played here


def test_an_unfinished_game_in_play_mode_is_not_reviewed_on_a_views_word():
    widget = BlokusWidget(game=random_game("duo", 2, moves=4), review_limit=LIMIT)
    try:
        assert refused(widget, {"type": "review", "version": widget.version})["rule"] == "not-over"
        assert refused(widget, {"type": "stop-review"})["rule"] == "idle"
    finally:
        widget.close()


@pytest.mark.slow
def test_the_explorer_lists_the_corpus_moves_and_refuses_others(duo_game):
    index = analysis.opening_index(DUO_GAMES, depth=4, progress=False)
    widget = BlokusWidget(game=duo_game.copy(), mode="review", review_limit=LIMIT, explorer=index)
    try:
        wait_for(lambda: done(widget), timeout=240)
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


DUO_INDEX_SOURCE = "(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])"


def finished_game(variant: str) -> bn.Game:
    game = bn.Game(variant)
    while not game.is_over:
        game.play(game.legal_moves()[0] if game.legal_moves() else "pass")
    return game


def test_an_explorer_of_another_variant_is_refused_when_given():
    index = analysis.opening_index(DUO_INDEX_SOURCE, depth=2, progress=False)
    game = finished_game("classic")
    with pytest.raises(WidgetOptionError, match="the explorer holds duo openings, and this game is classic"):
        BlokusWidget(game=game, explorer=index, review_limit=Limit(simulations=2))
    with pytest.raises(bn.BlokusError, match="holds duo openings"):
        BlokusWidget("classic", mode="review", explorer=DUO_INDEX_SOURCE)  # a corpus, indexed now
    assert game._listeners == []  # the refused board left no subscription behind


def test_a_game_of_another_variant_is_refused_on_a_board_with_an_explorer():
    index = analysis.opening_index(DUO_INDEX_SOURCE, depth=2, progress=False)
    widget = BlokusWidget("duo", explorer=index, review_limit=Limit(simulations=2))
    try:
        sent = Recorder(widget)
        game, version = widget.game, widget.version
        assert widget.variants == ["duo"]  # a view offers only the variant explored
        with pytest.raises(WidgetOptionError, match="holds duo openings, and this game is classic"):
            widget.game = bn.Game("classic")
        with pytest.raises(WidgetOptionError, match="holds duo openings, and this game is classic_2"):
            widget.new_game("classic_2")
        custom(widget, {"type": "new", "variant": "classic", "version": widget.version})
        assert sent.refusals()[-1]["rule"] == "variant" and "holds duo openings" in widget.error
        assert widget.game is game and widget.variant == "duo" and widget.version == version
        widget.new_game()  # the same variant: fine
        assert widget.game is not game and widget.variant == "duo"
    finally:
        widget.close()


def test_a_review_that_cannot_open_is_refused_and_the_board_stays_as_it_was(monkeypatch):
    from blokus_nb.widgets.review import Reviewer

    widget = BlokusWidget(game=finished_game("duo"), review_limit=Limit(simulations=2))
    try:
        sent = Recorder(widget)
        version, board = widget.version, widget.board

        def broken(self, game, shown):
            raise bn.BlokusError("no review state today")

        monkeypatch.setattr(Reviewer, "state", broken)
        with pytest.raises(bn.BlokusError, match="no review state today"):
            widget.mode = "review"
        assert widget.mode == "play" and widget.review == {} and widget.board == board
        custom(widget, {"type": "review", "version": widget.version})
        refusal = sent.refusals()[-1]
        assert refusal["rule"] == "cannot-review" and "no review state today" in refusal["reason"]
        assert widget.error == refusal["reason"] and widget.mode == "play" and widget.review == {}
        monkeypatch.undo()
        assert widget.version > version  # the play board was drawn again, as it was
        widget.mode = "review"
        game = widget.game
        monkeypatch.setattr(Reviewer, "state", broken)
        with pytest.raises(bn.BlokusError, match="no review state today"):
            widget.game = finished_game("duo")  # a game the review board cannot show
        assert widget.game is game and widget.mode == "review"
        monkeypatch.undo()
        widget.mode = "play"
        widget.mode = "review"
        assert widget.mode == "review" and widget.review["total"] > 0
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


# ---------------------------------------------------------------- variations
def try_move(widget: BlokusWidget, move: str | None = None) -> str:
    """Place ``move`` (default: the first legal one that is not the game's) as a view does."""
    if move is None:
        played = widget.review["position"]["played"].get("move")
        move = next(m for moves in widget.legal["moves"].values() for m in moves if m != played)
    custom(widget, {"type": "place", "move": move, "color": widget.to_play, "version": widget.version})
    assert widget.error == "", widget.error
    return move


@pytest.fixture
def finished():
    widget = BlokusWidget(game=bn.read_sgf(DUO_GAMES / "duo_L1_0003.blksgf"), mode="review", review_limit=LIMIT)
    wait_for(lambda: done(widget), timeout=240)
    yield widget
    widget.close()


@pytest.mark.slow
def test_a_move_tried_from_any_position_is_a_variation_and_saved_with_the_game(finished, tmp_path):
    main = [str(m) for m in finished.game.moves]
    custom(finished, {"type": "seek", "index": 5})
    first = try_move(finished)
    second = try_move(finished)
    line = finished.review["line"]
    assert (line["main"], line["branch"], line["ply"]) == (False, 5, 7)
    assert [m["move"] for m in line["moves"]] == [first, second]
    assert [str(m) for m in finished.game.moves] == main  # the game is still the main line
    assert finished.replay_index == 7 == finished.replay_length
    assert finished.review["position"] == {"index": 7, "best": {}, "played": {}, "engine_line": []}  # not reviewed: a variation
    # Back along the variation and forward again: still in it.
    custom(finished, {"type": "seek", "index": 6})
    custom(finished, {"type": "seek", "index": 7})
    assert finished.review["line"]["main"] is False
    for path in (tmp_path / "tree.blksgf", tmp_path / "tree.json"):
        finished.save(path)
        tree = bn.read_tree(path)
        assert [str(n.move) for n in tree.mainline()] == main
        branch = list(tree.mainline())[4]  # the node after move 5
        assert [str(n.move) for n in branch.variations] == [main[5], first]
        assert [str(n.move) for n in branch.variations[1].mainline()] == [second]
    assert len(finished.tree.variations) == 1 and sum(1 for n in finished.tree.walk() if not n.variations) == 2


@pytest.mark.slow
def test_back_to_the_main_line_promote_and_delete(finished):
    main = [str(m) for m in finished.game.moves]
    custom(finished, {"type": "seek", "index": 26})
    first = try_move(finished)
    custom(finished, {"type": "main-line", "version": finished.version})
    line = finished.review["line"]
    assert line["main"] and finished.replay_index == 26 and finished.replay_length == len(main)
    custom(finished, {"type": "seek", "index": 26})
    try_move(finished, first)  # the variation is followed again, not added twice
    assert sum(1 for n in finished.tree.walk() if not n.variations) == 2
    custom(finished, {"type": "promote", "version": finished.version})
    assert [str(m) for m in finished.game.moves] == main[:26] + [first]
    assert finished.review["line"]["main"]
    # The searches before the promoted move are kept; the new position is searched.
    assert finished.review["done"] >= 26
    wait_for(lambda: done(finished), timeout=240)
    assert finished.review["total"] == 27
    # The old main line is a variation now: delete it.
    custom(finished, {"type": "seek", "index": 26})
    try_move(finished, main[26])
    assert not finished.review["line"]["main"]
    custom(finished, {"type": "delete-variation", "version": finished.version})
    assert finished.review["line"]["main"] and finished.replay_index == 26
    assert sum(1 for n in finished.tree.walk() if not n.variations) == 1


@pytest.mark.slow
def test_refused_variations_change_nothing(finished):
    end = len(finished.game.moves)
    assert finished.replay_index == end
    assert refused(finished, {"type": "place", "move": "a1", "color": "purple",
                              "version": finished.version})["rule"] == "game-over"  # a finished line
    custom(finished, {"type": "seek", "index": 3})
    color = finished.to_play
    other = next(c for c in finished.game.colors if c != color)
    assert refused(finished, {"type": "place", "move": "a1", "color": other,
                              "version": finished.version})["rule"] == "wrong-color"
    assert refused(finished, {"type": "place", "move": "a1", "color": color,
                              "version": finished.version})["rule"] == "no-corner-contact"
    assert refused(finished, {"type": "place", "move": "zz99", "color": color,
                              "version": finished.version})["rule"] == "invalid"
    assert refused(finished, {"type": "place", "move": str(finished.game.moves[3]), "color": color,
                              "version": finished.version - 1})["rule"] == "stale"
    for kind in ("main-line", "promote", "delete-variation"):
        assert refused(finished, {"type": kind, "version": finished.version})["rule"] == "main-line"
    assert refused(finished, {"type": "promote"})["rule"] == "malformed"
    finished.mode = "replay"
    assert refused(finished, {"type": "promote", "version": finished.version})["rule"] == "mode"


@pytest.mark.slow
def test_a_corpus_move_clicked_in_the_explorer_is_played_as_a_variation():
    index = analysis.opening_index(DUO_GAMES, depth=4, progress=False)
    widget = BlokusWidget(game=bn.read_sgf(DUO_GAMES / "duo_L1_0003.blksgf"), mode="review",
                          review_limit=LIMIT, explorer=index)
    try:
        wait_for(lambda: done(widget), timeout=240)
        custom(widget, {"type": "seek", "index": 0})
        first = str(widget.game.moves[0])
        other = next(m["move"] for m in widget.review["explorer"]["moves"] if m["move"] != first)
        custom(widget, {"type": "explore", "move": other, "version": widget.version})
        assert widget.error == ""
        line = widget.review["line"]
        assert (line["main"], line["branch"], [m["move"] for m in line["moves"]]) == (False, 0, [other])
        assert widget.review["explorer"]["reached"] > 0  # the corpus goes on from there
    finally:
        widget.close()


# ---------------------------------------------------------------- the engine's line
@pytest.mark.slow
def test_the_engine_line_starts_with_the_reviews_best_move_and_is_shown_at_its_position(finished):
    custom(finished, {"type": "seek", "index": 3})
    custom(finished, {"type": "engine-line", "version": finished.version})
    assert finished.error == ""
    wait_for(lambda: isinstance(finished.review["position"]["engine_line"], list)
             and finished.review["position"]["engine_line"], timeout=240)
    line = finished.review["position"]["engine_line"]
    assert len(line) == 4
    assert line[0]["move"] == finished.review["moves"][3]["best"]  # the same seeded search as the review's
    position = finished.game.copy()
    while len(position.moves) > 3:
        position.undo()
    for step in line:  # a line of legal moves, each by the color then to move
        assert step["color"] == position.to_play
        position.play(step["move"])
    custom(finished, {"type": "seek", "index": 4})
    assert finished.review["position"]["engine_line"] == []  # another position
    custom(finished, {"type": "seek", "index": 3})
    assert finished.review["position"]["engine_line"] == line
    assert len(finished.game.moves) == 29  # drawn, never played


@pytest.mark.slow
def test_the_engine_line_is_refused_while_the_review_runs_and_at_the_end(duo_game):
    slow = BlokusWidget(game=duo_game.copy(), mode="review", review_limit=Limit(simulations=3000))
    try:
        sent = Recorder(slow)  # the review runs on: its state may move on, so only the refusal is checked
        custom(slow, {"type": "engine-line", "version": slow.version})
        assert [r["rule"] for r in sent.refusals()] == ["busy"]
        assert slow.review["position"]["engine_line"] == [] and slow.review["status"] == "running"
    finally:
        slow.close()
    widget = BlokusWidget(game=bn.read_sgf(DUO_GAMES / "duo_L1_0003.blksgf"), review_limit=LIMIT)
    try:
        assert refused(widget, {"type": "engine-line", "version": widget.version})["rule"] == "mode"
        widget.mode = "review"
        wait_for(lambda: done(widget), timeout=240)
        assert refused(widget, {"type": "engine-line", "version": widget.version})["rule"] == "game-over"
    finally:
        widget.close()


# ---------------------------------------------------------------- the engine's line and the review, one job at a time
class Gated(bn.players.MCTSPlayer):
    """A quick search that first waits for its gate to open (or for the job to be cancelled)."""

    def __init__(self, gate, **kwargs):
        super().__init__(**kwargs)
        self.gate = gate  # copies (a seed per position) share it

    def search(self, game, limit=None):
        stop = limit.stop if limit is not None else None
        while not self.gate.wait(0.01):
            if stop is not None and stop():
                break
        return super().search(game, Limit(simulations=5, stop=stop))


@pytest.fixture
def gated(duo_game):
    import threading

    gate = threading.Event()
    widget = BlokusWidget(game=duo_game.copy(), mode="review", review_player=Gated(gate), review_limit=LIMIT)
    widget.gate = gate
    yield widget
    gate.set()
    widget.close()


def line_searching(widget: BlokusWidget) -> None:
    """Stop the review at once (nothing found) and ask for the engine's line, which waits at the gate."""
    assert widget.review["status"] == "running"
    custom(widget, {"type": "stop-review"})
    wait_for(lambda: not widget._jobs.busy)
    custom(widget, {"type": "seek", "index": 3})
    custom(widget, {"type": "engine-line", "version": widget.version})
    assert widget.error == "" and widget.review["position"]["engine_line"] == "searching"


def test_review_pressed_while_the_engine_line_searches_waits_for_it_then_runs(gated):
    line_searching(gated)
    sent = Recorder(gated)
    custom(gated, {"type": "review", "version": gated.version})
    assert sent.refusals() == [] and gated.error == ""
    assert gated.review["status"] == "queued" and "engine's line" in gated.review["message"]
    assert gated.review["position"]["engine_line"] == "searching"  # the line was not cancelled
    gated.gate.set()
    wait_for(lambda: done(gated), timeout=240)
    assert gated.review["done"] == 12
    assert len(gated.review["position"]["engine_line"]) == 4


def test_stop_while_the_review_waits_for_the_engine_line_unqueues_it_and_keeps_the_line(gated):
    line_searching(gated)
    gated.start_review()
    assert gated.review["status"] == "queued"
    custom(gated, {"type": "stop-review"})
    assert gated.review["status"] == "stopped" and gated.error == ""
    gated.gate.set()
    wait_for(lambda: isinstance(gated.review["position"]["engine_line"], list)
             and gated.review["position"]["engine_line"], timeout=60)
    assert gated.review["status"] == "stopped" and gated.review["done"] == 0


def test_an_engine_line_cancelled_by_a_move_tried_is_searching_no_more(gated):
    line_searching(gated)
    try_move(gated)  # the tree changes: the line's job is cancelled
    custom(gated, {"type": "seek", "index": 3})  # back where it was asked
    assert gated.review["position"]["engine_line"] == []
    gated.gate.set()
    time.sleep(0.2)  # the cancelled search ends; its answer is dropped
    assert gated.review["position"]["engine_line"] == []
    custom(gated, {"type": "engine-line", "version": gated.version})  # asked again, it is found
    wait_for(lambda: isinstance(gated.review["position"]["engine_line"], list)
             and gated.review["position"]["engine_line"], timeout=60)


@pytest.mark.slow
def test_a_review_cancelled_by_leaving_review_mode_is_not_running(gated):
    assert gated.review["status"] == "running"
    gated.mode = "replay"
    assert gated._reviewer.status == "idle"  # nothing searches: not "running"
    gated.gate.set()
    gated.mode = "review"
    wait_for(lambda: done(gated), timeout=240)


# ---------------------------------------------------------------- the classic boards
@pytest.mark.slow
@pytest.mark.parametrize("variant", ["classic", "classic_3", "classic_2"])
def test_a_classic_review_has_one_curve_per_player_known_at_every_position(variant):
    game = random_game(variant, 7, moves=9)
    widget = BlokusWidget(game=bn.records.game_from_json(bn.records.to_json(game)), mode="review", review_player="mcts",
                          review_limit=LIMIT)
    try:
        wait_for(lambda: done(widget), timeout=240)
        review = widget.review
        json.dumps(review, allow_nan=False)
        players = game.variant.n_players
        assert len(review["curves"]) == players == len(review["sides"])
        assert [s["colors"] for s in review["sides"]] == [list(game.variant.colors_of(p)) for p in range(1, players + 1)]
        for at in range(review["total"]):  # every player's chance at every position searched; one in all
            values = [curve[at] for curve in review["curves"]]
            assert None not in values and sum(values) == pytest.approx(1, abs=1e-3)
        frame = widget.review_frame()
        for move, row in zip(review["moves"], frame.itertuples()):
            assert move["before"] == round(getattr(row, f"chance_{row.player}"), 4)  # the mover's share
    finally:
        widget.close()


def test_the_level_says_what_the_search_is_told(monkeypatch):
    from fake_gtp import SCRIPT
    from test_engines import ROOT, fake

    from blokus_nb.widgets.review import Reviewer

    assert Reviewer("hard", Limit(simulations=400)).level == "hard, 400 simulations a position"
    assert Reviewer("medium", Limit(time=0.5)).level == "medium, 0.5 s a position"
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # the fake uses this checkout's blokus_nb
    with fake(SCRIPT) as engine:
        # an outside engine searches as its own level: a simulation budget is not sent to it
        assert Reviewer(engine, Limit(simulations=400)).level == "fake legal, at its own level"
        # GTP's time settings are whole seconds (see GTPEngine)
        assert Reviewer(engine, Limit(time=0.5)).level == \
            "fake legal, at its own level (1 s a position if it takes time settings)"
