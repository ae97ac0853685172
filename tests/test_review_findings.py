"""Findings of the review of the rules engine, game object and records (issue 2).

Each test proves a bug found in review (and now fixed), or checks through real
play a rule that other tests only check by changing the engine's state directly.
"""

from __future__ import annotations


import pytest

import blokus_nb as bn
from sample_games import random_game
from blokus_nb import sgf
from blokus_nb.records import game_to_tree


def commented(game: bn.Game) -> str:
    """The game as SGF with a comment ``c<k>`` on the node of the k-th placement."""
    tree = game_to_tree(game)
    node, k = tree.root, 0
    while node.children:
        node = node.children[0]
        node.properties["C"] = [f"c{k}"]
        k += 1
    return sgf.dumps(tree)


def test_comments_on_moves_followed_by_passes_survive_sgf():
    game = random_game("classic", seed=11)
    history = game.history
    assert any(not a.is_pass and b.is_pass for a, b in zip(history, history[1:]))
    read = bn.read_sgf(commented(game))
    comments = sorted(note["comment"] for note in read.annotations.values())
    assert len(comments) == len(game.moves)
    again = bn.read_sgf(read.to_sgf())
    assert sorted(note["comment"] for note in again.annotations.values()) == comments
    assert again.annotations == read.annotations


def test_comment_on_a_pass_from_json_is_written_to_sgf():
    game = random_game("classic", seed=11)
    passes = [i for i, m in enumerate(game.history) if m.is_pass and i > 0]
    game.annotations[passes[0]] = {"comment": "yellow is out"}
    assert "yellow is out" in game.to_sgf() or "is out" in game.to_sgf()


def test_undo_then_redo_keeps_the_moves_notes():
    game = bn.Game("duo")
    game.play("d9,c10,d10,e10,d11")
    game.annotations[0] = {"comment": "centre", "TE": "1"}
    game.undo()
    assert game.annotations == {}
    game.redo()
    assert game.annotations == {0: {"comment": "centre", "TE": "1"}}
    # a new move after undo drops the notes with the redo stack
    game.undo()
    game.play(game.legal_moves()[0])
    assert game.annotations == {}


@pytest.mark.parametrize("bad, rule, cells", [
    ("c19,d19", "no-corner-contact", "c19, d19"),
    ("b19", "piece-used", "b19"),
    ("b20,c20", "side-contact", "b20"),
])
def test_illegal_move_messages_name_the_cells(bad, rule, cells):
    game = bn.Game()
    for move in ["a20", "t20", "t1", "a1"]:
        game.play(move)
    with pytest.raises(bn.IllegalMoveError) as info:
        game.play(bad)
    assert info.value.rule == rule
    assert cells in str(info.value), str(info.value)


def test_first_move_message_names_the_cells_and_the_start_square():
    with pytest.raises(bn.IllegalMoveError) as info:
        bn.Game().play("a1,b1")
    assert "a20" in str(info.value) and "a1, b1" in str(info.value)


def setup_all_but(piece_name: str) -> bn.Game:
    """Blue has every piece but ``piece_name`` on the board (as setup), and is to play."""
    from blokus_nb.geometry import geometry
    from blokus_nb.pieces import PIECES

    geo = geometry(20)
    occupied = 0
    setup = []
    # First fit in reading order; pieces of one color never share a side.
    for piece in PIECES:
        if piece.name == piece_name:
            continue
        for pid in geo.piece_ranges[piece.index]:
            mask = geo.masks[pid]
            ring = mask | geo.sides[pid]
            if not ring & occupied:
                occupied |= ring
                setup.append(",".join(geo.cell_names(pid)))
                break
        else:  # pragma: no cover
            raise AssertionError(f"no room for {piece.name}")
    return bn.Game(setup={"blue": setup}, to_play="blue")


def test_bonus_for_all_pieces_through_play():
    game = setup_all_but("2")
    move = next(m for m in game.legal_moves() if m.piece.name == "2")
    game.play(move)
    assert not game.remaining_pieces("blue")
    assert game.scores("advanced")["blue"] == 15
    assert game.scores("points")["blue"] == 89 + 15
    assert game.scores("basic")["blue"] == 0
    game.undo()
    assert game.scores("advanced")["blue"] == -2


def test_bonus_for_the_monomino_last_through_play():
    game = setup_all_but("1")
    game.play(next(m for m in game.legal_moves() if m.piece.name == "1"))
    assert game.scores("advanced")["blue"] == 20
    assert game.scores("points")["blue"] == 109
    game.undo()
    assert game.scores("advanced")["blue"] == -1


def test_undo_takes_back_a_placement_and_the_passes_after_it():
    # tests/test_game.py checks this on a Duo game that happens to have no pass
    game = random_game("classic", seed=11)
    history = game.history
    assert any(m.is_pass for m in history)
    while game.can_undo:
        before = game.history
        last = max(i for i, m in enumerate(before) if not m.is_pass)
        move = game.undo()
        assert move == before[last]
        assert game.history == before[:last]
        assert game.to_play == move.color
    assert game.history == [] and game.to_play == "blue"
