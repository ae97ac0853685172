"""records.reading: the one reader of every format and source, and its two error policies."""

from __future__ import annotations

import io
import json

import pytest
from data_paths import DATA
from sample_games import random_game

import blokus_nb as bn

GAMES = DATA / "pentobi" / "games"


@pytest.mark.slow
def test_iter_games_streams_a_large_collection(tmp_path):
    one = (GAMES / "duo" / "duo_L1_0001.blksgf").read_text()
    path = tmp_path / "corpus.blksgf"
    path.write_text(one * 300)
    games = bn.iter_games(path)
    first = next(games)
    assert len(first.moves) == 30
    assert sum(1 for _ in games) == 299


def test_bad_file_names_the_file(tmp_path):
    path = tmp_path / "broken.blksgf"
    path.write_text("(;GM[Blokus]\n;1[a20]\n;2[b2])\n")
    with pytest.raises(bn.RecordError) as info:
        bn.load(path)
    assert info.value.source == str(path) and info.value.line == 3
    assert str(info.value).startswith(f"{path}, line 3")


def test_bad_json_lines_name_the_line(tmp_path):
    good = bn.records.to_json(random_game("duo", seed=2), indent=None)
    path = tmp_path / "corpus.jsonl"
    path.write_text(good + "\n" + good + "\n{oops\n")
    games = bn.iter_games(path)
    assert next(games) and next(games)
    with pytest.raises(bn.RecordError) as info:
        next(games)
    assert info.value.line == 3 and info.value.source == str(path)


def test_json_text_sources():
    games = [random_game("duo", seed=s, moves=6) for s in range(2)]
    assert [g.history for g in bn.iter_games(bn.records.to_json(games[0]))] == [games[0].history]
    lines = "\n".join(bn.records.to_json(g, indent=None) for g in games)
    assert [g.history for g in bn.iter_games(lines)] == [g.history for g in games]
    with pytest.raises(bn.RecordError, match="not valid JSON"):
        list(bn.iter_games('{"format": '))


def test_open_file_and_text_sources():
    text = (GAMES / "duo" / "duo_L1_0002.blksgf").read_text()
    assert len(list(bn.iter_games(io.StringIO(text + text)))) == 2
    assert bn.read_sgf(text).history == bn.read_sgf(io.StringIO(text)).history


def test_json_with_a_byte_order_mark_is_read_like_sgf(tmp_path):
    game = random_game("duo", seed=4, moves=5)
    for suffix in (".json", ".jsonl", ".blksgf"):
        path = tmp_path / f"bom{suffix}"
        bn.write_games([game], path)
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
        assert bn.load(path).history == game.history, suffix
    assert bn.records.game_from_json("\ufeff" + bn.records.to_json(game)).history == game.history


# ---------------------------------------------------------------- hostile sizes
def test_a_megabyte_move_in_a_file_is_refused_at_once(tmp_path):
    import time

    path = tmp_path / "huge.blksgf"
    path.write_text("(;GM[Blokus]\n;1[" + ",".join(["a20"] * 250_000) + "])")
    start = time.perf_counter()
    with pytest.raises(bn.RecordError, match="at most 5 cells") as info:
        bn.load(path)
    assert time.perf_counter() - start < 5
    assert (info.value.line, info.value.column) == (2, 2)


# ---------------------------------------------------------------- one reader, two error policies
def test_iter_games_collects_bad_records_with_file_and_line(tmp_path):
    good = bn.records.to_json(random_game("duo", seed=2, moves=6), indent=None)
    bad = json.loads(good)
    bad["annotations"] = [1, 2]
    path = tmp_path / "corpus.jsonl"
    path.write_bytes("\n".join([good, json.dumps(bad), "", good]).encode() + b"\n\xff{\n" + good.encode())
    items = list(bn.iter_games(path, errors="collect"))
    kinds = [type(item).__name__ for item in items]
    assert kinds == ["Record", "SkippedRecord", "Record", "SkippedRecord", "Record"]
    assert (items[1].source, items[1].line, items[1].game) == (str(path), 2, 2)
    assert (items[3].line, items[3].game) == (5, 4) and "not valid UTF-8" in items[3].message
    with pytest.raises(bn.RecordError) as info:
        list(bn.iter_games(path))
    assert info.value.line == 2
    with pytest.raises(bn.BlokusError, match="errors is 'raise' or 'collect', not 'ignore'"):
        list(bn.iter_games(path, errors="ignore"))


def test_iter_games_collect_ends_a_file_at_a_grammar_error():
    items = list(bn.iter_games("(;GM[Blokus Duo];B[e10])\n(;GM[Blokus Duo];B[e10]\n(;GM[Blokus])",
                               errors="collect"))
    assert isinstance(items[0], bn.Game) and isinstance(items[1], bn.SkippedRecord)
    assert len(items) == 2 and items[1].game == 2 and items[1].line is not None


def test_a_bad_game_in_a_json_list_is_reported_at_its_line():
    record = json.loads(bn.records.to_json(random_game("duo", seed=6, moves=4)))
    text = json.dumps([record, dict(record, version=3), record], indent=2)
    items = list(bn.iter_games(text, errors="collect"))
    assert [type(i).__name__ for i in items] == ["Record", "SkippedRecord", "Record"]
    starts = [n for n, line in enumerate(text.splitlines(), start=1) if line.startswith("  {")]
    assert (items[1].line, items[1].game) == (starts[1], 2)


def test_a_text_file_that_does_not_decode_is_a_record_error(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(bn.records.to_json(random_game("duo", seed=1, moves=3), indent=None).encode() + b"\n\xff\n")
    with open(path, encoding="utf-8") as handle:
        items = list(bn.iter_games(handle, errors="collect"))
    assert isinstance(items[-1], bn.SkippedRecord) and "not valid text" in items[-1].message
    with open(path, "rb") as handle:  # in binary mode the bad line is named
        items = list(bn.iter_games(handle, errors="collect", name="bad.jsonl"))
    assert isinstance(items[0], bn.Game) and items[1].line == 2


def test_a_file_of_no_record_type_is_skipped_when_collecting(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("not a game")
    with pytest.raises(bn.BlokusError, match="unknown record type '.txt'"):
        list(bn.iter_games(notes))
    (skipped,) = bn.iter_games(notes, errors="collect")
    assert isinstance(skipped, bn.SkippedRecord) and "unknown record type" in skipped.message


def test_a_bad_error_policy_is_refused_at_the_call_not_at_the_first_game():
    with pytest.raises(bn.BlokusError, match="errors is 'raise' or 'collect', not 'bogus'"):
        bn.iter_games("(;GM[Blokus])", errors="bogus")


def test_json_annotation_keys_are_plain_indices():
    record = json.loads(bn.records.to_json(random_game("duo", seed=3, moves=4)))
    record["annotations"] = {"\u00b2": {"comment": "squared"}}
    with pytest.raises(bn.RecordError, match="annotation"):
        list(bn.iter_games(json.dumps(record)))
    (skipped,) = bn.iter_games(json.dumps(record), errors="collect")
    assert isinstance(skipped, bn.SkippedRecord)


@pytest.mark.parametrize("mutate, words", [
    (lambda r: r.update(movse=[]), "unknown field 'movse'"),
    (lambda r: r.update(players=""), "'players' must be a list"),
    (lambda r: r.update(players=0), "'players' must be a list"),
    (lambda r: r["result"].update(winner=[1]), "unknown field 'winner' in 'result'"),
])
def test_nothing_in_a_json_record_is_silently_dropped(mutate, words):
    record = json.loads(bn.records.to_json(random_game("duo", seed=3, moves=4)))
    mutate(record)
    with pytest.raises(bn.RecordError, match=words):
        list(bn.iter_games(json.dumps(record)))


def test_a_json_file_opened_in_binary_mode_with_a_bad_byte_names_its_line():
    handle = io.BytesIO(b'{\n"format": "blokus-nb",\n"x": "\xff"}')
    handle.name = "bad.json"
    with pytest.raises(bn.RecordError) as caught:
        list(bn.iter_games(handle))
    assert caught.value.line == 3 and "not valid UTF-8" in caught.value.reason


@pytest.mark.parametrize("end", ["\r", "\r\n", "\n"])
def test_json_lines_read_the_same_from_a_file_as_from_a_string(tmp_path, end):
    games = [random_game("duo", seed=s, moves=3) for s in range(3)]
    text = end.join(bn.records.to_json(g, indent=None) for g in games) + end
    path = tmp_path / "games.jsonl"
    path.write_bytes(text.encode("utf-8"))
    from_file = list(bn.iter_games(path))
    assert [g.history for g in from_file] == [g.history for g in games]
    assert [g.history for g in bn.iter_games(text)] == [g.history for g in games]
    with open(path, "rb") as handle:
        assert len(list(bn.iter_games(handle, name="games.jsonl"))) == 3
    bad = text.replace(bn.records.to_json(games[1], indent=None), "{oops", 1)
    path.write_bytes(bad.encode("utf-8"))
    skipped = [item for item in bn.iter_games(path, errors="collect") if isinstance(item, bn.SkippedRecord)]
    assert [item.line for item in skipped] == [2]


def test_a_json_line_is_split_at_line_ends_only():
    # U+2028 may stand in a JSON string; str.splitlines() split the line there.
    game = random_game("duo", seed=1, moves=2)
    game.metadata["event"] = "line\u2028separator"
    text = bn.records.to_json(game, indent=None) + "\n" + bn.records.to_json(game, indent=None) + "\n"
    assert [g.metadata["event"] for g in bn.iter_games(text)] == ["line\u2028separator"] * 2


def test_a_byte_order_mark_before_a_later_record_does_not_end_the_file(tmp_path):
    # Files joined with cat: each brings its byte-order mark.
    one = "\ufeff(;GM[Blokus Duo];B[e10])\n"
    path = tmp_path / "joined.blksgf"
    path.write_text(one * 3, encoding="utf-8")
    assert len(list(bn.iter_games(path))) == 3 == len(list(bn.iter_games(one * 3)))
    lines = tmp_path / "joined.jsonl"
    record = "\ufeff" + bn.records.to_json(random_game("duo", seed=1, moves=2), indent=None) + "\n"
    lines.write_text(record * 3, encoding="utf-8")
    assert len(list(bn.iter_games(lines))) == 3 == len(list(bn.iter_games(record * 3)))


@pytest.mark.parametrize("name", ["missing.blksgf", "missing.json", "missing.jsonl"])
def test_a_missing_record_file_is_our_error_for_every_reader(tmp_path, name):
    path = tmp_path / name
    for read in (bn.read_tree, bn.load, lambda p: list(bn.iter_games(p))):
        with pytest.raises(bn.RecordError, match="no such file") as caught:
            read(path)
        assert isinstance(caught.value, FileNotFoundError)
    (skipped,) = bn.iter_games(path, errors="collect")
    assert skipped.game is None and "no such file" in skipped.message


# Issue 26, item 3: "JSON Lines or one document" is decided the same way for text, for files
# of either suffix, and for load_games([text]).
def _jsonl_with_bad_first_record() -> tuple[str, int]:
    import blokus_nb as bn
    good = bn.Game("duo")
    good.play(good.legal_moves()[0])
    line = json.dumps(json.loads(_game_json(good)))
    return '{"format": \n' + line + "\n" + line + "\n", 2


def _game_json(game) -> str:
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "g.json"
        bn.save(game, path)
        return path.read_text()


@pytest.mark.parametrize("where", ["text", "json", "jsonl", "open_jsonl"])
def test_a_bad_first_json_line_skips_only_itself_wherever_the_text_comes_from(tmp_path, where):
    import blokus_nb as bn
    text, _ = _jsonl_with_bad_first_record()
    if where == "text":
        source = text
    elif where == "open_jsonl":
        (tmp_path / "games.jsonl").write_text(text)
        source = open(tmp_path / "games.jsonl", "rb")
    else:
        (tmp_path / f"games.{where}").write_text(text)
        source = tmp_path / f"games.{where}"
    items = list(bn.iter_games(source, errors="collect"))
    if where == "open_jsonl":
        source.close()
    assert [type(i).__name__ for i in items] == ["SkippedRecord", "Record", "Record"]
    assert items[0].line == 1


def test_load_games_of_text_keeps_the_records_after_a_bad_first_one():
    import blokus_nb as bn
    text, good = _jsonl_with_bad_first_record()
    table = bn.analysis.load_games([text])
    assert table["game_id"].nunique() == good


def test_a_pretty_printed_document_in_a_jsonl_file_reads_as_one_game(tmp_path):
    import blokus_nb as bn
    game = bn.Game("duo")
    game.play(game.legal_moves()[0])
    pretty = json.dumps(json.loads(_game_json(game)), indent=2)
    (tmp_path / "one.jsonl").write_text(pretty)
    (tmp_path / "one.json").write_text(pretty)
    for name in ("one.jsonl", "one.json"):
        games = list(bn.iter_games(tmp_path / name))
        assert len(games) == 1 and games[0].history == game.history
