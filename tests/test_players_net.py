"""The Duo and classic networks and the search they guide: inputs, shipped weights, legality, seeds,
budgets."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
from sample_games import random_game

import blokus_nb as bn
from blokus_nb.engine import Board
from blokus_nb.players import Limit, MCTSPlayer, make_player
from blokus_nb.players.net import (
    CLASSIC,
    CLASSIC_NET_PATH,
    FORMAT,
    NET_PATH,
    Net,
    canonical_pids,
    encode,
    legal_array,
    load_net,
    tables,
)
from blokus_nb.players.puct import PUCTPlayer


def test_the_tables_are_symmetries_of_the_duo_board():
    t = tables()
    n = len(t.flat)
    assert len(set(t.flat.tolist())) == n  # one policy index per placement
    assert (t.rotated[t.rotated] == np.arange(n)).all() and (t.mirrored[t.mirrored] == np.arange(n)).all()
    geo = bn.Game("duo").board.geo
    starts = bn.Game("duo").board.start_cells
    for pid in range(0, n, 97):
        cells = set(geo.cells[pid])
        assert set(geo.cells[t.rotated[pid]]) == {195 - c for c in cells}
        for start in starts:  # the diagonal through both start squares is fixed by the mirror
            assert (start in cells) == (start in geo.cells[t.mirrored[pid]])
        assert t.pieces[t.rotated[pid]] == t.pieces[pid] == t.pieces[t.mirrored[pid]]


def test_orange_sees_the_board_as_purple_does_after_a_half_turn():
    game = random_game("duo", 5, 9)
    planes, hands = encode(game.board, 1)
    # swap the colors' pieces and turn the board: purple to move there sees what orange saw here
    board = bn.Game("duo").board
    for move in game.history:
        if not move.is_pass:
            color = 1 - game.colors.index(move.color)
            board.place(color, int(tables().rotated[move.placement]))
    twin_planes, twin_hands = encode(board, 0)
    assert np.array_equal(planes, twin_planes) and np.array_equal(hands, twin_hands)
    assert planes[:, 0].sum() == game.squares_placed("orange")
    pids = game.board.legal_placements(1)
    assert sorted(canonical_pids(pids, 1).tolist()) == sorted(board.legal_placements(0))


def test_the_network_refuses_other_boards():
    with pytest.raises(bn.BlokusError, match="Duo"):
        encode(Board(14, [0, 13, 182, 195]), 0)
    with pytest.raises(bn.BlokusError, match="made for the duo board"):
        load_net().evaluate(bn.Game("classic").board, 0, [])
    with pytest.raises(bn.BlokusError, match="made for the classic board"):
        load_net(variant="classic").evaluate(bn.Game("duo").board, 0, [])
    with pytest.raises(bn.BlokusError, match="not 'hex'"):
        load_net(variant="hex")


def test_the_duo_network_still_gives_what_it_gave():
    # pinned before the classic network was added: the same weights file, the same outputs
    net = load_net()
    game = random_game("duo", 3, 7)
    color = game.colors.index(game.to_play)
    pids = game.board.legal_placements(color)
    logits, value = net.evaluate(game.board, color, pids)
    assert NET_PATH.name == "net_duo.npz" and isinstance(value, float)
    assert (len(pids), round(value, 5), round(float(np.sum(logits)), 3)) == PINNED_DUO


PINNED_DUO = (452, 0.58007, -108.531)


# -- the classic board ----------------------------------------------------------------------
def test_quarter_turns_take_each_start_corner_to_the_first_in_playing_order():
    t = tables(20)
    n = len(t.flat)
    geo = bn.Game("classic").board.geo
    starts = bn.Game("classic").board.start_cells  # blue, yellow, red, green
    assert (t.turns[0] == np.arange(n)).all()
    for k in range(4):
        assert sorted(t.turns[k].tolist()) == list(range(n))
        assert (t.pieces[t.turns[k]] == t.pieces).all()
        for j in range(4):  # color k + j's corner goes to color j's
            corner = geo.placement_of_cells({starts[(k + j) % 4]})
            assert set(geo.cells[t.turns[k][corner]]) == {starts[j]}
    twice = t.turns[1][t.turns[1]]
    assert (twice == t.turns[2]).all() and (t.turns[1][t.turns[3]] == np.arange(n)).all()


@pytest.mark.parametrize("color", [1, 2, 3])
def test_each_color_sees_the_board_as_blue_does_after_quarter_turns(color):
    game = random_game("classic", 7, 14)
    planes, hands = encode(game.board, color)
    assert planes.shape == (400, 13) and hands.shape == (84,)
    # relabel the colors from the mover and turn the board: blue to move there sees the same
    board = bn.Game("classic").board
    for move in game.history:
        if not move.is_pass:
            c = game.colors.index(move.color)
            board.place((c - color) % 4, int(tables(20).turns[color][move.placement]))
    twin_planes, twin_hands = encode(board, 0)
    assert np.array_equal(planes, twin_planes) and np.array_equal(hands, twin_hands)
    assert planes[:, 0].sum() == game.squares_placed(game.colors[color])
    pids = legal_array(game.board, color)
    assert sorted(canonical_pids(pids, color, CLASSIC).tolist()) == sorted(board.legal_placements(0))


def test_the_shipped_classic_network_loads_and_gives_chances_of_first_place():
    assert CLASSIC_NET_PATH.is_file()
    assert NET_PATH.stat().st_size + CLASSIC_NET_PATH.stat().st_size < 5 * 2**20
    net = load_net(variant="classic")
    assert net is load_net(variant="classic_3") and net.encoding is CLASSIC
    game = bn.Game("classic")
    logits, chances = net.evaluate(game.board, 0, game.board.legal_placements(0))
    assert len(logits) == 58 and chances.shape == (4,) and abs(chances.sum() - 1) < 1e-6
    # the first color finishes first alone in 47% of Pentobi's games, the others in 8-19%
    assert chances[0] == chances.max() and 0.35 < chances[0] < 0.6 and chances[1:].max() < 0.3
    # an opening with the monomino wastes blue's start; the chances come back by color index
    game.play("a20")
    _, other = net.evaluate(game.board, 1, game.board.legal_placements(1))
    assert abs(other.sum() - 1) < 1e-6 and other[0] < chances[0] / 2 and other[1] > chances[1]
    calibrated = net.first_chances(chances)
    assert abs(calibrated.sum() - 1) < 1e-9 and calibrated.argmax() == 0


@pytest.mark.parametrize("variant", ["duo", "classic"])
def test_cut_short_or_misshapen_weights_are_refused(tmp_path, variant):
    net = load_net(variant=variant)
    whole = net.save(tmp_path / "whole.npz")
    data = whole.read_bytes()
    for k, cut in enumerate((data[: len(data) // 2], data[:-40], data[:100])):
        broken = tmp_path / f"broken{k}.npz"
        broken.write_bytes(cut)
        with pytest.raises(bn.BlokusError, match="cannot read network weights"):
            load_net(broken, variant=variant)
    encoding_format = FORMAT if variant == "duo" else CLASSIC.format
    for name, shape in (("policy_w", (3, 3)), ("value2_w", (net.params["value2_w"].shape[0], 7)),
                        ("hand_w", (5, net.params["hand_w"].shape[1]))):
        misshapen = tmp_path / f"{name}.npz"
        params = dict(net.params, **{name: np.zeros(shape, dtype=np.float32)})
        np.savez(misshapen, format=np.array(encoding_format), **params)
        with pytest.raises(bn.BlokusError, match=f"the array '{name}' has the shape"):
            load_net(misshapen, variant=variant)


def _saved_with(tmp_path, net, **changes):
    """``net``'s arrays saved again with np.savez, ``changes`` made (None drops an array)."""
    params = {k: v for k, v in {**net.params, **changes}.items() if v is not None}
    path = tmp_path / "changed.npz"
    np.savez(path, format=np.array(net.encoding.format), **params)
    return path


@pytest.mark.parametrize("variant", ["duo", "classic"])
@pytest.mark.parametrize("change, message", [
    (lambda p: {"conv0_b": p["conv0_b"].astype(str)}, r"the array 'conv0_b' holds <U\d+ values, not numbers"),
    (lambda p: {"policy_w": p["policy_w"] > 0}, "the array 'policy_w' holds bool values, not numbers"),
    (lambda p: {"value1_b": np.where(np.arange(len(p["value1_b"])) == 2, np.nan, p["value1_b"])},
     "the array 'value1_b' holds 1 value that is not finite"),
    (lambda p: {"conv2_w": np.full(p["conv2_w"].shape, np.inf, dtype=np.float32)},
     "the array 'conv2_w' holds .* values that are not finite"),
    (lambda p: {"hand_w": np.full(p["hand_w"].shape, 1e300)}, "'hand_w' holds .* not finite"),  # past float32
    (lambda p: {"conv1_b": np.zeros(1, dtype=np.float32)}, r"'conv1_b' has the shape \(1,\), not \(\d+,\)"),
    (lambda p: {"policy_b": np.float32(0)}, r"'policy_b' has the shape \(\), not \(91,\)"),
    (lambda p: {"calibration": np.ones(3)}, r"'calibration' has the shape \(3,\)"),
    (lambda p: {"value1_w": p["value1_w"][:-1]}, r"'value1_w' has the shape"),
    (lambda p: {"move_x": np.zeros(3)}, "an array named 'move_x', which is no part of the"),
    (lambda p: {"conv9_b": p["conv0_b"]}, "an array named 'conv9_b', which is no part of the"),
    (lambda p: {"conv1_w": None, "conv1_b": None}, "lacks the array conv1_w"),
    (lambda p: {"conv0_w": p["conv0_w"].ravel()}, "the array conv0_w has the shape .*, not a matrix"),
])
def test_a_network_file_with_wrong_contents_is_refused_at_load_naming_the_array(tmp_path, variant, change, message):
    net = load_net(variant=variant)
    path = _saved_with(tmp_path, net, **change(net.params))
    with pytest.raises(bn.BlokusError, match=message) as raised:
        load_net(path, variant=variant)
    assert str(path) in str(raised.value)


def test_weights_of_one_board_are_refused_for_the_other(tmp_path):
    path = tmp_path / "duo.npz"
    load_net().save(path)
    with pytest.raises(bn.BlokusError, match="other inputs"):
        load_net(path, variant="classic")
    classic = tmp_path / "classic.npz"
    load_net(variant="classic").save(classic)
    with pytest.raises(bn.BlokusError, match="other inputs"):
        load_net(classic)
    assert load_net(classic, variant="classic").encoding is CLASSIC
    with pytest.raises(bn.BlokusError, match="classic Net"):
        PUCTPlayer(classic_net=load_net())
    with pytest.raises(bn.BlokusError, match="Duo Net"):
        PUCTPlayer(net=load_net(variant="classic"))


def test_the_shipped_network_loads_is_small_and_package_data():
    assert NET_PATH.is_file() and NET_PATH.stat().st_size < 5 * 2**20
    net = load_net()
    assert net is load_net() and net.layers >= 2
    game = bn.Game("duo")
    pids = game.board.legal_placements(0)
    logits, value = net.evaluate(game.board, 0, pids)
    assert len(logits) == len(pids) and all(np.isfinite(logits))
    # the first player is a strong favourite in Duo, and the net has learned it
    assert 0.55 < value < 0.95


def test_weights_made_for_other_inputs_or_broken_are_refused(tmp_path):
    params = dict(load_net().params)
    path = tmp_path / "net.npz"
    Net(params).save(path)
    assert load_net(path).params.keys() == params.keys()
    foreign = tmp_path / "foreign.npz"
    np.savez(foreign, format=np.array("duo-v0:own,opponent"), **params)
    with pytest.raises(bn.BlokusError, match="other inputs"):
        load_net(foreign)
    unlabelled = tmp_path / "unlabelled.npz"
    np.savez(unlabelled, **params)
    with pytest.raises(bn.BlokusError, match="other inputs"):
        load_net(unlabelled)
    with pytest.raises(bn.BlokusError, match="cannot read"):
        load_net(tmp_path / "missing.npz")
    lacking = tmp_path / "lacking.npz"
    np.savez(lacking, format=np.array(FORMAT), **{k: v for k, v in params.items() if k != "policy_w"})
    with pytest.raises(bn.BlokusError, match="policy_w"):
        load_net(lacking)
    with pytest.raises(bn.BlokusError, match=".npz"):
        Net(params).save(tmp_path / "net.txt")


def test_a_batch_gives_what_one_position_at_a_time_gives():
    net = load_net()
    games = [random_game("duo", seed, moves) for seed, moves in ((1, 3), (2, 8), (3, 15))]
    positions = [(g.board, g.colors.index(g.to_play), g.board.legal_placements(g.colors.index(g.to_play)))
                 for g in games]
    batch = net.evaluate_batch(positions)
    for (board, color, pids), (logits, value) in zip(positions, batch):
        one_logits, one_value = net.evaluate(board, color, pids)
        assert np.allclose(logits, one_logits, atol=1e-4) and abs(value - one_value) < 1e-5


def plain_forward(net: Net, planes: np.ndarray, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The forward pass written the plain way (nine slices joined, new arrays at every step): what
    Net.forward's faster one must give bit for bit."""
    p, size = net.params, net.encoding.size
    x = planes.reshape(planes.shape[0], size, size, -1)
    for k in range(net.layers):
        b, h, w, c = x.shape
        padded = np.zeros((b, h + 2, w + 2, c), dtype=x.dtype)
        padded[:, 1:-1, 1:-1] = x
        cols = np.concatenate([padded[:, dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)], axis=3)
        z = (cols.reshape(b * h * w, 9 * c) @ p[f"conv{k}_w"]).reshape(b, h, w, -1) + p[f"conv{k}_b"]
        if k == 0:
            z = z + (hands @ p["hand_w"])[:, None, None, :]
        x = np.maximum(z, 0.0)
    flat = x.reshape(x.shape[0] * size * size, -1)
    policy = (flat @ p["policy_w"] + p["policy_b"]).reshape(x.shape[0], -1)
    pooled = np.concatenate([x.mean(axis=(1, 2)), hands], axis=1)
    hidden = np.maximum(pooled @ p["value1_w"] + p["value1_b"], 0.0)
    return policy, hidden @ p["value2_w"] + p["value2_b"]


@pytest.mark.parametrize("variant", ["duo", "classic"])
def test_the_forward_pass_gives_the_plain_one_s_numbers_bit_for_bit(variant):
    net = load_net(variant=variant)
    games = [random_game(variant, seed, moves) for seed, moves in ((1, 0), (2, 9), (3, 21))]
    planes, hands = zip(*(encode(g.board, g.colors.index(g.to_play)) for g in games))
    for batch in ((0,), (0, 1, 2)):
        p, h = np.stack([planes[i] for i in batch]), np.stack([hands[i] for i in batch])
        policy, chances = net.forward(p, h)
        want_policy, want_value = plain_forward(net, p, h)
        assert policy.dtype == want_policy.dtype and np.array_equal(policy, want_policy)
        if variant == "duo":
            assert np.array_equal(chances, 1.0 / (1.0 + np.exp(-np.clip(want_value[:, 0], -30.0, 30.0))))
        else:
            assert np.array_equal(chances, bn.players.net.softmax(want_value))


@pytest.mark.parametrize("variant", ["duo", "classic"])
def test_the_browser_s_product_gives_what_blas_gives(variant, monkeypatch):
    """Where numpy has no BLAS (Pyodide) the convolutions' products are einsum's: the same network to
    rounding, and the same most likely move."""
    from blokus_nb.players import net as net_module

    net = load_net(variant=variant)
    games = [random_game(variant, seed, moves) for seed, moves in ((1, 4), (2, 12), (3, 20))]
    positions = [(g.board, g.colors.index(g.to_play), g.board.legal_placements(g.colors.index(g.to_play)))
                 for g in games]
    with_blas = net.evaluate_batch(positions)
    monkeypatch.setattr(net_module, "PLAIN_LOOPS", True)
    looped = net.evaluate_batch(positions)
    for (logits, value), (their_logits, their_value) in zip(with_blas, looped):
        assert np.allclose(logits, their_logits, rtol=1e-4, atol=1e-4)
        assert np.allclose(value, their_value, atol=1e-5)
        assert int(np.argmax(logits)) == int(np.argmax(their_logits))


# -- the search ---------------------------------------------------------------------------
@pytest.mark.slow
def test_every_move_the_network_search_chooses_is_legal():
    game = bn.Game("duo")
    players = [PUCTPlayer(seed=0, limit=Limit(simulations=6)), PUCTPlayer(seed=1, limit=Limit(simulations=6))]
    while not game.is_over:
        before = game.board.snapshot()
        move = players[game.player_to_play - 1].choose_move(game)
        assert game.board.snapshot() == before
        assert game.is_legal(move), f"{move} is not legal"
        game.play(move)
    assert len(game.history) > 20


@pytest.mark.slow
def test_a_seed_and_a_simulation_budget_repeat_a_network_search():
    game = random_game("duo", 4, 6)
    first = PUCTPlayer(seed=3).search(game, Limit(simulations=80))
    second = PUCTPlayer(seed=3).search(game, Limit(simulations=80))
    assert first.simulations == 80 == sum(a.visits for a in first.alternatives)
    assert [(a.move, a.visits, a.win_rate) for a in first.alternatives] == \
        [(a.move, a.visits, a.win_rate) for a in second.alternatives]
    assert all(0 <= a.win_rate <= 1 for a in first.alternatives)


@pytest.mark.slow
def test_playouts_repeat_under_a_seed_and_differ_between_seeds():
    game = random_game("duo", 5, 8)
    runs = [PUCTPlayer(seed=seed, playouts=1.0).search(game, Limit(simulations=120)) for seed in (3, 3, 4)]
    visits = [[(a.move, a.visits, a.value) for a in run.alternatives] for run in runs]
    assert visits[0] == visits[1]
    assert visits[0] != visits[2]  # the playouts' random moves come from the seed
    assert all(game.is_legal(run.move) for run in runs)


def test_a_playout_plays_to_the_end_and_scores_it():
    game = random_game("duo", 7, 10)
    player = PUCTPlayer(seed=1, playouts=0.5)
    for _ in range(20):
        board = game.board.copy()
        result = player._playout_result(board, 0, player.rng)
        assert not board.has_legal(0) and not board.has_legal(1)
        mine, theirs = board.points(0), board.points(1)
        assert result == (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
    assert game.board.snapshot() == random_game("duo", 7, 10).board.snapshot()


@pytest.mark.parametrize("weight", [-0.1, 1.5, float("nan"), "half", None, True])
def test_the_playout_weight_is_checked(weight):
    with pytest.raises(bn.BlokusError, match="playouts"):
        PUCTPlayer(playouts=weight)


@pytest.mark.parametrize("chance", [-0.1, 1.5, float("nan"), "half", None, True])
def test_the_chance_of_a_local_answer_is_checked(chance):
    with pytest.raises(bn.BlokusError, match="local is the chance that a playout move answers"):
        PUCTPlayer(local=chance)


@pytest.mark.slow
def test_settings_given_per_variant_apply_to_that_variant_only():
    def visits(variant, **options):
        game = random_game(variant, 5, 8 if variant == "duo" else 12)
        result = PUCTPlayer(seed=3, **options).search(game, Limit(simulations=60))
        return [(a.move, a.visits) for a in result.alternatives]

    per_variant = {"exploration": {"duo": 4.0}, "local": {"duo": 1.0}}
    assert visits("duo", **per_variant) == visits("duo", exploration=4.0, local=1.0)
    assert visits("duo", **per_variant) != visits("duo")
    assert visits("classic", **per_variant) == visits("classic")


@pytest.mark.parametrize("value, message", [
    ({"chess": 2.0}, "a number or a dict of numbers by variant .* not one for 'chess'"),
    ({"duo": -1}, r"exploration\['duo'\]"),
])
def test_a_per_variant_setting_is_checked(value, message):
    with pytest.raises(bn.BlokusError, match=message):
        PUCTPlayer(exploration=value)


@pytest.mark.slow
def test_local_playouts_repeat_under_a_seed_and_change_the_search():
    game = random_game("duo", 5, 8)
    runs = [PUCTPlayer(seed=3, playouts=1.0, local=local).search(game, Limit(simulations=120))
            for local in (0.5, 0.5, 0.0)]
    visits = [[(a.move, a.visits, a.value) for a in run.alternatives] for run in runs]
    assert visits[0] == visits[1]
    assert visits[0] != visits[2]
    assert all(game.is_legal(run.move) for run in runs)


@pytest.mark.timing
def test_a_network_search_keeps_to_its_time():
    game = random_game("duo", 2, 10)
    player = PUCTPlayer(seed=1)
    start = time.perf_counter()
    result = player.search(game, Limit(time=0.4))
    elapsed = time.perf_counter() - start
    assert elapsed < 0.4 + 0.3 and result.simulations > 5


@pytest.mark.slow
def test_the_network_search_goes_on_below_the_moves_played():
    game = random_game("duo", 6, 6)
    player = PUCTPlayer(seed=2)
    first = player.search(game, Limit(simulations=200))
    game.play(first.move)
    reply = PUCTPlayer(seed=9).choose_move(game, Limit(simulations=5))
    game.play(reply)
    root = player._net_tree.root
    kept = root.children[root.pids.tolist().index(first.move.placement)]
    kept = (kept.children[kept.pids.tolist().index(reply.placement)]
            if kept is not None and kept.expanded else None)
    before = 0 if kept is None else kept.total
    player.search(game, Limit(simulations=10))
    root = player._net_tree.root
    assert root.total == before + 10
    copy = player.with_seed(5)
    assert copy._net_tree.root is None


@pytest.mark.parametrize("variant, networks", [("classic_2", ("duo", "classic", "classic_3")),
                                               ("classic_3", ("duo", "classic")), ("classic", ("duo",))])
def test_other_variants_are_searched_as_mcts_does(variant, networks):
    game = random_game(variant, 1, 4)
    a = PUCTPlayer(seed=4, networks=networks).search(game, Limit(simulations=30))
    b = MCTSPlayer(seed=4).search(game, Limit(simulations=30))
    assert a.move == b.move and [s.visits for s in a.alternatives] == [s.visits for s in b.alternatives]


@pytest.mark.slow
def test_every_move_the_classic_network_search_chooses_is_legal():
    game = bn.Game("classic")
    player = PUCTPlayer(seed=0, limit=Limit(simulations=3))
    while not game.is_over:
        before = game.board.snapshot()
        result = player.search(game)
        assert game.board.snapshot() == before and game.is_legal(result.move), f"{result.move}"
        assert len(result.chances) == 4 and abs(sum(result.chances) - 1) < 1e-6
        assert result.win_rate == pytest.approx(result.chances[game.colors.index(game.to_play)])
        game.play(result.move)
    assert sum(not m.is_pass for m in game.history) > 40


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["classic", "classic_2", "classic_3"])
def test_a_seed_and_a_budget_repeat_a_classic_network_search(variant):
    game = random_game(variant, 4, 9)
    first = PUCTPlayer(seed=3).search(game, Limit(simulations=25))
    second = PUCTPlayer(seed=3).search(game, Limit(simulations=25))
    assert first.simulations == 25 == sum(a.visits for a in first.alternatives)
    assert [(a.move, a.visits, a.value) for a in first.alternatives] == \
        [(a.move, a.visits, a.value) for a in second.alternatives]
    assert first.chances == second.chances


@pytest.mark.timing
def test_a_classic_network_search_keeps_to_its_time_and_reuses_its_tree():
    game = random_game("classic", 2, 12)
    player = PUCTPlayer(seed=1)
    player.search(game, Limit(simulations=2))  # the tables and weights, read once
    start = time.perf_counter()
    result = player.search(game, Limit(time=0.5))
    assert time.perf_counter() - start < 0.5 + 0.4 and result.simulations >= 2
    game.play(result.move)
    root = player._net_tree.root
    assert root is not None and player._tree.root is None  # searched with the network, not as MCTS
    kept = root.children[root.pids.tolist().index(result.move.placement)]
    before = 0 if kept is None else kept.total
    player.search(game, Limit(simulations=5))
    root = player._net_tree.root
    assert root.total == before + 5


def test_a_finished_classic_board_shares_first_place():
    from blokus_nb.players.puct import _first_shares

    game = random_game("classic", 3, 200)
    shares = _first_shares(game.board)
    points = [game.board.points(c) for c in range(4)]
    assert shares.sum() == pytest.approx(1)
    assert all((s > 0) == (p == max(points)) for s, p in zip(shares, points))


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["classic_2", "classic_3"])
def test_every_move_the_network_search_chooses_in_classic_2_and_3_is_legal(variant):
    game = bn.Game(variant)
    player = PUCTPlayer(seed=0, limit=Limit(simulations=3))
    while not game.is_over:
        before = game.board.snapshot()
        result = player.search(game)
        assert game.board.snapshot() == before and game.is_legal(result.move), f"{result.move}"
        n_players = game.variant.n_players
        assert len(result.chances) == n_players and abs(sum(result.chances) - 1) < 1e-6
        assert result.win_rate == pytest.approx(result.chances[game.player_to_play - 1])
        game.play(result.move)
    assert sum(not m.is_pass for m in game.history) > 40


def test_classic_2_judges_a_move_by_its_players_two_colors():
    # blue and red are one player: the search's value of a node is the network's chance of
    # blue finishing first plus red's, and each move is judged for the player who makes it
    game = random_game("classic_2", 5, 8)
    player = PUCTPlayer(seed=2)
    player.search(game, Limit(simulations=20))
    root = player._net_tree.root
    color = game.colors.index(game.to_play)
    _, chances = player.classic_net.evaluate_array(game.board, color, root.pids)
    assert root.chances.tolist() == pytest.approx([chances[0] + chances[2], chances[1] + chances[3]])
    assert root.mover == game.player_to_play - 1 and root.value == pytest.approx(root.chances[root.mover])
    for parent, child in _tree_edges(root):
        assert child.mover == (child.color % 2 if child.color >= 0 else -1)
        assert parent.sums.sum(axis=1) == pytest.approx(parent.visits)  # results add up to one


def test_classic_3_leaves_the_shared_color_out_and_gives_its_moves_to_their_player():
    game = bn.Game("classic_3")
    player = PUCTPlayer(seed=2)
    while game.moves_played("green") < 1 or game.to_play != "green":
        game.play(player.search(game, Limit(simulations=4)).move)
    # green is on its second move: played by player 2
    assert game.player_to_play == 2
    player.search(game, Limit(simulations=20))
    root = player._net_tree.root
    _, chances = player.classic_net.evaluate_array(game.board, 3, root.pids)
    assert root.mover == 1
    assert root.chances.tolist() == pytest.approx((chances[:3] / chances[:3].sum()).tolist())
    movers = {(child.color, child.mover) for _, child in _tree_edges(root) if child.color >= 0}
    assert {mover for color, mover in movers if color < 3} <= {0, 1, 2}
    assert all(mover == color for color, mover in movers if color < 3)


def test_a_finished_classic_2_board_counts_a_players_two_colors():
    from blokus_nb.players.puct import _first_shares

    game = random_game("classic_2", 3, 200)
    points = [game.board.points(c) for c in range(4)]
    shares = _first_shares(game.board, [[0, 2], [1, 3]])
    blue_red, yellow_green = points[0] + points[2], points[1] + points[3]
    expected = [1.0, 0.0] if blue_red > yellow_green else [0.0, 1.0] if blue_red < yellow_green else [.5, .5]
    assert shares.tolist() == expected


def test_a_finished_board_gives_each_player_its_share_of_the_others_behind_it():
    from blokus_nb.players.puct import _rank_shares

    game = random_game("classic", 3, 200)
    points = [game.board.points(c) for c in range(4)]
    expected = [(sum(p > q for q in points) + 0.5 * (points.count(p) - 1)) / 3 for p in points]
    assert _rank_shares(game.board, [[0], [1], [2], [3]]).tolist() == pytest.approx(expected)


def test_the_chances_of_first_give_expected_ranks_by_plackett_luce():
    from blokus_nb.players.puct import _expected_ranks

    ranks = _expected_ranks(np.array([0.4, 0.3, 0.2, 0.1]))
    assert ranks.sum() == pytest.approx(2.0)  # four players: six pairs, one ahead in each
    assert list(ranks) == sorted(ranks, reverse=True)
    assert _expected_ranks(np.array([0.7, 0.3])).tolist() == pytest.approx([0.7, 0.3])


@pytest.mark.parametrize("variant", ["classic", "classic_3"])
def test_playing_for_rank_steers_by_rank_and_still_reports_chances_of_first(variant):
    from blokus_nb.players.puct import _expected_ranks

    game = random_game(variant, 6, 10)
    player = PUCTPlayer(seed=2, goal="rank")
    result = player.search(game, Limit(simulations=30))
    root = player._net_tree.root
    assert root.goals.tolist() == pytest.approx(_expected_ranks(root.chances).tolist())
    assert root.value == pytest.approx(root.goals[root.mover])
    assert len(result.chances) == game.variant.n_players and sum(result.chances) == pytest.approx(1)
    # selection sums the mover's rank; the reported chances come from the sums of chances of first
    assert not np.allclose(root.values[root.visits > 0], root.sums[root.visits > 0, root.mover])
    with pytest.raises(bn.BlokusError, match="goal"):
        PUCTPlayer(goal="win")


def _tree_edges(root):
    stack = [root]
    while stack:
        node = stack.pop()
        for child in node.children:
            if child is not None:
                yield node, child
                if child.expanded:
                    stack.append(child)


def test_the_strong_levels_search_with_the_network():
    for level in ("hard", "expert"):
        player = make_player(level, seed=0)
        assert isinstance(player, PUCTPlayer) and player.playouts == 0.8
        # measured against Pentobi level 6 in Duo, and level 5 in classic (players/levels.py)
        assert (player.puct, player.local) == ({"duo": 2.5}, {"duo": 0.5, "classic": 0.5})
    # measured stronger than the 0.2.0 search in classic, classic_2 and classic_3
    assert make_player("hard").networks == ("duo", "classic", "classic_2", "classic_3")
    assert make_player("expert").networks == ("duo", "classic", "classic_2", "classic_3")


def test_the_pentobi_benchmark_skips_and_says_so_without_the_engine(tmp_path, capsys):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import bench_ai

    assert bench_ai.main(["--only", "pentobi", "--pentobi-harness", str(tmp_path / "absent.py")]) == 0
    out = capsys.readouterr().out
    assert "skipped: Pentobi's engine or match harness is not here" in out
    assert not list(tmp_path.iterdir())  # nothing was run


def test_ratings_follow_from_the_score_against_a_pentobi_level():
    from blokus_nb.players import PENTOBI_ELO, pentobi_rating
    from blokus_nb.players.ratings import RATINGS, rating_from_score

    even = rating_from_score("x", "duo", 5, 20, 40)
    assert even.elo == PENTOBI_ELO["duo"][4] and even.low < even.elo < even.high
    better = rating_from_score("x", "duo", 5, 30, 40)
    assert better.elo > even.elo and better.about == "about Pentobi level 6"
    for (level, variant), rating in RATINGS.items():
        assert rating.level == level and rating.variant == variant
        assert rating.low <= rating.elo <= rating.high and "pentobi_match.py" in rating.command
        assert pentobi_rating(level.upper(), variant) is rating
    nothing = rating_from_score("x", "duo", 1, 0, 20)
    assert nothing.low == -math.inf and nothing.elo == nothing.high < PENTOBI_ELO["duo"][0]
    assert "at most" in str(nothing) and nothing.about == "below Pentobi level 1"
    with pytest.raises(bn.BlokusError, match="no Pentobi rating"):
        pentobi_rating("grandmaster")


def test_a_pickled_network_player_still_plays_in_duo_and_classic():
    # Workers of play_match get their players pickled: the encoding must survive as itself
    # (it was copied, and the copy's network refused every board it was made for).
    import pickle

    from blokus_nb.players import Limit, make_player
    from blokus_nb.players import net as net_module

    assert pickle.loads(pickle.dumps(net_module.DUO)) is net_module.DUO
    assert pickle.loads(pickle.dumps(net_module.CLASSIC)) is net_module.CLASSIC
    for variant in ("duo", "classic"):
        player = pickle.loads(pickle.dumps(make_player("hard", seed=1)))
        game = bn.Game(variant)
        assert player.choose_move(game, Limit(simulations=8)) in game.legal_moves()
