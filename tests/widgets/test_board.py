"""The board widget without a browser: messages as a view sends them, good and
forged, go through the same path as in a kernel (ipywidgets' _handle_msg), and
the tests look at the live game, the traits and what was sent back."""

from __future__ import annotations

import json
import sys
import threading
import time

import pytest

import blokus_nb as bn
from blokus_nb.widgets import BlokusWidget
from widgets.helpers import Recorder, custom, update, wait_for

X_AT_E10 = "e9,d10,e10,f10,e11"  # purple's X on its Duo start square


def place(widget: BlokusWidget, move: str, **fields) -> None:
    message = {"type": "place", "move": move, "color": widget.to_play, "version": widget.version}
    message.update(fields)
    custom(widget, message)


class SlowPlayer:
    """An AI seat that takes its time, to test what happens during a search."""

    name = "slow"

    def __init__(self, seconds: float = 0.3) -> None:
        self.seconds = seconds
        self.calls = 0
        self.finished = threading.Event()

    def choose_move(self, game, limit=None):
        self.calls += 1
        time.sleep(self.seconds)
        self.finished.set()
        return game.legal_moves()[0]


@pytest.fixture
def duo():
    widget = BlokusWidget("duo")
    yield widget
    widget.close()


# ---------------------------------------------------------------- good requests
def test_a_placement_from_a_view_is_played_in_the_game(duo):
    sent = Recorder(duo)
    seen = []
    duo.on_move(seen.append)
    place(duo, X_AT_E10, piece="X")
    assert [str(m) for m in duo.game.history] == [X_AT_E10]
    assert duo.error == "" and sent.refusals() == []
    assert seen == duo.game.history
    assert duo.to_play == "orange" and duo.move_number == 1
    assert duo.last_move["cells"] == ["e9", "d10", "e10", "f10", "e11"]
    assert duo.board.count("1") == 5 and duo.board[4 * 14 + 4] == "1"
    # The views were told in one update message carrying the new board.
    assert any("board" in state and "to_play" in state for state in sent.updates())


def test_legal_moves_sent_are_the_engines_for_a_human_to_play(duo):
    moves = [m for ms in duo.legal["moves"].values() for m in ms]
    assert sorted(moves) == sorted(str(m) for m in duo.game.legal_moves())
    assert duo.legal["version"] == duo.version and duo.legal["color"] == "purple"


def test_undo_redo_and_new_game_requests(duo):
    place(duo, X_AT_E10)
    custom(duo, {"type": "undo", "version": duo.version})
    assert duo.game.history == [] and duo.can_redo
    custom(duo, {"type": "redo", "version": duo.version})
    assert [str(m) for m in duo.game.history] == [X_AT_E10]
    old = duo.game
    custom(duo, {"type": "new", "variant": "classic", "version": duo.version})
    assert duo.game is not old and duo.game.variant.name == "classic"
    assert duo.size == 20 and duo.colors == ["blue", "yellow", "red", "green"] and duo.board == "0" * 400


def test_hint_request_suggests_a_legal_move_and_says_why():
    w = BlokusWidget("duo", hint_player="greedy")
    custom(w, {"type": "hint", "version": w.version})
    assert w.thinking == "purple"  # the view shows that a hint is on its way
    wait_for(lambda: w.hint != {})
    assert w.game.is_legal(w.hint["move"])
    assert w.hint["version"] == w.version and w.hint["source"] == "greedy"
    assert bn.pieces.get(w.hint["piece"]).size == 5
    assert any("5 squares" in reason for reason in w.hint["reasons"])
    assert w.thinking == ""
    w.game.play(w.hint["move"])
    assert w.hint == {}  # a hint is for one position only
    w.close()


def test_ai_seats_use_the_players_by_name_and_a_limit():
    from blokus_nb.players import Limit

    w = BlokusWidget("duo", players={"orange": "mcts"}, ai_pause=0.0, ai_limit=Limit(simulations=20), seed=1)
    assert w.seats == {"purple": "human", "orange": "mcts"}
    place(w, X_AT_E10)
    wait_for(lambda: len(w.game.history) == 2, timeout=30)
    assert w.game.history[1].color == "orange"
    w.close()


# ---------------------------------------------------------------- refused requests
@pytest.mark.parametrize("content, why", [
    ("place e10", "not a JSON object"),
    (None, "not a JSON object"),
    ({"type": "cheat"}, "unknown request"),
    ({"type": "place", "move": 5, "color": "purple", "version": 1}, "'move' must be text"),
    ({"type": "place", "move": X_AT_E10, "color": "purple"}, "'version' must be a whole number"),
    ({"type": "place", "move": X_AT_E10, "color": "purple", "version": True}, "'version' must be a whole number"),
    ({"type": "place", "move": X_AT_E10, "color": "purple", "version": "1"}, "'version' must be a whole number"),
    ({"type": "place", "move": "e10," * 1000, "color": "purple", "version": 1}, "too long"),
    ({"type": "place", "move": X_AT_E10, "color": ["purple"], "version": 1}, "'color' must be text"),
    ({"type": "new", "variant": "chess", "version": 1}, "unknown variant"),
    ({"type": "new", "variant": "duo"}, "'version' must be a whole number"),
    ({"type": "seek", "index": "3"}, "whole number"),
])
def test_malformed_messages_change_nothing(duo, content, why):
    sent = Recorder(duo)
    version, board = duo.version, duo.board
    custom(duo, content)
    assert duo.game.history == [] and duo.board == board and duo.version == version
    assert why in duo.error
    assert sent.refusals()[-1]["reason"] == duo.error


@pytest.mark.parametrize("move, rule", [
    ("a1", "start-square"),
    ("e10,f10,g10,h10,i10,j10", "invalid"),  # six cells are no piece
    ("<script>alert(1)</script>", "invalid"),
    ("o15", "off-board"),
    ("pass", "pass"),
])
def test_illegal_or_invalid_placements_are_refused_with_the_rule(duo, move, rule):
    sent = Recorder(duo)
    place(duo, move)
    assert duo.game.history == []
    refusal = sent.refusals()[-1]
    assert duo.error == refusal["reason"] != ""
    if rule != "invalid":
        assert refusal["rule"] == rule


def test_side_contact_is_refused_and_names_the_cells(duo):
    place(duo, X_AT_E10)
    place(duo, "j3,i4,j4,k4,j5")  # orange's X
    sent = Recorder(duo)
    place(duo, "g10")  # beside purple's f10
    assert len(duo.game.history) == 2
    refusal = sent.refusals()[-1]
    assert refusal["rule"] == "side-contact" and "g10" in refusal["cells"]


def test_wrong_color_is_refused(duo):
    place(duo, X_AT_E10, color="orange")
    assert duo.game.history == [] and "purple's turn" in duo.error


def test_piece_name_must_match_the_cells(duo):
    place(duo, X_AT_E10, piece="F")
    assert duo.game.history == [] and "not the F piece" in duo.error


def test_a_replayed_message_is_stale(duo):
    message = {"type": "place", "move": X_AT_E10, "color": "purple", "version": duo.version}
    custom(duo, dict(message))
    custom(duo, dict(message))  # the same bytes again, e.g. resent by a second view
    assert [str(m) for m in duo.game.history] == [X_AT_E10]
    assert "changed" in duo.error


def test_a_stale_undo_does_not_undo_a_newer_move(duo):
    place(duo, X_AT_E10)
    old_version = duo.version
    place(duo, "j3,i4,j4,k4,j5")
    custom(duo, {"type": "undo", "version": old_version})
    assert len(duo.game.history) == 2


def test_a_stale_new_game_request_does_not_wipe_the_game(duo):
    place(duo, X_AT_E10)
    game, sent = duo.game, Recorder(duo)
    custom(duo, {"type": "new", "variant": "duo", "version": -999})
    assert duo.game is game and [str(m) for m in game.history] == [X_AT_E10]
    assert sent.refusals()[-1]["rule"] == "stale" and "changed" in duo.error


def test_undo_with_nothing_to_undo_is_refused(duo):
    custom(duo, {"type": "undo", "version": duo.version})
    assert "no move to undo" in duo.error and duo.game.history == []


def test_a_refusal_carries_the_tag_of_the_request_it_answers(duo):
    sent = Recorder(duo)
    custom(duo, {"type": "undo", "version": duo.version, "request": "view1:4"})
    custom(duo, {"type": "undo", "version": duo.version})
    assert [r.get("request") for r in sent.refusals()] == ["view1:4", None]


def test_a_malformed_tag_is_refused_and_nothing_is_done(duo):
    sent = Recorder(duo)
    custom(duo, {"type": "place", "move": X_AT_E10, "piece": "X", "color": "purple", "version": duo.version,
                 "request": {"forged": True}})
    assert duo.game.history == [] and "'request' must be a tag" in duo.error
    assert "request" not in sent.refusals()[-1]


def test_a_view_cannot_write_game_traits(duo):
    sent = Recorder(duo)
    update(duo, {"board": "1" * 196, "to_play": "orange", "version": 99})
    assert duo.board == "0" * 196 and duo.to_play == "purple" and duo.game.history == []
    # ...and the views are told the true values again.
    restored = sent.updates()[-1]
    assert restored["board"] == "0" * 196 and restored["to_play"] == "purple"


def test_a_view_may_set_its_preferences_but_only_to_known_values(duo):
    update(duo, {"palette": "colorblind", "show_hints": True})
    assert duo.palette == "colorblind" and duo.show_hints is True
    sent = Recorder(duo)
    update(duo, {"palette": "<img src=x>"})
    assert duo.palette == "colorblind"
    assert sent.updates()[-1] == {"palette": "colorblind"}


def test_an_error_is_cleared_by_the_next_good_move(duo):
    place(duo, "a1")
    assert duo.error
    place(duo, X_AT_E10)
    assert duo.error == ""


def test_an_accepted_request_forgets_the_last_refusal_even_when_nothing_is_redrawn():
    duo = BlokusWidget("duo", hint_player="greedy")
    refused = {"type": "seek", "index": 3}  # play mode: moving through the game needs replay mode
    custom(duo, refused)
    assert duo.error.startswith("moving through the game")
    custom(duo, {"type": "hint", "version": duo.version})  # accepted: the board is not redrawn
    assert duo.error == ""
    wait_for(lambda: duo.hint != {})
    assert duo.error == ""
    custom(duo, refused)
    place(duo, X_AT_E10)  # accepted and redrawn
    assert duo.error == "" and len(duo.game.history) == 1
    custom(duo, refused)
    custom(duo, {"type": "undo", "version": duo.version})
    assert duo.error == "" and duo.game.history == []


def test_a_review_board_forgets_the_last_refusal_on_stop_and_review():
    game = bn.Game("duo")
    for _ in range(4):
        game.play(game.legal_moves()[0])
    w = BlokusWidget(game=game, mode="review", review_limit=bn.players.Limit(simulations=3000))
    try:
        assert w.review["status"] == "running"
        custom(w, {"type": "seek", "index": "3"})  # refused: not a whole number
        assert "whole number" in w.error
        custom(w, {"type": "stop-review"})
        assert w.review["status"] == "stopped" and w.error == ""
        custom(w, {"type": "seek", "index": "3"})
        custom(w, {"type": "review", "version": w.version})
        assert w.review["status"] == "running" and w.error == ""
        custom(w, {"type": "seek", "index": "3"})
        custom(w, {"type": "seek", "index": 2})
        assert w.replay_index == 2 and w.error == ""
    finally:
        w.close()


# ---------------------------------------------------------------- Python is the authority
def test_changes_made_in_python_reach_the_views(duo):
    sent = Recorder(duo)
    version = duo.version
    duo.game.play(X_AT_E10)
    assert duo.to_play == "orange" and duo.version > version
    assert sent.updates()[-1]["board"].count("1") == 5
    duo.game.undo()
    assert duo.board == "0" * 196 and duo.to_play == "purple" and duo.can_redo


def test_replacing_the_game_switches_every_trait_and_drops_the_old_game(duo):
    old = duo.game
    duo.game = bn.Game("classic_2")
    assert duo.variant == "classic_2" and duo.size == 20 and len(duo.scores["players"]) == 2
    version = duo.version
    old.play(X_AT_E10)  # no longer shown: the widget must not follow it
    assert duo.version == version and duo.board == "0" * 400


def test_on_move_sees_moves_from_python_too_and_can_be_removed(duo):
    seen = []
    duo.on_move(seen.append)
    duo.game.play(X_AT_E10)
    duo.on_move(seen.append, remove=True)
    duo.game.play("j3,i4,j4,k4,j5")
    assert [str(m) for m in seen] == [X_AT_E10]


def test_a_failing_callback_does_not_break_the_widget(duo, capsys):
    duo.on_move(lambda move: 1 / 0)
    place(duo, X_AT_E10)
    assert len(duo.game.history) == 1 and duo.to_play == "orange"
    assert "ZeroDivisionError" in capsys.readouterr().err


# ---------------------------------------------------------------- AI seats
def test_an_ai_seat_answers_in_the_background():
    w = BlokusWidget("duo", players={"orange": "random"}, ai_pause=0.05, seed=1)
    seen = []
    w.on_move(seen.append)
    place(w, X_AT_E10)
    wait_for(lambda: len(w.game.history) == 2)
    assert seen[1].color == "orange" and w.to_play == "purple" and w.thinking == ""
    assert w.seats == {"purple": "human", "orange": "random"}
    w.close()


def test_the_thinking_trait_shows_during_the_pause_and_the_view_may_not_play():
    slow = SlowPlayer(0.3)
    w = BlokusWidget("duo", players={"orange": slow}, ai_pause=0.0)
    place(w, X_AT_E10)
    assert w.thinking == "orange" and w.legal["moves"] == {}
    place(w, "j3,i4,j4,k4,j5")  # a view trying to move for the computer
    assert "played by the computer" in w.error
    wait_for(lambda: len(w.game.history) == 2)
    assert w.thinking == ""
    w.close()


def test_undo_cancels_a_search_in_progress():
    slow = SlowPlayer(0.3)
    w = BlokusWidget("duo", players={"orange": slow}, ai_pause=0.0)
    place(w, X_AT_E10)
    assert w.thinking == "orange"
    custom(w, {"type": "undo", "version": w.version})
    assert w.thinking == "" and w.game.history == []
    assert slow.finished.wait(2)
    time.sleep(0.1)  # the search ended after the undo: its move must be thrown away
    assert w.game.history == [] and w.to_play == "purple"
    w.close()


def test_new_game_cancels_a_search_in_progress():
    slow = SlowPlayer(0.3)
    w = BlokusWidget("duo", players={"orange": slow}, ai_pause=0.0)
    place(w, X_AT_E10)
    custom(w, {"type": "new", "variant": "duo", "version": w.version})
    assert slow.finished.wait(2)
    time.sleep(0.1)
    assert w.game.history == [] and w.thinking == ""
    w.close()


def test_undo_against_the_computer_goes_back_to_the_humans_turn():
    w = BlokusWidget("duo", players={"orange": "random"}, ai_pause=0.0, seed=3)
    place(w, X_AT_E10)
    wait_for(lambda: len(w.game.history) == 2 and w.thinking == "")
    custom(w, {"type": "undo", "version": w.version})
    assert w.game.history == [] and w.to_play == "purple"
    time.sleep(0.1)
    assert w.game.history == []  # and the computer did not move again
    w.close()


def test_computer_seats_play_a_whole_game_to_the_end():
    w = BlokusWidget("duo", players={"purple": "random", "orange": "random"}, ai_pause=0.0, seed=5)
    wait_for(lambda: w.game_over, timeout=60)
    assert w.status.startswith("Game over") and w.winners == w.game.winners()
    assert w.to_play == "" and w.legal["moves"] == {}
    w.close()


def test_seat_names_must_be_colors_and_players():
    with pytest.raises(ValueError):
        BlokusWidget("duo", players={"pink": "random"})
    with pytest.raises(TypeError):
        BlokusWidget("duo", players={"orange": 42})


# ---------------------------------------------------------------- replay mode
@pytest.fixture
def finished_game():
    game = bn.Record("duo", players=["Ann <b>", "Bob"])
    while not game.is_over and len(game.moves) < 12:
        game.play(game.legal_moves()[len(game.legal_moves()) // 3])
    game.annotations[3] = {"comment": "<i>a fine move</i> & more"}
    return game


def test_replay_starts_at_the_end_and_seeks(finished_game):
    w = BlokusWidget(game=finished_game, mode="replay")
    assert w.replay_length == 12 and w.replay_index == 12 and w.move_number == 12
    custom(w, {"type": "seek", "index": 0})
    assert w.board == "0" * 196 and w.replay_index == 0 and w.last_move == {}
    custom(w, {"type": "seek", "index": 4})
    assert w.move_number == 4 and w.last_move["move"] == str(finished_game.moves[3])
    assert w.comment == "<i>a fine move</i> & more"  # text as written; the view shows it as text
    custom(w, {"type": "seek", "index": 999})
    assert w.replay_index == 12
    assert len(finished_game.moves) == 12  # the recorded game itself is never changed


def test_a_seek_that_arrives_after_a_later_one_of_its_view_is_dropped(finished_game):
    # JupyterLab sends a new comm's messages on the kernel's main shell until the comm's
    # subshell is ready, then on the subshell: two threads, so one view's presses can
    # arrive out of order. The view numbers its requests; the latest seek sent wins.
    w = BlokusWidget(game=finished_game, mode="replay")
    custom(w, {"type": "seek", "index": 9, "request": "va:3"})
    custom(w, {"type": "seek", "index": 11, "request": "va:1"})
    custom(w, {"type": "seek", "index": 10, "request": "va:2"})
    assert w.replay_index == 9 and w.error == ""
    custom(w, {"type": "seek", "index": 4, "request": "vb:1"})  # another view's count is its own
    assert w.replay_index == 4
    custom(w, {"type": "seek", "index": 6, "request": "va:4"})
    assert w.replay_index == 6
    custom(w, {"type": "seek", "index": 2})  # an untagged request is always done
    assert w.replay_index == 2
    custom(w, {"type": "seek", "index": 3, "request": "no number"})
    assert w.replay_index == 3
    custom(w, {"type": "seek", "index": 5, "request": "va:\u00b2"})  # a digit int() does not read
    assert w.replay_index == 5 and w.error == ""


@pytest.mark.slow
def test_the_views_remembered_for_ordering_are_bounded(finished_game):
    w = BlokusWidget(game=finished_game, mode="replay")
    for n in range(1000):
        custom(w, {"type": "seek", "index": n % 12, "request": f"v{n}:1"})
    assert len(w._latest_requests) <= 64


def test_replay_refuses_to_play(finished_game):
    w = BlokusWidget(game=finished_game, mode="replay")
    history = finished_game.history
    place(w, str(finished_game.legal_moves()[0]) if not finished_game.is_over else "a1")
    assert finished_game.history == history and "replays a game" in w.error
    assert w.legal["moves"] == {}


def test_replay_refuses_a_new_game(finished_game):
    w = BlokusWidget(game=finished_game, mode="replay")
    sent = Recorder(w)
    custom(w, {"type": "new", "variant": "classic", "version": w.version})
    assert w.game is finished_game and w.variant == "duo" and len(finished_game.moves) == 12
    assert sent.refusals()[-1]["rule"] == "mode" and "replays a game" in w.error


def test_seek_is_refused_in_play_mode(duo):
    custom(duo, {"type": "seek", "index": 0})
    assert "replay mode" in duo.error


def test_switching_mode_from_python(finished_game):
    w = BlokusWidget(game=finished_game)
    w.mode = "replay"
    custom(w, {"type": "seek", "index": 2})
    assert w.move_number == 2
    w.mode = "play"
    assert w.move_number == 12 and w.legal["moves"]


def test_replay_follows_the_game_when_it_grows(finished_game):
    w = BlokusWidget(game=finished_game, mode="replay")
    assert not finished_game.is_over  # 12 placements into a Duo game
    finished_game.play(finished_game.legal_moves()[0])
    assert w.replay_length == 13 and w.replay_index == 13
    custom(w, {"type": "seek", "index": 5})
    finished_game.play(finished_game.legal_moves()[0])
    assert w.replay_length == 14 and w.replay_index == 5  # a reader in the middle stays there


# ---------------------------------------------------------------- notebook output
def test_mimebundle_has_the_widget_and_an_svg_fallback(duo):
    data, _ = duo._repr_mimebundle_()
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == duo.model_id
    assert data["image/svg+xml"].lstrip().startswith("<svg")
    assert "text/plain" in data


def test_widget_state_is_json_for_the_notebook_file(duo):
    place(duo, X_AT_E10)
    state = duo.get_state()
    text = json.dumps({k: v for k, v in state.items() if k not in ("_esm", "_css")})
    assert '"board"' in text and state["board"].count("1") == 5
    assert "bk-root" in state["_esm"]  # the front-end travels with the state, so saved notebooks render


def test_save_writes_a_record_that_loads_back(duo, tmp_path):
    place(duo, X_AT_E10)
    path = tmp_path / "game.json"
    duo.save(path)
    from blokus_nb.records import load

    assert [str(m) for m in load(path).history] == [X_AT_E10]


# ---------------------------------------------------------------- races between Python and the AI thread
def replays(game: bn.Game) -> bool:
    """Whether ``game``'s history is a legal game: its placements, played again from the start, give it back."""
    fresh = bn.Game(game.variant.name)
    try:
        for move in game.moves:
            fresh.play(move)
    except bn.BlokusError:
        return False
    return ([(m.color, str(m)) for m in fresh.history] == [(m.color, str(m)) for m in game.history]
            and fresh.board_array().tolist() == game.board_array().tolist())


@pytest.fixture
def thread_switches_often():
    """Let threads take turns every microsecond, so a race shows in a few runs instead of a few hundred."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


@pytest.mark.slow
def test_python_playing_and_undoing_while_an_ai_seat_answers_keeps_a_legal_history(thread_switches_often):
    # Python plays purple's moves and takes moves back as fast as it can while the orange seat answers
    # from its thread at once (ai_pause=0): every change must go through one lock, in one order (or the
    # two threads deadlock), and an answer found for a position that is gone must not be played.
    # Before the lock: 10 of 30 runs ended with a history that is not a legal game.
    broken = []

    def drive() -> None:
        for run in range(30):
            w = BlokusWidget("duo", players={"orange": "random"}, ai_pause=0, seed=run)
            game = w.game
            for step in range(60):
                try:
                    if step % 3 == 2 and game.can_undo:
                        game.undo()
                    elif not game.is_over:
                        moves = game.legal_moves("purple") or ["pass"]
                        game.play(moves[(run + step) % len(moves)])
                except bn.BlokusError:
                    pass  # orange's turn, or the position moved on under us: the rules refuse, fine
            w.close()  # no new search; one being played now finishes under the game's lock
            with game.lock:  # a consistent snapshot: the history must replay at every moment
                if not replays(game):
                    broken.append(run)

    driver = threading.Thread(target=drive, daemon=True)
    driver.start()
    driver.join(120)
    assert not driver.is_alive(), "Python and the AI thread deadlocked"
    assert broken == []


def test_an_answer_for_a_position_that_is_gone_is_not_played():
    slow = SlowPlayer(0.2)
    w = BlokusWidget("duo", players={"orange": slow}, ai_pause=0.0)
    w.game.play(X_AT_E10)
    assert w.thinking == "orange"
    w.game.undo()
    w.game.play("e9,d10,e10,f10,e11")  # the same position again, reached anew: the search must be asked again
    assert slow.finished.wait(2)
    wait_for(lambda: len(w.game.history) == 2)
    time.sleep(0.3)
    assert len(w.game.history) == 2 and replays(w.game) and slow.calls == 2
    w.close()


# ---------------------------------------------------------------- progress: one trait to follow the game by
def test_progress_moves_on_with_every_change_of_the_game_wherever_it_comes_from():
    w = BlokusWidget("duo", players={"orange": "random"}, ai_pause=0, seed=2)
    seen = []
    w.observe(lambda change: seen.append(change["new"]), "progress")
    start = w.progress
    place(w, X_AT_E10)  # a click: purple's move, then orange's answer from the AI thread
    wait_for(lambda: len(w.game.history) == 2 and w.thinking == "")
    assert w.progress == start + 2 and seen == [start + 1, start + 2]
    w.undo()  # back to purple: both moves taken back in one step, so one change
    assert w.progress == start + 3 and w.game.history == []
    w.new_game("classic")
    assert w.progress == start + 4
    w.palette = "colorblind"  # a view preference is not progress
    w.mode = "replay"
    assert w.progress == start + 4
    w.close()


def test_a_view_echoing_progress_changes_nothing_and_gets_no_answer(duo):
    # marimo re-runs the cells that use a widget only when its view writes a trait: the view echoes progress.
    duo.game.play(X_AT_E10)
    sent = Recorder(duo)
    update(duo, {"progress": duo.progress})
    assert sent.messages == [] and duo.error == ""
    update(duo, {"progress": duo.progress + 5})  # not an echo: put back
    assert sent.updates()[-1] == {"progress": duo.progress}


def test_one_undo_of_a_move_and_the_ai_answer_moves_progress_on_once():
    w = BlokusWidget("duo", players={"orange": "greedy"}, ai_pause=0)
    w.game.play(X_AT_E10)
    wait_for(lambda: len(w.game.history) == 2)
    wait_for(lambda: not w.thinking)
    progress, version = w.progress, w.version
    w.undo()  # takes back orange's answer and purple's move: one change for marimo and observers
    assert w.game.history == [] and w.progress == progress + 1 and w.version == version + 1
    w.redo()
    assert len(w.game.history) == 2 and w.progress == progress + 2


def test_the_game_cannot_be_set_to_none():
    w = BlokusWidget("duo")
    game = w.game
    with pytest.raises(bn.ArgumentTypeError, match="new_game"):
        w.game = None
    assert w.game is game
    game.play(X_AT_E10)  # still followed
    assert w.board != "0" * 196
