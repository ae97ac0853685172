"""training/label_games.py: our games' positions labelled by a GTP engine's search, in the layout of
Pentobi's self-play sets (the fake engine of tests/fake_gtp.py here; Pentobi, where it is, for the real thing)."""

from __future__ import annotations

import csv
import gzip
import json
import os
import re
import shlex
import sys
from pathlib import Path

import fake_gtp
import numpy as np
import pytest

import blokus_nb as bn
from blokus_nb.players.selfplay_files import INDEX_COLUMNS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "training"))

import label_games  # noqa: E402
import net_data  # noqa: E402

PENTOBI = Path(os.environ.get("PENTOBI_GTP") or ROOT.parent / "shared" / "tools" / "pentobi" / "pentobi-gtp")

@pytest.fixture(scope="module")
def records(tmp_path_factory) -> Path:
    """Three finished classic games (two .blksgf, one .json) and a Duo game to leave out."""
    folder = tmp_path_factory.mktemp("records")
    for seed in (1, 2):
        bn.save(bn.arena.play_game(["greedy"] * 4, "classic", seed=seed), folder / f"game_{seed}.blksgf")
    bn.save(bn.arena.play_game(["random"] * 4, "classic", seed=3), folder / "game_3.json")
    bn.save(bn.arena.play_game(["greedy", "random"], "duo", seed=4), folder / "duo.blksgf")
    return folder


@pytest.fixture
def engine(tmp_path, monkeypatch) -> tuple[str, Path]:
    """The command of a fake engine whose root is its first three legal moves, and its log."""
    log = tmp_path / "commands.log"
    monkeypatch.setenv("FAKE_GTP_LOG", str(log))
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    return shlex.join([sys.executable, str(fake_gtp.SCRIPT), "first-three", "--game", "classic"]), log


def searches(log: Path) -> int:
    return sum(command.startswith("reg_genmove") for _, command in fake_gtp.read_log(log)) if log.exists() else 0


def policy_lines(folder: Path) -> list[dict]:
    with gzip.open(folder / "policy.jsonl.gz", "rt") as handle:
        return [json.loads(line) for line in handle]


def index_rows(folder: Path) -> list[dict]:
    with open(folder / "index.csv", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.slow
def test_a_classic_game_is_labelled_in_the_layout_of_pentobis_self_play(records, engine, tmp_path):
    command, log = engine
    out = tmp_path / "labels"
    notes: list[str] = []
    report = label_games.label([str(records / "game_1.blksgf"), str(records / "duo.blksgf")], out,
                               level=6, engine=command, every=2, skip_first=1, log=notes.append)
    assert report["labelled"] == 1 and report["left_out"] == 1 and "a duo game, not classic" in notes[0]
    record = bn.load(records / "game_1.blksgf")
    placements = [m for m in record.history if not m.is_pass]
    (line,) = policy_lines(out)
    assert set(line) == {"file", "positions"} and line["file"] == "game_1.blksgf"
    assert [p["move_number"] for p in line["positions"]] == list(range(1, len(placements) + 1))
    assert [p["played"] for p in line["positions"]] == [str(m) for m in placements]
    game = bn.Game("classic")
    for number, (position, move) in enumerate(zip(line["positions"], placements), start=1):
        assert set(position) == {"move_number", "played", "root"}
        labelled = number >= 2 and number % 2 == 0  # after the first, every second
        if not labelled:
            assert position["root"] == []
        else:
            legal = list(game.legal_moves())
            assert [r[:2] for r in position["root"]] == [[30, 1.04], [20, 0.94], [10, 0.84]][:len(legal)]
            assert [r[2] for r in position["root"]] == [str(m) for m in legal[:3]]
            assert all(isinstance(r[0], int) and isinstance(r[2], str) for r in position["root"])
        game.play(move)
    (row,) = index_rows(out)
    assert list(row) == INDEX_COLUMNS
    points = record.scores("points")
    assert row["final_score"] == " ".join(str(points[c]) for c in record.colors)
    assert (row["variant"], row["gm"], row["level"], row["seed"], row["game"], int(row["moves"])) == \
        ("classic", "Blokus", "6", "1", "1", len(placements))
    values = row["values"].split()
    # as in Pentobi's sets, entry j is the value of the move chosen by the search at placement j
    assert len(values) == len(placements) and values[:5] == ["0.000", "0.000", "1.040", "0.000", "1.040"]
    assert bn.load(out / "game_1.blksgf").moves == record.moves  # the record, saved beside its labels
    assert searches(log) == len(placements[1::2])
    config = json.loads((out / "config.json").read_text())
    assert config["settings"] == {"variant": "classic", "level": 6, "top": 16, "every": 2, "skip_first": 1,
                                  "seed": 1, "engine": command}
    assert config["runs"][0]["positions"] == searches(log)


@pytest.mark.slow
def test_a_rerun_labels_only_the_games_it_lacks_and_drops_a_line_cut_short(records, engine, tmp_path):
    command, log = engine
    out = tmp_path / "labels"
    assert label_games.main([str(records), "--out", str(out), "--engine", command, "--games", "1",
                             "--every", "20"]) == 0
    assert [row["file"] for row in index_rows(out)] == ["game_1.blksgf"]
    first = searches(log)
    assert label_games.main([str(records), "--out", str(out), "--engine", command, "--every", "20"]) == 0
    rows = index_rows(out)
    assert [row["file"] for row in rows] == ["game_1.blksgf", "game_2.blksgf", "game_3.json"]
    assert [row["game"] for row in rows] == ["1", "2", "3"]
    assert bn.load(out / "game_3.json").moves == bn.load(records / "game_3.json").moves
    per_game = [len(line["positions"][::20]) for line in policy_lines(out)]
    assert first == per_game[0] and searches(log) == sum(per_game)
    # a stop in the middle of the last game's policy line: that game is labelled again, only it
    policy = out / "policy.jsonl.gz"
    policy.write_bytes(policy.read_bytes()[:-7])
    before = searches(log)
    assert label_games.main([str(records), "--out", str(out), "--engine", command, "--every", "20"]) == 0
    assert [line["file"] for line in policy_lines(out)] == ["game_1.blksgf", "game_2.blksgf", "game_3.json"]
    assert searches(log) - before == per_game[2]
    assert [row["game"] for row in index_rows(out)] == ["1", "2", "3"]
    config = json.loads((out / "config.json").read_text())
    assert [run["labelled"] for run in config["runs"]] == [1, 2, 1]
    assert config["runs"][0]["argv"][-4:] == ["--games", "1", "--every", "20"]
    # other settings than the folder's are refused, and nothing changes
    with pytest.raises(bn.BlokusError, match="every 20"):
        label_games.label([str(records)], out, engine=command, every=3)
    assert len(json.loads((out / "config.json").read_text())["runs"]) == 3


def test_a_malformed_record_is_the_projects_error_naming_it_and_nothing_is_written_for_it(
        records, engine, tmp_path):
    command, log = engine
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "broken.blksgf").write_text("(;GM[Blokus];1[zz99])", encoding="utf-8")
    out = tmp_path / "labels"
    with pytest.raises(bn.BlokusError, match="broken.blksgf"):
        label_games.label([str(records / "game_1.blksgf"), str(bad)], out, engine=command)
    assert not (out / "index.csv").exists() and not (out / "broken.blksgf").exists()
    assert not (out / "game_1.blksgf").exists() and searches(log) == 0
    unfinished = bn.load(records / "game_1.blksgf")
    for _ in range(5):
        unfinished.undo()
    bn.save(unfinished, bad / "broken.blksgf")
    with pytest.raises(bn.BlokusError, match="broken.blksgf: the game is not finished"):
        label_games.label([str(bad)], out, engine=command)
    assert label_games.main([str(bad), "--out", str(out), "--engine", command]) == 1
    with pytest.raises(bn.BlokusError, match="every"):
        label_games.label([str(bad)], out, engine=command, every=0)
    with pytest.raises(bn.BlokusError, match="variant"):
        label_games.label([str(bad)], out, engine=command, variant="trigon")
    with pytest.raises(bn.BlokusError, match="no such file"):
        label_games.label([str(tmp_path / "nowhere")], out, engine=command)
    assert not (out / "index.csv").exists() and searches(log) == 0


@pytest.mark.slow
def test_net_data_reads_labels_as_the_main_set_and_as_also(records, engine, tmp_path):
    command, _ = engine
    data = tmp_path / "data"
    main = data / "selfplay" / "classic_L6_policy"
    label_games.label([str(records / "game_1.blksgf")], main, engine=command, log=lambda _: None)
    also = tmp_path / "ours"
    label_games.label([str(records)], also, engine=command, every=4, log=lambda _: None)
    alone = net_data.build(data, None, variant="classic", log=lambda _: None)
    both = net_data.build(data, None, variant="classic", also=(also,), log=lambda _: None)
    labelled = 0  # net_data leaves out positions with one legal move
    for line in policy_lines(also):
        game = bn.Game("classic")
        for position in line["positions"]:
            labelled += bool(position["root"]) and game.count_legal_moves() > 1
            game.play(position["played"])
    assert len(alone["value"]) > 0 and labelled > 0
    assert len(both["value"]) - len(alone["value"]) == labelled
    extra = slice(len(alone["value"]), None)
    assert (both["value"][extra] == 1.0).all()  # 1.04 clipped into 0..1
    assert not both["held_out"][extra].any()  # games 1-3: none is a tenth
    # the mover's share of first from the record's points
    record = bn.load(records / "game_1.blksgf")
    points = record.scores("points")
    winner = max(points.values())
    assert both["result"][len(alone["value"])][0] == pytest.approx(
        (points["blue"] == winner) / list(points.values()).count(winner))
    assert np.array_equal(np.unique(both["game"][extra] // 1_000_000), [1])
    duo = tmp_path / "duo"
    label_games.label([str(records / "duo.blksgf")], duo, variant="duo",
                      engine=command.replace("--game classic", "--game duo"), log=lambda _: None)
    with pytest.raises(SystemExit, match="another variant than classic"):
        net_data.build(data, None, variant="classic", also=(duo,), log=lambda _: None)


@pytest.fixture(scope="module")
def pentobi_path() -> Path:
    if not (PENTOBI.is_file() and os.access(PENTOBI, os.X_OK)):
        pytest.skip(f"no pentobi-gtp at {PENTOBI} and $PENTOBI_GTP is not set: build it as the README says")
    return PENTOBI


def test_pentobi_labels_two_positions_of_a_record(pentobi_path, tmp_path):
    source = sorted((ROOT / "tests" / "data" / "pentobi" / "games" / "classic").glob("*.blksgf"))[0]
    placements = len(bn.load(source).moves)
    out = tmp_path / "labels"
    every = (placements - 21) // 2 + 1  # positions 21 and 21 + every, no third
    assert label_games.main([str(source), "--out", str(out), "--level", "2", "--skip-first", "20",
                             "--every", str(every), "--pentobi", str(pentobi_path)]) == 0
    (line,) = policy_lines(out)
    searched = [p for p in line["positions"] if p["root"]]
    assert [p["move_number"] for p in searched] == [21, 21 + every]
    game = bn.Game("classic")
    for position in line["positions"]:
        if position["root"]:
            visits = [r[0] for r in position["root"]]
            assert game.count_legal_moves() > 1 and 0 < sum(visits) and visits == sorted(visits, reverse=True)
            assert all(game.is_legal(game.parse_move(r[2])) for r in position["root"])
            assert len(position["root"]) <= 16
        game.play(position["played"])
    (row,) = index_rows(out)
    values = [float(v) for v in row["values"].split()]
    # entry j: the value of the move chosen at placement j (1-based), as in Pentobi's sets
    assert values[21] != 0.0 and values[21 + every] != 0.0 and values[20] == values[22] == 0.0
    # the record's points per color, as Pentobi wrote them in its comment
    assert row["final_score"] == re.search(r"Final points per color: ([0-9 ]+)", source.read_text()).group(1)
    assert json.loads((out / "config.json").read_text())["engine_version"].startswith("Pentobi")
