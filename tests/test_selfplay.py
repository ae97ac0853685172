"""Self-play: every game saved with its searched root moves, in the layout of Pentobi's self-play data."""

from __future__ import annotations

import csv
import gzip
import json

import pytest

import blokus_nb as bn
from blokus_nb.players import Limit
from blokus_nb.players.selfplay import INDEX_COLUMNS, self_play
from data_paths import DATA

PENTOBI = DATA / "pentobi" / "selfplay" / "duo_L6_policy"
LIMIT = Limit(simulations=12)


def rows(folder) -> list[dict]:
    with open(folder / "index.csv", newline="") as handle:
        return list(csv.DictReader(handle))


def policy(folder) -> list[dict]:
    with gzip.open(folder / "policy.jsonl.gz", "rt") as handle:
        return [json.loads(line) for line in handle]


def stable(folder) -> list[dict]:
    """The index without its timings."""
    return [{k: v for k, v in row.items() if k not in ("seconds", "mean_genmove_s", "max_genmove_s")}
            for row in rows(folder)]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("selfplay")
    self_play("mcts", "duo", games=3, out=out, seed=5, limit=LIMIT, top=5, progress=False)
    return out


def test_the_files_are_laid_out_as_pentobis(run):
    if PENTOBI.exists():
        with open(PENTOBI / "index.csv", newline="") as handle:
            assert next(csv.reader(handle)) == INDEX_COLUMNS
        with gzip.open(PENTOBI / "policy.jsonl.gz", "rt") as handle:
            theirs = json.loads(handle.readline())
        assert set(theirs) == set(policy(run)[0]) and set(theirs["positions"][0]) == \
            set(policy(run)[0]["positions"][0])
    index, lines = rows(run), policy(run)
    assert [r["file"] for r in index] == [line["file"] for line in lines] == \
        ["duo_mcts_0001.blksgf", "duo_mcts_0002.blksgf", "duo_mcts_0003.blksgf"]
    for row, line in zip(index, lines):
        game = bn.read_sgf(run / row["file"])
        placed = [str(m) for m in game.history if not m.is_pass]
        assert [p["played"] for p in line["positions"]] == placed
        assert [p["move_number"] for p in line["positions"]] == list(range(1, len(placed) + 1))
        values = [float(v) for v in row["values"].split()]
        assert len(values) == int(row["moves"]) == len(placed) and all(0 <= v <= 1 for v in values)
        points = game.player_scores("points")
        margin = points[1] - points[2]
        assert row["final_score"] == ("0" if not margin else f"B+{margin}" if margin > 0 else f"W+{-margin}")
        assert (row["variant"], row["gm"], row["level"], row["seed"]) == ("duo", "Blokus Duo", "mcts", "5")
        for position in line["positions"]:
            visits = [v for v, _, _ in position["root"]]
            assert 1 <= len(visits) <= 5 and visits == sorted(visits, reverse=True)
            assert all(isinstance(m, str) and 0 <= value <= 1 for _, value, m in position["root"])
    assert len({row["values"] for row in index}) == 3  # the games differ (explored openings)


def test_the_same_seed_gives_the_same_games_on_two_processes(run, tmp_path):
    self_play("mcts", "duo", games=3, out=tmp_path, seed=5, limit=LIMIT, top=5, n_jobs=2, progress=False)
    assert stable(tmp_path) == stable(run) and policy(tmp_path) == policy(run)


def test_resume_plays_only_the_missing_games_and_ends_as_one_run(run, tmp_path):
    first = self_play("mcts", "duo", games=1, out=tmp_path, seed=5, limit=LIMIT, top=5, progress=False)
    with pytest.raises(bn.BlokusError, match="resume=True"):
        self_play("mcts", "duo", games=3, out=tmp_path, seed=5, limit=LIMIT, progress=False)
    with pytest.raises(bn.BlokusError, match="seed 5, not 6"):
        self_play("mcts", "duo", games=3, out=tmp_path, seed=6, limit=LIMIT, resume=True, progress=False)
    # A run stopped between a game's policy line and its index row leaves a line to drop.
    with gzip.open(tmp_path / "policy.jsonl.gz", "at") as handle:
        handle.write(json.dumps({"file": "duo_mcts_0002.blksgf", "positions": []}) + "\n")
    second = self_play("mcts", "duo", games=3, out=tmp_path, seed=5, limit=LIMIT, top=5, resume=True,
                       progress=False)
    assert (first.games, second.games, second.skipped) == (1, 2, 1)
    assert stable(tmp_path) == stable(run) and policy(tmp_path) == policy(run)


def test_players_that_do_not_search_are_saved_with_no_root_moves(tmp_path):
    self_play(["greedy", "random"], "duo", games=2, out=tmp_path, seed=1, progress=False)
    assert all(p["root"] == [] for line in policy(tmp_path) for p in line["positions"])
    assert set(rows(tmp_path)[0]["values"].split()) == {"0.000"}


@pytest.mark.parametrize("options, says", [({"games": 0}, "games is a whole number of games, 1 or more"),
                                           ({"top": 0}, "top is a whole number"),
                                           ({"explore": -1}, "explore is a whole number"),
                                           ({"players": ["greedy"]}, "2 seats")])
def test_bad_options_are_refused_before_anything_is_written(tmp_path, options, says):
    kwargs = {"players": "greedy", "variant": "duo", "games": 1, "out": tmp_path / "out", "progress": False}
    with pytest.raises(bn.BlokusError, match=says):
        self_play(**{**kwargs, **options})
    assert not (tmp_path / "out").exists()
