"""BlokusGymEnv under Gymnasium's vector environments: batched like any environment, each copy its own game."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from blokus_nb.envs import BlokusGymEnv  # noqa: E402


def make_env():
    return BlokusGymEnv("duo", opponents="random")


def first_legal(masks: np.ndarray) -> np.ndarray:
    # After the end of a game the mask is all zeros; the vector environment then resets
    # that copy at the next step and ignores its action, so any placement id will do.
    return np.array([int(np.flatnonzero(mask)[0]) if mask.any() else 0 for mask in masks])


def lone_episode(seed: int) -> tuple[list[np.ndarray], float]:
    """The observations and the final reward of one seeded episode of a lone environment."""
    env = make_env()
    observation, _ = env.reset(seed=seed)
    seen, terminated, reward = [observation["observation"]], False, 0.0
    while not terminated:
        observation, reward, terminated, _, _ = env.step(first_legal(observation["action_mask"][None])[0])
        seen.append(observation["observation"])
    return seen, reward


def test_a_sync_vector_environment_plays_each_copy_as_the_lone_environment_would():
    envs = gymnasium.vector.SyncVectorEnv([make_env, make_env])
    single = make_env()
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    observation, _ = envs.reset(seed=[3, 4])
    assert observation["observation"].shape == (2, single.aec.encoder.length)
    assert observation["action_mask"].shape == (2, single.aec.encoder.n_actions)
    expected = [lone_episode(3), lone_episode(4)]
    seen = [[observation["observation"][k]] for k in range(2)]
    finished = [None, None]
    for _ in range(60):
        observation, reward, terminated, truncated, _ = envs.step(first_legal(observation["action_mask"]))
        assert not truncated.any()
        for k in range(2):
            if finished[k] is None:
                seen[k].append(observation["observation"][k])
                if terminated[k]:
                    finished[k] = float(reward[k])
        if None not in finished:
            break
    envs.close()
    for k in range(2):
        observations, final_reward = expected[k]
        assert finished[k] == final_reward
        assert len(seen[k]) == len(observations)
        assert all((a == b).all() for a, b in zip(seen[k], observations))


def test_an_async_vector_environment_steps_the_same_games_in_worker_processes():
    sync = gymnasium.vector.SyncVectorEnv([make_env, make_env])
    workers = gymnasium.vector.AsyncVectorEnv([make_env, make_env])
    try:
        one, _ = sync.reset(seed=7)
        two, _ = workers.reset(seed=7)
        for _ in range(5):
            for key in ("observation", "action_mask"):
                np.testing.assert_array_equal(one[key], two[key])
            actions = first_legal(one["action_mask"])
            one, reward_one, *_ = sync.step(actions)
            two, reward_two, *_ = workers.step(actions)
            np.testing.assert_array_equal(reward_one, reward_two)
    finally:
        sync.close()
        workers.close()
