"""analysis.tables: long and wide layouts, per-game summaries."""

from __future__ import annotations

import csv

import numpy as np
import pandas as pd
import pytest
from data_paths import DATA
from sample_games import random_game

import blokus_nb as bn
from blokus_nb import analysis

GAMES = DATA / "pentobi" / "games"


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


def test_stacking_tables_leaves_the_parts_as_they_were():
    from blokus_nb.analysis.tables import concat_tables

    both = analysis.load_games([random_game("duo", seed=s) for s in (1, 2)], progress=False)
    parts = []
    for _, part in both.groupby("game_id", observed=True):
        part = part.reset_index(drop=True)
        for column in ("game_id", "source", "player_name"):
            part[column] = part[column].cat.remove_unused_categories()
        parts.append(part)
    before = [list(p["game_id"].cat.categories) for p in parts]
    assert before == [["game_1"], ["game_2"]]
    table = concat_tables(parts)
    assert table["game_id"].nunique() == 2
    assert [list(p["game_id"].cat.categories) for p in parts] == before


# ---------------------------------------------------------------- linear in the corpus
def peak_bytes(run) -> int:
    """The most memory ``run()`` held at once, above what was held before it."""
    import tracemalloc

    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        run()
        return tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()


@pytest.mark.slow
def test_adding_a_game_costs_the_same_however_many_rows_came_before():
    from blokus_nb.analysis.metrics import GameRecord, TableBuilder

    short = GameRecord.of(random_game("duo", 3, 8))
    builder = TableBuilder()
    peaks = []
    for rows in (1_000, 20_000):
        while builder.rows < rows:
            builder.add(short, "g", "<games>")
        peaks.append(peak_bytes(lambda: builder.add(short, "g", "<games>")))
    # A full-length default list per column per game made the second peak 20 times the first.
    assert peaks[1] < 2 * peaks[0] + 20_000, peaks


@pytest.mark.slow
def test_stacking_many_one_game_parts_takes_memory_in_proportion_to_the_parts():
    part = analysis.metrics(random_game("duo", 5, 3), "g")

    def parts(n: int) -> list:
        return [part.assign(game_id=pd.Categorical([f"g{k}"] * len(part)),
                            source=pd.Categorical([f"f{k}.blksgf"] * len(part))) for k in range(n)]

    few, many = parts(60), parts(600)
    peak_few = peak_bytes(lambda: analysis.tables.concat_tables(few))
    peak_many = peak_bytes(lambda: analysis.tables.concat_tables(many))
    assert peak_many < 20 * peak_few, (peak_few, peak_many)  # ten times the parts; it was 100 times
    table = analysis.tables.concat_tables(many)
    assert list(table["game_id"].cat.categories) == [f"g{k}" for k in range(600)]
    assert table["game_id"].tolist() == [f"g{k}" for k in range(600) for _ in range(len(part))]
    assert table["source"].tolist()[-1] == "f599.blksgf"


# ------------------------------------------------------------------ issue 26, class 20: games with no moves
EMPTY = "(;GM[Blokus Duo]PB[Ann]PW[Bob])"
ONE = "(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])"


def test_a_game_with_no_moves_gets_its_row():
    summary = analysis.summarize(analysis.metrics(bn.read_sgf(EMPTY), "empty"))
    assert len(summary) == 1
    row = summary.iloc[0]
    assert (row["game_id"], row["variant"], row["moves"], row["passes"], row["finished"]) == \
        ("empty", "duo", 0, 0, False)
    assert (row["squares_purple"], row["score_purple"], row["points_orange"]) == (0, -89, 0)
    assert pd.isna(row["first_piece_purple"]) and (row["player_1"], row["player_2"]) == ("Ann", "Bob")
    assert (row["won_1"], row["won_2"], row["winners"], row["margin"]) == (0.5, 0.5, "1,2", 0)
    assert pd.isna(row["winner"])


def test_games_with_and_without_moves_are_summarized_together_however_they_are_read(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "a_empty.blksgf").write_text(EMPTY)
    (folder / "b_one.blksgf").write_text(ONE)
    (folder / "c_both.blksgf").write_text(EMPTY + ONE)
    expected = {"a_empty": 0, "b_one": 2, "c_both#1": 0, "c_both#2": 2}
    loaded = analysis.load_games(folder, progress=False, n_jobs=1)
    assert dict(analysis.summarize(loaded)[["game_id", "moves"]].values.tolist()) == expected
    for out in (tmp_path / "corpus.parquet", tmp_path / "parts"):
        analysis.analyze_corpus(folder, out=out, n_jobs=1, progress=False)
        summary = analysis.summarize(analysis.read_corpus(out))
        assert dict(summary[["game_id", "moves"]].values.tolist()) == expected, out
    only = analysis.summarize(analysis.load_games([EMPTY, EMPTY], progress=False, n_jobs=1))
    assert only["game_id"].tolist() == ["text_1", "text_2"] and only["moves"].tolist() == [0, 0]


def test_a_game_of_setup_pieces_only_is_summarized_from_its_position():
    game = bn.Game("duo", setup={"purple": ["d9,c10,d10,e10,d11"]})
    row = analysis.summarize(analysis.metrics(game, "setup")).iloc[0]
    assert (row["moves"], row["squares_purple"], row["points_purple"], row["winner"]) == (0, 5, 5, 1)
    assert row["margin"] == 5
