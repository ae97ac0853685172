"""The bitboard engine: its queries agree with each other, it pickles, its generated code is readable.

tests/test_engine_reference.py checks its legal moves against a slow, obvious generator.
"""

from __future__ import annotations

import inspect
import pickle
import random
import traceback

import pytest

import blokus_nb as bn
from blokus_nb.engine import PENTOMINOES, Board, _compile


def positions(variant: str, seed: int):
    """Every position of one random game, as (game, board) pairs."""
    rng = random.Random(seed)
    game = bn.Game(variant)
    while not game.is_over:
        yield game
        game.play(rng.choice(game.legal_moves()))
    yield game


@pytest.mark.parametrize("variant, seed", [("duo", 1), ("classic", 2), ("classic", 3)])
def test_count_has_and_list_agree(variant, seed):
    for game in positions(variant, seed):
        board = game.board
        for color in range(len(game.colors)):
            placements = board.legal_placements(color)
            assert board.count_legal(color) == len(placements)
            # has_legal answers at once while the monomino is in hand: it must still be right
            assert board.has_legal(color) == bool(placements)


def test_a_stuck_color_with_the_monomino_in_hand():
    board = Board(14, [0, 195])
    board.blocked[0] = board.geo.full  # nowhere to go: no attach point is free
    assert board.hand[0] & 1 and not board.has_legal(0) and board.count_legal(0) == 0


def test_boards_pickle_and_copy():
    game = bn.Game("duo")
    game.play(game.legal_moves()[10])
    board = game.board
    for other in (pickle.loads(pickle.dumps(board)), board.copy()):
        assert other.snapshot() == board.snapshot()
        assert other.legal_placements(1) == board.legal_placements(1)


@pytest.mark.parametrize("which", [0, 1, 2])
def test_generated_functions_show_their_source(which):
    function = _compile(14)[which]
    source = inspect.getsource(function)
    assert source.startswith(f"def {function.__name__}(allowed, attach, hand):")
    assert "allowed >> 14" in source
    try:
        function(None, 1, 1)  # None >> ... fails on the first shift
    except TypeError:
        shown = traceback.format_exc()
    assert "<blokus_nb.engine legal" in shown and "allowed >> 0" in shown


def test_playout_ends_with_no_color_able_to_move():
    board = bn.Game("duo").board.copy()
    played = board.playout(0, random.Random(4))
    assert played and all(not board.has_legal(c) for c in range(2))


def _king_area(mask: int, size: int, steps: int = 2) -> int:
    """Cells within ``steps`` king moves of ``mask``, computed cell by cell (the test's own way)."""
    cells = [c for c in range(size * size) if mask >> c & 1]
    out = 0
    for c in cells:
        y, x = divmod(c, size)
        for dy in range(-steps, steps + 1):
            for dx in range(-steps, steps + 1):
                if 0 <= y + dy < size and 0 <= x + dx < size:
                    out |= 1 << ((y + dy) * size + x + dx)
    return out


def test_near_narrows_the_legal_placements_to_those_attached_inside_it():
    board = bn.Game("duo").board.copy()
    rng = random.Random(3)
    for _ in range(3):
        for color in (0, 1):
            board.place(color, board.random_placement(color, rng))
    corners = board.attach(0)
    inside = 1 << (corners & -corners).bit_length() - 1  # one corner point
    every = set(board.legal_placements(0))
    narrowed = set()
    for o, bits in board.legal_bitsets(0, near=inside):
        while bits:
            low = bits & -bits
            narrowed.add(board.geo.placement_at[o][low.bit_length() - 1])
            bits ^= low
    assert narrowed and narrowed < every
    for pid in every:  # exactly the legal placements covering that corner point
        assert (pid in narrowed) == bool(board.geo.masks[pid] & inside)
    assert board.legal_bitsets(0, near=0) == [] and board.random_placement(0, random.Random(1), near=0) is None


def test_a_local_playout_answers_the_move_before_it_when_it_can():
    start = bn.Game("duo").board
    board = start.copy()
    played = board.playout(0, random.Random(5), local=1.0)
    size = start.size
    answered = 0
    replay = start.copy()
    replay.place(*played[0])
    for (_, before), (color, pid) in zip(played, played[1:]):
        area = _king_area(replay.geo.masks[before], size)
        if replay.legal_bitsets(color, near=area):
            assert replay.geo.masks[pid] & area, "a move far from the last one while a near one was legal"
            answered += 1
        replay.place(color, pid)
    assert answered > 10 and replay.snapshot() == board.snapshot()
    assert all(not board.has_legal(c) for c in range(2))


def test_a_playout_without_local_draws_as_before():
    # local=0 draws nothing more from the generator: the same seed, the same game
    runs = []
    for local in (None, 0.0):
        board = bn.Game("classic").board.copy()
        options = {} if local is None else {"local": local}
        runs.append(board.playout(0, random.Random(11), big_first=0.9, **options))
    assert runs[0] == runs[1]


def test_a_playout_with_big_first_places_a_pentomino_whenever_one_fits():
    start = bn.Game("duo").board
    board = start.copy()
    played = board.playout(0, random.Random(8), big_first=1.0)
    replay = start.copy()
    sizes = []
    for color, pid in played:
        size = bin(replay.geo.masks[pid]).count("1")
        if size < 5:
            assert not replay.legal_bitsets(color, PENTOMINOES), "a smaller piece went down while a pentomino fit"
        sizes.append(size)
        replay.place(color, pid)
    assert sizes[:6] == [5] * 6 and replay.snapshot() == board.snapshot()
    assert all(not board.has_legal(c) for c in range(2))
