"""Notes on moves (SGF comments and marks) through Game, SGF and JSON."""

from __future__ import annotations

from sample_games import random_game

import blokus_nb as bn
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
    again = bn.read_sgf(bn.records.to_sgf(read))
    assert sorted(note["comment"] for note in again.annotations.values()) == comments
    assert again.annotations == read.annotations


def test_comment_on_a_pass_from_json_is_written_to_sgf():
    game = random_game("classic", seed=11)
    passes = [i for i, m in enumerate(game.history) if m.is_pass and i > 0]
    game.annotations[passes[0]] = {"comment": "yellow is out"}
    assert "yellow is out" in bn.records.to_sgf(game) or "is out" in bn.records.to_sgf(game)
