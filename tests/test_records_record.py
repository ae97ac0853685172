"""Record: a game with what only a record has (metadata, notes, the tree it was read from)."""

from __future__ import annotations

import pickle

import pytest
from sample_games import random_game

import blokus_nb as bn
from blokus_nb.records.record import annotations_of, metadata_of, remembered_tree


def test_a_record_is_a_game_with_metadata_and_notes():
    record = bn.Record("duo", players=["Ann", "Bob"], metadata={"event": "Cup"})
    assert isinstance(record, bn.Game) and record.metadata == {"event": "Cup"}
    assert record.annotations == {} and record.tree is None
    assert repr(record).startswith("<Record duo:")
    assert metadata_of(record) is record.metadata and annotations_of(record) is record.annotations
    game = bn.Game("duo")
    assert metadata_of(game) == {} and annotations_of(game) == {} and remembered_tree(game) is None


def test_notes_follow_their_moves_through_undo_redo_and_passes():
    record = random_game("classic", seed=11)  # a finished game: passes follow some moves
    history = record.history
    last = max(i for i, m in enumerate(history) if not m.is_pass and i + 1 < len(history)
               and history[i + 1].is_pass)
    record.annotations[last] = {"comment": "on the move"}
    record.annotations[last + 1] = {"comment": "on the pass"}
    notes = dict(record.annotations)
    while len(record.history) > last:
        record.undo()
    assert all(index < last for index in record.annotations)
    seen = []
    record.subscribe(lambda game: seen.append(dict(game.annotations)))
    while record.can_redo:
        record.redo()
    assert record.annotations == notes
    assert seen[-1] == notes  # subscribers see a redone move's notes


def test_a_new_move_forgets_the_notes_taken_back():
    record = bn.Record("duo")
    record.play("e10")
    record.annotations[0] = {"comment": "centre"}
    record.undo()
    record.play("d9,c10,d10,e10,d11")
    assert record.annotations == {} and not record.can_redo


def test_copies_and_pickles_keep_their_own_notes():
    record = random_game("duo", seed=2, moves=4)
    record.metadata["event"] = "Cup"
    record.annotations[1] = {"comment": "hm"}
    record.undo()
    for other in (record.copy(), pickle.loads(pickle.dumps(record))):
        assert isinstance(other, bn.Record) and other.metadata == record.metadata
        other.metadata["event"] = "changed"
        other.redo()
        assert record.metadata["event"] == "Cup" and not record.annotations.get(3)
        assert other.history == random_game("duo", seed=2, moves=4).history


def test_a_record_of_a_game_keeps_its_start_moves_and_redo_line():
    game = bn.Game("duo", setup={"purple": ["e10"]}, to_play="orange")
    game.play("j5")
    game.play("f11,g11")
    game.undo()
    record = bn.Record.from_game(game, metadata={"round": "2"})
    assert record.history == game.history and record.setup == game.setup
    assert record.redo_line == game.redo_line and record.metadata == {"round": "2"}
    again = bn.Record.from_game(record)
    assert again is not record and again.metadata == {"round": "2"}
    with pytest.raises(bn.ArgumentTypeError):
        bn.Record.from_game("not a game")


def test_readers_give_records_and_writers_take_plain_games(tmp_path):
    game = bn.Game("duo")
    game.play("e10")
    bn.save(game, tmp_path / "g.blksgf")
    read = bn.load(tmp_path / "g.blksgf")
    assert isinstance(read, bn.Record) and read.history == game.history
    assert isinstance(bn.read_tree("(;GM[Blokus Duo];B[e10])").variations[0].game(), bn.Record)
    assert bn.records.to_sgf(game) == bn.records.to_sgf(bn.Record.from_game(game))
    assert bn.records.to_json(game) == bn.records.to_json(bn.Record.from_game(game))
