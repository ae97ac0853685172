"""The widgets where no thread can start (Pyodide in a browser; here ``Thread.start`` raising as
Pyodide's does, the ``no_threads`` fixture): every background job still answers, on the asyncio
loop when one runs, else in turn."""

from __future__ import annotations

import asyncio
import threading

import pandas as pd
import pytest
from data_paths import DATA

import blokus_nb as bn
from blokus_nb.players import Limit
from blokus_nb.puzzles import Puzzle
from blokus_nb.widgets import BlokusWidget, PuzzleWidget
from blokus_nb.widgets._jobs import how_jobs_run
from widgets.helpers import custom

X_AT_E10 = "e9,d10,e10,f10,e11"  # purple's X on its Duo start square
V = [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]]  # the 5x3 puzzle of test_puzzle.py: L, P and V
LIMIT = Limit(simulations=15)


def place(widget: BlokusWidget, move: str) -> None:
    custom(widget, {"type": "place", "move": move, "color": widget.to_play, "version": widget.version})


def short_game() -> bn.Game:
    game = bn.read_sgf(DATA / "pentobi" / "games" / "duo" / "duo_L1_0001.blksgf")
    while len(game.moves) > 8:
        game.undo()
    return bn.records.game_from_json(bn.records.to_json(game))


async def until(condition, timeout: float = 60.0) -> None:
    """Wait on the loop (so the jobs given to it run) until ``condition()``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.01)


@pytest.fixture(autouse=True)
def threads_before(no_threads):
    before = threading.active_count()
    yield no_threads
    assert threading.active_count() == before  # nothing started a thread


# ---------------------------------------------------------------- no loop: in turn
def test_an_ai_seat_answers_in_turn(no_threads):
    w = BlokusWidget("duo", players={"orange": "random"}, ai_pause=0.5, seed=1)
    assert how_jobs_run() == "in turn"
    place(w, X_AT_E10)
    assert len(w.game.history) == 2 and w.game.history[1].color == "orange"  # answered before the handler returned
    assert w.thinking == "" and w.error == "" and w.to_play == "purple"
    assert no_threads == ["blokus-nb thread check"]  # found out once, never tried again
    w.close()


def test_computer_seats_play_a_whole_classic_game_in_turn_without_recursing():
    w = BlokusWidget("classic", players={c: "random" for c in ("blue", "yellow", "red", "green")}, seed=2)
    assert w.game.is_over and w.thinking == "" and w.error == ""
    w.close()


def test_a_hint_comes_in_turn():
    w = BlokusWidget("duo", hint_player="greedy")
    custom(w, {"type": "hint", "version": w.version})
    assert w.game.is_legal(w.hint["move"]) and w.thinking == ""
    w.close()


def test_a_puzzle_hint_and_solution_come_in_turn():
    w = PuzzleWidget(Puzzle((5, 3), ["L", "P", "V"]))
    custom(w, {"type": "place", "piece": "V5", "cells": V, "version": w.version})
    custom(w, {"type": "hint", "version": w.version})
    assert w.hint["found"] and "Hint: the L5" in w.message
    custom(w, {"type": "solution", "version": w.version})
    assert w.solved and w.puzzle.is_solved and w.thinking == ""
    w.close()


@pytest.mark.slow
def test_a_review_and_the_engine_line_complete_in_turn():
    w = BlokusWidget(game=short_game(), mode="review", review_limit=LIMIT)
    assert w.review["status"] == "done" and w.review["done"] == 8
    custom(w, {"type": "seek", "index": 3})
    custom(w, {"type": "engine-line", "version": w.version})
    line = w.review["position"]["engine_line"]
    assert w.error == "" and len(line) == 4 and line[0]["move"] == w.review["moves"][3]["best"]
    w.close()


def test_a_failing_seat_is_reported_in_turn():
    class Broken:
        name = "broken"

        def choose_move(self, game, limit=None):
            raise ZeroDivisionError("no move today")

    w = BlokusWidget("duo", players={"orange": Broken()})
    place(w, X_AT_E10)
    assert "orange (broken) failed: ZeroDivisionError: no move today" in w.error
    assert w.seats["orange"] == "human" and w.thinking == ""
    w.close()


# ---------------------------------------------------------------- on the kernel's asyncio loop
def test_an_ai_seat_answers_on_the_loop_after_the_view_is_told():
    async def play() -> None:
        assert how_jobs_run() == "loop"
        w = BlokusWidget("duo", players={"orange": "random"}, ai_pause=0.1, seed=1)
        place(w, X_AT_E10)
        assert w.thinking == "orange" and len(w.game.history) == 1  # the handler returned first
        place(w, "j3,i4,j4,k4,j5")  # a view trying to move for the computer meanwhile
        assert "played by the computer" in w.error
        await until(lambda: len(w.game.history) == 2)
        assert w.game.history[1].color == "orange" and w.thinking == ""
        w.close()

    asyncio.run(play())


def test_undo_on_the_loop_drops_the_answer_and_the_latest_job_wins():
    async def play() -> None:
        w = BlokusWidget("duo", players={"orange": "random"}, ai_pause=0.0, seed=1)
        place(w, X_AT_E10)
        assert w.thinking == "orange"
        w.undo()  # before the search had its turn: it never runs, and nothing is played
        assert w.thinking == "" and len(w.game.history) == 0
        await asyncio.sleep(0.05)
        assert len(w.game.history) == 0
        place(w, X_AT_E10)
        await until(lambda: len(w.game.history) == 2)
        w.close()

    asyncio.run(play())


@pytest.mark.slow
def test_a_review_and_a_puzzle_solution_complete_on_the_loop():
    async def work() -> None:
        board = BlokusWidget(game=short_game(), mode="review", review_limit=LIMIT)
        assert board.review["status"] == "running"
        await until(lambda: board.review["status"] == "done")
        assert board.review["done"] == 8
        puzzle = PuzzleWidget(Puzzle((5, 3), ["L", "P", "V"]))
        custom(puzzle, {"type": "solution", "version": puzzle.version})
        assert puzzle.thinking == "solution"
        await until(lambda: puzzle.solved)
        board.close()
        puzzle.close()

    asyncio.run(work())


# ---------------------------------------------------------------- long jobs give the loop back (issue 45)
def finished_duo() -> bn.Game:
    return bn.read_sgf(DATA / "pentobi" / "games" / "duo" / "duo_L1_0001.blksgf")


def test_stop_is_handled_within_a_position_of_a_review_on_the_loop():
    async def work() -> dict:
        w = BlokusWidget(game=finished_duo(), mode="review", review_limit=Limit(simulations=40))
        loop = asyncio.get_running_loop()
        asked = loop.time()
        seen: dict = {}

        def stop() -> None:
            seen["late"] = loop.time() - asked - 0.3  # how long the loop was held past the Stop's time
            custom(w, {"type": "stop-review"})
            seen["status"], seen["error"], seen["done"] = w.review["status"], w.error, w.review["done"]

        loop.call_later(0.3, stop)
        await until(lambda: "status" in seen)
        await asyncio.sleep(0.3)
        seen["after"], seen["total"], seen["busy"] = w.review["done"], w.review["total"], w._jobs.busy
        w.close()
        return seen

    seen = asyncio.run(work())
    assert seen["status"] == "stopped" and seen["error"] == ""  # accepted, not "no review is running"
    assert seen["late"] < 1.0  # a slice of a search, not the whole review (about 9 s here)
    assert seen["after"] == seen["done"] < seen["total"] and not seen["busy"]  # nothing more after Stop


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::tqdm.TqdmMonitorWarning")  # the blocking review's bar, without threads
def test_a_review_stopped_and_resumed_on_the_loop_finds_what_the_blocking_review_finds():
    game = short_game()

    async def work() -> pd.DataFrame:
        w = BlokusWidget(game=game.copy(), mode="review", review_limit=LIMIT)
        await until(lambda: w.review["done"] >= 2)
        custom(w, {"type": "stop-review"})
        assert w.review["status"] == "stopped" and w.review["done"] < 8
        custom(w, {"type": "review", "version": w.version})
        await until(lambda: w.review["status"] == "done")
        frame = w.review_frame()
        w.close()
        return frame

    frame = asyncio.run(work())
    pd.testing.assert_frame_equal(frame, bn.analysis.review(game, limit=LIMIT, progress=False), check_like=True)


def test_a_long_ai_search_on_the_loop_lets_an_undo_through_and_ends():
    async def work() -> tuple[float, int, str]:
        w = BlokusWidget("duo", players={"orange": "hard"}, ai_limit=Limit(simulations=10**6), ai_pause=0.0)
        loop = asyncio.get_running_loop()
        place(w, X_AT_E10)
        assert w.thinking == "orange"
        await asyncio.sleep(0.3)  # the search runs in slices: this sleep ends between two of them
        started = loop.time()
        w.undo()  # cancels the search: its steps are closed, the player's lock let go
        late = loop.time() - started
        await asyncio.sleep(0.1)
        result = late, len(w.game.history), w.thinking
        w.close()
        return result

    late, played, thinking = asyncio.run(work())
    assert late < 0.5 and played == 0 and thinking == ""


def test_an_ai_seat_and_a_hint_on_the_loop_are_the_blocking_answers():
    from blokus_nb.widgets.seats import suggest

    limit = Limit(simulations=200)

    def hinter(seed: int) -> bn.players.MCTSPlayer:
        return bn.players.MCTSPlayer(seed=seed, limit=limit)

    async def work() -> tuple[str, dict]:
        w = BlokusWidget("duo", players={"orange": bn.players.make_player("hard", seed=5)}, ai_limit=limit,
                         ai_pause=0.0)
        place(w, X_AT_E10)
        await until(lambda: len(w.game.history) == 2)
        w.hint_player = hinter(6)
        custom(w, {"type": "hint", "version": w.version})
        await until(lambda: w.hint != {})
        answer, hint = str(w.game.history[1]), dict(w.hint)
        w.close()
        return answer, hint

    answer, hint = asyncio.run(work())
    after = bn.Game("duo")
    after.play(X_AT_E10)
    assert answer == str(bn.players.make_player("hard", seed=5).choose_move(after, limit))
    after.play(answer)
    expected = suggest(after, hinter(6), None)
    assert hint["move"] == expected["move"] and hint["reasons"] == expected["reasons"]
