"""Hints: a legal suggestion, and an explanation that matches what the move does."""

from __future__ import annotations

import random

import pytest

import blokus_nb as bn
from blokus_nb.hints import Hint, hint
from blokus_nb.players import GreedyPlayer, Limit


def position(variant: str, seed: int, moves: int) -> bn.Game:
    rng = random.Random(seed)
    game = bn.Game(variant)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def state(game: bn.Game) -> tuple:
    return (game.board.snapshot(), game.to_play, [str(m) for m in game.history], game.version)


@pytest.mark.parametrize("variant,seed,moves", [("duo", 1, 6), ("classic", 2, 16), ("classic_2", 3, 24)])
@pytest.mark.parametrize("player", ["greedy", "random", "easy"])
def test_the_explanation_matches_the_move(variant, seed, moves, player):
    game = position(variant, seed, moves)
    before = state(game)
    advice = hint(game, player, seed=0)
    assert state(game) == before
    color = game.to_play
    assert advice.color == color and game.is_legal(advice.move) and advice.player == player
    assert advice.squares == advice.move.piece.size
    after = game.copy()
    after.play(advice.move)
    opened = set(after.corner_points(color)) - set(game.corner_points(color))
    assert set(advice.corners_opened) == opened
    assert advice.corners_gained == len(after.corner_points(color)) - len(game.corner_points(color))
    for other, cells in advice.corners_taken.items():
        assert other != color and cells
        assert set(cells) <= set(game.corner_points(other)) & set(advice.move.cells)
    covered = {c for other in game.colors if other != color
               for c in set(game.corner_points(other)) & set(advice.move.cells)}
    if variant != "classic_2":  # there a teammate's corner points are not "taken"
        assert covered == {c for cells in advice.corners_taken.values() for c in cells}
    assert advice.win_rate is None and len(advice.alternatives) == 3
    assert advice.move not in [a.move for a in advice.alternatives]


@pytest.mark.slow
def test_a_searching_hint_gives_a_win_chance_and_alternatives():
    game = position("duo", 4, 4)
    before = state(game)
    advice = hint(game, "hard", limit=Limit(simulations=60), seed=2)
    assert state(game) == before and game.is_legal(advice.move)
    assert 0 <= advice.win_rate <= 1 and advice.simulations == 60
    assert 1 <= len(advice.alternatives) <= 3
    assert all(0 <= a.win_rate <= 1 and a.visits >= 1 for a in advice.alternatives)
    text = str(advice)
    assert text.startswith(f"Hint for {game.to_play}: {advice.move}")
    assert f"places {advice.squares} squares" in text and "estimated win chance" in text
    assert "Also good" in text
    page = advice._repr_html_()
    assert "<ul>" in page and str(advice.move) in page


def test_a_hint_repeats_under_a_seed_and_a_budget():
    game = position("classic", 6, 8)
    first = hint(game, "mcts", limit=Limit(simulations=30), seed=5)
    second = hint(game, "mcts", limit=Limit(simulations=30), seed=5)
    assert first == second


def test_a_player_object_may_give_the_hint():
    advice = hint(bn.Game("duo"), GreedyPlayer(seed=1))
    assert advice.player == "greedy" and advice.squares == 5


def test_no_hint_when_the_game_is_over():
    game = position("duo", 1, 0)
    rng = random.Random(0)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    with pytest.raises(bn.IllegalMoveError):
        hint(game, "greedy")


def test_a_pass_is_explained():
    advice = Hint("red", bn.Move.pass_move("red", 20), "greedy")
    assert "must pass" in str(advice)


@pytest.mark.slow
def test_a_searching_hint_uses_the_learned_search():
    from blokus_nb.players.base import teams
    from blokus_nb.players.model import load_weights
    from blokus_nb.players.net import load_net

    game = bn.Game("duo")
    game.play(game.legal_moves()[5])
    advice = hint(game, "hard", limit=Limit(simulations=40), seed=1)
    board, color = game.board, game.colors.index(game.to_play)
    for alternative in advice.alternatives:  # in Duo "hard" is ranked by the network's policy
        expected = load_net().evaluate(board, color, [alternative.move.placement])[0]
        assert alternative.heuristic == pytest.approx(expected[0], abs=1e-4)
    assert 0 <= advice.win_rate <= 1 and f"({advice.simulations} simulations)" in str(advice)
    for variant in ("classic", "classic_2", "classic_3"):
        four = bn.Game(variant)
        four.play(four.legal_moves()[5])
        advice = hint(four, "hard", limit=Limit(simulations=20), seed=1)
        board, color = four.board, four.colors.index(four.to_play)
        for alternative in advice.alternatives:  # on the classic board by the classic network's policy
            expected = load_net(variant="classic").evaluate(board, color, [alternative.move.placement])[0]
            assert alternative.heuristic == pytest.approx(expected[0], abs=1e-4)
    three = bn.Game("classic_3")
    three.play(three.legal_moves()[5])
    advice = hint(three, "medium", limit=Limit(simulations=40), seed=1)
    board, color = three.board, three.colors.index(three.to_play)
    last = board.geo.masks[three.history[-1].placement]
    for alternative in advice.alternatives:  # "medium" by the linear move model
        expected = load_weights().move_scores(board, color, [alternative.move.placement], teams(three), last)
        assert alternative.heuristic == pytest.approx(expected[0])


def test_a_hint_is_about_the_position_it_was_asked_for_while_another_thread_plays():
    import threading

    from blokus_nb.players import Limit

    game = bn.Game("duo")
    started = threading.Event()
    result = {}

    def ask():
        started.set()
        result["hint"] = bn.hint(game, "mcts", limit=Limit(time=0.5), seed=1)

    thread = threading.Thread(target=ask)
    thread.start()
    started.wait()
    game.play("d9,c10,d10,e10,d11")  # purple moves while the hint for purple is searched
    thread.join()
    hinted = result["hint"].move
    assert hinted.color == "purple" and bn.Game("duo").play(hinted)  # legal in the position asked about


@pytest.mark.parametrize("variant,moves", [("classic", 5), ("classic_3", 7)])
def test_a_hint_gives_the_movers_share_of_every_players_chances(variant, moves):
    from test_analysis_evaluation import ChancesPlayer

    game = position(variant, 1, moves)
    advice = hint(game, ChancesPlayer())
    assert advice.win_rate == ChancesPlayer.CHANCES[variant][game.player_to_play - 1]


def test_a_hint_says_when_the_levels_time_cap_ended_its_search():
    game = bn.Game("classic")
    capped = hint(game, "hard", limit=Limit(simulations=10 ** 6, time=0.05))
    assert capped.time_capped and "the time cap ended the search" in str(capped)
    full = hint(game, "hard", limit=Limit(simulations=5))
    assert not full.time_capped and "time cap" not in str(full)
    timed = hint(game, "medium", limit=Limit(time=0.05))  # a clock asked for is no cap
    assert not timed.time_capped
