"""The widgets where no thread can start (Pyodide in a browser; here ``Thread.start`` raising as
Pyodide's does, the ``no_threads`` fixture): every background job still answers, on the asyncio
loop when one runs, else in turn."""

from __future__ import annotations

import asyncio
import threading

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
