"""analysis.metrics: metric values by hand and by brute force, Pentobi's mobility counts, the table's shape."""

from __future__ import annotations

import gzip
import json

import pandas as pd
import pytest
from data_paths import DATA
from sample_games import PENTOBI_COLORS, random_game

import blokus_nb as bn
from blokus_nb import analysis

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
