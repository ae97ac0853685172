"""SearchResult.chances from the Monte Carlo search: each player's chance of finishing first, in every variant."""

from __future__ import annotations

import pytest
from sample_games import random_game

import blokus_nb as bn
from blokus_nb.players import Limit, MCTSPlayer


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["duo", "classic_2", "classic_3", "classic"])
def test_every_player_has_a_chance_and_they_add_up_to_one(variant):
    game = random_game(variant, 3, moves=8)
    result = MCTSPlayer(seed=1).search(game, Limit(simulations=120))
    chances = result.chances
    assert len(chances) == game.variant.n_players
    assert sum(chances) == pytest.approx(1.0) and all(0.0 <= c <= 1.0 for c in chances)
    assert MCTSPlayer(seed=1).search(game, Limit(simulations=120)).chances == chances  # seeded: the same


@pytest.mark.parametrize("variant", ["duo", "classic_2"])
def test_two_sides_share_the_movers_win_rate(variant):
    game = random_game(variant, 4, moves=5)
    mover = game.variant.player_of(game.to_play, len([m for m in game.history if m.color == game.to_play])) - 1
    result = MCTSPlayer(seed=2).search(game, Limit(simulations=80))
    assert result.chances[mover] == result.win_rate
    assert result.chances[1 - mover] == 1.0 - result.win_rate


@pytest.mark.parametrize("variant", ["classic_3", "classic"])
def test_with_more_players_the_leader_near_the_end_has_the_best_chance(variant):
    final = random_game(variant, 11)
    game = final.copy()
    for _ in range(6):  # a few placements before the end: the result is nearly settled
        game.undo()
    while game.is_over:
        game.undo()
    (winner,) = final.winners("points")
    result = MCTSPlayer(seed=5).search(game, Limit(simulations=300))
    assert max(range(len(result.chances)), key=result.chances.__getitem__) == winner - 1
    assert result.chances[winner - 1] > 0.5


def test_the_chances_stay_whole_when_the_tree_is_reused():
    game = random_game("classic", 6, moves=12)
    player = MCTSPlayer(seed=3)
    first = player.search(game, Limit(simulations=150))
    game.play(first.move)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    again = player.search(game, Limit(simulations=20))  # most of what it knows comes from the kept tree
    assert sum(again.chances) == pytest.approx(1.0) and len(again.chances) == 4


@pytest.mark.parametrize("limit", [Limit(simulations=1), Limit(nodes=1), Limit(nodes=2)], ids=str)
@pytest.mark.parametrize("variant", ["duo", "classic_2", "classic"])
def test_hard_with_one_simulation_reports_a_chance_not_a_playouts_zero_or_one(variant, limit):
    from blokus_nb.players.mcts import mover_chance

    game = random_game(variant, 2, moves=6)
    chances = []
    for seed in range(8):  # a playout is won or lost: one alone said 0% or 100% half the time each
        player = bn.make_player("hard", seed=seed)
        chances.append(mover_chance(player.search(game, limit), game))
    assert all(0.05 < chance < 0.95 for chance in chances), chances
