"""The one budget loop and the one kept tree every tree search uses (players/search.py)."""

from __future__ import annotations

import time

import pytest

import blokus_nb as bn
from blokus_nb.players import Limit
from blokus_nb.players.mcts import MCTSPlayer
from blokus_nb.players.puct import PUCTPlayer
from blokus_nb.players.search import KeptTree, run_budget


@pytest.mark.timing
def test_each_bound_of_a_limit_ends_the_loop():
    assert run_budget(Limit(simulations=7), lambda: 3, lambda: False)[:2] == (7, 22)
    assert run_budget(Limit(nodes=10), lambda: 3, lambda: False)[:2] == (3, 10)
    # A simulation that adds no node (a finished game already in the tree) counts as one.
    assert run_budget(Limit(nodes=10), lambda: 0, lambda: False)[:2] == (9, 10)
    calls = []
    assert run_budget(Limit(stop=lambda: len(calls) >= 4), lambda: calls.append(1) or 1, lambda: False)[0] == 4
    start = time.perf_counter()
    simulations, _, seconds, stopped_by = run_budget(Limit(time=0.2), lambda: time.sleep(0.01) or 1, lambda: False)
    assert 0.2 <= seconds < 0.2 + 0.3 and time.perf_counter() - start >= 0.2 and simulations >= 2
    assert stopped_by == "time"


def test_one_simulation_runs_whatever_the_time_or_stop_and_a_forced_move_ends_a_timed_search():
    assert run_budget(Limit(time=1e-9), lambda: 1, lambda: False)[0] == 1
    assert run_budget(Limit(stop=lambda: True), lambda: 1, lambda: False)[0] == 1
    assert run_budget(Limit(time=5.0), lambda: 1, lambda: True)[0] == 1
    assert run_budget(Limit(simulations=3), lambda: 1, lambda: True)[0] == 3  # no clock: it thinks on


def test_a_kept_tree_is_found_again_only_for_a_position_grown_from_it():
    for player in (MCTSPlayer(seed=1), PUCTPlayer(seed=1)):
        game = bn.Game("duo")
        game.play(game.legal_moves()[3])
        result = player.search(game, Limit(simulations=60))
        keeper = player._net_tree if isinstance(player, PUCTPlayer) else player._tree
        root = keeper.root
        assert keeper.take(bn.Game("duo")) is None and keeper.root is None  # before it: given up
        keeper.keep(root, game)
        grown = game.copy()
        grown.play(result.move)
        node = keeper.take(grown)
        assert node is not None and node is root.children[list(root.pids).index(result.move.placement)]
        keeper.keep(root, game)
        other = bn.Game("duo")
        other.play(other.legal_moves()[4])
        assert keeper.take(other) is None  # the same length, another position
        keeper.keep(root, game)
        assert keeper.take(bn.Game("classic")) is None  # another variant


def test_a_new_keeper_has_nothing():
    keeper: KeptTree = KeptTree()
    assert keeper.root is None and keeper.take(bn.Game("duo")) is None


@pytest.mark.parametrize("name", ["hard", "medium"])  # the network's search and the linear models'
def test_a_search_in_steps_gives_control_back_and_finds_what_the_blocking_search_finds(name):
    from blokus_nb.players import make_player

    game, limit = bn.Game("duo"), Limit(simulations=400)
    steps = make_player(name, seed=3).search_steps(game, limit)
    taken = 0
    while True:
        try:
            next(steps)
            taken += 1
        except StopIteration as end:
            stepped = end.value
            break
    blocking = make_player(name, seed=3).search(game, limit)
    assert taken >= 2  # several slices of SLICE_SECONDS, not one blocking call
    assert stepped.move == blocking.move and stepped.win_rate == blocking.win_rate
    assert [(a.move, a.visits) for a in stepped.alternatives] == [(a.move, a.visits) for a in blocking.alternatives]


def test_closing_a_search_in_steps_ends_it_and_lets_the_player_search_again():
    from blokus_nb.players import MCTSPlayer

    player = MCTSPlayer(seed=1)
    steps = player.search_steps(bn.Game("duo"), Limit(simulations=10**6))
    next(steps)
    steps.close()  # a cancelled job on the loop: without threads, a held lock would hang the kernel
    assert player.search(bn.Game("duo"), Limit(simulations=5)).simulations == 5
