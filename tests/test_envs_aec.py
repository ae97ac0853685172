"""The PettingZoo environment: PettingZoo's own tests for every variant, who acts, rewards, rendering,
and bad actions (a clear error, nothing changed)."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import blokus_nb as bn
from blokus_nb.envs import BlokusEnv, split_observation
from blokus_nb.errors import ArgumentTypeError, BlokusError

VARIANTS = ["duo", "classic", "classic_2", "classic_3"]


def snapshot(env: BlokusEnv) -> tuple:
    """Everything a step could change."""
    return (env.game.board.snapshot(), [str(m) for m in env.game.history], env.agent_selection,
            list(env.agents), dict(env.rewards), dict(env._cumulative_rewards), dict(env.terminations),
            {k: dict(v) for k, v in env.infos.items()})


def random_action(env: BlokusEnv, rng: random.Random) -> int | None:
    observation, _, terminated, truncated, _ = env.last()
    if terminated or truncated:
        return None
    return rng.choice(np.flatnonzero(observation["action_mask"]).tolist())


def play_to_the_end(env: BlokusEnv, seed: int) -> None:
    """Random legal actions until the last agent has stepped out."""
    rng = random.Random(seed)
    for _ in env.agent_iter():
        env.step(random_action(env, rng))


# api_test names the Dict observation of its own classic games (connect four, chess) and warns for others
DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test_passes(variant):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(BlokusEnv(variant), num_cycles=1000)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION_WARNINGS


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_seed_test_passes(variant):
    seed_test(lambda: BlokusEnv(variant), num_cycles=100)


@pytest.mark.parametrize("variant", ["duo", "classic_3"])
def test_pettingzoo_render_test_passes_for_every_render_mode(variant, capsys):
    render_test(lambda render_mode=None: BlokusEnv(variant, render_mode=render_mode),
                custom_tests={"ansi": lambda text: text.startswith("    a b c")})
    assert "to play" in capsys.readouterr().out  # "human" outside a notebook prints the board


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_agent_to_act_is_the_player_of_the_color_to_move_and_always_has_a_move(variant):
    env = BlokusEnv(variant)
    env.reset()
    game, rng, steps = env.game, random.Random(5), 0
    for agent in env.agent_iter():
        observation, _, terminated, _, _ = env.last()
        if terminated:
            assert game.is_over
            env.step(None)
            continue
        assert agent == f"player_{game.player_to_play - 1}"
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) == game.count_legal_moves() > 0  # a color with no move is skipped, never asked
        assert observation["observation"][:game.size ** 2].reshape(game.size, game.size).tolist() == \
            (game.board_array() == game.colors.index(game.to_play) + 1).astype(int).tolist()
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(rng.choice(legal.tolist()))
        steps += 1
    assert steps == len(game.moves) and game.is_over and env.agents == []


def test_classic_2_gives_a_player_two_colors_and_classic_3_shares_green_in_turn():
    env = BlokusEnv("classic_2")
    env.reset()
    seen = {}
    for agent in env.agent_iter(40):
        seen.setdefault(env.game.to_play, set()).add(agent)
        env.step(random_action(env, random.Random(len(env.game.history))))
    assert seen == {"blue": {"player_0"}, "red": {"player_0"}, "yellow": {"player_1"}, "green": {"player_1"}}

    env = BlokusEnv("classic_3")
    env.reset()
    green_turns = []
    for agent in env.agent_iter(60):
        if env.game.to_play == "green":
            green_turns.append(agent)
        env.step(random_action(env, random.Random(len(env.game.history))))
    assert green_turns[:6] == ["player_0", "player_1", "player_2"] * 2


def test_planes_start_from_the_color_the_observer_plays_next():
    env = BlokusEnv("classic_2")
    env.reset()
    env.step(random_action(env, random.Random(1)))  # blue moves; yellow to play
    blue_cells = (env.game.board_array() == 1).astype(np.int8)
    planes, _ = split_observation(env.observe("player_0")["observation"], "classic_2")
    np.testing.assert_array_equal(planes[2, 0], blue_cells)  # player 0 plays red next: red, green, blue, yellow
    planes, _ = split_observation(env.observe("player_1")["observation"], "classic_2")
    np.testing.assert_array_equal(planes[3, 0], blue_cells)  # yellow, red, green, blue


@pytest.mark.parametrize("variant", VARIANTS)
def test_result_rewards_are_one_for_the_sole_winner_and_minus_one_for_the_others(variant):
    env = BlokusEnv(variant)
    env.reset()
    total = dict.fromkeys(env.possible_agents, 0.0)
    rng = random.Random(2)
    for agent in env.agent_iter():
        total[agent] += env.last()[1]
        env.step(random_action(env, rng))
    winners = env.game.winners("points")
    expected = {f"player_{p - 1}": (1.0 if len(winners) == 1 else 0.0) if p in winners else -1.0
                for p in range(1, env.variant.n_players + 1)}
    assert total == expected


@pytest.mark.parametrize("variant", ["duo", "classic_3"])
def test_every_reward_is_zero_until_the_last_placement(variant):
    env = BlokusEnv(variant, reward="margin")
    env.reset()
    rng = random.Random(3)
    for _agent in env.agent_iter():
        if not env.game.is_over:
            assert set(env.rewards.values()) == set(env._cumulative_rewards.values()) == {0.0}
        env.step(random_action(env, rng))
    assert env.game.is_over and set(env.rewards.values()) != {0.0}


def test_margin_rewards_are_points_over_the_best_other_player():
    env = BlokusEnv("classic_3", reward="margin")
    env.reset()
    rewards = {}
    rng = random.Random(4)
    for agent in env.agent_iter():
        observation, reward, terminated, _, info = env.last()
        if terminated:
            rewards[agent] = reward
            assert info["scores"] == {f"player_{p - 1}": s for p, s in env.game.player_scores("points").items()}
        env.step(random_action(env, rng))
    scores = env.game.player_scores("points")
    assert rewards == {f"player_{p - 1}": float(s - max(t for q, t in scores.items() if q != p))
                       for p, s in scores.items()}


def test_basic_scoring_margin_counts_fewer_squares_left_as_better():
    env = BlokusEnv("duo", reward="margin", scoring="basic")
    env.reset()
    play_to_the_end_rewards = {}
    rng = random.Random(6)
    for agent in env.agent_iter():
        if env.terminations[agent]:
            play_to_the_end_rewards[agent] = env.last()[1]
        env.step(random_action(env, rng))
    left = env.game.player_scores("basic")
    assert play_to_the_end_rewards == {"player_0": float(left[2] - left[1]), "player_1": float(left[1] - left[2])}


def test_rgb_array_and_ansi_renderings():
    env = BlokusEnv("duo", render_mode="rgb_array", cell_pixels=10)
    env.reset()
    env.step(random_action(env, random.Random(0)))
    image = env.render()
    assert image.shape == (140, 140, 3) and image.dtype == np.uint8
    cell = env.game.last_move.coords[0]  # (x, y), y from the top
    assert tuple(image[cell[1] * 10 + 5, cell[0] * 10 + 5]) == (0x7d, 0x4b, 0xb8)  # purple, the middle of a cell
    env = BlokusEnv("duo", render_mode="ansi")
    env.reset()
    assert env.render() == str(env.game)


def test_widget_replays_a_copy_of_the_game():
    env = BlokusEnv("duo")
    env.reset()
    play_to_the_end(env, seed=3)
    widget = env.widget()
    assert widget.mode == "replay" and widget.game is not env.game
    assert widget.game.history == env.game.history


@pytest.mark.parametrize("action, error, message", [
    (5.0, bn.ArgumentTypeError, "an action is a placement id, an int from 0 to 13728, not float 5.0"),
    ("e10", bn.ArgumentTypeError, "not str 'e10'"),
    ([3], bn.ArgumentTypeError, "not list"),
    (True, bn.ArgumentTypeError, "not True"),
    (-1, bn.InvalidMoveError, r"action -1 is not a placement id of a 14x14 board \(0 to 13728\)"),
    (13729, bn.InvalidMoveError, "action 13729 is not a placement id"),
    (None, bn.IllegalMoveError, "player_0 \\(purple\\) has legal moves, so it may not pass"),
])
def test_a_bad_action_raises_and_changes_nothing(action, error, message):
    env = BlokusEnv("duo")
    env.reset()
    env.step(random_action(env, random.Random(0)))
    env.step(random_action(env, random.Random(0)))
    before = snapshot(env)
    with pytest.raises(error, match=message):
        env.step(action)
    assert snapshot(env) == before


def test_an_illegal_placement_raises_the_rules_reason_and_changes_nothing():
    env = BlokusEnv("duo")
    env.reset()
    observation = env.observe("player_0")
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = snapshot(env)
    with pytest.raises(bn.IllegalMoveError, match="first piece must cover its start square") as caught:
        env.step(illegal)
    assert caught.value.rule == "start-square"
    assert snapshot(env) == before
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))  # and a legal one still plays
    assert len(env.game.moves) == 1


def test_numpy_integers_are_actions():
    env = BlokusEnv("duo")
    env.reset()
    action = np.flatnonzero(env.observe("player_0")["action_mask"])[0]
    env.step(np.int32(action))
    assert env.game.moves[0].placement == action


def test_after_the_game_each_agent_steps_out_with_none_and_anything_else_is_refused():
    env = BlokusEnv("duo")
    env.reset()
    rng = random.Random(8)
    while not env.game.is_over:
        env.step(random_action(env, rng))
    assert all(env.terminations.values()) and len(env.agents) == 2
    before = snapshot(env)
    with pytest.raises(bn.IllegalMoveError, match="the game is over: player_.'s only action now is None") as caught:
        env.step(0)
    assert caught.value.rule == "game-over" and snapshot(env) == before
    env.step(None)
    env.step(None)
    assert env.agents == []
    with pytest.raises(bn.IllegalMoveError, match="call reset"):
        env.step(None)
    env.reset()
    assert env.agents == ["player_0", "player_1"] and env.game.history == []


def test_using_the_environment_before_reset_or_with_unknown_names_is_refused():
    env = BlokusEnv("duo")
    with pytest.raises(bn.BlokusError, match="call reset"):
        env.step(0)
    with pytest.raises(bn.BlokusError, match="call reset"):
        env.observe("player_0")
    env.reset()
    with pytest.raises(bn.BlokusError, match="'player_2' is not an agent of duo; agents are player_0, player_1"):
        env.observe("player_2")
    with pytest.raises(bn.BlokusError, match="reward is 'result' or 'margin', not 'score'"):
        BlokusEnv("duo", reward="score")
    with pytest.raises(bn.BlokusError, match="render_mode is 'ansi', 'rgb_array' or 'human' .or None for no rendering., not 'window'"):
        BlokusEnv("duo", render_mode="window")
    with pytest.raises(bn.BlokusError, match="unknown variant"):
        BlokusEnv("hexagonal")
    with pytest.raises(bn.BlokusError, match="this environment has no render_mode"):
        env.render()


def test_state_is_the_position_in_fixed_color_order():
    env = BlokusEnv("classic")
    env.reset()
    env.step(random_action(env, random.Random(0)))
    state = env.state()
    assert env.state_space.contains(state)
    planes, _ = split_observation(state, "classic")
    np.testing.assert_array_equal(planes[0, 0], (env.game.board_array() == 1).astype(np.int8))


def test_pettingzoos_wrappers_take_the_environment():
    from pettingzoo.utils import wrappers

    env = wrappers.OrderEnforcingWrapper(wrappers.TerminateIllegalWrapper(BlokusEnv("duo"), illegal_reward=-1))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=100)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION_WARNINGS


def test_a_copy_or_a_pickled_environment_plays_on_alone():
    import copy
    import pickle

    env = BlokusEnv("duo")
    env.reset()
    for seed in range(4):
        env.step(random_action(env, random.Random(seed)))
    before = snapshot(env)
    for other in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        assert snapshot(other) == before
        other.step(random_action(other, random.Random(9)))
        assert len(other.game.moves) == 5
    assert snapshot(env) == before


def record_of_a_game(variant: str, seed: int, compiled: bool | None = None) -> list:
    """Everything an agent sees in a game of random legal actions: agent, observation, mask, reward, flags, info."""
    env, rng, seen = BlokusEnv(variant, reward="margin", compiled=compiled), random.Random(seed), []
    env.reset()
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        seen.append((agent, observation["observation"].tobytes(), observation["action_mask"].tobytes(), reward,
                     terminated, truncated, repr(info), sorted(env.agents)))
        env.step(None if terminated or truncated else rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return seen


@pytest.mark.parametrize("variant", ["classic_3", "duo"])
def test_the_compiled_masks_and_the_engine_s_give_the_same_game(variant, monkeypatch):
    from blokus_nb import accel

    if not accel.available():
        pytest.skip("the accelerator is not built (make accel)")
    with_it = record_of_a_game(variant, seed=5, compiled=False)
    monkeypatch.setattr(accel, "legal_mask", lambda board, color: None)  # as where it is not built
    without = record_of_a_game(variant, seed=5, compiled=False)
    assert with_it == without and len(with_it) > 20 and with_it[-1][4]  # the game ended: terminated


def needs_the_accelerator() -> None:
    from blokus_nb import accel

    if not accel.available():
        pytest.skip("the accelerator is not built (make accel)")


@pytest.mark.parametrize("variant", ["classic", "classic_2", "classic_3", "duo"])
def test_the_compiled_game_and_the_board_give_the_same_games(variant):
    needs_the_accelerator()
    for seed in (1, 2):
        followed = record_of_a_game(variant, seed=seed)
        assert BlokusEnv(variant)._compiled is not None  # the default follows where it is built
        read = record_of_a_game(variant, seed=seed, compiled=False)
        assert followed == read and len(followed) > 20 and followed[-1][4]


def test_a_game_changed_outside_step_is_read_from_the_board():
    needs_the_accelerator()
    env, plain = BlokusEnv("classic"), BlokusEnv("classic", compiled=False)
    for e in (env, plain):
        e.reset()
        for seed in range(3):
            e.step(random_action(e, random.Random(seed)))
        e.game.undo()  # not through step(): the compiled game is one move ahead now
    assert env.agent_selection == plain.agent_selection
    for agent in env.possible_agents:
        mine, theirs = env.observe(agent), plain.observe(agent)
        assert mine["observation"].tobytes() == theirs["observation"].tobytes()
        assert mine["action_mask"].tobytes() == theirs["action_mask"].tobytes()


def test_a_copy_of_a_compiled_environment_follows_its_own_game():
    import copy
    import pickle

    needs_the_accelerator()
    env = BlokusEnv("classic_3")
    env.reset()
    for seed in range(7):
        env.step(random_action(env, random.Random(seed)))
    for other in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        assert other._compiled is not None and other._compiled is not env._compiled
        plain = BlokusEnv("classic_3", compiled=False)
        plain.reset()
        for move in other.game.moves:
            plain.step(move.placement)
        for _ in range(5):
            mine, theirs = other.observe(other.agent_selection), plain.observe(plain.agent_selection)
            assert mine["observation"].tobytes() == theirs["observation"].tobytes()
            assert mine["action_mask"].tobytes() == theirs["action_mask"].tobytes()
            action = random_action(plain, random.Random(len(plain.game.moves)))
            other.step(action)
            plain.step(action)
    assert len(env.game.moves) == 7


def test_compiled_is_checked(monkeypatch):
    from blokus_nb import accel

    with pytest.raises(ArgumentTypeError, match="compiled"):
        BlokusEnv("duo", compiled="yes")
    monkeypatch.setattr(accel, "available", lambda: False)
    assert BlokusEnv("duo")._compiled is None
    with pytest.raises(BlokusError, match="make accel"):
        BlokusEnv("duo", compiled=True)


def test_each_agent_s_final_info_is_a_dict_of_its_own():
    env = BlokusEnv("duo")
    env.reset()
    play_to_the_end_without_stepping_out(env, random.Random(4))
    first, second = (env.infos[agent] for agent in env.possible_agents)
    assert first == second and set(first) == {"scores", "result"}
    assert first["result"] == env.game.result()
    first["scores"]["player_0"] = -999
    assert second["scores"]["player_0"] != -999


def play_to_the_end_without_stepping_out(env: BlokusEnv, rng: random.Random) -> None:
    while not env.game.is_over:
        env.step(random_action(env, rng))
