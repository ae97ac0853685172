"""Records: Pentobi's SGF and our JSON, read, written, streamed, and refused with a location."""

from __future__ import annotations

import csv
import io
import json

import pytest

import blokus_nb as bn
from sample_games import random_game
from data_paths import DATA

GAMES = DATA / "pentobi" / "games"


def index(variant: str) -> list[dict]:
    with open(GAMES / variant / "index.csv", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("row", index("classic"), ids=lambda r: r["file"])
def test_classic_games_replay_to_pentobis_points(row):
    game = bn.read_sgf(GAMES / "classic" / row["file"])
    assert game.variant.name == "classic" and game.is_over
    assert len(game.moves) == int(row["moves"])
    expected = [int(x) for x in row["final_score"].split()]
    points = game.scores("points")
    assert [points[c] for c in game.colors] == expected
    assert all(p == 89 + a for p, a in zip(points.values(), game.scores("advanced").values()))
    assert game.player_names == ["Pentobi level 1"] * 4


@pytest.mark.parametrize("row", index("duo"), ids=lambda r: r["file"])
def test_duo_games_replay_to_pentobis_result(row):
    game = bn.read_sgf(GAMES / "duo" / row["file"])
    assert game.variant.name == "duo" and game.is_over
    assert len(game.moves) == int(row["moves"])
    points = game.player_scores("points")
    diff = points[1] - points[2]
    result = "0" if diff == 0 else f"{'B' if diff > 0 else 'W'}+{abs(diff)}"
    assert result == row["final_score"] == game.metadata["result"]


@pytest.mark.parametrize("path", sorted(GAMES.glob("*/*.blksgf"))[::7], ids=lambda p: p.name)
def test_sgf_round_trip_keeps_the_game(path):
    game = bn.read_sgf(path)
    text = game.to_sgf()
    again = bn.read_sgf(text)
    assert again.history == game.history
    assert again.player_names == game.player_names
    assert again.metadata["date"] == game.metadata["date"]
    assert text.startswith("(\n;GM[") and text.count("\n;") == len(game.moves) + 1


def test_json_round_trip_and_format():
    game = random_game("classic_3", seed=4)
    game.metadata["event"] = "Club night <b>3</b>"
    game.annotations[3] = {"comment": "nice", "TE": "1"}
    record = json.loads(game.to_json())
    assert record["format"] == "blokus-nb" and record["version"] == 1
    assert record["variant"] == "classic_3"
    assert len(record["moves"]) == len(game.history)
    assert any(m[1] == "pass" for m in record["moves"])
    again = bn.Game.from_json(game.to_json())
    assert again.history == game.history and again.annotations == game.annotations
    assert again.metadata == game.metadata and again.is_over


def test_annotations_and_metadata_survive_sgf():
    game = bn.Game("duo", players=["Ann", "Bob"])
    game.metadata.update(event="Cup", round="2", comment="A [tricky] one\\")
    game.play("e10")
    game.annotations[0] = {"comment": "centre", "BM": "1"}
    again = bn.read_sgf(game.to_sgf())
    assert again.player_names == ["Ann", "Bob"]
    assert again.metadata["event"] == "Cup" and again.metadata["comment"] == "A [tricky] one\\"
    assert again.annotations == {0: {"comment": "centre", "BM": "1"}}


def test_setup_round_trips():
    game = bn.Game(setup={"blue": ["a20,b20"], "green": ["a1"]}, to_play="yellow")
    game.play("t20")
    text = game.to_sgf()
    assert "A1[a20,b20]" in text and "A4[a1]" in text and "PL[2]" in text
    again = bn.read_sgf(text)
    assert again.setup == game.setup and again.history == game.history
    assert bn.Game.from_json(game.to_json()).setup == game.setup


def test_save_load_and_many_games(tmp_path):
    games = [random_game("duo", seed=s) for s in range(3)]
    for suffix in (".blksgf", ".json"):
        bn.save(games[0], tmp_path / f"one{suffix}")
        assert bn.load(tmp_path / f"one{suffix}").history == games[0].history
    for suffix in (".blksgf", ".jsonl", ".json"):
        assert bn.write_games(games, tmp_path / f"many{suffix}") == 3
        assert [g.history for g in bn.iter_games(tmp_path / f"many{suffix}")] == [g.history for g in games]
    with pytest.raises(bn.BlokusError, match="unknown record type"):
        bn.save(games[0], tmp_path / "game.txt")


def test_iter_games_streams_a_large_collection(tmp_path):
    one = (GAMES / "duo" / "duo_L1_0001.blksgf").read_text()
    path = tmp_path / "corpus.blksgf"
    path.write_text(one * 300)
    games = bn.iter_games(path)
    first = next(games)
    assert len(first.moves) == 30
    assert sum(1 for _ in games) == 299


def lines_of_play(node, path=()):
    """Every root-to-leaf line of a tree, as lists of nodes."""
    path = path + (node,)
    if not node.children:
        yield list(path)
    for child in node.children:
        yield from lines_of_play(child, path)


def test_books_read_and_every_variation_is_legal(shared_pentobi):
    from blokus_nb import sgf
    from blokus_nb.records import game_from_tree

    lines = 0
    for path in sorted((shared_pentobi / "books").glob("*.blksgf")):
        tree = sgf.parse_tree(path)
        game = bn.read_sgf(path)  # the main line
        assert game.moves, path.name
        assert all(note.get("TE") in ("1", "2") for note in game.annotations.values())
        for line in lines_of_play(tree.root):
            chain = [sgf.Node(n.properties) for n in line]
            for parent, child in zip(chain, chain[1:]):
                parent.children.append(child)
            assert len(game_from_tree(sgf.GameTree(chain[0])).moves) == len(line) - 1
            lines += 1
    assert lines > 20


@pytest.mark.parametrize("text, line, column, words", [
    ("(;GM[Blokus]\n;1[a20]\n;2[a1])", 3, 2, "start square t20"),
    ("(;GM[Blokus]\n;1[a20]\n;3[t1])", 3, 2, "yellow is to play"),
    ("(;GM[Go]\n;B[dd])", 1, 3, "not a Blokus variant"),
    ("(;GM[Blokus Duo]\n;B[e10]\n;W[j5];B[zz9])", 3, 8, "not a move"),
    ("(;GM[Blokus Duo]\n;B[e10]W[j5])", 2, 8, "holds 2 moves"),
    ("(;CA[UTF-8];B[e10])", 1, 1, "no GM"),
    ("(;GM[Blokus]\n;1[a20\n", None, None, ""),
])
def test_bad_sgf_names_line_and_column(text, line, column, words):
    with pytest.raises(bn.RecordError) as info:
        bn.read_sgf(text)
    error = info.value
    assert error.source == "<text>"
    if line is not None:
        assert (error.line, error.column) == (line, column), str(error)
    else:
        assert error.line is not None
    assert words in str(error)


def test_bad_file_names_the_file(tmp_path):
    path = tmp_path / "broken.blksgf"
    path.write_text("(;GM[Blokus]\n;1[a20]\n;2[b2])\n")
    with pytest.raises(bn.RecordError) as info:
        bn.load(path)
    assert info.value.source == str(path) and info.value.line == 3
    assert str(info.value).startswith(f"{path}, line 3")


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
    record = json.loads(random_game("classic", seed=1, moves=8).to_json())
    mutate(record)
    with pytest.raises(bn.RecordError, match=words):
        bn.Game.from_json(json.dumps(record))


def test_bad_json_lines_name_the_line(tmp_path):
    good = random_game("duo", seed=2).to_json(indent=None)
    path = tmp_path / "corpus.jsonl"
    path.write_text(good + "\n" + good + "\n{oops\n")
    games = bn.iter_games(path)
    assert next(games) and next(games)
    with pytest.raises(bn.RecordError) as info:
        next(games)
    assert info.value.line == 3 and info.value.source == str(path)


def test_json_text_sources():
    games = [random_game("duo", seed=s, moves=6) for s in range(2)]
    assert [g.history for g in bn.iter_games(games[0].to_json())] == [games[0].history]
    lines = "\n".join(g.to_json(indent=None) for g in games)
    assert [g.history for g in bn.iter_games(lines)] == [g.history for g in games]
    with pytest.raises(bn.RecordError, match="not valid JSON"):
        list(bn.iter_games('{"format": '))


def test_open_file_and_text_sources():
    text = (GAMES / "duo" / "duo_L1_0002.blksgf").read_text()
    assert len(list(bn.iter_games(io.StringIO(text + text)))) == 2
    assert bn.read_sgf(text).history == bn.read_sgf(io.StringIO(text)).history


def test_unknown_root_properties_and_default_names():
    game = bn.read_sgf("(;GM[Blokus Duo]PB[Ann]XY[one][two];B[e10])")
    assert game.metadata["sgf:XY"] == "one\ntwo"
    assert game.player_names == ["Ann", "Player 2"]
    text = game.to_sgf()
    assert "XY[one][two]" in text and "PB[Ann]" in text and "PW[" not in text
    assert bn.read_sgf(text).metadata["sgf:XY"] == game.metadata["sgf:XY"]


# ---------------------------------------------------------------- saving never destroys a file
def _stale(game: bn.Game) -> None:
    game.metadata["sgf:xx"] = "v"  # not an SGF identifier


def _surrogate(game: bn.Game) -> None:
    game.player_names[0] = "Ann\udc80"


def _number(game: bn.Game) -> None:
    game.metadata["round"] = 3


def _not_json(game: bn.Game) -> None:
    game.metadata["when"] = object()


def _lying_property(game: bn.Game) -> None:
    game.metadata["sgf:GM"] = "Chess"


@pytest.mark.parametrize("suffix", [".blksgf", ".json", ".jsonl"])
@pytest.mark.parametrize("spoil", [_stale, _surrogate, _number, _not_json, _lying_property])
def test_a_failed_save_leaves_the_old_file_untouched(tmp_path, suffix, spoil):
    game = random_game("duo", seed=3, moves=6)
    path = tmp_path / f"a{suffix}"
    bn.write_games([game], path)
    before = path.read_bytes()
    spoil(game)
    with pytest.raises(bn.BlokusError):
        bn.write_games([game], path)
    with pytest.raises(bn.BlokusError):
        game.save(path) if suffix != ".jsonl" else bn.save(game, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left behind


@pytest.mark.parametrize("suffix", [".blksgf", ".json", ".jsonl"])
def test_a_game_source_that_fails_halfway_leaves_the_old_file_untouched(tmp_path, suffix):
    path = tmp_path / f"corpus{suffix}"
    bn.write_games([random_game("duo", seed=1, moves=4)], path)
    before = path.read_bytes()

    def games():
        yield random_game("duo", seed=2, moves=4)
        raise RuntimeError("the database went away")

    with pytest.raises(RuntimeError):
        bn.write_games(games(), path)
    assert path.read_bytes() == before and len(list(tmp_path.iterdir())) == 1


def test_a_new_file_keeps_the_old_files_mode(tmp_path):
    path = tmp_path / "a.json"
    bn.save(bn.Game("duo"), path)
    path.chmod(0o640)
    bn.save(bn.Game("duo"), path)
    assert path.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize("suffix", [".blksgf", ".json"])
def test_what_save_accepts_load_reads_back(tmp_path, suffix):
    game = random_game("duo", seed=5, moves=6)
    game.metadata.update(round="3", event="Cup", date="2026-11-30")
    game.save(tmp_path / f"g{suffix}")
    again = bn.load(tmp_path / f"g{suffix}")
    assert again.history == game.history
    assert {k: v for k, v in again.metadata.items() if k != "application"} == game.metadata


# ---------------------------------------------------------------- records that lie
@pytest.mark.parametrize("key", ["sgf:GM", "sgf:PL", "sgf:AW", "sgf:B", "sgf:PB", "sgf:RE"])
def test_metadata_never_overrides_properties_the_game_gives(key):
    game = bn.Game("duo")
    game.play("e10")
    game.metadata[key] = "a1,a2,b2"
    with pytest.raises(bn.BlokusError, match=key):
        game.to_sgf()
    record = json.loads(bn.Game("duo").to_json())
    record["metadata"] = {key: "a1,a2,b2"}
    with pytest.raises(bn.RecordError, match=key):
        bn.Game.from_json(json.dumps(record))


def test_the_result_written_is_the_games_own():
    game = bn.read_sgf(GAMES / "duo" / "duo_L1_0007.blksgf")
    assert game.metadata["result"] == "W+13"
    game.metadata["result"] = "B+99"  # as left over from an earlier finish before an undo
    assert "RE[W+13]" in game.to_sgf() and "B+99" not in game.to_sgf()
    game.undo()
    assert not game.is_over and "RE[B+99]" in game.to_sgf()  # an unfinished game keeps the user's


def test_a_finished_sgf_whose_result_disagrees_is_refused():
    text = (GAMES / "duo" / "duo_L1_0007.blksgf").read_text().replace("RE[W+13]", "RE[B+13]")
    with pytest.raises(bn.RecordError, match=r"RE\[B\+13\] does not match the moves, which give W\+13"):
        bn.read_sgf(text)


@pytest.mark.parametrize("mutate, words", [
    (lambda r: r.update(version=True), "version True"),
    (lambda r: r.update(version=1.0), "version 1.0"),
    (lambda r: r.update(result="blue wins"), "'result' must be an object"),
    (lambda r: r["result"].update(over=True), "'over'"),
    (lambda r: r["result"].update(winners=[3]), "'winners'"),
    (lambda r: r["result"]["player_points"].update({"1": 0}), "'player_points'"),
    (lambda r: r.update(annotations=[1, 2]), "'annotations' must map"),
    (lambda r: r.update(setup=5), "'setup' must be a list"),
    (lambda r: r.update(setup=[["blue", "a20"], ["blue", "t1"]]), "piece 1 twice"),
    (lambda r: r["moves"].__setitem__(0, ["blue", "a20," * 20000]), "at most 64 characters"),
])
def test_a_json_record_that_disagrees_with_itself_is_refused(mutate, words):
    record = json.loads(random_game("classic", seed=1, moves=8).to_json())
    mutate(record)
    with pytest.raises(bn.RecordError, match=words):
        bn.Game.from_json(json.dumps(record))


@pytest.mark.parametrize("digits", [4300, 4301, 100_000])
def test_a_version_of_thousands_of_digits_is_a_record_error(digits):
    text = '{"format": "blokus-nb", "version": ' + "9" * digits + "}"
    with pytest.raises(bn.RecordError, match="version|not valid JSON") as info:
        bn.Game.from_json(text)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("text, line, column, words", [
    ("(;GM[Blokus Duo]B[e10])", 1, 17, "move (B[...]) in the root node"),
    ("(;GM[Blokus]\n;1[a20][t20])", 2, 2, "1 holds 2 values"),
    ("(;GM[Blokus Duo]\n;B[e10]\n;3[j5])", 3, 2, "3[...] is not a move property of duo"),
    ("(;GM[Blokus]PB[Ann];1[a20])", 1, 13, "PB names a player, but classic has 4 players"),
    ("(;GM[Blokus Duo]AB[e10][j5];W[j10])", 1, 17, "piece 1 twice"),
    ("(;GM[Blokus Duo];B[e10]) junk", 1, 26, "found 'junk'"),
    ("(;GM[Blokus Duo];B[e10])(;GM[Blokus Duo]", 1, 41, "unexpected end of file"),
])
def test_nothing_in_an_sgf_record_is_silently_dropped(text, line, column, words):
    with pytest.raises(bn.RecordError) as info:
        bn.read_sgf(text)
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert words in str(info.value)


@pytest.mark.parametrize("text", ["", "   ", "\ufeffGM[Blokus]", ";GM[Blokus]", "GM[Blokus]" * 500])
def test_read_sgf_reads_text_that_is_not_a_game_as_text(text):
    with pytest.raises(bn.RecordError):
        bn.read_sgf(text)


def test_read_sgf_tells_text_from_file_names(tmp_path, monkeypatch):
    assert bn.read_sgf("\ufeff(;GM[Blokus Duo];B[e10])").history[0].cells == ("e10",)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.blksgf").write_text("(;GM[Blokus Duo];B[e10])")
    assert len(bn.read_sgf("g.blksgf").history) == 1
    with pytest.raises(FileNotFoundError):
        bn.read_sgf("missing.blksgf")


def test_json_with_a_byte_order_mark_is_read_like_sgf(tmp_path):
    game = random_game("duo", seed=4, moves=5)
    for suffix in (".json", ".jsonl", ".blksgf"):
        path = tmp_path / f"bom{suffix}"
        bn.write_games([game], path)
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
        assert bn.load(path).history == game.history, suffix
    assert bn.Game.from_json("\ufeff" + game.to_json()).history == game.history


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


def test_a_value_of_escapes_takes_little_memory():
    import tracemalloc

    from blokus_nb import sgf

    text = "(;GM[Blokus]C[" + "\\]" * 500_000 + "])"
    tracemalloc.start()
    try:
        tree = sgf.parse_tree(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert tree.root.get("C") == "]" * 500_000
    assert peak < 8 * len(text)  # the old regex held ~150 bytes per escape: 75 MB here


# ---------------------------------------------------------------- one reader, two error policies
def test_iter_games_collects_bad_records_with_file_and_line(tmp_path):
    good = random_game("duo", seed=2, moves=6).to_json(indent=None)
    bad = json.loads(good)
    bad["annotations"] = [1, 2]
    path = tmp_path / "corpus.jsonl"
    path.write_bytes("\n".join([good, json.dumps(bad), "", good]).encode() + b"\n\xff{\n" + good.encode())
    items = list(bn.iter_games(path, errors="collect"))
    kinds = [type(item).__name__ for item in items]
    assert kinds == ["Game", "SkippedRecord", "Game", "SkippedRecord", "Game"]
    assert (items[1].source, items[1].line, items[1].game) == (str(path), 2, 2)
    assert (items[3].line, items[3].game) == (5, 4) and "not valid UTF-8" in items[3].message
    with pytest.raises(bn.RecordError) as info:
        list(bn.iter_games(path))
    assert info.value.line == 2
    with pytest.raises(bn.BlokusError, match="errors='ignore'"):
        list(bn.iter_games(path, errors="ignore"))


def test_iter_games_collect_ends_a_file_at_a_grammar_error():
    items = list(bn.iter_games("(;GM[Blokus Duo];B[e10])\n(;GM[Blokus Duo];B[e10]\n(;GM[Blokus])",
                               errors="collect"))
    assert isinstance(items[0], bn.Game) and isinstance(items[1], bn.SkippedRecord)
    assert len(items) == 2 and items[1].game == 2 and items[1].line is not None


def test_a_first_player_without_setup_survives_both_formats():
    # Found by the fuzz test: PL without setup was read, then not written back.
    game = bn.read_sgf("(;GM[Blokus Duo]PL[W];W[j5])")
    assert game.history[0].color == "orange"
    assert bn.read_sgf(game.to_sgf()).history == game.history
    assert bn.Game.from_json(game.to_json()).history == game.history
    assert "PL[" not in bn.Game("duo").to_sgf() and "to_play" not in bn.Game("duo").to_json()


def test_a_bad_game_in_a_json_list_is_reported_at_its_line():
    record = json.loads(random_game("duo", seed=6, moves=4).to_json())
    text = json.dumps([record, dict(record, version=2), record], indent=2)
    items = list(bn.iter_games(text, errors="collect"))
    assert [type(i).__name__ for i in items] == ["Game", "SkippedRecord", "Game"]
    starts = [n for n, line in enumerate(text.splitlines(), start=1) if line.startswith("  {")]
    assert (items[1].line, items[1].game) == (starts[1], 2)
