"""AI players: legal moves in every variant, no changes to the game, seeds, budgets, the heuristic."""

from __future__ import annotations

import random
import time

import pytest
from sample_games import random_game

import blokus_nb as bn
from blokus_nb.players import (
    LEVELS,
    PLAYER_NAMES,
    GreedyPlayer,
    Limit,
    MCTSPlayer,
    Player,
    RandomPlayer,
    levels,
    make_player,
)
from blokus_nb.players.base import teams

VARIANTS = ["duo", "classic", "classic_2", "classic_3"]


def state(game: bn.Game) -> tuple:
    return (game.board.snapshot(), game.to_play, [str(m) for m in game.history], game.version)


def play_out(game: bn.Game, players: list[Player], limit: Limit | None = None) -> list[bn.Move]:
    """Play to the end, checking at every move that the choice is legal and the game untouched."""
    chosen = []
    while not game.is_over:
        before = state(game)
        move = players[game.player_to_play - 1].choose_move(game, limit)
        assert state(game) == before, "choose_move changed the game"
        assert move.color == game.to_play and not move.is_pass
        assert game.is_legal(move), f"{move!r} is not legal"
        game.play(move)
        chosen.append(move)
    return chosen


# -- the protocol -----------------------------------------------------------------------
def test_limit_rejects_nonsense():
    assert Limit().is_unlimited and not Limit(time=1).is_unlimited
    with pytest.raises(ValueError):
        Limit(time=0)
    with pytest.raises(ValueError):
        Limit(simulations=-5)


def test_make_player_knows_every_name():
    kinds = {"random": RandomPlayer, "greedy": GreedyPlayer, "mcts": MCTSPlayer,
             "easy": GreedyPlayer, "medium": MCTSPlayer, "hard": MCTSPlayer, "expert": MCTSPlayer}
    assert set(PLAYER_NAMES) == set(kinds) and LEVELS == ("easy", "medium", "hard", "expert")
    for name, kind in kinds.items():
        player = make_player(name.upper(), seed=1)
        assert isinstance(player, kind) and player.name == name and player.seed == 1
    hard = make_player("hard")
    assert hard.limit == levels.level_limits("hard")  # a simulation budget per variant, under a time cap


def test_make_player_passes_players_through_and_rejects_unknown_names():
    player = GreedyPlayer(seed=3)
    assert make_player(player) is player
    copy = make_player(player, seed=4)
    assert copy is not player and copy.seed == 4 and player.seed == 3
    with pytest.raises(ValueError, match="unknown player 'grandmaster'"):
        make_player("grandmaster")
    with pytest.raises(TypeError):
        make_player(42)


def test_a_finished_game_has_no_move_to_choose():
    game = random_game("duo", 1, 200)
    assert game.is_over
    for name in ("random", "greedy", "mcts"):
        with pytest.raises(bn.IllegalMoveError) as error:
            make_player(name).choose_move(game)
        assert error.value.rule == "game-over"


def test_with_seed_gives_an_independent_fresh_player():
    player = MCTSPlayer(seed=1, limit=Limit(simulations=10), exploration=0.7)
    other = player.with_seed(9)
    assert (other.seed, other.exploration, other.limit) == (9, 0.7, Limit(simulations=10))
    assert player.seed == 1 and other.rng is not player.rng


# -- legality over whole games ---------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_random_and_greedy_play_legal_games(variant):
    n = bn.get_variant(variant).n_players
    for seed in range(2):
        players = [RandomPlayer(seed=seed * 10 + k) if k % 2 else GreedyPlayer(seed=seed * 10 + k)
                   for k in range(n)]
        play_out(bn.Game(variant), players)
    play_out(bn.Game(variant), [GreedyPlayer(seed=k, temperature=1.0) for k in range(n)])


@pytest.mark.parametrize("variant", VARIANTS)
def test_mcts_plays_legal_games(variant):
    n = bn.get_variant(variant).n_players
    players = [MCTSPlayer(seed=k) if k == 0 else GreedyPlayer(seed=k) for k in range(n)]
    play_out(bn.Game(variant), players, Limit(simulations=6))


def test_random_player_is_uniform_over_every_legal_move():
    game = bn.Game("duo")
    legal = {m.placement for m in game.legal_moves()}
    player = RandomPlayer(seed=0)
    seen = {player.choose_move(game).placement for _ in range(3000)}
    assert seen <= legal and len(seen) > 0.9 * len(legal)


# -- seeds ------------------------------------------------------------------------------------
@pytest.mark.parametrize("make", [
    lambda seed: RandomPlayer(seed=seed),
    lambda seed: GreedyPlayer(seed=seed),
    lambda seed: GreedyPlayer(seed=seed, temperature=2.0),
    lambda seed: MCTSPlayer(seed=seed, limit=Limit(simulations=8)),
    lambda seed: MCTSPlayer(seed=seed, limit=Limit(nodes=6)),
])
def test_a_seed_makes_a_player_deterministic(make):
    def game_of(seed):
        game = bn.Game("duo")
        play_out(game, [make(seed), make(seed + 1)])
        return [str(m) for m in game.history]

    assert game_of(5) == game_of(5)


def test_different_seeds_give_different_random_games():
    games = set()
    for seed in range(3):
        game = bn.Game("duo")
        play_out(game, [RandomPlayer(seed=seed), RandomPlayer(seed=seed + 100)])
        games.add(tuple(str(m) for m in game.history))
    assert len(games) == 3


def test_a_search_with_a_seed_and_a_simulation_budget_repeats_exactly():
    game = random_game("classic", 3, 12)
    first = MCTSPlayer(seed=7).search(game, Limit(simulations=40))
    second = MCTSPlayer(seed=7).search(game, Limit(simulations=40))
    assert first.move == second.move
    assert [(a.move, a.visits) for a in first.alternatives] == [(a.move, a.visits) for a in second.alternatives]


# -- budgets --------------------------------------------------------------------------------
@pytest.mark.timing
@pytest.mark.parametrize("variant,moves", [("classic", 0), ("classic", 30), ("duo", 8)])
def test_mcts_respects_a_time_limit(variant, moves):
    game = random_game(variant, 4, moves)
    player = MCTSPlayer(seed=1)
    start = time.perf_counter()
    result = player.search(game, Limit(time=0.25))
    elapsed = time.perf_counter() - start
    assert elapsed < 0.25 + 0.2, f"took {elapsed:.2f} s for a 0.25 s limit"
    assert result.simulations > 5


def test_mcts_counts_simulations_and_nodes():
    game = random_game("duo", 2, 4)
    result = MCTSPlayer(seed=1).search(game, Limit(simulations=60))
    assert result.simulations == 60
    assert sum(a.visits for a in result.alternatives) == 60  # every simulation starts with a root move
    visits = [a.visits for a in result.alternatives]
    assert visits == sorted(visits, reverse=True) and result.move == result.alternatives[0].move
    assert all(0 <= a.win_rate <= 1 and 0 <= a.value <= 1 for a in result.alternatives)
    limited = MCTSPlayer(seed=1).search(game, Limit(nodes=25, simulations=10_000))
    assert limited.nodes <= 25 and limited.simulations < 10_000


def test_the_player_limit_is_used_when_none_is_given():
    game = bn.Game("duo")
    player = MCTSPlayer(seed=0, limit=Limit(simulations=12))
    assert player.search(game).simulations == 12
    assert player.search(game, Limit(simulations=5)).simulations == 5


def forced_position() -> bn.Game:
    """A position where the color to move has exactly one legal move."""
    for seed in range(100):
        rng = random.Random(seed)
        game = bn.Game("duo")
        while not game.is_over:
            if game.count_legal_moves() == 1:
                return game
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no forced move in 100 random games")


@pytest.mark.timing
def test_mcts_takes_a_forced_move_at_once():
    game = forced_position()
    start = time.perf_counter()
    move = MCTSPlayer(seed=0, limit=Limit(time=5)).choose_move(game)
    assert time.perf_counter() - start < 1 and move == game.legal_moves()[0]


# -- who plays for whom ------------------------------------------------------------------------
def test_teams_follow_the_scoring():
    assert teams(bn.Game("classic_2")) == [0, 1, 0, 1]
    assert teams(bn.Game("classic_3")) == [0, 1, 2, 3]
    assert teams(bn.Game("duo")) == [0, 1]


def test_mcts_credits_each_player_with_its_own_result():
    player = MCTSPlayer(seed=0)
    game = random_game("classic_2", 9, 300)
    player._setup(game)
    results, wins = player._outcome(game.board)
    winners = game.winners("points")
    assert wins == [1 / len(winners) if p in winners else 0.0 for p in (1, 2)]
    assert results == wins  # with two players the result is the win
    game = random_game("classic", 9, 300)
    player._setup(game)
    results, wins = player._outcome(game.board)
    points = game.player_scores("points")
    for p in range(1, 5):  # the share of the other three beaten, ties half
        beaten = sum(points[p] > points[q] for q in points) + 0.5 * (list(points.values()).count(points[p]) - 1)
        assert results[p - 1] == pytest.approx(beaten / 3)
    assert sum(wins) == pytest.approx(1)
    game = random_game("classic_3", 9, 300)
    player._setup(game)
    board = game.board.copy()
    green = game.colors.index("green")
    assert len(player._outcome(board)[0]) == 3
    movers = set()
    for placed in range(3):  # the shared green is moved by each player in turn
        board.hand[green] = ((1 << 21) - 1) >> placed << placed
        movers.add(player._mover(board, green))
    assert movers == {0, 1, 2}


# -- the greedy player (its heuristic is tested in test_players_features.py) ------------------
def test_greedy_opens_with_a_big_piece_towards_the_centre():
    for variant in VARIANTS:
        move = GreedyPlayer(seed=0).choose_move(bn.Game(variant))
        assert move.piece.size == 5


def test_greedy_beats_random_in_duo():
    wins = 0
    for seed in range(6):
        game = bn.Game("duo")
        seats = [GreedyPlayer(seed=seed), RandomPlayer(seed=seed)]
        if seed % 2:
            seats.reverse()
        play_out(game, seats)
        greedy_seat = 1 if seed % 2 == 0 else 2
        wins += greedy_seat in game.winners("points")
    assert wins >= 5


def test_a_stop_hook_ends_a_search_early_and_keeps_the_players_budget():
    import time as _time

    from blokus_nb.players import Limit, MCTSPlayer

    game = bn.Game("duo")
    started = _time.perf_counter()
    result = MCTSPlayer(seed=1).search(game, Limit(time=30.0, stop=lambda: True))
    assert _time.perf_counter() - started < 5.0
    assert result.simulations == 1  # one simulation, then the stop was seen
    calls = []
    player = MCTSPlayer(seed=1, limit=Limit(simulations=12))
    result = player.search(game, Limit(stop=lambda: calls.append(1) or False))
    assert result.simulations == 12 and len(calls) == 11
    assert Limit(time=1.0, stop=lambda: True) == Limit(time=1.0)


# -- levels, the time limit, tree reuse -------------------------------------------------------
@pytest.mark.parametrize("variant,level", [("classic", "medium"), ("classic", "hard"),
                                           pytest.param("classic", "expert", marks=pytest.mark.slow),
                                           ("duo", "medium"), ("duo", "hard"),
                                           pytest.param("duo", "expert", marks=pytest.mark.slow)])
@pytest.mark.timing
def test_every_searching_level_makes_its_simulations_well_within_its_time_cap(variant, level):
    # classic: four colors, the widest positions; Duo: the network search
    game = random_game(variant, 6, 8 if variant == "classic" else 3)
    make_player(level).search(game, Limit(simulations=1))  # tables and weights: read once
    player = make_player(level, seed=1)
    start = time.perf_counter()
    result = player.search(game)
    elapsed = time.perf_counter() - start
    assert game.is_legal(result.move)
    assert result.simulations == levels.LEVEL_SIMULATIONS[level][variant] and result.stopped_by == "simulations"
    assert elapsed < levels.LEVEL_TIME_CAP[level] / 2, f"{level} took {elapsed:.2f} s in {variant}"


def test_a_level_is_a_simulation_budget_in_every_variant_under_a_time_cap():
    from blokus_nb.variants import VARIANTS as ALL_VARIANTS

    for level in LEVELS[1:]:
        limits = make_player(level).limit
        assert set(limits) == set(ALL_VARIANTS), level
        for variant, limit in limits.items():
            assert limit.simulations == levels.LEVEL_SIMULATIONS[level][variant] > 0
            assert limit.time == levels.LEVEL_TIME_CAP[level] and limit.nodes is None


def test_the_levels_are_ordered_by_simulations_and_time_cap():
    assert LEVELS == ("easy", "medium", "hard", "expert")
    caps = [levels.LEVEL_TIME_CAP[level] for level in LEVELS[1:]]
    assert caps == sorted(caps)
    for variant in levels.LEVEL_SIMULATIONS["hard"]:
        budgets = [levels.LEVEL_SIMULATIONS[level][variant] for level in LEVELS[1:]]
        assert budgets == sorted(budgets), variant


def test_a_level_reports_when_its_time_cap_binds(monkeypatch):
    monkeypatch.setitem(levels.LEVEL_TIME_CAP, "hard", 0.05)
    monkeypatch.setitem(levels.LEVEL_SIMULATIONS["hard"], "classic", 10 ** 6)
    result = make_player("hard", seed=0).search(bn.Game("classic"))
    assert result.stopped_by == "time" and result.simulations < 10 ** 6


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_move_the_new_search_chooses_is_legal(variant):
    n = bn.get_variant(variant).n_players
    game = bn.Game(variant)
    players = [MCTSPlayer(seed=k, limit=Limit(simulations=8)) for k in range(n)]
    while not game.is_over:
        player = players[game.player_to_play - 1]
        move = player.choose_move(game)
        assert game.is_legal(move), f"{move} is not legal"
        game.play(move)


def test_the_search_goes_on_in_the_subtree_of_the_moves_played():
    game = random_game("duo", 3, 4)
    player = MCTSPlayer(seed=2)
    first = player.search(game, Limit(simulations=300))
    root = player._tree.root
    after = root.children[root.pids.index(first.move.placement)]
    reply = max((i for i in range(len(after.pids)) if after.children[i] is not None),
                key=lambda i: after.children[i].total)
    game.play(first.move)
    game.play(bn.Move(game.to_play, after.pids[reply], game.size))
    kept = after.children[reply]
    before = kept.total
    assert before > 0
    second = player.search(game, Limit(simulations=50))
    assert player._tree.root is kept and kept.total == before + 50
    assert game.is_legal(second.move)
    # every simulation through the node went on to a move, but the one that made it a leaf
    assert sum(a.visits for a in second.alternatives) == kept.total - 1


def test_a_kept_tree_is_dropped_for_another_game_and_by_copies():
    player = MCTSPlayer(seed=2)
    player.search(random_game("duo", 3, 4), Limit(simulations=40))
    other = random_game("duo", 4, 6)
    assert player._tree.take(other) is None  # not the same game: a fresh tree
    player.search(other, Limit(simulations=40))
    assert player._tree.root is not None and player.with_seed(3)._tree.root is None
    import pickle
    assert pickle.loads(pickle.dumps(player))._tree.root is None


@pytest.mark.slow
def test_tree_reuse_keeps_a_seeded_game_deterministic():
    def game_of(seed):
        game = bn.Game("duo")
        play_out(game, [MCTSPlayer(seed=seed), MCTSPlayer(seed=seed + 1)], Limit(simulations=30))
        return [str(m) for m in game.history]

    assert game_of(4) == game_of(4)


def test_without_a_model_the_search_is_the_old_one():
    player = MCTSPlayer(seed=1, model=None)
    assert player.cutoff is None and "model=None" in repr(player)
    result = player.search(bn.Game("duo"), Limit(simulations=20))
    assert bn.Game("duo").is_legal(result.move)
    with pytest.raises(bn.BlokusError, match="model must be"):
        MCTSPlayer(model="mine")
    with pytest.raises(bn.BlokusError, match="cutoff"):
        MCTSPlayer(cutoff=-1)


def test_the_automatic_cutoff_depends_on_the_board():
    player = MCTSPlayer(seed=0)
    assert player.cutoff == "auto"
    player.search(bn.Game("duo"), Limit(simulations=3))
    assert player._cutoff == 0  # Duo: the evaluation judges the leaf
    player.search(bn.Game("classic"), Limit(simulations=3))
    assert player._cutoff == 8  # classic board: eight random placements first
    assert MCTSPlayer(cutoff=None).search(bn.Game("duo"), Limit(simulations=3)).simulations == 3
    with pytest.raises(bn.BlokusError, match="cutoff is a whole number of placements"):
        MCTSPlayer(cutoff="soon")


def test_two_threads_searching_with_one_player_take_turns():
    import threading

    player = MCTSPlayer(seed=1)
    games = [random_game("duo", seed=s, moves=6) for s in (1, 2)]
    results, errors = {}, []

    def search(k):
        try:
            results[k] = player.search(games[k], Limit(simulations=150))
        except Exception as exc:  # pragma: no cover - the failure this test is about
            errors.append(exc)

    threads = [threading.Thread(target=search, args=(k,)) for k in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for k in (0, 1):
        assert results[k].move in games[k].legal_moves()
    assert player.with_seed(2)._searching is not player._searching  # copies search on their own


def test_the_levels_settings_have_one_name_each_and_the_old_names_warn():
    from blokus_nb.players import puct

    hard = bn.players.make_player("hard", seed=1)
    assert hard.puct == levels.LEVEL_EXPLORATION and hard.local == levels.LEVEL_LOCAL
    assert hard.networks == puct.NETWORK_VARIANTS
    for old, new in (("EXPLORATION", levels.LEVEL_EXPLORATION), ("LOCAL", levels.LEVEL_LOCAL)):
        with pytest.warns(DeprecationWarning, match=f"LEVEL_{old}"):
            assert getattr(levels, old) is new
    with pytest.warns(DeprecationWarning, match="NETWORK_VARIANTS"):
        assert levels.NETWORKS["hard"] == puct.NETWORK_VARIANTS
    with pytest.raises(AttributeError):
        levels.NOT_A_SETTING  # noqa: B018
