"""The batched engine is held to Game: the same legal placements, turns, passes and points, everywhere."""

from __future__ import annotations

import gzip
import json
import random
import time

import numpy as np
import pytest
from data_paths import DATA
from sample_games import PENTOBI_COLORS

import blokus_nb as bn
from blokus_nb.move import interned_move
from blokus_nb.vector_engine import VectorBoard, tables

VARIANTS = ("classic", "classic_2", "classic_3", "duo")
# Every test runs on both paths of the engine: numpy alone, and the compiled moves.
pytestmark = pytest.mark.usefixtures("engine_path")


def legal_ids(game: bn.Game, color: str) -> list[int]:
    return sorted(game.board.legal_placements(game.colors.index(color)))


def play_alongside(variant: str, n: int, seed: int) -> int:
    """Play ``n`` random games in a VectorBoard and in ``n`` Games at once, checking every position.

    Returns the number of (game, color) positions compared. Every color's mask is compared at
    every position, not only the color to move's.
    """
    board = VectorBoard(variant, n)
    games = [bn.Game(variant) for _ in range(n)]
    rng = random.Random(seed)
    n_colors = len(games[0].colors)
    compared = 0
    while True:
        every = board.legal_mask(np.repeat(np.arange(n), n_colors), np.tile(np.arange(n_colors), n))
        for k, game in enumerate(games):
            for ci, color in enumerate(game.colors):
                assert np.flatnonzero(every[k * n_colors + ci]).tolist() == legal_ids(game, color), (k, color)
                compared += 1
            expected = -1 if game.to_play is None else game.colors.index(game.to_play)
            assert board.to_move[k] == expected, (variant, k)
        assert board.points().tolist() == [list(g.scores("points").values()) for g in games]
        live = np.flatnonzero(board.to_move >= 0)
        if not len(live):
            return compared
        placements = []
        for k in live:
            game = games[k]
            pid = rng.choice(legal_ids(game, game.to_play))
            game.play(interned_move(game.to_play, pid, game.size))
            placements.append(pid)
        placements = np.array(placements)
        assert board.is_legal(live, placements).all()
        board.play(live, placements)
        board.advance(live)
        for k in live:
            game = games[k]
            want = [] if game.to_play is None else legal_ids(game, game.to_play)
            assert np.flatnonzero(board.masks[k]).tolist() == want


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_color_s_legal_placements_equal_game_s_over_random_games(variant):
    # 2,500 positions a variant or more (every color at every position): over 10,000 in all
    compared = play_alongside(variant, n=48 if variant == "duo" else 10, seed=VARIANTS.index(variant))
    assert compared >= 2500


@pytest.mark.parametrize("variant", ["classic_3", "duo"])
def test_the_one_game_at_a_time_path_equals_the_bit_sliced_one(variant):
    board = VectorBoard(variant, 40)
    rng = np.random.default_rng(5)
    for _ in range(30):
        live = np.flatnonzero(board.to_move >= 0)
        if not len(live):
            break
        every = np.arange(board.n)
        colors = np.full(board.n, 0) + rng.integers(0, board.n_colors, board.n)
        sliced = board._legal_sliced(every, colors)
        each = board._legal_each(every, colors)
        np.testing.assert_array_equal(sliced[0], each[0])
        np.testing.assert_array_equal(sliced[1], each[1])
        masks = board.legal_mask(live)
        board.play(live, np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
        board.advance(live)


def test_games_at_different_stages_are_stepped_apart():
    # one game started, one half-played, one finished: each follows its own rules
    board = VectorBoard("duo", 3)
    rng = np.random.default_rng(3)
    for step in range(40):
        live = np.flatnonzero(board.to_move >= 0)
        if step < 20:
            live = live[live != 0]  # game 0 waits
        if not len(live):
            break
        masks = board.legal_mask(live)
        picks = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        board.play(live, picks)
        board.advance(live)
    assert board.placed[0].sum() < board.placed[1].sum()
    fresh = VectorBoard("duo", 1)
    board.reset(np.array([False, True, False]))
    board.advance(np.array([1]), np.array([False]))
    assert (board.legal_mask(np.array([1])) == fresh.legal_mask()).all()
    assert (board.masks[1] == fresh.masks[0]).all()
    assert board.placed[1].sum() == 0 and board.placed[2].sum() > 0


@pytest.mark.parametrize("variant", ["classic", "duo"])
def test_legal_placements_match_pentobi_s_listings_at_every_position(variant):
    path = DATA / "pentobi" / "legal" / f"{variant}_L1_000{2 if variant == 'classic' else 1}.legal.jsonl.gz"
    with gzip.open(path, "rt") as handle:
        positions = [json.loads(line) for line in handle]
    board = VectorBoard(variant, 1)
    game = bn.Game(variant)
    checked = 0
    for position in positions:
        for key, expected in position["legal"].items():
            ci = game.colors.index(PENTOBI_COLORS[key])
            mask = board.legal_mask(np.array([0]), np.array([ci]))[0]
            # the bit-sliced pass too (one game alone takes the one-game-at-a-time path)
            np.testing.assert_array_equal(board._legal_sliced(np.array([0]), np.array([ci]))[0][0], mask)
            ours = {str(interned_move(game.colors[ci], int(pid), game.size)) for pid in np.flatnonzero(mask)}
            assert ours == set(expected), (position["move_number"], key)
            checked += 1
        if position["to_play"] is None:
            assert board.to_move[0] == -1
            break
        assert board.to_move[0] == game.colors.index(PENTOBI_COLORS[position["to_play"]])
        move = game.play(position["played"])
        board.play(np.array([0]), np.array([move.placement]))
        board.advance(np.array([0]))
    assert checked == sum(len(p["legal"]) for p in positions) > 60  # every listing, to the end


def perft(game: bn.Game, depth: int) -> int:
    if depth == 0 or game.is_over:
        return 1
    total = 0
    for move in game.legal_moves():
        game.play(move)
        total += perft(game, depth - 1)
        game.undo()
    return total


def test_perft_two_plies_of_duo_equals_game_s():
    # every position after Duo's first move, all 414 in one batch
    game = bn.Game("duo")
    first = np.array(sorted(game.board.legal_placements(0)))
    board = VectorBoard("duo", len(first))
    board.play(np.arange(len(first)), first)
    board.advance(np.arange(len(first)))
    assert (board.to_move == 1).all()
    assert int(board.masks.sum()) == perft(game, 2)


def test_tables_are_built_once_and_quickly():
    tables.cache_clear()
    start = time.perf_counter()
    first = tables(20)
    assert time.perf_counter() - start < 2.0
    assert tables(20) is first
    assert first.n_placements == 30433


def test_compiled_true_without_the_accelerator_says_how_to_build_it(monkeypatch):
    from blokus_nb import vector_engine

    monkeypatch.setattr(vector_engine, "compiled_moves", lambda board: None)
    with pytest.raises(bn.BlokusError, match="make accel"):
        VectorBoard("duo", 2, compiled=True)


@pytest.mark.parametrize("size", [14, 20])
def test_the_side_and_corner_rows_are_each_mask_s_cells_in_order(size):
    from blokus_nb.geometry import geometry, mask_cells
    from blokus_nb.vector_engine import _mask_rows

    geo, cells = geometry(size), size * size
    for masks in (geo.sides, geo.corners):
        rows = _mask_rows(masks, cells, fill=-1)
        assert rows.shape == (len(masks), max(len(mask_cells(m)) for m in masks))
        for mask, row in zip(masks, rows):
            assert row[row >= 0].tolist() == mask_cells(mask) and (row[len(mask_cells(mask)):] == -1).all()
