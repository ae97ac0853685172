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
