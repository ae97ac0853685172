"""The arena: fair seats, bookkeeping of scores and wins, processes, summaries, ratings, corpora."""

from __future__ import annotations

import math
import os
from collections import Counter

import pandas as pd
import pytest

import blokus_nb as bn
from blokus_nb.players import GreedyPlayer, Limit, MCTSPlayer, RandomPlayer, arena
from blokus_nb.players.arena import RESULT_COLUMNS, play_match, ratings, round_robin, seat_orders, standings


@pytest.mark.parametrize("n", [2, 3, 4])
def test_seat_orders_give_every_entrant_every_seat_equally(n):
    games = math.factorial(n) * n
    orders = seat_orders(n, games)
    assert all(sorted(order) == list(range(n)) for order in orders)
    for seat in range(n):
        assert Counter(order[seat] for order in orders) == {e: games // n for e in range(n)}
    if n > 2:
        # every arrangement around the table exactly once... up to rotation, n times each
        assert len(set(orders)) == math.factorial(n)


def test_a_match_keeps_the_books():
    match = play_match(["greedy", "random"], "duo", games=6, seed=3, progress=False)
    results = match.results
    assert list(results.columns) == RESULT_COLUMNS
    assert len(results) == 12 and len(match.games) == 6
    assert match.players == ["greedy", "random"] and match.seed == 3
    for index, game in enumerate(match.games):
        rows = results[results["game"] == index].sort_values("seat")
        assert isinstance(game, bn.Game) and game.is_over
        assert list(rows["player"]) == game.player_names
        # seats alternate: greedy moves first in even games
        assert game.player_names == (["greedy", "random"] if index % 2 == 0 else ["random", "greedy"])
        assert list(rows["points"]) == [game.player_scores("points")[s] for s in (1, 2)]
        assert list(rows["colors"]) == ["purple", "orange"]
        assert rows["win"].sum() == pytest.approx(1.0)
        assert list(rows["squares"]) == [game.squares_placed(c) for c in ("purple", "orange")]
        assert list(rows["moves"]) == [game.moves_played(c) for c in ("purple", "orange")]
        winners = game.winners("points")
        assert list(rows["win"]) == [1 / len(winners) if s in winners else 0.0 for s in (1, 2)]
        assert game.metadata["event"] == "blokus-nb arena"
    summary = match.summary()
    assert summary.loc["greedy", "games"] == 6
    assert summary.loc["greedy", "wins"] + summary.loc["random", "wins"] == pytest.approx(6)
    assert set(match.by_seat().columns) == {1, 2}


def test_four_seats_with_repeated_names_are_told_apart():
    match = play_match(["greedy", "random", "random", "random"], "classic", games=4, seed=1,
                       progress=False)
    assert match.players == ["greedy", "random", "random (2)", "random (3)"]
    counts = match.results.groupby(["player", "seat"]).size()
    assert (counts == 1).all() and len(counts) == 16  # four games: every entrant in every seat once
    per_game = match.results.groupby("game")["win"].sum()
    assert (per_game.round(9) == 1).all()
    assert set(match.results["rank"]) <= {1, 2, 3, 4}


def test_classic_2_scores_two_colors_per_seat():
    match = play_match([RandomPlayer(), RandomPlayer()], "classic_2", games=2, seed=2, progress=False)
    assert list(match.results["colors"][:2]) == ["blue,red", "yellow,green"]
    game = match.games[0]
    assert match.results["points"][0] == game.scores("points")["blue"] + game.scores("points")["red"]


@pytest.mark.pools
@pytest.mark.slow
def test_a_seed_makes_a_match_repeat_even_across_processes():
    players = [GreedyPlayer(), MCTSPlayer(limit=Limit(simulations=4))]
    one = play_match(players, "duo", games=4, seed=9, n_jobs=1, progress=False)
    two = play_match(players, "duo", games=4, seed=9, n_jobs=2, progress=False)
    assert [g.history for g in one.games] == [g.history for g in two.games]
    pd.testing.assert_frame_equal(one.results.drop(columns="seconds"), two.results.drop(columns="seconds"))
    other = play_match(players, "duo", games=4, seed=10, progress=False)
    assert [g.history for g in other.games] != [g.history for g in one.games]


def test_match_arguments_are_checked():
    with pytest.raises(ValueError, match="played by 4 players"):
        play_match(["greedy", "random"], "classic", games=1, progress=False)
    with pytest.raises(ValueError, match="unknown player"):
        play_match(["greedy", "chess engine"], "duo", games=1, progress=False)
    with pytest.raises(ValueError):
        play_match(["greedy", "random"], "duo", games=0, progress=False)


def test_bad_scoring_games_and_anchor_are_refused_before_any_game_is_played(monkeypatch):
    def no_games(*args, **kwargs):
        raise AssertionError("a game was played before the arguments were checked")

    monkeypatch.setattr(arena, "_execute", no_games)
    with pytest.raises(bn.BlokusError, match="scoring is 'basic', 'advanced' or 'points', not 'wins'"):
        play_match(["greedy", "random"], "duo", games=1, progress=False, scoring="wins")
    with pytest.raises(bn.BlokusError, match="scoring is 'basic', 'advanced' or 'points', not 'wins'"):
        round_robin(["greedy", "random", "easy"], "duo", games=1, progress=False, scoring="wins")
    with pytest.raises(bn.BlokusError, match="games is a whole number of games, 1 or more"):
        round_robin(["greedy", "random", "easy"], "duo", games=0, progress=False)
    results = pd.DataFrame({"game": [0, 0], "player": ["a", "b"], "rank": [1, 2]})
    with pytest.raises(bn.BlokusError, match="anchor 'c' .* a, b"):
        ratings(results, anchor="c")


@pytest.mark.slow
@pytest.mark.timing
def test_a_limit_overrides_every_players_budget():
    match = play_match(["mcts", "hard"], "duo", games=1, seed=0, limit=Limit(simulations=2),
                       progress=False)
    assert match.results["seconds"].sum() < 5


def test_summary_intervals_and_ties():
    results = pd.DataFrame({
        "game": [0, 0, 1, 1, 2, 2], "seat": [1, 2] * 3, "player": ["a", "b"] * 3,
        "points": [80, 70, 60, 60, 50, 70], "win": [1, 0, 0.5, 0.5, 0, 1.0],
        "rank": [1, 2, 1, 1, 2, 1], "moves": [10] * 6, "seconds": [1.0] * 6,
    })
    table = standings(results)
    assert table.loc["a", "wins"] == 1.5 and table.loc["a", "win_rate"] == 0.5
    assert table.loc["a", "win_low"] < 0.5 < table.loc["a", "win_high"]
    assert table.loc["a", "points_low"] < table.loc["a", "mean_points"] < table.loc["a", "points_high"]
    assert table.loc["a", "seconds_per_move"] == pytest.approx(0.1)
    rated = ratings(results)
    assert rated.loc["a", "rating"] == pytest.approx(rated.loc["b", "rating"])
    assert rated["rating"].mean() == pytest.approx(1500)


def test_ratings_order_players_by_strength():
    rows = []
    # a beats b 3 of 4, b beats c 3 of 4, a beats c 4 of 4
    for game, (x, y, x_wins) in enumerate([("a", "b", 1)] * 3 + [("a", "b", 0)] + [("b", "c", 1)] * 3
                                          + [("b", "c", 0)] + [("a", "c", 1)] * 4):
        rows.append({"game": game, "player": x, "rank": 1 if x_wins else 2})
        rows.append({"game": game, "player": y, "rank": 2 if x_wins else 1})
    table = ratings(pd.DataFrame(rows), anchor="c", anchor_rating=0)
    assert list(table.index) == ["a", "b", "c"]
    assert table.loc["c", "rating"] == 0 and 100 < table.loc["b", "rating"] < table.loc["a", "rating"]


def test_round_robin_plays_every_pair_and_rates_them():
    match = round_robin(["random", "greedy", "easy"], "duo", games=2, seed=4, progress=False)
    assert len(match.games) == 6
    pairs = {tuple(sorted(g.player_names)) for g in match.games}
    assert pairs == {("greedy", "random"), ("easy", "random"), ("easy", "greedy")}
    table = match.ratings()
    assert table.loc["greedy", "rating"] > table.loc["random", "rating"]
    assert (match.summary()["games"] == 4).all()


def test_matches_add_up():
    one = play_match(["greedy", "random"], "duo", games=2, seed=1, progress=False)
    two = play_match(["greedy", "random"], "duo", games=3, seed=2, progress=False)
    both = one + two
    assert len(both.games) == 5 and sorted(set(both.results["game"])) == list(range(5))


@pytest.mark.parametrize("suffix", [".blksgf", ".jsonl", ".json"])
def test_a_match_saves_as_a_corpus(tmp_path, suffix):
    match = play_match(["greedy", "random"], "duo", games=3, seed=5, progress=False)
    path = tmp_path / f"match{suffix}"
    assert match.save(path) == 3
    games = list(bn.iter_games(path))
    assert [g.history for g in games] == [g.history for g in match.games]
    assert [g.player_names for g in games] == [g.player_names for g in match.games]


def test_play_game_seats_players_in_order():
    game = arena.play_game(["random", "greedy", "random", "greedy"], "classic", seed=1)
    assert game.is_over and game.player_names == ["random", "greedy", "random", "greedy"]


def test_the_progress_bar_counts_games(capsys):
    play_match(["greedy", "random"], "duo", games=2, seed=1, progress=True)
    assert "2/2" in capsys.readouterr().err


# ------------------------------------------------------------------------------ issue 9: the move
@pytest.mark.slow
def test_bn_arena_names_the_new_module_without_a_warning():
    import subprocess
    import sys

    code = ("import warnings; warnings.simplefilter('error'); import blokus_nb as bn; "
            "print(bn.arena.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "blokus_nb.players.arena"


def test_summarize_is_gone_in_0_4_0():
    assert not hasattr(arena, "summarize")  # removed: arena.standings is the table it made


# ------------------------------------------------------------------------------ issue 11: sizes and types
@pytest.mark.parametrize("games", [1.5, "3", True, None])
def test_a_number_of_games_that_is_not_whole_is_refused_clearly(games):
    with pytest.raises(bn.BlokusError, match="games is a whole number of games"):
        play_match(["greedy", "random"], "duo", games=games, progress=False)


@pytest.mark.parametrize("n_jobs", ["2", 1.5, 0, False])
def test_a_process_count_that_is_not_whole_is_refused_clearly(n_jobs):
    with pytest.raises(bn.BlokusError, match="n_jobs is a whole number of worker processes"):
        play_match(["greedy", "random"], "duo", games=1, n_jobs=n_jobs, progress=False)


@pytest.mark.timing
def test_a_huge_match_is_refused_before_anything_is_planned():
    import time
    import tracemalloc

    tracemalloc.start()
    start = time.perf_counter()
    with pytest.raises(bn.BlokusError, match="more than one match may play"):
        play_match(["greedy", "random"], "duo", games=10**9, progress=False)
    with pytest.raises(bn.BlokusError, match="more than one match may play"):
        round_robin(["greedy", "random", "easy"], "duo", games=arena.MAX_GAMES, progress=False)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert time.perf_counter() - start < 1 and peak < 10**7


def test_a_long_match_plans_its_games_as_it_plays_them(monkeypatch):
    planned = []
    real = arena.seat_order

    def counting(n, game):
        planned.append(game)
        return real(n, game)

    monkeypatch.setattr(arena, "seat_order", counting)

    def stop_after_two(task):
        if task.index == 2:
            raise KeyboardInterrupt
        return real_run(task)

    real_run = arena._run
    monkeypatch.setattr(arena, "_run", stop_after_two)
    with pytest.raises(KeyboardInterrupt):
        play_match(["greedy", "random"], "duo", games=arena.MAX_GAMES, seed=1, progress=False)
    assert planned == [0, 1, 2]


@pytest.mark.pools
def test_parallel_games_come_back_in_order_with_their_seats():
    one = play_match(["greedy", "random"], "duo", games=5, seed=9, progress=False, n_jobs=1)
    two = play_match(["greedy", "random"], "duo", games=5, seed=9, progress=False, n_jobs=2)
    pd.testing.assert_frame_equal(one.results.drop(columns="seconds"), two.results.drop(columns="seconds"))
    assert [g.history for g in one.games] == [g.history for g in two.games]


class _Cheater(RandomPlayer):
    """Plays an illegal move: the error must come back from a worker process as itself."""

    name = "cheater"

    def _choose(self, game, limit):
        return bn.Move(game.to_play, 0, game.size) if game.history else super()._choose(game, limit)


class _Crasher(RandomPlayer):
    """Raises on its third move."""

    name = "crasher"

    def _choose(self, game, limit):
        if len(game.history) >= 4:
            raise ZeroDivisionError("my evaluation divided by zero")
        return super()._choose(game, limit)


class _Liar(RandomPlayer):
    """Returns something that is not a move at all."""

    name = "liar"

    def _choose(self, game, limit):
        return "not a move"


@pytest.mark.parametrize("n_jobs", [1, 2])
@pytest.mark.parametrize("player, says", [(_Cheater(), r"returned a\d+, which cannot be played: "),
                                          (_Crasher(), "raised ZeroDivisionError: my evaluation divided"),
                                          (_Liar(), "returned 'not a move', which cannot be played")])
def test_a_failing_player_is_named_with_its_game_and_seed(player, says, n_jobs):
    from blokus_nb.errors import PlayerError

    with pytest.raises(PlayerError, match=says) as caught:
        play_match(["random", player], "duo", games=3, seed=1, progress=False, n_jobs=n_jobs)
    error = caught.value
    assert error.player == player.name and error.game in (0, 1, 2) and error.seed is not None
    assert f"player '{player.name}'" in str(error) and f"game {error.game} of the match" in str(error)
    assert f"seed {error.seed}" in str(error)
    # The seed named replays that game alone, failing the same way.
    lineup = [player, "random"] if error.game % 2 else ["random", player]
    with pytest.raises(PlayerError, match=says):
        arena.play_game(lineup, "duo", seed=error.seed)


@pytest.mark.pools
@pytest.mark.slow
def test_a_match_on_a_dask_cluster_gives_the_games_of_local_processes(tmp_path):
    distributed = pytest.importorskip("distributed")
    from blokus_nb.players import Limit
    from blokus_nb.players.selfplay import self_play

    players, limit = ["mcts", "greedy"], Limit(simulations=8)
    local = play_match(players, "duo", games=4, seed=11, limit=limit, n_jobs=2, progress=False)
    tour = round_robin(["random", "greedy", "easy"], "duo", games=2, seed=4, progress=False, n_jobs=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        remote = play_match(players, "duo", games=4, seed=11, limit=limit, client=client, progress=False)
        remote_tour = round_robin(["random", "greedy", "easy"], "duo", games=2, seed=4, progress=False,
                                  engine="dask", client=client)
        self_play("mcts", "duo", games=2, out=tmp_path / "dask", seed=3, limit=limit, client=client,
                  progress=False)
        ran_on = set(client.run(os.getpid).values())
    assert os.getpid() not in ran_on
    self_play("mcts", "duo", games=2, out=tmp_path / "local", seed=3, limit=limit, n_jobs=2, progress=False)
    for name in ("policy.jsonl.gz", "duo_mcts_0001.blksgf", "duo_mcts_0002.blksgf"):
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "local" / name).read_bytes(), name
    for one, two in ((local, remote), (tour, remote_tour)):
        pd.testing.assert_frame_equal(one.results.drop(columns="seconds"), two.results.drop(columns="seconds"))
        assert [g.history for g in one.games] == [g.history for g in two.games]
