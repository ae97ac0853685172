"""Notes on moves: checked on the way in and on save, kept when blokus-nb does not interpret them.

Issue 20, classes 1 and 2: a note key naming a property blokus-nb interprets
(a move, setup, a root property) used to go into the record unchecked and
change the game; properties of move nodes blokus-nb does not interpret, and
a second comment node, used to be dropped on reading.
"""

from __future__ import annotations

import json

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sample_games import random_game

import blokus_nb as bn
from blokus_nb import sgf

INTERPRETED = ["B", "W", "1", "2", "3", "4", "AB", "AW", "A1", "A2", "A3", "A4", "AE", "PL", "GM", "C",
               "PB", "PW", "P1", "DT", "RE", "SZ", "CA", "FF", "AP", "EV"]


@pytest.mark.parametrize("suffix", [".blksgf", ".json"])
@pytest.mark.parametrize("key", INTERPRETED + ["b", "my note", "", "Ü"])
def test_a_note_key_that_would_change_the_record_is_refused_on_save(tmp_path, suffix, key):
    path = tmp_path / f"s{suffix}"
    bn.save(bn.Record("duo"), path)
    before = path.read_bytes()
    game = bn.Record("duo")
    game.play("e10")
    game.annotations[0] = {key: "d9,c10,d10,e10,d11"}
    with pytest.raises(bn.BlokusError, match=r"annotations\[0\] has key"):
        bn.save(game, path)
    assert path.read_bytes() == before


@pytest.mark.parametrize("key", INTERPRETED + ["b", "x y"])
def test_a_json_note_key_that_names_a_property_we_interpret_is_refused(key):
    record = json.loads(bn.records.to_json(random_game("duo", seed=3, moves=2)))
    record["annotations"] = {"0": {key: "j5"}}
    with pytest.raises(bn.RecordError, match=r"annotations\[0\] has key"):
        bn.records.game_from_json(json.dumps(record))


@pytest.mark.parametrize("node, message", [
    (";B[e10]DT[2026-12-01]", "DT.* a property of the whole game"),
    (";B[e10]GM[Blokus]", "GM.* a property of the whole game"),
    (";B[e10]PB[Ann]", "PB.* a property of the whole game"),
])
def test_an_sgf_move_node_with_a_root_property_is_refused(node, message):
    with pytest.raises(bn.RecordError, match=message):
        bn.read_sgf(f"(;GM[Blokus Duo]{node})")


def test_properties_we_do_not_interpret_are_kept_and_written_back(tmp_path):
    text = "(;GM[Blokus Duo]V[0.5]\n;B[e10]N[opening]LB[e10:A][j5:B]MN[1]\n;W[j5]\n)"
    game = bn.read_sgf(text)
    assert game.annotations == {0: {"N": "opening", "LB": "e10:A\nj5:B", "MN": "1"}}
    assert game.metadata["sgf:V"] == "0.5"  # a root property we do not interpret is kept too
    written = sgf.parse_tree(bn.records.to_sgf(game))
    assert written.main_line()[1].properties == {"B": ["e10"], "N": ["opening"], "LB": ["e10:A", "j5:B"],
                                                 "MN": ["1"]}
    assert written.root.get("V") == "0.5"
    for suffix in (".blksgf", ".json"):
        bn.save(game, tmp_path / f"g{suffix}")
        again = bn.load(tmp_path / f"g{suffix}")
        assert again.annotations == game.annotations and again.metadata["sgf:V"] == "0.5"


def test_a_mark_in_the_root_node_is_kept():
    game = bn.read_sgf("(;GM[Blokus Duo]TE[1];B[e10])")
    assert game.metadata["sgf:TE"] == "1" and "TE[1]" in bn.records.to_sgf(game).splitlines()[1]


def test_ae_in_the_root_is_refused_not_dropped():
    with pytest.raises(bn.RecordError, match="AE"):
        bn.read_sgf("(;GM[Blokus Duo]AB[e10]AE[e10];W[j5])")


def test_a_second_value_of_a_root_text_property_is_kept():
    game = bn.read_sgf("(;GM[Blokus Duo]DT[2026-11-30][2026-12-01];B[e10])")
    assert game.metadata["date"] == "2026-11-30\n2026-12-01"
    assert bn.read_sgf(bn.records.to_sgf(game)).metadata["date"] == game.metadata["date"]


# Keys: those a record may hold, those it may not, and random ones.
KEYS = st.sampled_from(["comment", "TE", "BM", "IT", "DO", "N", "LB", "V", "XY9"] + INTERPRETED) | st.text(
    max_size=4)
VALUES = st.text(max_size=12) | st.sampled_from(["", "\n", "a\nb", "x]y\\", "\r\n"]) | st.integers() | st.none()


@given(notes=st.dictionaries(st.integers(0, 5), st.dictionaries(KEYS, VALUES, max_size=3), max_size=3),
       suffix=st.sampled_from([".blksgf", ".json"]))
@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_notes_round_trip_or_are_refused(tmp_path, notes, suffix):
    game = random_game("duo", seed=4, moves=6)  # no passes among the first six moves
    assert not any(m.is_pass for m in game.history)
    path = tmp_path / f"n{suffix}"
    bn.save(bn.Record("duo"), path)
    before = path.read_bytes()
    game.annotations.update(notes)
    try:
        bn.save(game, path)
    except bn.BlokusError:
        assert path.read_bytes() == before  # refused before the file was touched
        return
    again = bn.load(path)

    def expected(value: str) -> str:  # SGF has one kind of line break
        return value.replace("\r\n", "\n").replace("\r", "\n") if suffix == ".blksgf" else value

    assert again.annotations == {i: {k: expected(v) for k, v in note.items()}
                                 for i, note in game.annotations.items() if note}
    assert again.history == game.history
    bn.save(again, path)  # and what was read back saves again, unchanged
    assert bn.load(path).annotations == again.annotations


@given(notes=st.dictionaries(KEYS, VALUES, max_size=3))
@settings(max_examples=examples(100), deadline=None)
def test_a_trees_notes_round_trip_or_are_refused(notes):
    tree = bn.Tree("duo")
    try:
        node = tree.add_variation("e10", notes=notes)  # checked where they come in
    except bn.BlokusError:
        assert tree.variations == []
        return
    again = bn.read_tree(bn.records.to_sgf(tree)).variations[0]
    assert again.notes == {k: v.replace("\r\n", "\n").replace("\r", "\n") for k, v in node.notes.items()}
    assert bn.read_tree(bn.records.to_json(tree)).variations[0].notes == node.notes


def test_a_board_size_the_variant_contradicts_is_refused_not_dropped():
    assert bn.read_sgf("(;GM[Blokus Duo]SZ[14];B[e10])").history  # the size it has: nothing lost
    with pytest.raises(bn.RecordError, match=r"SZ\[20\] is not the board of duo"):
        bn.read_sgf("(;GM[Blokus Duo]SZ[20];B[e10])")


# Issue 26, class 2: the notes of a move and of the node of notes only after it used to become one
# dict last-wins (the first value dropped without a word) in the game's annotations and in JSON,
# while Game.save refused the same clash between a move and its automatic pass. One rule now
# (records.notes.merge_notes): every value is kept, joined as several values of a property are.

def test_notes_merged_from_two_nodes_keep_both_values(tmp_path):
    text = "(;GM[Blokus Duo];B[e10]N[first idea]TE[1];N[second idea]TE[1]C[why])"
    game = bn.read_sgf(text)
    assert game.annotations == {0: {"N": "first idea\nsecond idea", "TE": "1", "comment": "why"}}
    record = json.loads(bn.records.to_json(bn.read_tree(text)))
    assert record["annotations"] == {"0": {"N": "first idea\nsecond idea", "TE": "1", "comment": "why"}}
    path = tmp_path / "notes.json"
    bn.save(game, path)
    assert bn.load(path).annotations == game.annotations
    assert bn.read_sgf(bn.records.to_sgf(bn.load(path))).annotations == game.annotations


def test_a_move_and_its_automatic_pass_merge_by_the_same_rule(tmp_path):
    game = random_game("classic", seed=11)
    index = next(i for i, (a, b) in enumerate(zip(game.history, game.history[1:]))
                 if not a.is_pass and b.is_pass)
    game.annotations[index] = {"N": "a move", "comment": "on the move"}
    game.annotations[index + 1] = {"N": "a pass", "comment": "on the pass"}
    path = tmp_path / "game.blksgf"
    bn.save(game, path)  # refused before: the same clash the readers resolved last-wins
    (note,) = bn.load(path).annotations.values()  # one SGF node: on the last pass after the move
    assert note == {"N": "a move\na pass", "comment": "on the move\n\non the pass"}
    bn.save(game, tmp_path / "game.json")  # JSON holds a note per history entry: nothing to merge
    assert bn.load(tmp_path / "game.json").annotations == game.annotations


def test_merge_notes_keeps_every_value_once():
    from blokus_nb.records.notes import merge_notes

    assert merge_notes([{"N": "a", "TE": "1"}, {"N": "b", "TE": "1"}, {"N": "a"}]) == {"N": "a\nb", "TE": "1"}
    assert merge_notes([{"comment": "x"}, {"comment": "y"}]) == {"comment": "x\n\ny"}
