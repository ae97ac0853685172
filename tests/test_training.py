"""The training script: a seconds-long run on a few games writes weights the players can load.

The full training (``python training/train.py``, a few minutes) is not part of the tests.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import blokus_nb as bn
from blokus_nb.players import Limit, MCTSPlayer
from blokus_nb.players.model import load_weights

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "training"))

import train  # noqa: E402

needs_data = pytest.mark.skipif(not (train.DEFAULT_DATA / "selfplay" / "duo_L6").is_dir(),
                                reason="Pentobi's self-play games are not here")


def test_the_split_keeps_every_tenth_game_out():
    assert train.game_number("x/duo_L6_0040.blksgf") == 40
    assert train.is_held_out("duo_L6_0040.blksgf") and not train.is_held_out("duo_L6_0041.blksgf")
    with pytest.raises(ValueError, match="not a self-play file name"):
        train.game_number("game.sgf")


def test_the_conditional_logit_finds_the_weights_that_made_the_choices():
    rng = np.random.default_rng(0)
    truth = np.array([1.5, -1.0, 0.5])
    rows, starts, chosen = [], [], []
    for _ in range(400):
        x = rng.normal(size=(6, 3))
        p = np.exp(x @ truth)
        starts.append(len(rows))
        chosen.append(len(rows) + rng.choice(6, p=p / p.sum()))
        rows += x.tolist()
    x = np.array(rows)
    # the fit expects the piece indicator columns after the features: add empty ones
    padded = np.hstack([x, np.zeros((len(x), len(train.MOVE_FEATURES) - 3 + 21))])
    w = train.fit_move_model(padded, np.array(starts), np.array(chosen), l2=0.1)
    assert np.allclose(w[:3], truth, atol=0.35)


def test_the_logistic_fit_has_no_intercept_and_recovers_a_slope():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(3000, 2))
    y = (rng.random(3000) < 1 / (1 + np.exp(-(2 * x[:, 0])))).astype(float)
    w = train.fit_value_model(x, y, l2=0.1)
    assert abs(w[0] - 2) < 0.3 and abs(w[1]) < 0.2


@pytest.mark.slow
@needs_data
def test_a_short_training_run_writes_loadable_weights_and_repeats(tmp_path, capsys):
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    assert train.main(["--games", "2", "--seed", "3", "--out", str(first)]) == 0
    assert train.main(["--games", "2", "--seed", "3", "--out", str(second)]) == 0
    assert "wrote" in capsys.readouterr().out
    a, b = load_weights(first), load_weights(second)
    for size in (14, 20):
        assert np.array_equal(a.move[size], b.move[size]) and np.array_equal(a.value[size], b.value[size])
    game = bn.Game("duo")
    move = MCTSPlayer(seed=0, model=a).choose_move(game, Limit(simulations=20))
    assert game.is_legal(move)


# -- the Duo network (training/net_data.py, training/train_net.py) ---------------------------
import net_data  # noqa: E402
import train_net  # noqa: E402
from data_paths import SHARED_PENTOBI  # noqa: E402

from blokus_nb.players.net import CLASSIC, CLASSIC_NET_PATH, NET_PATH, Net, load_net  # noqa: E402
from blokus_nb.players.puct import PUCTPlayer  # noqa: E402

needs_policy_data = pytest.mark.skipif(not (SHARED_PENTOBI / "selfplay" / "duo_L6_policy").is_dir(),
                                       reason="Pentobi's self-play games with visit counts are not here")


def _synthetic_batch(rng: np.random.Generator, batch: int = 3):
    """Random planes, hands, legal moves and visit shares for a gradient check."""
    planes = (rng.random((batch, 196, 7)) < 0.3).astype(np.float64)
    hands = (rng.random((batch, 42)) < 0.5).astype(np.float64)
    legal, legal_start, target, target_start, target_p = [], [], [], [], []
    for i in range(batch):
        pids = rng.choice(len(net_tables().flat), size=12, replace=False)
        legal_start.append(sum(len(x) for x in legal))
        legal.append(net_tables().flat[pids] + i * train_net.N_POLICY)
        target_start.append(sum(len(x) for x in target))
        target.append(legal[-1][:3])
        p = rng.random(3)
        target_p.append(p / p.sum())
    return (planes, hands, np.concatenate(legal), np.array(legal_start), np.concatenate(target),
            np.array(target_start), np.concatenate(target_p), rng.random(batch))


def net_tables():
    from blokus_nb.players.net import tables
    return tables()


def test_the_written_out_backward_pass_matches_finite_differences():
    rng = np.random.default_rng(5)
    params = {k: v.astype(np.float64) for k, v in train_net.init_params(4, 2, 5, seed=1).items()}
    args = _synthetic_batch(rng)
    _, _, grads = train_net.losses(params, *args)

    def loss() -> float:
        p_loss, v_loss, _, _ = train_net.losses(params, *args, with_grads=False)
        return p_loss + v_loss

    for name in params:
        for _ in range(2):
            index = tuple(int(rng.integers(0, n)) for n in params[name].shape)
            old = params[name][index]
            params[name][index] = old + 1e-5
            up = loss()
            params[name][index] = old - 1e-5
            down = loss()
            params[name][index] = old
            assert grads[name][index] == pytest.approx((up - down) / 2e-5, rel=1e-3, abs=1e-6), name


def test_the_training_forward_pass_is_the_packages():
    rng = np.random.default_rng(2)
    params = train_net.init_params(8, 3, 6, seed=4)
    planes, hands = rng.random((2, 196, 7)).astype(np.float32), rng.random((2, 42)).astype(np.float32)
    policy, z, _ = train_net.forward(params, planes, hands)
    net_policy, net_value = Net(params).forward(planes, hands)
    assert np.allclose(policy, net_policy, atol=1e-5)
    assert np.allclose(1 / (1 + np.exp(-z)), net_value, atol=1e-6)


def test_a_visit_count_result_is_the_movers():
    assert net_data.mover_result("B+3", 0) == 1.0 and net_data.mover_result("W+1", 0) == 0.0
    assert net_data.mover_result("0", 0) == 0.5


@pytest.mark.slow
@needs_policy_data
def test_a_short_network_training_run_writes_a_loadable_net_and_repeats(tmp_path, capsys):
    arrays = tmp_path / "small.npz"
    assert net_data.main(["--data", str(SHARED_PENTOBI), "--games", "11", "--extra", "duo_L6",
                          "--out", str(arrays)]) == 0
    with np.load(arrays) as d:
        assert d["held_out"].any() and not d["held_out"].all()  # game 10 is held out
        assert np.allclose(np.add.reduceat(d["target_p"], d["target_start"]), 1.0, atol=1e-5)
        extra = d["game"] > 100_000  # duo_L6: the move played is the whole target
        counts = np.diff(np.append(d["target_start"], len(d["target"])))
        assert extra.any() and (counts[extra] == 1).all() and (counts[~extra] > 1).any()
        assert ((0 <= d["value"]) & (d["value"] <= 1)).all()
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    options = ["--data", str(arrays), "--epochs", "0.5", "--channels", "4", "--layers", "2",
               "--hidden", "4", "--batch", "32", "--seed", "3"]
    assert train_net.main(options + ["--out", str(first)]) == 0
    assert train_net.main(options + ["--out", str(second)]) == 0
    out = capsys.readouterr().out
    assert "held out after step" in out
    # --score reports a written network as the run reported it after its last step
    assert train_net.main(["--data", str(arrays), "--score", str(first)]) == 0
    scored = capsys.readouterr().out.strip()
    last_report = [line for line in out.splitlines() if line.startswith("held out after step")][-1]
    assert scored.endswith(last_report.split(": ", 1)[1]) and "held-out positions" in scored
    a, b = load_net(first), load_net(second)
    assert all(np.array_equal(a.params[k], b.params[k]) for k in a.params)
    game = bn.Game("duo")
    move = PUCTPlayer(seed=0, net=a).choose_move(game, Limit(simulations=10))
    assert game.is_legal(move)


# -- the classic network (net_data.py --variant classic, train_net.py, calibrate_classic.py) --
needs_classic_data = pytest.mark.skipif(
    not (SHARED_PENTOBI / "selfplay" / "classic_L6_policy").is_dir(),
    reason="Pentobi's classic self-play games with visit counts are not here")


def _classic_batch(rng: np.random.Generator, batch: int = 2):
    from blokus_nb.players.net import CLASSIC, tables

    flat = tables(20).flat
    planes = (rng.random((batch, 400, 13)) < 0.3).astype(np.float64)
    hands = (rng.random((batch, 84)) < 0.5).astype(np.float64)
    legal, legal_start, target, target_start, target_p = [], [], [], [], []
    for i in range(batch):
        pids = rng.choice(len(flat), size=12, replace=False)
        legal_start.append(sum(len(x) for x in legal))
        legal.append(flat[pids] + i * train_net.n_policy(CLASSIC))
        target_start.append(sum(len(x) for x in target))
        target.append(legal[-1][:3])
        p = rng.random(3)
        target_p.append(p / p.sum())
    shares = rng.random((batch, 4))
    return (planes, hands, np.concatenate(legal), np.array(legal_start), np.concatenate(target),
            np.array(target_start), np.concatenate(target_p), shares / shares.sum(axis=1, keepdims=True))


def test_the_classic_backward_pass_matches_finite_differences():
    from blokus_nb.players.net import CLASSIC

    rng = np.random.default_rng(6)
    params = {k: v.astype(np.float64)
              for k, v in train_net.init_params(3, 2, 4, seed=1, encoding=CLASSIC).items()}
    assert params["value2_w"].shape == (4, 4) and params["hand_w"].shape == (84, 3)
    args = _classic_batch(rng)
    _, _, grads = train_net.losses(params, *args)

    def loss() -> float:
        p_loss, v_loss, _, _ = train_net.losses(params, *args, with_grads=False)
        return p_loss + v_loss

    for name in params:
        for _ in range(2):
            index = tuple(int(rng.integers(0, n)) for n in params[name].shape)
            old = params[name][index]
            params[name][index] = old + 1e-5
            up = loss()
            params[name][index] = old - 1e-5
            down = loss()
            params[name][index] = old
            assert grads[name][index] == pytest.approx((up - down) / 2e-5, rel=1e-3, abs=1e-6), name


def test_the_classic_training_forward_pass_is_the_packages():
    from blokus_nb.players.net import CLASSIC

    rng = np.random.default_rng(3)
    params = train_net.init_params(5, 2, 6, seed=2, encoding=CLASSIC)
    planes, hands = rng.random((2, 400, 13)).astype(np.float32), rng.random((2, 84)).astype(np.float32)
    policy, z, _ = train_net.forward(params, planes, hands)
    net_policy, net_value = Net(params, CLASSIC).forward(planes, hands)
    e = np.exp(z - z.max(axis=1, keepdims=True))
    assert np.allclose(policy, net_policy, atol=1e-5)
    assert np.allclose(e / e.sum(axis=1, keepdims=True), net_value, atol=1e-6)


def test_shares_of_first_place_are_in_the_movers_frame():
    assert net_data.first_shares("85 84 65 66", 0) == [1.0, 0.0, 0.0, 0.0]
    assert net_data.first_shares("85 84 65 66", 3) == [0.0, 1.0, 0.0, 0.0]
    assert net_data.first_shares("80 60 80 80", 2) == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0.0])


@pytest.mark.slow
@needs_classic_data
def test_a_short_classic_training_run_writes_a_classic_net_that_searches(tmp_path, capsys):
    import calibrate_classic

    arrays = tmp_path / "classic.npz"
    assert net_data.main(["--data", str(SHARED_PENTOBI), "--variant", "classic", "--games", "21",
                          "--out", str(arrays)]) == 0
    with np.load(arrays) as d:
        assert set(d["game"][d["held_out"]].tolist()) == {10, 20}
        assert d["result"].shape == (len(d["value"]), 4) and np.allclose(d["result"].sum(axis=1), 1)
        assert np.allclose(np.add.reduceat(d["target_p"], d["target_start"]), 1.0, atol=1e-5)
        assert tuple(d["plane_names"].tolist())[0] == "own" and int(d["cells"]) == 400
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    options = ["--data", str(arrays), "--epochs", "0.3", "--channels", "4", "--layers", "2",
               "--hidden", "4", "--batch", "32", "--seed", "3"]
    assert train_net.main(options + ["--out", str(first)]) == 0
    assert train_net.main(options + ["--out", str(second)]) == 0
    assert "held out after step" in capsys.readouterr().out
    a, b = load_net(first, variant="classic"), load_net(second, variant="classic")
    assert a.encoding is CLASSIC and all(np.array_equal(a.params[k], b.params[k]) for k in a.params)
    calibrated = tmp_path / "calibrated.npz"
    assert calibrate_classic.main(["--arrays", str(arrays), "--net", str(first),
                                   "--out", str(calibrated)]) == 0
    out = capsys.readouterr().out
    assert "always 25%" in out and "called 0%-20%" in out
    net = load_net(calibrated, variant="classic")
    assert net.params["calibration"].shape == (1,)
    game = bn.Game("classic")
    result = PUCTPlayer(seed=0, classic_net=net).search(game, Limit(simulations=4))
    assert game.is_legal(result.move) and sum(result.chances) == pytest.approx(1)


def test_the_classic_mirror_is_the_position_mirrored_with_next_and_previous_swapped(tmp_path):
    # A position of three rounds, blue to move, and the same position built mirrored in the
    # diagonal through blue's corner (a20 to t1), where yellow's pieces become green's and
    # green's yellow's: mirroring the first in training must give the second's arrays.
    from blokus_nb.players.net import CLASSIC, encode, legal_array, tables

    mirrored = tables(20).mirrored
    game = bn.Game("classic")
    players = [bn.players.make_player("random", seed=s) for s in range(4)]
    for k in range(12):
        game.play(players[k % 4].choose_move(game))
    assert game.to_play == "blue"
    built = bn.Game("classic").board
    for move in game.history:
        color = game.colors.index(move.color)
        built.place([0, 3, 2, 1][color], int(mirrored[move.placement]))
    shares = np.array([0.5, 0.5, 0.0, 0.0], dtype=np.float32)
    rows = []
    for board, result in ((game.board, shares), (built, shares[[0, 3, 2, 1]])):
        planes, hands = encode(board, 0)
        pids = legal_array(board, 0)
        rows.append({"planes": np.packbits(planes.T.astype(np.uint8), axis=1, bitorder="little"),
                     "hands": hands.astype(np.uint8), "legal": pids, "target": pids[:1], "result": result})
    arrays = tmp_path / "two.npz"
    np.savez(arrays, planes=np.stack([r["planes"] for r in rows]), hands=np.stack([r["hands"] for r in rows]),
             legal=np.concatenate([r["legal"] for r in rows]).astype(np.int32),
             legal_start=np.array([0, len(rows[0]["legal"])]),
             target=np.concatenate([r["target"] for r in rows]).astype(np.int32), target_start=np.array([0, 1]),
             target_p=np.ones(2, dtype=np.float32), value=np.zeros(2, dtype=np.float32),
             result=np.stack([r["result"] for r in rows]), game=np.array([1, 2]),
             held_out=np.zeros(2, dtype=bool), plane_names=np.array(CLASSIC.planes), cells=np.array(400))
    data = train_net.Data(arrays)
    turned = data.batch(np.array([0]), mirror=True, classic_mirror=True)
    expected = data.batch(np.array([1]), mirror=False)
    assert np.array_equal(turned[0], expected[0])  # planes
    assert np.array_equal(turned[1], expected[1])  # hands
    assert sorted(turned[2]) == sorted(expected[2])  # the legal placements
    assert np.array_equal(turned[4], train_net.tables(20).flat[mirrored[rows[0]["target"]]])
    assert np.array_equal(turned[7], expected[7])  # each color's share of first place
    # Without --classic-mirror a classic batch is never mirrored.
    assert np.array_equal(data.batch(np.array([0]), mirror=True)[0], data.batch(np.array([0]), mirror=False)[0])


@pytest.mark.skipif(not (SHARED_PENTOBI / "selfplay" / "classic_L6").is_dir(),
                    reason="Pentobi's classic self-play games are not here")
def test_classic_games_without_visit_counts_add_their_played_moves(tmp_path):
    arrays = tmp_path / "classic.npz"
    assert net_data.main(["--data", str(SHARED_PENTOBI), "--variant", "classic", "--games", "2",
                          "--extra", "classic_L6", "--out", str(arrays)]) == 0
    with np.load(arrays) as d:
        extra = np.flatnonzero(d["game"] >= 100_000)
        assert len(extra) > 100 and set(d["game"][extra].tolist()) == {100_001, 100_002}
        ends = np.append(d["legal_start"][1:], len(d["legal"]))
        for row in extra:  # the move played, in the mover's view, is one of its legal moves
            legal = d["legal"][d["legal_start"][row]:ends[row]]
            assert d["target"][d["target_start"][row]] in legal and d["target_p"][d["target_start"][row]] == 1
        assert np.allclose(d["result"][extra].sum(axis=1), 1)
        # Game 1 ended 109 80 68 79: blue alone first, so blue's positions say [1, 0, 0, 0] and
        # yellow's (blue last in its frame) [0, 0, 0, 1].
        first = extra[d["game"][extra] == 100_001]
        assert d["result"][first[0]].tolist() == [1, 0, 0, 0] and d["result"][first[1]].tolist() == [0, 0, 0, 1]
    with pytest.raises(SystemExit, match="holds games of duo, not classic"):
        net_data.build(SHARED_PENTOBI, 1, ("duo_L6",), log=lambda _: None, variant="classic")


# -- packed self-play sets (training/pack_selfplay.py, training/data/) ------------------------
import pack_selfplay  # noqa: E402


def _driver_run(folder: Path, games: int, seed: int = 10001) -> None:
    """A run in the layout ``pentobi_driver.py selfplay --values --policy K`` writes (index.csv,
    plain policy.jsonl, one record a game), of random classic games."""
    import csv
    import json
    import random

    from blokus_nb.players.selfplay_files import INDEX_COLUMNS, final_score

    folder.mkdir(parents=True)
    rng = random.Random(seed)
    with open(folder / "index.csv", "w", newline="") as index, open(folder / "policy.jsonl", "w") as policy:
        writer = csv.DictWriter(index, fieldnames=INDEX_COLUMNS)
        writer.writeheader()
        for number in range(1, games + 1):
            game, positions = bn.Game("classic"), []
            while not game.is_over:
                move = rng.choice(game.legal_moves())
                if not move.is_pass:
                    positions.append({"move_number": len(positions) + 1, "played": str(move),
                                      "root": [[7, 0.5, str(move)]]})
                game.play(move)
            name = f"classic_L6_{number:04d}.blksgf"
            (folder / name).write_text(bn.records.to_sgf(game))
            policy.write(json.dumps({"file": name, "positions": positions}) + "\n")
            writer.writerow({"file": name, "variant": "classic", "gm": "Blokus", "level": 6, "seed": seed,
                             "game": number, "moves": len(positions), "final_score": final_score(game),
                             "seconds": 1.0, "mean_genmove_s": 0.01, "max_genmove_s": 0.1,
                             "values": " ".join(["0.500"] * len(positions))})


def test_a_packed_run_keeps_its_finished_games_and_reads_as_the_run_does(tmp_path):
    run = tmp_path / "run"
    _driver_run(run, 3)
    # a stop between a game's record and its policy line: the record is there, the line is not
    (run / "classic_L6_0004.blksgf").write_text((run / "classic_L6_0001.blksgf").read_text())
    with open(run / "policy.jsonl", "a") as policy:
        policy.write('{"file": "classic_L6_0004.blksgf", "positions": [{"move')
    before = {p.name: p.read_bytes() for p in run.iterdir()}
    made = pack_selfplay.pack(run, tmp_path / "packed", "the command", log=lambda *_: None)
    assert {p.name: p.read_bytes() for p in run.iterdir()} == before  # the run is only read
    assert made["games"] == 3 and made["seeds"] == [10001] and made["command"] == "the command"
    records = pack_selfplay.read_records(tmp_path / "packed")
    assert sorted(records) == [f"classic_L6_000{k}.blksgf" for k in (1, 2, 3)]
    assert records["classic_L6_0002.blksgf"] == (run / "classic_L6_0002.blksgf").read_bytes()
    empty = tmp_path / "data" / "selfplay" / net_data.FOLDERS["classic"]  # no main set: the --also ones alone
    empty.mkdir(parents=True)
    (empty / "index.csv").write_text("file,final_score\n")
    (empty / "policy.jsonl.gz").write_bytes(__import__("gzip").compress(b""))
    direct = net_data.build(tmp_path / "data", None, variant="classic", also=(run,), log=lambda *_: None)
    packed = net_data.build(tmp_path / "data", None, variant="classic", also=(tmp_path / "packed",),
                            log=lambda *_: None)
    # (net_data leaves out the positions with one legal move, which made.json counts)
    assert made["positions"] >= len(packed["value"]) == len(direct["value"]) > 100
    for key in ("planes", "hands", "legal", "target", "result", "game"):
        np.testing.assert_array_equal(packed[key], direct[key])
    # the same games pack to the same bytes; a folder is packed once
    again = pack_selfplay.pack(run, tmp_path / "again", "the command", log=lambda *_: None)
    assert again == made
    for name in (pack_selfplay.INDEX, pack_selfplay.PACKED_POLICY, pack_selfplay.RECORDS):
        assert (tmp_path / "again" / name).read_bytes() == (tmp_path / "packed" / name).read_bytes()
    with pytest.raises(SystemExit, match="holds a packed set already"):
        pack_selfplay.pack(run, tmp_path / "packed", "the command", log=lambda *_: None)
    # a folder the tool did not make is left as it is
    (tmp_path / "theirs").mkdir()
    (tmp_path / "theirs" / pack_selfplay.PACKED_POLICY).write_text("not ours")
    with pytest.raises(SystemExit, match="not an empty folder"):
        pack_selfplay.pack(run, tmp_path / "theirs", "the command", log=lambda *_: None)
    assert [p.name for p in (tmp_path / "theirs").iterdir()] == [pack_selfplay.PACKED_POLICY]
    assert (tmp_path / "theirs" / pack_selfplay.PACKED_POLICY).read_text() == "not ours"


def test_a_run_whose_record_and_policy_disagree_is_not_packed(tmp_path):
    run = tmp_path / "run"
    _driver_run(run, 2)
    lines = (run / "policy.jsonl").read_text().splitlines(keepends=True)
    (run / "policy.jsonl").write_text(lines[1].replace("classic_L6_0002", "classic_L6_0001") + lines[1])
    with pytest.raises(SystemExit, match="classic_L6_0001.blksgf: its record, its policy line"):
        pack_selfplay.pack(run, tmp_path / "packed", "x", log=lambda *_: None)
    assert not (tmp_path / "packed").exists()


PACKED_SETS = sorted(p.parent for p in (ROOT / "training" / "data").glob("*/made.json"))


@pytest.mark.parametrize("folder", PACKED_SETS, ids=[p.name for p in PACKED_SETS])
def test_every_packed_set_in_the_repository_is_whole(folder):
    import csv
    import json
    import lzma

    made = json.loads((folder / pack_selfplay.MADE).read_text())
    with pack_selfplay.open_text(folder, "index.csv") as handle:
        rows = list(csv.DictReader(handle))
    lines = lzma.open(folder / pack_selfplay.PACKED_POLICY, "rt").read().splitlines()
    records = pack_selfplay.read_records(folder)
    assert made["games"] == len(rows) == len(lines) == len(records) > 0
    assert [row["file"] for row in rows] == [json.loads(line)["file"] for line in lines] == list(records)
    assert {int(row["seed"]) for row in rows} == set(made["seeds"])
    assert sum(int(row["moves"]) for row in rows) == made["positions"]
    for row, line in list(zip(rows, lines))[::25]:  # a record in 25 read again by the rules
        assert pack_selfplay.check_game(row, line + "\n", records[row["file"]]) == int(row["moves"])


def test_the_tuned_player_is_the_level_until_a_setting_changes_it(tmp_path):
    import tuned_player

    from blokus_nb.players import make_player

    game = bn.Game("duo")
    for _ in range(4):
        game.play(game.legal_moves()[7])
    few = Limit(simulations=60)
    assert tuned_player.make(seed=3, env={}).search(game, few).alternatives == \
        make_player("hard", seed=3).search(game, few).alternatives
    # tuned_player restates how levels.py builds a level: every setting of both levels must agree
    settings = ("limit", "puct", "local", "goal", "playouts", "fpu", "networks", "big_first", "reuse")
    for level in ("hard", "expert"):
        tuned, made = tuned_player.make(seed=1, env={"T_LEVEL": level}), make_player(level, seed=1)
        assert type(tuned) is type(made)
        assert {k: getattr(tuned, k) for k in settings} == {k: getattr(made, k) for k in settings}
    expert = tuned_player.make(seed=1, env={"T_LEVEL": "expert", "T_DUO_SIMS": "123", "T_SIMS": "45",
                                            "T_EXPL": "1.0", "T_LOCAL": "0.25", "T_W": "0.5", "T_GOAL": "first"})
    assert expert.limit["duo"].simulations == 123 and expert.limit["classic_3"].simulations == 45
    assert expert.limit["duo"].time == make_player("expert").limit["duo"].time
    assert expert.puct == {"duo": 2.5, "classic": 1.0, "classic_2": 1.0, "classic_3": 1.0}
    assert expert.local == {"duo": 0.5, "classic": 0.25, "classic_2": 0.25, "classic_3": 0.25}
    assert (expert.playouts, expert.goal) == (0.5, "first")
    net = tuned_player.make(env={"CANDIDATE_NET": str(ROOT / "blokus_nb/players/data/net_classic.npz")})
    assert net.classic_net.params["conv0_w"].tolist() == \
        bn.players.net.load_net(variant="classic").params["conv0_w"].tolist()
    # CANDIDATE_DUO_NET is the network the Duo search uses: other weights, other searches
    duo_file = tmp_path / "duo.npz"
    shipped = bn.players.net.load_net(variant="duo")
    bn.players.net.Net({k: v * 0.5 if k.endswith("_w") else v for k, v in shipped.params.items()}).save(duo_file)
    duo = tuned_player.make(seed=3, env={"CANDIDATE_DUO_NET": str(duo_file)})
    assert duo.net.params["conv1_w"].tolist() == (shipped.params["conv1_w"] * 0.5).tolist()
    assert duo.search(game, few).alternatives != make_player("hard", seed=3).search(game, few).alternatives


@needs_policy_data
def test_init_goes_on_from_a_networks_weights(tmp_path):
    arrays = tmp_path / "small.npz"
    assert net_data.main(["--data", str(SHARED_PENTOBI), "--games", "11", "--out", str(arrays)]) == 0
    shipped = load_net(variant="duo")
    assert "calibration" in shipped.params
    # no step at all (a rate of 0): the weights come out as they went in, the calibration dropped
    out = tmp_path / "same.npz"
    assert train_net.main(["--data", str(arrays), "--init", str(NET_PATH), "--epochs", "0.01",
                           "--lr", "0", "--out", str(out)]) == 0
    same = load_net(out)
    assert set(same.params) == set(shipped.params) - {"calibration"}
    assert all(np.allclose(same.params[k], shipped.params[k], atol=1e-6) for k in same.params)
    # a real step moves them, from the shipped ones, not from --seed's
    moved = tmp_path / "moved.npz"
    assert train_net.main(["--data", str(arrays), "--init", str(NET_PATH), "--epochs", "0.01",
                           "--out", str(moved)]) == 0
    step = load_net(moved).params["conv0_w"] - shipped.params["conv0_w"]
    assert 0 < np.abs(step).max() < 0.01
    with pytest.raises(bn.BlokusError, match="made for other inputs"):
        train_net.main(["--data", str(arrays), "--init", str(CLASSIC_NET_PATH),
                        "--out", str(tmp_path / "no.npz")])


@pytest.mark.slow
@needs_policy_data
@pytest.mark.skipif(not (SHARED_PENTOBI / "selfplay" / "duo_L7").is_dir(), reason="Pentobi's level-7 games are not here")
def test_one_generation_of_the_self_play_loop_plays_packs_learns_and_measures(tmp_path, capsys):
    import pack_selfplay
    import self_play_loop

    data, nets, work = tmp_path / "data", tmp_path / "nets", tmp_path / "work"
    argv = ["--generation", "1", "--games", "3", "--simulations", "8", "--epochs", "0.05", "--start-games", "11",
            "--start-data", "--match-games", "2", "--calibrate-positions", "4", "--seed", "5",
            "--work", str(work), "--data-dir", str(data), "--nets-dir", str(nets)]
    assert self_play_loop.main(argv) == 0
    out = capsys.readouterr().out
    packed = data / "duo_self_g1_s5"
    made = json.loads((packed / "made.json").read_text())
    assert made["command"] == "python training/self_play_loop.py " + " ".join(argv)
    assert made["games"] == 3 and made["seeds"] == [5]
    records = pack_selfplay.read_records(packed)
    assert sorted(records) == [f"duo_gen0_000{n}.blksgf" for n in (1, 2, 3)]
    # the arrays hold Pentobi's 11 games and the 3 self-play games, whose targets are our visit shares
    with np.load(work / "duo_g1.npz") as d:
        ours = d["game"] >= 1_000_000
        assert sorted(set(d["game"][ours] % 1_000_000)) == [1, 2, 3] and (~ours).any()
        assert d["held_out"][~ours].any()
        assert np.allclose(np.add.reduceat(d["target_p"], d["target_start"]), 1.0, atol=1e-5)
    # the network went on from the shipped one, and carries a calibration again
    net, shipped = load_net(nets / "duo_self_g1.npz"), load_net(variant="duo")
    assert "calibration" in net.params
    assert not np.array_equal(net.params["conv0_w"], shipped.params["conv0_w"])
    assert np.abs(net.params["conv0_w"] - shipped.params["conv0_w"]).max() < 0.05
    summary = pd.read_csv(work / "duo_g1_s5_match.csv", index_col=0)
    assert sorted(summary.index) == ["gen0", "gen1"] and (summary["games"] == 2).all()
    assert "gen1" in out and "pentobi_match.py --variant duo" in out
    # run again: every step's output is kept, nothing is played or trained anew
    stamps = {p: p.stat().st_mtime_ns for p in [*work.rglob("*"), *nets.rglob("*"), *data.rglob("*")]}
    assert self_play_loop.main(argv) == 0
    assert out.count("kept") == 0 and capsys.readouterr().out.count("kept") == 5
    assert {p: p.stat().st_mtime_ns for p in stamps} == stamps
    # --until play: generation 2's games, by network 1, packed; nothing learnt from them yet
    assert self_play_loop.main([*argv[:1], "2", *argv[2:], "--until", "play"]) == 0
    assert "stopped after play" in capsys.readouterr().out
    assert sorted(pack_selfplay.read_records(data / "duo_self_g2_s5")) == \
        [f"duo_gen1_000{n}.blksgf" for n in (1, 2, 3)]
    assert not (work / "duo_g2.npz").exists() and not (nets / "duo_self_g2.npz").exists()
    assert self_play_loop.self_sets(data, "duo", 1) == [packed]
    # generation 3 needs generation 2's network where --nets-dir says
    with pytest.raises(SystemExit, match="run generation 2 first"):
        self_play_loop.main([*argv[:1], "3", *argv[2:]])


@pytest.mark.slow
@pytest.mark.skipif(not (SHARED_PENTOBI / "selfplay" / "classic_L6_policy_2").is_dir(),
                    reason="Pentobi's classic games with visit counts are not here")
def test_a_classic_generation_seats_each_network_twice(tmp_path):
    import self_play_loop

    work = tmp_path / "work"
    assert self_play_loop.main(["--variant", "classic", "--generation", "1", "--games", "2", "--simulations", "8",
                                "--epochs", "0.01", "--start-games", "11", "--match-games", "4", "--seed", "5",
                                "--work", str(work), "--data-dir", str(tmp_path / "data"),
                                "--nets-dir", str(tmp_path / "nets")]) == 0
    with np.load(work / "classic_g1.npz") as d:  # the shipped classic network's four sets and the loop's
        assert len(set(d["game"] // 1_000_000)) == 5
    summary = pd.read_csv(work / "classic_g1_s5_match.csv", index_col=0)
    assert sorted(summary.index) == ["gen0", "gen0 (2)", "gen1", "gen1 (2)"] and (summary["games"] == 4).all()
    assert load_net(tmp_path / "nets" / "classic_self_g1.npz", variant="classic").encoding is CLASSIC
