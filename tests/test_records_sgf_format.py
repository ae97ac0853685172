"""records.sgf_format: Pentobi's SGF properties to games and back, strict about what is read."""

from __future__ import annotations

import csv
import json

import pytest
from data_paths import DATA

import blokus_nb as bn

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
    text = bn.records.to_sgf(game)
    again = bn.read_sgf(text)
    assert again.history == game.history
    assert again.player_names == game.player_names
    assert again.metadata["date"] == game.metadata["date"]
    assert text.startswith("(\n;GM[") and text.count("\n;") == len(game.moves) + 1


def test_annotations_and_metadata_survive_sgf():
    game = bn.Record("duo", players=["Ann", "Bob"])
    game.metadata.update(event="Cup", round="2", comment="A [tricky] one\\")
    game.play("e10")
    game.annotations[0] = {"comment": "centre", "BM": "1"}
    again = bn.read_sgf(bn.records.to_sgf(game))
    assert again.player_names == ["Ann", "Bob"]
    assert again.metadata["event"] == "Cup" and again.metadata["comment"] == "A [tricky] one\\"
    assert again.annotations == {0: {"comment": "centre", "BM": "1"}}


def test_setup_round_trips():
    game = bn.Game(setup={"blue": ["a20,b20"], "green": ["a1"]}, to_play="yellow")
    game.play("t20")
    text = bn.records.to_sgf(game)
    assert "A1[a20,b20]" in text and "A4[a1]" in text and "PL[2]" in text
    again = bn.read_sgf(text)
    assert again.setup == game.setup and again.history == game.history
    assert bn.records.game_from_json(bn.records.to_json(game)).setup == game.setup


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


def test_unknown_root_properties_and_default_names():
    game = bn.read_sgf("(;GM[Blokus Duo]PB[Ann]XY[one][two];B[e10])")
    assert game.metadata["sgf:XY"] == "one\ntwo"
    assert game.player_names == ["Ann", "Player 2"]
    text = bn.records.to_sgf(game)
    assert "XY[one][two]" in text and "PB[Ann]" in text and "PW[" not in text
    assert bn.read_sgf(text).metadata["sgf:XY"] == game.metadata["sgf:XY"]


# ---------------------------------------------------------------- records that lie
@pytest.mark.parametrize("key", ["sgf:GM", "sgf:PL", "sgf:AW", "sgf:B", "sgf:PB", "sgf:RE"])
def test_metadata_never_overrides_properties_the_game_gives(key):
    game = bn.Record("duo")
    game.play("e10")
    game.metadata[key] = "a1,a2,b2"
    with pytest.raises(bn.BlokusError, match=key):
        bn.records.to_sgf(game)
    record = json.loads(bn.records.to_json(bn.Record("duo")))
    record["metadata"] = {key: "a1,a2,b2"}
    with pytest.raises(bn.RecordError, match=key):
        bn.records.game_from_json(json.dumps(record))


def test_the_result_written_is_the_games_own():
    game = bn.read_sgf(GAMES / "duo" / "duo_L1_0007.blksgf")
    assert game.metadata["result"] == "W+13"
    game.metadata["result"] = "B+99"  # as left over from an earlier finish before an undo
    assert "RE[W+13]" in bn.records.to_sgf(game) and "B+99" not in bn.records.to_sgf(game)
    assert bn.read_sgf(bn.records.to_sgf(game)).metadata["result"] == "W+13"


def test_a_result_the_moves_do_not_give_is_kept_and_written_back():
    # An unfinished game (or a four-color one) has no result of its own: what the
    # record says is kept, written back, and read back the same (it used to be dropped).
    game = bn.read_sgf(GAMES / "duo" / "duo_L1_0007.blksgf")
    game.undo()
    assert not game.is_over and "RE[W+13]" in bn.records.to_sgf(game)
    assert bn.read_sgf(bn.records.to_sgf(game)).metadata["result"] == "W+13"
    four = bn.read_sgf("(;GM[Blokus]RE[Blue wins];1[a20])")
    assert four.metadata["result"] == "Blue wins"
    assert bn.read_sgf(bn.records.to_sgf(four)).metadata["result"] == "Blue wins"
    assert bn.records.game_from_json(bn.records.to_json(four)).metadata["result"] == "Blue wins"


def test_a_finished_sgf_whose_result_disagrees_is_refused():
    text = (GAMES / "duo" / "duo_L1_0007.blksgf").read_text().replace("RE[W+13]", "RE[B+13]")
    with pytest.raises(bn.RecordError, match=r"RE\[B\+13\] does not match the moves, which give W\+13"):
        bn.read_sgf(text)


@pytest.mark.parametrize("text, line, column, words", [
    ("(;GM[Blokus Duo]B[e10])", 1, 17, "move (B[...]) in the root node"),
    ("(;GM[Blokus]\n;1[a20][t20])", 2, 2, "1 holds 2 values"),
    ("(;GM[Blokus Duo]\n;B[e10]\n;3[j5])", 3, 2, "3[...] is not a move property of duo"),
    ("(;GM[Blokus]PB[Ann];1[a20])", 1, 13, "PB names a player, but classic has 4 players"),
    ("(;GM[Blokus Duo]AB[e10][j5];W[j10])", 1, 17, "1 piece twice"),
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


def test_a_first_player_without_setup_survives_both_formats():
    # Found by the fuzz test: PL without setup was read, then not written back.
    game = bn.read_sgf("(;GM[Blokus Duo]PL[W];W[j5])")
    assert game.history[0].color == "orange"
    assert bn.read_sgf(bn.records.to_sgf(game)).history == game.history
    assert bn.records.game_from_json(bn.records.to_json(game)).history == game.history
    assert "PL[" not in bn.records.to_sgf(bn.Game("duo")) and "to_play" not in bn.records.to_json(bn.Game("duo"))


def test_an_empty_player_name_survives_both_formats():
    # Found by the long fuzz run: P1[] was read back as "Player 1".
    game = bn.Game("duo", players=["", "Bob"])
    assert bn.read_sgf(bn.records.to_sgf(game)).player_names == ["", "Bob"]
    assert bn.records.game_from_json(bn.records.to_json(game)).player_names == ["", "Bob"]
    assert bn.read_sgf("(;GM[Blokus Duo]PW[Bob])").player_names == ["Player 1", "Bob"]


def test_a_four_color_games_recorded_result_is_written_back_as_read():
    # It used to be kept in metadata on reading and dropped on saving: a silent loss.
    classic = bn.Record("classic")
    classic.metadata["result"] = "B+3"
    assert "RE[B+3]" in bn.records.to_sgf(classic)
    assert bn.read_sgf(bn.records.to_sgf(classic)).metadata["result"] == "B+3"
