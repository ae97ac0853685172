"""BlokusVectorEnv: many games in one Gymnasium vector environment, row for row what BlokusEnv gives."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import blokus_nb as bn  # noqa: E402
from blokus_nb.envs import BlokusEnv, BlokusVectorEnv  # noqa: E402
from blokus_nb.vector_engine import FEW_GAMES  # noqa: E402

FEW_GAMES_AND_MORE = FEW_GAMES + 6  # enough games for the bit-sliced pass of the numpy path

VARIANTS = ("classic", "classic_2", "classic_3", "duo")
# Every test runs on both paths of the batched engine: numpy alone, and the compiled moves.
pytestmark = pytest.mark.usefixtures("engine_path")


def expected_row(env: BlokusEnv) -> tuple[np.ndarray, np.ndarray]:
    observation, *_ = env.last()
    return observation["observation"], observation["action_mask"].astype(bool)


def run_alongside(variant: str, num_envs: int, steps: int, seed: int, reward: str = "result",
                  copy: bool = True) -> int:
    """Step a vector env and ``num_envs`` BlokusEnvs with the same random legal actions, comparing
    every row of every step (auto-reset included); returns how many games ended."""
    vector = BlokusVectorEnv(variant, num_envs=num_envs, reward=reward, copy=copy)
    lone = [BlokusEnv(variant, reward=reward, compiled=False) for _ in range(num_envs)]
    observation, infos = vector.reset(seed=seed)
    for env in lone:
        env.reset()
    rng = np.random.default_rng(seed)
    restart = np.zeros(num_envs, dtype=bool)
    ended = 0
    for _ in range(steps):
        assert vector.observation_space.contains(observation)
        actions = np.zeros(num_envs, dtype=np.int64)
        for k, env in enumerate(lone):
            if restart[k]:  # its final row was compared; this step starts it again
                continue
            want_observation, want_mask = expected_row(env)
            np.testing.assert_array_equal(observation["observation"][k], want_observation)
            np.testing.assert_array_equal(observation["action_mask"][k], want_mask)
            game = env.game
            assert infos["to_play"][k] == game.colors.index(game.to_play)
            assert infos["player"][k] == game.player_to_play - 1
            actions[k] = rng.choice(np.flatnonzero(want_mask))
        observation, rewards, terminations, truncations, infos = vector.step(actions)
        assert not truncations.any()
        for k, env in enumerate(lone):
            if restart[k]:
                env.reset()
                assert rewards[k] == 0 and not terminations[k]
                continue
            agent = env.agent_selection
            env.step(int(actions[k]))
            assert terminations[k] == env.game.is_over
            if env.game.is_over:
                ended += 1
                assert rewards[k] == env.rewards[agent]
                assert infos["_final_rewards"][k]
                assert infos["final_rewards"][k].tolist() == [env.rewards[a] for a in env.possible_agents]
                assert infos["final_points"][k].tolist() == list(env.game.scores("points").values())
                assert infos["to_play"][k] == -1 and infos["player"][k] == -1
                # the finished game seen as BlokusEnv shows it to the player who moved last
                shown = env.observe(agent)
                np.testing.assert_array_equal(observation["observation"][k], shown["observation"])
                assert not observation["action_mask"][k].any()
                while env.agents:  # PettingZoo's way out of a finished game
                    env.step(None)
            else:
                assert rewards[k] == 0
                assert "_final_rewards" not in infos or not infos["_final_rewards"][k]
        restart = terminations.copy()
    return ended


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_row_is_what_blokus_env_gives_for_the_same_game(variant):
    steps = 70 if variant == "duo" else 100
    assert run_alongside(variant, num_envs=3, steps=steps, seed=VARIANTS.index(variant)) >= 2


def test_rows_are_blokus_env_s_with_enough_games_for_the_bit_sliced_pass():
    # more games than vector_engine.FEW_GAMES: the masks come from the bit-sliced pass
    from blokus_nb.vector_engine import FEW_GAMES

    assert run_alongside("classic_3", num_envs=FEW_GAMES + 6, steps=90, seed=21) >= FEW_GAMES


def test_rows_are_blokus_env_s_without_copies():
    assert run_alongside("classic", num_envs=FEW_GAMES_AND_MORE, steps=90, seed=5, copy=False) >= 2


def test_copy_false_gives_read_only_arrays_and_copy_true_new_ones(engine_path):
    observations = {}
    for copy in (True, False):
        envs = BlokusVectorEnv("duo", num_envs=3, copy=copy)
        first, _ = envs.reset()
        kept = {key: value.copy() for key, value in first.items()}
        second, *_ = envs.step(first["action_mask"].argmax(axis=1))
        observations[copy] = second
        if copy:  # new arrays: the first step's are as they were, and they may be written
            for key in kept:
                np.testing.assert_array_equal(first[key], kept[key])
            first["action_mask"][0, 0] = True
        else:
            for value in (first["observation"], first["action_mask"]):
                with pytest.raises(ValueError, match="read-only"):
                    value[0, 0] = 1
            if engine_path == "compiled":  # the buffers themselves, changed in place by the step
                np.testing.assert_array_equal(first["action_mask"], second["action_mask"])
    for key in ("observation", "action_mask"):
        np.testing.assert_array_equal(observations[True][key], observations[False][key])
    with pytest.raises(bn.BlokusError, match="copy is True or False"):
        BlokusVectorEnv("duo", num_envs=2, copy="yes")


def test_margin_rewards_are_blokus_env_s():
    assert run_alongside("duo", num_envs=4, steps=40, seed=11, reward="margin") >= 4


def test_spaces_follow_gymnasium_s_vector_conventions():
    envs = BlokusVectorEnv("duo", num_envs=5)
    single = BlokusEnv("duo", compiled=False)
    assert envs.single_action_space == gymnasium.spaces.Discrete(13729)
    assert envs.action_space.shape == (5,)
    assert envs.single_observation_space["observation"] == single.observation_space("player_0")["observation"]
    assert envs.single_observation_space["action_mask"].dtype == np.bool_
    assert envs.observation_space["action_mask"].shape == (5, 13729)
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    observation, infos = envs.reset(seed=4)
    assert observation["observation"].dtype == np.int8 and observation["observation"].shape == (5, 1218)
    assert infos["to_play"].tolist() == [0] * 5 and infos["_to_play"].all()
    # the seed seeds the action space: two resets with one seed sample alike
    first = envs.action_space.sample()
    envs.reset(seed=4)
    assert (envs.action_space.sample() == first).all()


def legal_actions(observation: dict) -> np.ndarray:
    return observation["action_mask"].argmax(axis=1)


@pytest.mark.parametrize("bad", [
    np.zeros(3, dtype=np.int64),             # too few
    np.zeros((4, 1), dtype=np.int64),        # a column, not a row
    np.zeros(4, dtype=np.float64),           # floats
    np.zeros(4, dtype=bool),                 # bools
    "0000",
])
def test_actions_of_the_wrong_shape_or_dtype_name_the_expected_shape(bad):
    envs = BlokusVectorEnv("duo", num_envs=4)
    envs.reset()
    with pytest.raises(bn.ArgumentTypeError, match=r"shape \(4,\)"):
        envs.step(bad)


def test_a_bad_action_in_one_game_raises_blokus_env_s_error_and_changes_no_game():
    envs = BlokusVectorEnv("duo", num_envs=3)
    start, _ = envs.reset()
    observation, *_ = envs.step(legal_actions(start))
    before = {key: value.copy() for key, value in observation.items()}
    lone = BlokusEnv("duo", compiled=False)  # game 2 as a lone environment
    lone.reset()
    lone.step(int(legal_actions(start)[2]))
    illegal = int(np.flatnonzero(~before["action_mask"][2])[0])
    with pytest.raises(bn.IllegalMoveError) as caught:
        lone.step(illegal)
    actions = legal_actions(observation)
    actions[2] = illegal
    with pytest.raises(bn.IllegalMoveError, match="sub-environment 2") as ours:
        envs.step(actions)
    assert ours.value.rule == caught.value.rule
    actions[2] = 13729
    with pytest.raises(bn.InvalidMoveError, match="sub-environment 2: action 13729"):
        envs.step(actions)
    actions[2] = -1
    with pytest.raises(bn.InvalidMoveError):
        envs.step(actions)
    # nothing was half-applied: the next good step is as if the bad ones never happened
    fresh = BlokusVectorEnv("duo", num_envs=3)
    again, _ = fresh.reset()
    fresh.step(legal_actions(again))
    good = legal_actions(before)
    one = envs.step(good)[0]
    two = fresh.step(good)[0]
    for key in one:
        np.testing.assert_array_equal(one[key], two[key])
    assert all(envs.game(k).moves == fresh.game(k).moves for k in range(3))


def test_step_before_reset_and_a_bad_reset_mask_are_refused():
    envs = BlokusVectorEnv("duo", num_envs=2, autoreset_mode="disabled")
    with pytest.raises(bn.BlokusError, match="reset"):
        envs.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(bn.BlokusError, match="first reset"):
        envs.reset(options={"reset_mask": np.array([True, False])})
    envs.reset()
    with pytest.raises(bn.ArgumentTypeError, match=r"shape \(2,\)"):
        envs.reset(options={"reset_mask": np.array([1, 0])})
    with pytest.raises(bn.BlokusError, match="num_envs"):
        BlokusVectorEnv("duo", num_envs=0)
    with pytest.raises(bn.BlokusError, match="autoreset_mode"):
        BlokusVectorEnv("duo", autoreset_mode="sometimes")


def test_disabled_autoreset_waits_for_a_reset_mask():
    envs = BlokusVectorEnv("duo", num_envs=2, autoreset_mode="disabled")
    observation, _ = envs.reset()
    rng = np.random.default_rng(0)
    finished = np.zeros(2, dtype=bool)
    for _ in range(200):
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in observation["action_mask"]])
        observation, rewards, terminations, _, infos = envs.step(actions)
        finished |= terminations
        if finished.all():
            break
    assert finished.all()
    observation, rewards, terminations, _, infos = envs.step(np.zeros(2, dtype=np.int64))
    assert not terminations.any() and (infos["to_play"] == -1).all()  # still over, waiting
    observation, infos = envs.reset(options={"reset_mask": np.array([False, True])})
    assert infos["to_play"].tolist() == [-1, 0]
    assert observation["action_mask"][1].sum() == 414 and not observation["action_mask"][0].any()


def test_same_step_autoreset_returns_the_new_game_and_the_last_observation_in_infos():
    same = BlokusVectorEnv("duo", num_envs=3, autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP)
    nxt = BlokusVectorEnv("duo", num_envs=3)
    one, _ = same.reset()
    two, _ = nxt.reset()
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(60):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in one["action_mask"]])
        one, rewards_one, terminated_one, _, infos_one = same.step(actions)
        two, rewards_two, terminated_two, _, infos_two = nxt.step(actions)
        np.testing.assert_array_equal(rewards_one, rewards_two)
        np.testing.assert_array_equal(terminated_one, terminated_two)
        for k in np.flatnonzero(terminated_one):
            ended += 1
            # the last observation is next_step's, and the game has started again at once
            for key in ("observation", "action_mask"):
                np.testing.assert_array_equal(infos_one["final_obs"][k][key], two[key][k])
            assert infos_one["to_play"][k] == 0 and one["action_mask"][k].sum() == 414
            assert infos_one["final_rewards"][k].tolist() == infos_two["final_rewards"][k].tolist()
        if terminated_two.any():  # from here next_step's games restart a step later than same_step's
            break
    assert ended >= 1


def test_game_k_replays_the_sub_environment():
    envs = BlokusVectorEnv("classic_3", num_envs=2)
    observation, _ = envs.reset()
    for _ in range(9):
        observation, *_ = envs.step(legal_actions(observation))
    game = envs.game(1)
    assert len(game.moves) == 9
    assert game.colors.index(game.to_play) == envs.board.to_move[1]
    with pytest.raises(bn.BlokusError):
        envs.game(2)


@pytest.mark.slow
def test_a_thousand_classic_games_fit_in_a_gigabyte():
    code = (
        "import resource, numpy as np\n"
        "from blokus_nb.envs import BlokusVectorEnv\n"
        "envs = BlokusVectorEnv('classic', num_envs=1024)\n"
        "observation, _ = envs.reset(seed=0)\n"
        "for _ in range(5):\n"
        "    observation, *_ = envs.step(observation['action_mask'].argmax(axis=1))\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    peak_kb = int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert peak_kb < 1024 * 1024, f"{peak_kb / 1024:.0f} MB"
