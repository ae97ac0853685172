"""Self-play: every game saved with its searched root moves, in the layout of Pentobi's self-play data."""

from __future__ import annotations

import csv
import gzip
import json

import pytest
from budget import examples
from data_paths import DATA

import blokus_nb as bn
from blokus_nb.players import Limit
from blokus_nb.players.selfplay import INDEX_COLUMNS, self_play

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


@pytest.mark.slow
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


@pytest.mark.pools
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


# ------------------------------------------------------------------- resuming what an interruption left
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import textwrap  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

CHEAP = {"players": "random", "variant": "duo", "progress": False}


def cheap(folder, games, **options):
    return self_play(**{**CHEAP, "games": games, "out": folder, **options})


@pytest.fixture(scope="module")
def whole(tmp_path_factory):
    """Four cheap games with seed 3, never interrupted."""
    out = tmp_path_factory.mktemp("whole")
    cheap(out, 4, seed=3)
    return out


def consistent(folder) -> list[str]:
    """The files of a self-play folder, checked to agree: each game once in the index, once in the
    policy, and as a record whose placements are the policy's."""
    index, lines = rows(folder), policy(folder)
    files = [row["file"] for row in index]
    assert len(set(files)) == len(files) and sorted(files) == sorted(line["file"] for line in lines)
    records = sorted(p.name for p in Path(folder).glob("*.blksgf"))
    assert set(files) <= set(records)
    for row, line in zip(sorted(index, key=lambda r: r["file"]), sorted(lines, key=lambda r: r["file"])):
        assert list(row) == INDEX_COLUMNS and None not in row.values()
        placed = [str(m) for m in bn.read_sgf(Path(folder) / row["file"]).history if not m.is_pass]
        assert [p["played"] for p in line["positions"]] == placed
        assert int(row["moves"]) == len(placed) == len(row["values"].split())
    return files


def test_resume_without_a_seed_takes_the_recorded_one(whole, tmp_path):
    cheap(tmp_path, 2)
    seed = rows(tmp_path)[0]["seed"]
    report = cheap(tmp_path, 4, resume=True)  # as the README writes it: no seed
    assert (report.games, report.skipped) == (2, 2)
    assert {row["seed"] for row in rows(tmp_path)} == {seed}
    assert consistent(tmp_path) == [f"duo_random_{k:04d}.blksgf" for k in range(1, 5)]
    again = tmp_path / "again"
    cheap(again, 4, seed=int(seed))
    assert stable(tmp_path) == stable(again)


def test_a_row_cut_short_is_played_again_and_never_glued_to_the_next(whole, tmp_path):
    cheap(tmp_path, 3, seed=3)
    index = tmp_path / "index.csv"
    index.write_bytes(index.read_bytes()[:-25])  # the last row lost its end
    report = cheap(tmp_path, 4, seed=3, resume=True)
    assert (report.games, report.skipped) == (2, 2)
    assert index.read_bytes().count(b"\n") == 5
    assert consistent(tmp_path) and stable(tmp_path) == stable(whole)
    assert policy(tmp_path) == policy(whole)


def test_an_index_that_is_empty_or_only_part_of_its_header_is_started_again(whole, tmp_path):
    for kept in (0, 10):
        folder = tmp_path / str(kept)
        cheap(folder, 4, seed=3)
        index = folder / "index.csv"
        index.write_bytes(index.read_bytes()[:kept])
        assert cheap(folder, 4, seed=3, resume=True).games == 4
        assert stable(folder) == stable(whole) and policy(folder) == policy(whole)


@pytest.mark.parametrize("header", ["name,size\n", ",".join(INDEX_COLUMNS[:-1]) + "\n",
                                    ",".join(reversed(INDEX_COLUMNS)) + "\n"])
def test_a_foreign_index_is_refused_and_left_as_it_was(tmp_path, header):
    index = tmp_path / "index.csv"
    index.write_text(header + "a,b\n")
    with pytest.raises(bn.BlokusError, match=r"index\.csv.*(not a self-play index|header)"):
        cheap(tmp_path, 2, seed=1, resume=True)
    assert index.read_text() == header + "a,b\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.csv"]


def test_a_damaged_row_inside_the_index_is_refused_with_its_line(tmp_path):
    cheap(tmp_path, 3, seed=3)
    index = tmp_path / "index.csv"
    lines = index.read_bytes().split(b"\n")
    lines[2] = lines[2][:30]  # a row in the middle, not the last: not an interruption
    index.write_bytes(b"\n".join(lines))
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(bn.BlokusError, match=r"index\.csv.*line 3"):
        cheap(tmp_path, 4, seed=3, resume=True)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_an_index_that_is_not_text_is_refused(tmp_path):
    index = tmp_path / "index.csv"
    index.write_bytes(",".join(INDEX_COLUMNS).encode() + b"\n\xff\xfe\x00\x01\n")
    with pytest.raises(bn.BlokusError, match=r"index\.csv"):
        cheap(tmp_path, 2, seed=1, resume=True)


@pytest.mark.parametrize("damage", ["flip", "not gzip", "text", "foreign json", "not json"])
def test_a_policy_file_that_cannot_be_read_is_refused_and_never_replaced(tmp_path, damage):
    cheap(tmp_path, 3, seed=3)
    path = tmp_path / "policy.jsonl.gz"
    data = path.read_bytes()
    if damage == "flip":  # a byte changed inside the compressed data of the first game
        data = data[:30] + bytes([data[30] ^ 0xFF]) + data[31:]
    elif damage == "not gzip":
        data = b"hello, not a gzip file\n"
    elif damage == "text":
        data = b'{"file": "duo_random_0001.blksgf", "positions": []}\n'
    elif damage == "foreign json":
        data = data + gzip.compress(b'{"name": "something else"}\n')
    else:
        data = data + gzip.compress(b"positions: none\n")
    path.write_bytes(data)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(bn.BlokusError, match=r"policy\.jsonl\.gz") as caught:
        cheap(tmp_path, 4, seed=3, resume=True)
    assert type(caught.value).__module__.startswith("blokus_nb")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_policy_member_cut_short_is_dropped_and_its_game_played_again(whole, tmp_path):
    cheap(tmp_path, 4, seed=3)
    path = tmp_path / "policy.jsonl.gz"
    path.write_bytes(path.read_bytes()[:-7])  # the last game's gzip member lost its trailer
    report = cheap(tmp_path, 4, seed=3, resume=True)
    assert (report.games, report.skipped) == (1, 3)
    assert stable(tmp_path) == stable(whole) and policy(tmp_path) == policy(whole)


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(index_cut=st.floats(0, 1), policy_cut=st.floats(0, 1), more=st.booleans())
def test_any_interruption_resumes_to_the_whole_run(whole, tmp_path_factory, index_cut, policy_cut, more):
    """Both files cut at any byte (a stop, or a power cut that kept the index but not the policy):
    resuming ends with the folder the run would have made whole."""
    folder = tmp_path_factory.mktemp("cut")
    cheap(folder, 3 if more else 4, seed=3)
    for name, cut in (("index.csv", index_cut), ("policy.jsonl.gz", policy_cut)):
        data = (folder / name).read_bytes()
        (folder / name).write_bytes(data[:int(len(data) * cut)])
    cheap(folder, 4, seed=3, resume=True)
    assert consistent(folder)
    assert stable(folder) == stable(whole) and policy(folder) == policy(whole)


RUNNER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from blokus_nb.players.base import RandomPlayer
    from blokus_nb.players.selfplay import self_play
    from blokus_nb.errors import BlokusError

    class Waiting(RandomPlayer):
        # a random player that first waits until the test lets it go on
        name = "waiting"
        def _choose(self, game, limit):
            Path(sys.argv[2]).touch()
            while not Path(sys.argv[3]).exists():
                time.sleep(0.02)
            return super()._choose(game, limit)

    try:
        players = Waiting() if sys.argv[4] == "wait" else "random"
        report = self_play(players, "duo", games=int(sys.argv[5]), out=sys.argv[1], seed=3,
                           resume=True, progress=False)
    except BlokusError as error:
        print(error, file=sys.stderr)
        sys.exit(9)
    print(report)
""")


def _run(folder, started, release, mode, games):
    return subprocess.Popen([sys.executable, "-c", RUNNER, str(folder), str(started), str(release), mode,
                             str(games)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parent.parent)


def _wait_for(path, process):
    deadline = time.monotonic() + 60
    while not path.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline
        time.sleep(0.02)


@pytest.mark.slow
def test_a_second_run_into_the_same_folder_is_refused_while_the_first_runs(tmp_path):
    folder, started, release = tmp_path / "games", tmp_path / "started", tmp_path / "release"
    first = _run(folder, started, release, "wait", 2)
    _wait_for(started, first)  # the first run is playing its first game
    second = _run(folder, tmp_path / "x", tmp_path / "y", "random", 4)
    out, err = second.communicate(timeout=120)
    assert second.returncode == 9, (out, err)
    assert "another run" in err and str(folder) in err
    release.touch()
    out, err = first.communicate(timeout=120)
    assert first.returncode == 0, err
    assert consistent(folder) == ["duo_waiting_0001.blksgf", "duo_waiting_0002.blksgf"]
    assert [row["level"] for row in rows(folder)] == ["waiting", "waiting"]
    assert sorted(p.name for p in folder.iterdir()) == ["duo_waiting_0001.blksgf", "duo_waiting_0002.blksgf",
                                                        "index.csv", "policy.jsonl.gz"]


@pytest.mark.slow
def test_a_run_killed_while_it_holds_the_folder_leaves_it_free(tmp_path):
    folder, started, release = tmp_path / "games", tmp_path / "started", tmp_path / "release"
    first = _run(folder, started, release, "wait", 2)
    _wait_for(started, first)
    first.send_signal(signal.SIGKILL)
    first.communicate(timeout=60)
    second = _run(folder, tmp_path / "x", tmp_path / "y", "random", 3)
    out, err = second.communicate(timeout=120)
    assert second.returncode == 0, err
    assert len(consistent(folder)) == 3


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.0, 0.6])
def test_a_run_killed_at_any_moment_resumes_to_a_consistent_folder(tmp_path, delay):
    folder = tmp_path / "games"
    runner = _run(folder, tmp_path / "s", tmp_path / "r", "random", 120)
    while not (folder / "index.csv").exists() and runner.poll() is None:
        time.sleep(0.005)
    time.sleep(delay)  # games are being written
    runner.send_signal(signal.SIGKILL)
    runner.communicate(timeout=60)
    resumed = _run(folder, tmp_path / "s", tmp_path / "r", "random", 120)
    out, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, err
    assert len(consistent(folder)) == 120


@pytest.mark.pools
@pytest.mark.slow
def test_the_workers_a_run_leaves_do_not_hold_its_folder(tmp_path):
    cheap(tmp_path, 4, seed=3, n_jobs=2)  # the pool's forked workers live on after the run
    resumed = _run(tmp_path, tmp_path / "s", tmp_path / "r", "random", 5)
    out, err = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, err
    assert len(consistent(tmp_path)) == 5


def test_resuming_with_other_players_or_another_seed_is_refused(tmp_path):
    cheap(tmp_path, 2, seed=3)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(bn.BlokusError, match="played by random, not greedy"):
        cheap(tmp_path, 3, seed=3, resume=True, players="greedy")
    with pytest.raises(bn.BlokusError, match="seed 3, not 4"):
        cheap(tmp_path, 3, seed=4, resume=True)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_listed_game_whose_record_is_gone_is_played_again(whole, tmp_path):
    cheap(tmp_path, 4, seed=3)
    (tmp_path / "duo_random_0002.blksgf").unlink()
    report = cheap(tmp_path, 4, seed=3, resume=True)
    assert (report.games, report.skipped) == (1, 3)
    assert sorted(consistent(tmp_path)) == sorted(row["file"] for row in rows(whole))
    assert sorted(map(str, stable(tmp_path))) == sorted(map(str, stable(whole)))


def test_a_new_run_where_a_stopped_one_left_policy_lines_but_no_index_keeps_each_game_once(whole, tmp_path):
    cheap(tmp_path, 2, seed=3)
    (tmp_path / "index.csv").unlink()  # stopped before its first row was synced
    cheap(tmp_path, 4, seed=3)
    assert consistent(tmp_path) and policy(tmp_path) == policy(whole)
