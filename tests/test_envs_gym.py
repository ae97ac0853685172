"""The Gymnasium single-seat environment: Gymnasium's check_env for every variant and seat, opponents,
seeding, and bad actions (the API's documented answer or a clear error, nothing played)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import blokus_nb as bn
from blokus_nb.envs import BlokusGymEnv
from blokus_nb.players import Player, RandomPlayer, make_player

SEATS = [("duo", 1), ("duo", 2), ("classic", 1), ("classic", 4), ("classic_2", 2), ("classic_3", 3)]


def first_legal(observation: dict) -> int:
    return int(np.flatnonzero(observation["action_mask"])[0])


@pytest.mark.parametrize("variant, seat", SEATS)
def test_gymnasium_check_env_passes(variant, seat):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(BlokusGymEnv(variant, seat=seat, opponents="random"))
    # the one warning: without a registry spec it cannot make the env again in other render modes
    assert all("not having a spec" in str(w.message) for w in caught), [str(w.message) for w in caught]


@pytest.mark.parametrize("render_mode", ["ansi", "rgb_array", "human"])
def test_check_env_passes_in_every_render_mode(render_mode, capsys):
    check_env(BlokusGymEnv("duo", render_mode=render_mode, opponents="greedy"))


def test_opponents_play_every_other_seat_up_to_the_agents_turn():
    env = BlokusGymEnv("classic", seat=3, opponents=["greedy", "random", make_player("random")])
    observation, info = env.reset(seed=0)
    assert env.game.to_play == "red" and env.game.moves_played("blue") == 1 and info == {}
    observation, reward, terminated, truncated, info = env.step(first_legal(observation))
    assert env.game.to_play == "red" and env.game.moves_played("green") == 1
    assert (reward, terminated, truncated) == (0.0, False, False)


def test_a_whole_episode_ends_with_the_seats_result():
    env = BlokusGymEnv("duo", seat=2, opponents="greedy")
    observation, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    terminated, steps = False, 0
    while not terminated:
        observation, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    winners = env.game.winners("points")
    assert reward == ((1.0 if len(winners) == 1 else 0.0) if 2 in winners else -1.0)
    assert info["scores"] == {f"player_{p - 1}": s for p, s in env.game.player_scores("points").items()}
    assert steps == env.game.moves_played("orange") and not observation["action_mask"].any()
    with pytest.raises(bn.IllegalMoveError, match="the game is over: call reset") as caught:
        env.step(0)
    assert caught.value.rule == "game-over"


def test_the_same_seed_gives_the_same_games_and_another_seed_other_games():
    def moves(seed: int) -> list[str]:
        env = BlokusGymEnv("duo", seat=1, opponents="random")
        observation, _ = env.reset(seed=seed)
        terminated = False
        while not terminated:
            observation, _, terminated, _, _ = env.step(first_legal(observation))
        return [str(m) for m in env.game.history]
    assert moves(3) == moves(3)
    assert moves(3) != moves(4)


def test_an_illegal_placement_is_penalized_and_nothing_is_played():
    env = BlokusGymEnv("duo", opponents="random")
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = [str(m) for m in env.game.history]
    again, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, False, False)
    assert info["rule"] == "start-square" and "first piece must cover its start square" in info["illegal_action"]
    assert [str(m) for m in env.game.history] == before
    np.testing.assert_array_equal(again["observation"], observation["observation"])


def test_with_illegal_action_raise_an_illegal_placement_raises():
    env = BlokusGymEnv("duo", opponents="random", illegal_action="raise")
    observation, _ = env.reset(seed=0)
    with pytest.raises(bn.IllegalMoveError, match="start square"):
        env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert env.game.history == []


@pytest.mark.parametrize("action, error", [(2.5, bn.ArgumentTypeError), ("a1", bn.ArgumentTypeError),
                                           (None, bn.IllegalMoveError), (10**6, bn.InvalidMoveError)])
def test_actions_outside_the_action_space_raise_and_change_nothing(action, error):
    env = BlokusGymEnv("duo", opponents="random")
    env.reset(seed=0)
    with pytest.raises(error):
        env.step(action)
    assert env.game.history == []


def test_bad_settings_are_refused_when_the_environment_is_made():
    with pytest.raises(bn.BlokusError, match="seat is a player number of duo, 1 to 2, not 3"):
        BlokusGymEnv("duo", seat=3)
    with pytest.raises(bn.BlokusError, match="classic has 3 other seats; got 2 opponents"):
        BlokusGymEnv("classic", opponents=["random", "greedy"])
    with pytest.raises(bn.BlokusError, match="unknown player 'grandmaster'"):
        BlokusGymEnv("duo", opponents="grandmaster")
    with pytest.raises(bn.ArgumentTypeError):
        BlokusGymEnv("duo", opponents=7)
    with pytest.raises(bn.BlokusError, match="illegal_action is 'penalize' or 'raise'"):
        BlokusGymEnv("duo", illegal_action="ignore")


class _Breaks(Player):
    """An opponent whose ``fail_at``-th move (counted over its copies) raises; the others are random."""

    name = "breaks"

    def __init__(self, fail_at: int) -> None:
        super().__init__()
        self.fail_at = fail_at
        self.calls = [0]  # shared by the copies that reset() seeds

    def _choose(self, game, limit):
        self.calls[0] += 1
        if self.calls[0] == self.fail_at:
            raise RuntimeError("the opponent broke")
        return RandomPlayer(seed=self.calls[0]).choose_move(game)


def _state(env):
    game = env.game
    return (bn.records.to_json(game), game.version, env.aec.agent_selection, dict(env.aec._cumulative_rewards),
            dict(env.aec.terminations), env.observation_space.contains(env.aec.observe(env.agent)))


def test_a_step_whose_opponent_fails_leaves_the_environment_exactly_as_before():
    env = BlokusGymEnv("duo", opponents=_Breaks(fail_at=2))
    observation, _ = env.reset(seed=1)
    first = int(observation["action_mask"].nonzero()[0][0])
    observation, *_ = env.step(first)  # the opponent's first move
    before = _state(env)
    action = int(observation["action_mask"].nonzero()[0][0])
    with pytest.raises(RuntimeError, match="the opponent broke"):
        env.step(action)
    assert _state(env) == before
    observation, *_ = env.step(action)  # played for the agent, as it was meant
    assert env.game.moves_played("purple") == 2 and env.game.moves_played("orange") == 2


def test_a_reset_whose_opponent_fails_leaves_the_environment_as_before():
    env = BlokusGymEnv("classic_2", seat=2, opponents=_Breaks(fail_at=1))
    with pytest.raises(RuntimeError, match="the opponent broke"):
        env.reset(seed=1)
    with pytest.raises(bn.BlokusError, match="reset"):
        env.step(0)  # still not started: nothing goes in as blue's move
    observation, _ = env.reset(seed=1)
    assert env.game.moves_played("blue") == 1 and env.aec.agent_selection == env.agent
    before = _state(env)
    env._opponent_specs = [_Breaks(fail_at=1)]
    with pytest.raises(RuntimeError):
        env.reset(seed=2)
    assert _state(env) == before
