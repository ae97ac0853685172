"""Analysis: metric values, Pentobi's mobility counts, loading every kind of source, bad records."""

from __future__ import annotations

import csv
import gzip
import io
import json
import warnings

import numpy as np
import pandas as pd
import pytest

import blokus_nb as bn
from blokus_nb import analysis
from blokus_nb.analysis.loading import AnalysisWarning
from data_paths import DATA
from sample_games import PENTOBI_COLORS, random_game

GAMES = DATA / "pentobi" / "games"
LEGAL = DATA / "pentobi" / "legal"


def brute_force(game: bn.Game) -> dict[str, dict[str, int]]:
    """Every metric straight from the definitions, through the game's legal moves."""
    reach = {c: {cell for m in game.legal_moves(c) for cell in m.indices} for c in game.colors}
    out = {}
    for color in game.colors:
        others = set().union(*(reach[c] for c in game.colors if c != color))
        out[color] = {"squares": game.squares_placed(color), "score": game.scores("advanced")[color],
                      "mobility": len(game.legal_moves(color)), "territory": len(reach[color]),
                      "exclusive": len(reach[color] - others)}
    return out


# ---------------------------------------------------------------- metric values
def test_start_positions_by_hand():
    # A piece covering the start square reaches every cell within 4 steps of it (any 5-cell
    # path is a pentomino): a quarter diamond of 15 cells in a corner, a whole one of 41 in Duo.
    classic = analysis.position_metrics(bn.Game())
    assert classic.loc["blue"].tolist() == [0, -89, 58, 15, 15]
    assert (classic == classic.loc["blue"]).all().all()
    duo = analysis.position_metrics(bn.Game("duo"))
    assert duo.loc["purple"].tolist() == duo.loc["orange"].tolist() == [0, -89, 414, 41, 41]


def test_territory_after_a_monomino_in_the_corner_by_hand():
    game = bn.Game()
    game.play("a20")
    values = analysis.position_metrics(game)
    # From the corner point b19: cells within 4 steps of b19 on the board (24), less a20,
    # a19 and b20 (the monomino and the two cells beside it).
    assert values.loc["blue", "territory"] == 21
    assert values.loc["blue", "exclusive"] == 21
    assert values.loc["blue", ["squares", "score"]].tolist() == [1, -88]
    assert values.loc["yellow"].tolist() == [0, -89, 58, 15, 15]


def test_exclusive_territory_when_two_colors_meet():
    game = bn.Game("duo")
    for move in ("e10", "j5", "f9,g9,g8", "i6,h6,h7"):
        game.play(move)
    values = analysis.position_metrics(game)
    expected = brute_force(game)
    for color in game.colors:
        assert values.loc[color].to_dict() == expected[color]
    assert values.loc["purple", "exclusive"] < values.loc["purple", "territory"]


@pytest.mark.parametrize("variant,seed", [("classic", 1), ("duo", 2), ("classic_2", 3), ("classic_3", 4)])
def test_metrics_match_brute_force_through_a_random_game(variant, seed):
    game = random_game(variant, seed)
    table = analysis.metrics(game)
    assert len(table) == len(game.history)
    replay = bn.Game(variant)
    rows = list(table.itertuples())
    checked = 0
    for index, move in enumerate(game.history):
        if not move.is_pass:
            replay.play(move)
        assert len(replay.history) >= index + 1
        if index % 7 and index != len(game.history) - 1:
            continue  # every 7th position keeps the brute force quick
        expected = brute_force(replay)
        for color in game.colors:
            for metric in analysis.METRICS:
                assert getattr(rows[index], f"{metric}_{color}") == expected[color][metric], \
                    (index, color, metric)
        checked += 1
    assert checked > 5
    final = rows[-1]
    assert [getattr(final, f"score_{c}") for c in game.colors] == list(game.scores("advanced").values())


def test_bonus_score_and_setup_positions():
    # Blue holds only the monomino after a setup of its other 20 pieces; placing it last
    # scores +20, as Game.scores counts it.
    from blokus_nb.geometry import geometry, neighbours_mask

    geo = geometry(20)
    occupied, texts = 0, []
    for piece in range(20, 0, -1):
        pid = next(p for p in geo.piece_ranges[piece]
                   if not geo.masks[p] & (occupied | neighbours_mask(occupied, 20) | 1))
        occupied |= geo.masks[pid]
        texts.append(",".join(geo.cell_names(pid)))
    game = bn.Game(setup={"blue": texts}, to_play="blue")
    assert analysis.position_metrics(game).loc["blue", ["squares", "score"]].tolist() == [88, -1]
    game.play(game.legal_moves()[0])
    table = analysis.metrics(game)
    assert table.loc[0, ["squares_blue", "score_blue", "mobility_blue", "territory_blue"]].tolist() \
        == [89, 20, 0, 0]
    assert table.loc[0, "score_blue"] == game.scores("advanced")["blue"]
    assert table.loc[0, "mobility_yellow"] == game.count_legal_moves("yellow")


def pentobi_positions(name: str) -> list[dict]:
    with gzip.open(LEGAL / name, "rt") as handle:
        return [json.loads(line) for line in handle]


@pytest.mark.parametrize("name,variant", [("classic_L1_0002.legal.jsonl.gz", "classic"),
                                          ("duo_L1_0001.legal.jsonl.gz", "duo")])
def test_mobility_is_pentobis_count_at_every_position_for_every_color(name, variant):
    positions = pentobi_positions(name)
    game = bn.Game(variant)
    for position in positions:
        if position["played"]:
            game.play(position["played"])
    table = analysis.metrics(game)
    placed = table[~table["is_pass"]].reset_index(drop=True)
    start = analysis.position_metrics(bn.Game(variant))
    checked = 0
    for position in positions:
        number = position["move_number"]  # the position before the number-th placement
        for key, moves in position["legal"].items():
            color = PENTOBI_COLORS[key.upper()]
            ours = start.loc[color, "mobility"] if number == 1 else \
                placed.loc[number - 2, f"mobility_{color}"]
            assert ours == len(moves), (number, color)
            checked += 1
    assert checked == sum(len(p["legal"]) for p in positions)


# ---------------------------------------------------------------- the table
def test_table_columns_and_dtypes():
    game = bn.read_sgf(GAMES / "duo" / "duo_L1_0001.blksgf")
    table = analysis.metrics(game, game_id="g")
    assert list(table.columns[:11]) == ["game_id", "source", "variant", "move_number", "color",
                                       "player", "player_name", "piece", "piece_size", "cells",
                                       "is_pass"]
    assert [c for c in table.columns[11:]] == [f"{m}_{c}" for c in ("purple", "orange")
                                               for m in analysis.METRICS]
    for column in ("game_id", "variant", "color", "piece", "player_name"):
        assert isinstance(table[column].dtype, pd.CategoricalDtype), column
    assert list(table["piece"].cat.categories) == [p.name for p in bn.pieces.PIECES]
    assert table["move_number"].tolist() == list(range(1, len(game.history) + 1))
    assert table["cells"].iloc[0] == str(game.history[0])
    passes = table[table["is_pass"]]
    assert passes["piece"].isna().all() and (passes["piece_size"] == 0).all()
    assert (passes["cells"] == "").all()
    assert table["player"].tolist() == [1 if m.color == "purple" else 2 for m in game.history]


def test_player_of_shared_color_in_classic_3():
    game = random_game("classic_3", 5, moves=16)
    table = analysis.metrics(game)
    greens = table[(table["color"] == "green") & ~table["is_pass"]]
    assert greens["player"].tolist()[:3] == [1, 2, 3]


def test_long_and_wide_layouts_round_trip():
    table = analysis.load_games([random_game("duo", 7, 12), random_game("classic", 8, 9)],
                                progress=False, n_jobs=1)
    long = analysis.to_long(table)
    assert set(long.columns) == {"game_id", "variant", "move_number", "mover", "color", "metric", "value"}
    assert len(long) == 12 * 2 * 5 + 9 * 4 * 5  # no rows for colors a game does not have
    wide = analysis.to_wide(long)
    for column in wide.columns[4:]:
        assert np.array_equal(wide[column].to_numpy(dtype=float), table[column].to_numpy(dtype=float),
                              equal_nan=True), column
    assert (wide["color"].astype(str) == table["color"].astype(str)).all()


def test_summary_matches_pentobis_points():
    table = analysis.load_games(GAMES / "classic", progress=False, n_jobs=1)
    summary = analysis.summarize(table)
    with open(GAMES / "classic" / "index.csv", newline="") as handle:
        index = {row["file"].removesuffix(".blksgf"): row for row in csv.DictReader(handle)}
    assert len(summary) == 20
    for row in summary.itertuples():
        expected = [int(x) for x in index[row.game_id]["final_score"].split()]
        assert [getattr(row, f"points_{c}") for c in ("blue", "yellow", "red", "green")] == expected
        assert row.moves == int(index[row.game_id]["moves"])
        assert row.finished
        best = max(expected)
        assert row.winners == ",".join(str(i + 1) for i, p in enumerate(expected) if p == best)
        assert row.margin == best - sorted(expected)[-2]
    assert summary[[f"won_{p}" for p in range(1, 5)]].sum(axis=1).round(9).eq(1).all()
    game = bn.read_sgf(GAMES / "classic" / "classic_L1_0001.blksgf")
    first = summary.set_index("game_id").loc["classic_L1_0001"]
    assert first["first_piece_blue"] == game.history[0].piece.name
    assert first["player_1"] == "Pentobi level 1"


def test_summary_of_a_team_game():
    game = random_game("classic_2", 11)
    summary = analysis.summarize(analysis.metrics(game))
    assert summary.loc[0, "player_points_1"] == game.player_scores("points")[1]
    assert summary.loc[0, "winners"] == ",".join(map(str, game.winners("points")))
    assert "player_3" not in summary.columns


# ---------------------------------------------------------------- loading every kind of source
@pytest.fixture(scope="module")
def duo_games() -> list[bn.Game]:
    return [bn.read_sgf(path) for path in sorted((GAMES / "duo").glob("*.blksgf"))[:4]]


def quiet_load(source, **kwargs) -> pd.DataFrame:
    kwargs.setdefault("progress", False)
    kwargs.setdefault("n_jobs", 1)
    with warnings.catch_warnings():
        warnings.simplefilter("error", AnalysisWarning)
        return analysis.load_games(source, **kwargs)


def test_load_every_kind_of_source(tmp_path, duo_games):
    one = GAMES / "duo" / "duo_L1_0001.blksgf"
    moves = len(duo_games[0].history)
    assert quiet_load(one)["game_id"].unique().tolist() == ["duo_L1_0001"]
    assert quiet_load(str(one))["source"].iloc[0] == str(one)
    assert quiet_load(GAMES / "duo")["game_id"].nunique() == 20
    assert quiet_load(str(GAMES / "*" / "duo_L1_000[1-3].blksgf"))["game_id"].nunique() == 3
    assert quiet_load([one, GAMES / "classic" / "classic_L1_0001.blksgf"])["game_id"].nunique() == 2
    assert len(quiet_load(duo_games[0])) == moves
    from_games = quiet_load(duo_games)
    assert from_games["game_id"].unique().tolist() == ["game_1", "game_2", "game_3", "game_4"]
    assert len(quiet_load(one.read_text())) == moves
    assert len(quiet_load(duo_games[0].to_json())) == moves  # pretty-printed JSON text
    with open(one, encoding="utf-8") as handle:
        assert len(quiet_load(handle)) == moves

    collection = tmp_path / "many.blksgf"
    bn.write_games(duo_games, collection)
    table = quiet_load(collection)
    assert table["game_id"].unique().tolist() == [f"many#{k}" for k in range(1, 5)]
    for kind in ("jsonl", "json"):
        path = tmp_path / f"many.{kind}"
        bn.write_games(duo_games, path)
        again = quiet_load(path)
        assert again.drop(columns=["game_id", "source"]).equals(table.drop(columns=["game_id", "source"]))
    text = "".join(g.to_sgf() for g in duo_games[:2])
    assert quiet_load(text)["game_id"].unique().tolist() == ["text#1", "text#2"]
    # Same file names in two folders: ids keep the folder to stay unique.
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    duo_games[0].save(tmp_path / "a" / "g.blksgf")
    duo_games[1].save(tmp_path / "b" / "g.blksgf")
    assert sorted(quiet_load([tmp_path / "a", tmp_path / "b"])["game_id"].unique()) == ["a/g", "b/g"]


def test_missing_paths_fail_at_once(tmp_path):
    with pytest.raises(FileNotFoundError, match="no such file"):
        analysis.load_games(tmp_path / "nope.blksgf", progress=False)
    with pytest.raises(FileNotFoundError, match="no files match"):
        analysis.load_games(str(tmp_path / "*.blksgf"), progress=False)
    with pytest.raises(TypeError):
        analysis.load_games(42, progress=False)


def test_an_empty_path_is_refused_not_read_as_the_current_folder(tmp_path, monkeypatch):
    # Path("") is ".": without the check, "" would load every record under the working folder.
    (tmp_path / "stray.json").write_text("{}", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for empty in ("", [""], "   "):
        with pytest.raises(FileNotFoundError, match="empty path"):
            analysis.load_games(empty, progress=False)


def test_mixed_variants_keep_every_color(duo_games):
    table = quiet_load([duo_games[0], GAMES / "classic" / "classic_L1_0001.blksgf"])
    assert analysis.metrics  # noqa: B018
    colors = [c.split("_", 1)[1] for c in table.columns if c.startswith("squares_")]
    assert colors == ["blue", "yellow", "red", "green", "purple", "orange"]
    duo_rows = table[table["variant"] == "duo"]
    assert duo_rows["squares_blue"].isna().all() and duo_rows["squares_purple"].notna().all()


def test_malformed_records_are_reported_with_file_and_line_while_the_rest_loads(tmp_path, duo_games):
    good = tmp_path / "good.blksgf"
    duo_games[0].save(good)
    # Game 2 of 3 has an illegal move on its third line; games 1 and 3 still load.
    collection = tmp_path / "collection.blksgf"
    texts = [g.to_sgf() for g in duo_games[1:4]]
    lines = texts[1].splitlines()
    lines[3] = "; W[a1,a2]"
    texts[1] = "\n".join(lines) + "\n"
    collection.write_text("".join(texts))
    bad_line = texts[0].count("\n") + 4
    broken = tmp_path / "broken.blksgf"
    broken.write_text("(;GM[Blokus Duo]\n;B[e10]\n;W[j5")  # grammar: never closed
    lines_file = tmp_path / "games.jsonl"
    lines_file.write_text(duo_games[0].to_json(indent=None) + "\n{not json}\n"
                          + duo_games[1].to_json(indent=None) + "\n")
    with pytest.warns(AnalysisWarning, match="could not be read"):
        table = analysis.load_games(tmp_path, progress=False, n_jobs=1)
    errors = {(e["source"].rsplit("/", 1)[-1], e["line"], e["game"]) for e in table.attrs["errors"]}
    assert ("collection.blksgf", bad_line, 2) in errors
    assert ("games.jsonl", 2, 2) in errors
    assert any(name == "broken.blksgf" and line is not None for name, line, _ in errors)
    assert len(errors) == 3
    loaded = set(table["game_id"].unique())
    assert {"good", "collection#1", "collection#3", "games#1", "games#3"} <= loaded
    assert "collection#2" not in loaded
    message = next(e for e in table.attrs["errors"] if e["source"].endswith("collection.blksgf"))
    assert "a1" in message["message"] and message["column"] is not None


def test_worker_processes_give_the_same_table():
    one = analysis.load_games(GAMES / "duo", n_jobs=1, progress=False)
    two = analysis.load_games(GAMES / "duo", n_jobs=2, progress=False)
    pd.testing.assert_frame_equal(one, two)


def test_progress_bar_goes_to_stderr(capsys):
    analysis.load_games(GAMES / "duo" / "duo_L1_0002.blksgf", n_jobs=1, progress=True)
    assert "analysing games" in capsys.readouterr().err


def test_read_games_yields_games_and_errors():
    from blokus_nb.analysis.loading import read_games

    items = list(read_games("(;GM[Blokus Duo];B[e10])(;GM[Chess])(;GM[Blokus])", text=True))
    assert [type(i).__name__ for i in items] == ["Game", "dict", "Game"]
    assert items[1]["game"] == 2 and items[1]["line"] == 1
    stream = io.StringIO("(;GM[Blokus Duo];B[e10])")
    stream.name = "stream.blksgf"
    assert isinstance(next(read_games(stream)), bn.Game)
