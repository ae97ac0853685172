"""records.json_format: blokus-nb's JSON records, every field checked, a record that disagrees with itself refused."""

from __future__ import annotations

import json

import pytest
from data_paths import DATA
from sample_games import random_game

import blokus_nb as bn

GAMES = DATA / "pentobi" / "games"


def test_json_round_trip_and_format():
    game = random_game("classic_3", seed=4)
    game.metadata["event"] = "Club night <b>3</b>"
    game.annotations[3] = {"comment": "nice", "TE": "1"}
    record = json.loads(bn.records.to_json(game))
    assert record["format"] == "blokus-nb" and record["version"] == 1
    assert record["variant"] == "classic_3"
    assert len(record["moves"]) == len(game.history)
    assert any(m[1] == "pass" for m in record["moves"])
    again = bn.records.game_from_json(bn.records.to_json(game))
    assert again.history == game.history and again.annotations == game.annotations
    assert again.metadata == game.metadata and again.is_over


@pytest.mark.parametrize("mutate, words", [
    (lambda r: r.update(version=9), "version 9"),
    (lambda r: r.update(format="other"), "'format'"),
    (lambda r: r.update(variant="hexagonal"), "unknown variant"),
    (lambda r: r["moves"].__setitem__(1, ["yellow", "a1"]), "move 2"),
    (lambda r: r["moves"].__setitem__(1, ["red", "t1"]), "move 2: a move by 'red'"),
    (lambda r: r["moves"].__setitem__(0, "a20"), "move 1 must be"),
    (lambda r: r["result"]["points"].update(blue=99), "does not match"),
])
def test_bad_json_is_refused_clearly(mutate, words):
    record = json.loads(bn.records.to_json(random_game("classic", seed=1, moves=8)))
    mutate(record)
    with pytest.raises(bn.RecordError, match=words):
        bn.records.game_from_json(json.dumps(record))


@pytest.mark.parametrize("mutate, words", [
    (lambda r: r.update(version=True), "version True"),
    (lambda r: r.update(version=1.0), "version 1.0"),
    (lambda r: r.update(result="blue wins"), "'result' must be an object"),
    (lambda r: r["result"].update(over=True), "'over'"),
    (lambda r: r["result"].update(winners=[3]), "'winners'"),
    (lambda r: r["result"]["player_points"].update({"1": 0}), "'player_points'"),
    (lambda r: r.update(annotations=[1, 2]), "'annotations' must map"),
    (lambda r: r.update(setup=5), "'setup' must be a list"),
    (lambda r: r.update(setup=[["blue", "a20"], ["blue", "t1"]]), "1 piece twice"),
    (lambda r: r["moves"].__setitem__(0, ["blue", "a20," * 20000]), "at most 64 characters"),
])
def test_a_json_record_that_disagrees_with_itself_is_refused(mutate, words):
    record = json.loads(bn.records.to_json(random_game("classic", seed=1, moves=8)))
    mutate(record)
    with pytest.raises(bn.RecordError, match=words):
        bn.records.game_from_json(json.dumps(record))


@pytest.mark.parametrize("digits", [4300, 4301, 100_000])
def test_a_version_of_thousands_of_digits_is_a_record_error(digits):
    text = '{"format": "blokus-nb", "version": ' + "9" * digits + "}"
    with pytest.raises(bn.RecordError, match="version|not valid JSON") as info:
        bn.records.game_from_json(text)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("field", ["format", "players", "result", "moves"])
def test_a_key_given_twice_is_refused_with_its_line(field):
    # json.loads keeps the last of two equal keys: a record could say two things at once.
    lines = bn.records.to_json(random_game("duo", seed=2, moves=2)).splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(f'  "{field}"'))
    doubled = "\n".join([lines[0], f'  "{field}": null,'] + lines[1:])
    with pytest.raises(bn.RecordError, match=rf"line {index + 2}, column 3: key '{field}' is given twice"):
        bn.records.game_from_json(doubled)


def test_a_key_given_twice_inside_a_field_is_refused_too():
    record = bn.records.to_json(random_game("duo", seed=2, moves=2), indent=None)
    text = record.replace('"metadata": {}', '"metadata": {"event": "a", "event": "b"}')
    with pytest.raises(bn.RecordError, match="line 1, column .*key 'event' is given twice"):
        bn.records.game_from_json(text)
    lines = list(bn.iter_games(text + "\n" + text, errors="collect"))  # and in JSON Lines, per line
    assert [item.line for item in lines] == [1, 2] and "given twice" in lines[1].message


@pytest.mark.parametrize("value", [[], 0, "", None, [1], "x", False])
@pytest.mark.parametrize("field", ["annotations", "metadata"])
def test_annotations_and_metadata_follow_one_rule_for_their_type(field, value):
    record = json.loads(bn.records.to_json(random_game("duo", seed=2, moves=2)))
    record[field] = value
    with pytest.raises(bn.RecordError, match=f"'{field}' must map"):
        bn.records.game_from_json(json.dumps(record))


def test_a_lone_surrogate_in_json_is_refused_on_the_way_in_as_on_save():
    record = json.loads(bn.records.to_json(random_game("duo", seed=2, moves=2)))
    record["metadata"] = {"event": "\ud800"}
    with pytest.raises(bn.RecordError, match="lone surrogate"):
        bn.records.game_from_json(json.dumps(record))


def test_a_key_given_twice_in_one_game_of_a_json_list_skips_that_game_only():
    record = bn.records.to_json(random_game("duo", seed=2, moves=2))
    doubled = record.replace('"variant": "duo"', '"variant": "duo", "variant": "classic"')
    text = "[\n" + ",\n".join([record, doubled, record]) + "\n]"
    items = list(bn.iter_games(text, errors="collect"))
    assert [type(item).__name__ for item in items] == ["Record", "SkippedRecord", "Record"]
    line = text.splitlines().index(next(x for x in text.splitlines() if '"variant": "duo", "variant"' in x)) + 1
    assert items[1].line == line and "'variant' is given twice" in items[1].message
