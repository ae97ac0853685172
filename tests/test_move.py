"""Moves, their text, and the lazily built list of legal moves."""

from __future__ import annotations

import pickle
import random

import pytest

import blokus_nb as bn
from blokus_nb.move import LegalMoves, Move, parse_placement


def test_moves_compare_hash_and_print_by_value():
    a = bn.Game().parse_move("a20")
    b = Move("blue", a.placement, 20)
    assert a == b and hash(a) == hash(b) and a is not b
    assert repr(a) == "Move('blue', 'a20')" and str(a) == "a20"
    assert a != Move("yellow", a.placement, 20) and a != Move.pass_move("blue", 20)
    assert pickle.loads(pickle.dumps(a)) == a
    assert str(Move.pass_move("blue", 20)) == "pass"


def test_legal_moves_behave_as_a_list():
    game = bn.Game()
    moves = game.legal_moves()
    assert isinstance(moves, LegalMoves)
    plain = list(moves)
    assert len(moves) == len(plain) == 58
    assert moves == plain and plain == moves and moves != plain[:-1]
    assert [moves[i] for i in range(-58, 58)] == plain + plain
    assert moves[::7] == plain[::7] and moves[-1] is plain[-1]
    assert all(m in moves for m in plain) and Move.pass_move("blue", 20) not in moves
    assert bn.Game().parse_move("t20", "yellow") not in moves
    assert repr(moves) == repr(plain) and moves + [] == plain and [] + moves == plain
    with pytest.raises(IndexError):
        moves[58]
    assert pickle.loads(pickle.dumps(moves)) == plain


def test_legal_moves_can_be_changed_like_a_list():
    moves = bn.Game("duo").legal_moves()
    plain = list(moves)
    random.Random(1).shuffle(moves)
    assert moves != plain and sorted(moves, key=str) == sorted(plain, key=str)
    moves.sort(key=str)
    assert moves == sorted(plain, key=str)
    moves.append(Move.pass_move("purple", 14))
    assert len(moves) == len(plain) + 1 and moves[-1].is_pass and Move.pass_move("purple", 14) in moves
    del moves[0]
    assert len(moves) == len(plain)


def test_reading_one_move_builds_no_others():
    moves = bn.Game().legal_moves()
    moves[40]
    assert moves._items is None  # random.choice reads one move, and only that one is made


def test_moves_are_interned():
    a, b = bn.Game().legal_moves(), bn.Game().legal_moves()
    assert all(x is y for x, y in zip(a, b))


def test_the_list_is_a_snapshot_of_its_position():
    game = bn.Game("duo")
    moves = game.legal_moves()
    count = len(moves)
    game.play(moves[0])
    assert len(moves) == count and len(list(moves)) == count


def test_empty_when_the_game_is_over():
    game = bn.Game("duo")
    rng = random.Random(3)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    assert game.legal_moves() == [] and not game.legal_moves() and len(game.legal_moves()) == 0


def test_offers_checks_color_board_and_position():
    game = bn.Game("duo")
    moves = game.legal_moves()
    assert all(moves.offers(m) for m in moves)
    assert not moves.offers(game.parse_move("a1"))  # not at the start square
    assert not moves.offers(Move("orange", moves[0].placement, 14))
    assert not moves.offers(Move.pass_move("purple", 14))
    assert not moves.offers(bn.Game().legal_moves()[0])


def test_play_trusts_a_listed_move_without_checking_again(monkeypatch):
    game = bn.Game("duo")
    move = game.legal_moves()[3]

    def fail(*args):
        raise AssertionError("checked a second time")

    monkeypatch.setattr(game, "_why_illegal", fail)
    assert game.play(move) == move
    # after the position changed, the old list is not trusted: the move is checked
    with pytest.raises(AssertionError, match="second time"):
        game.play(move)


def test_a_stale_listed_move_is_still_refused():
    game = bn.Game("duo")
    moves = game.legal_moves()
    first = game.play(moves[0])
    with pytest.raises(bn.IllegalMoveError) as info:
        game.play(moves[1])  # purple's move, but orange is to play
    assert info.value.rule == "wrong-color"
    game.undo()
    game.play(moves[1])  # legal again after undo, checked again
    orange = game.legal_moves()
    game.undo()
    game.play(first)
    # same position as when orange's list was made, but reached anew: checked, and legal
    game.play(orange[0])
    assert len(game.history) == 2


def test_a_list_for_another_color_is_checked():
    game = bn.Game("duo")
    orange = game.legal_moves("orange")
    with pytest.raises(bn.IllegalMoveError) as info:
        game.play(orange[0])
    assert info.value.rule == "wrong-color"


def test_parse_placement_reads_cells_in_any_order():
    assert parse_placement("b1,a1", 20) == parse_placement("A1 B1", 20)
    assert parse_placement("pass", 14) is None


@pytest.mark.timing
@pytest.mark.parametrize("text", [",".join(["a20"] * 30000), "a20" + " " * 10**6, "x" * 10**6])
def test_over_long_move_text_is_refused_at_once(text):
    import time

    game = bn.Game()
    for call in (game.play, game.is_legal, game.parse_move, lambda t: parse_placement(t, 20)):
        start = time.perf_counter()
        try:
            call(text)
        except bn.InvalidMoveError as error:
            assert "at most 64 characters" in str(error) and len(str(error)) < 200
        else:
            assert call == game.is_legal
        assert time.perf_counter() - start < 0.05
    assert game.history == [] and not game.is_legal(text)


def test_the_longest_real_move_text_is_read():
    text = "  T20 , S19 ,  R20 ,  Q19 ,  P20  "  # read, then refused: not joined, no piece
    assert len(text) <= 64
    with pytest.raises(bn.IllegalMoveError) as info:
        bn.Game().play(text)
    assert info.value.rule == "not-a-piece"
    assert str(bn.Game().play("A20")) == "a20"


def test_over_long_text_after_the_game_is_over_keeps_the_message_short():
    game = bn.Game("duo")
    rng = random.Random(3)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    with pytest.raises(bn.IllegalMoveError) as info:
        game.play("a1," * 100000)
    assert info.value.rule == "game-over" and len(str(info.value)) < 200 and len(info.value.move) < 100


# ------------------------------------------------------------------ issue 20, class 14: moves cannot change
@pytest.mark.parametrize("name", ["placement", "color", "size", "_cells", "cells", "piece", "new_attribute"])
def test_a_move_refuses_every_change(name):
    move = bn.Game("duo").legal_moves()[0]
    before = (move.color, move.placement, move.size, move.cells)
    with pytest.raises(bn.errors.FrozenError, match="cannot be changed"):
        setattr(move, name, 0)
    with pytest.raises(AttributeError):  # a FrozenError is also an AttributeError, as Python has it
        setattr(move, name, 0)
    with pytest.raises(bn.errors.FrozenError):
        delattr(move, name)
    assert (move.color, move.placement, move.size, move.cells) == before


def test_a_move_cannot_be_initialised_again():
    move = bn.Game("duo").legal_moves()[0]
    with pytest.raises(bn.errors.FrozenError):
        move.__init__("purple", 0, 14)
    with pytest.raises(bn.errors.FrozenError):
        move.__class__ = object
    assert move == bn.Game("duo").legal_moves()[0] and str(move) != "a14"


def test_a_changed_shared_move_cannot_corrupt_other_games():
    moves = bn.Game("duo").legal_moves()
    a1 = bn.Game("duo").parse_move("a1", "purple")
    for move in moves:
        with pytest.raises(AttributeError):
            move.placement = a1.placement
    fresh = bn.Game("duo")
    assert a1 not in fresh.legal_moves()
    assert sorted(map(str, fresh.legal_moves())) == sorted(map(str, moves))


def test_a_frozen_move_still_pickles_and_copies():
    import copy

    for move in (bn.Game().legal_moves()[7], Move.pass_move("blue", 20), bn.Game("duo").parse_move("e10")):
        move.cells  # noqa: B018 - the cached cells do not get in the way
        for twin in (pickle.loads(pickle.dumps(move)), copy.copy(move), copy.deepcopy(move)):
            assert twin == move and str(twin) == str(move) and twin.cells == move.cells
            with pytest.raises(AttributeError):
                twin.placement = None


def test_an_unpickled_move_is_checked_like_a_new_one():
    class Forged:
        def __reduce__(self):
            return pickle.loads(pickle.dumps(Move("blue", 3, 20))).__reduce__()[0], ("blue", 10**9, 20)

    with pytest.raises(bn.InvalidMoveError, match="not a placement id"):
        pickle.loads(pickle.dumps(Forged()))
