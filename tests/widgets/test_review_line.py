"""Where a review board is in its game's tree: the line shown, variations tried, left, promoted, deleted."""

from __future__ import annotations

import pytest

import blokus_nb as bn
from blokus_nb.widgets.review_line import ReviewLine


def record() -> str:
    game = bn.Game("duo")
    game.play("d9,c10,d10,e10,d11")
    game.play("j5")
    game.play("e8,f8")
    game.play(str(game.legal_moves()[0]))
    return bn.records.to_sgf(game)


RECORD = record()


def other_move(line: ReviewLine) -> str:
    """A legal move from the position shown that the tree does not have there yet."""
    taken = {str(n.move) for n in line.node.variations}
    return next(str(m) for m in line.shown().legal_moves() if str(m) not in taken)


def line_at(ply: int) -> tuple[ReviewLine, bn.Game]:
    game = bn.read_sgf(RECORD)
    line = ReviewLine()
    line.follow(game)
    line.seek(ply)
    return line, game


def test_a_new_game_shows_the_end_of_its_main_line_and_seeking_stays_within_it():
    line, game = line_at(4)
    assert (line.ply(), line.length(), line.on_main_line()) == (4, 4, True)
    line.seek(99)
    assert line.ply() == 4
    line.seek(-3)
    assert line.ply() == 0 and line.shown().history == []
    assert line.follow(game) is True  # the same game: the tree and the node are kept
    game.undo()
    assert line.follow(game) is False and line.ply() == 3  # the game changed: its tree again, at its end


def test_a_variation_of_a_variation_goes_back_to_the_main_line_and_is_deleted_from_its_branch():
    line, game = line_at(1)
    line.play("i4,j4,i5,j5")
    line.play(other_move(line))
    line.seek(2)
    line.play(other_move(line))
    assert line.branch_ply() == 2 and not line.on_main_line()
    line.to_main_line()
    assert line.on_main_line() and line.ply() == 1 and line.length() == 4
    line.seek(1)
    line.play("i4,j4,i5,j5")  # followed, not added again
    assert len(line.tree.variations[0].variations) == 2
    line.delete()
    assert line.on_main_line() and line.ply() == 1
    assert [str(n.move) for n in line.tree.variations[0].variations] == ["j5"]


def test_refusals_leave_the_tree_alone():
    line, _ = line_at(4)
    with pytest.raises(bn.BlokusError, match="main line"):
        line.promote()
    with pytest.raises(bn.BlokusError, match="main line"):
        line.delete()
    with pytest.raises(bn.BlokusError, match="main line"):
        line.to_main_line()
    before = line.tree.copy()
    line.seek(2)
    with pytest.raises(bn.IllegalMoveError):
        line.play("a1")
    assert line.tree == before and line.ply() == 2


def test_promote_makes_the_line_the_main_line_and_the_game_follows_it():
    line, game = line_at(2)
    tried = other_move(line)
    line.play(tried)
    line.promote()
    made = line.game_of_tree()
    assert [str(m) for m in made.moves] == ["d9,c10,d10,e10,d11", "j5", tried]
    assert line.follow(made) is True and line.on_main_line() and line.ply() == 3
    saved = bn.Tree.from_game(made)
    assert [str(n.move) for n in list(saved.mainline())[1].variations] == [tried, "e8,f8"]
