"""Blokus as a Gymnasium environment: the agent plays one seat, our players play the others.

The observation and the actions are those of :class:`~blokus_nb.envs.BlokusEnv`
(``{"observation", "action_mask"}``, an action is a placement id). After the
agent's move the other seats play until it is the agent's turn again or the
game is over; the reward (``"result"`` or ``"margin"``) comes at the end.

An action that is not an integer or not a placement id raises
(:class:`~blokus_nb.ArgumentTypeError`, :class:`~blokus_nb.InvalidMoveError`),
and so does a step after the game ended (:class:`~blokus_nb.IllegalMoveError`,
rule ``game-over``). A placement id the rules do not allow now is, by default
(``illegal_action="penalize"``), answered as Gymnasium's API wants any action
of the action space to be answered: the position does not change, the reward
is ``illegal_reward`` and ``info["illegal_action"]`` says why; with
``illegal_action="raise"`` it raises :class:`~blokus_nb.IllegalMoveError`
instead. Either way nothing is played. When anything else fails in a step or
a reset (an opponent that raises), the environment is put back exactly as it
was before the call: the agent's move is not left played.

>>> from blokus_nb.envs import BlokusGymEnv
>>> env = BlokusGymEnv("duo", opponents="random")
>>> observation, info = env.reset(seed=1)
>>> action = int(observation["action_mask"].nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> env.game.moves_played("purple"), env.game.moves_played("orange")
(1, 1)
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from .. import validation
from ..errors import BlokusError, IllegalMoveError
from ..game import Game
from ..variants import Variant
from ._extra import require
from .aec import RENDER_MODES, BlokusEnv

require("gymnasium")
import gymnasium  # noqa: E402

__all__ = ["BlokusGymEnv", "ILLEGAL_ACTIONS"]

#: What a placement the rules do not allow gets: a penalty and no change, or an IllegalMoveError.
ILLEGAL_ACTIONS = ("penalize", "raise")
#: The AEC environment's state of an episode, which a step changes in place.
_EPISODE_STATE = ("agents", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos",
                  "agent_selection", "_legal")


class BlokusGymEnv(gymnasium.Env):
    """One seat of a Blokus game as a Gymnasium environment (see the module docstring).

    ``seat`` is the agent's player number (1-based, as :attr:`Game.player_to_play
    <blokus_nb.Game.player_to_play>`). ``opponents`` is one player for every
    other seat or a list of them, in seat order: names for
    :func:`blokus_nb.players.make_player` (``"random"``, ``"greedy"``...) or
    :class:`~blokus_nb.players.Player` objects. Each is seeded from
    ``reset(seed=...)``, so a seeded episode repeats (searching players only
    under a ``simulations`` or ``nodes`` limit). ``reward``, ``scoring`` and
    ``render_mode`` are those of :class:`~blokus_nb.envs.BlokusEnv`.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(self, variant: str | Variant = "duo", *, seat: int = 1, opponents: Any = "random",
                 reward: str = "result", scoring: str = "points", illegal_action: str = "penalize",
                 illegal_reward: float = -1.0, render_mode: str | None = None) -> None:
        from ..players import make_player

        self.aec = BlokusEnv(variant, reward=reward, scoring=scoring, render_mode=render_mode)
        n_players = self.aec.variant.n_players
        seat = validation.positive_count(seat, "seat", high=n_players,
                                         what=f"a player number of {self.aec.variant.name}, 1 to {n_players}")
        validation.choice(illegal_action, "illegal_action", ILLEGAL_ACTIONS)
        illegal_reward = validation.number(illegal_reward, "illegal_reward")
        specs: Sequence[Any] = (list(opponents) if isinstance(opponents, (list, tuple))
                                else [opponents] * (n_players - 1))
        if len(specs) != n_players - 1:
            raise BlokusError(f"{self.aec.variant.name} has {n_players - 1} other seats; got {len(specs)} opponents")
        for spec in specs:
            make_player(spec)  # a bad name or type is refused now, not at reset
        self._opponent_specs = list(specs)
        self.seat = seat
        self.agent = self.aec.possible_agents[seat - 1]
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._opponents: dict[str, Any] = {}

    @property
    def game(self) -> Game:
        """The game being played (read it; change it only through :meth:`step`)."""
        return self.aec._started()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a game; the other seats play until it is the agent's turn. ``options`` is unused."""
        from ..players import make_player

        seed = validation.seed(seed)
        with self._undone_on_error():
            super().reset(seed=seed)
            self.aec.reset()
            others = [agent for agent in self.aec.possible_agents if agent != self.agent]
            self._opponents = {agent: make_player(spec, seed=int(self.np_random.integers(2**31)))
                               for agent, spec in zip(others, self._opponent_specs)}
            self._play_others()
        return self.aec.observe(self.agent), {}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play the agent's ``action``, then the other seats' moves up to the agent's next turn."""
        aec = self.aec
        game = aec._started()
        if game.is_over:
            raise IllegalMoveError("the game is over: call reset() to play another", rule="game-over")
        aec._placement(action, self.agent)  # not an integer, or not a placement id: raises
        with self._undone_on_error():
            try:
                aec.step(action)
            except IllegalMoveError as error:  # nothing was played
                if self.illegal_action == "raise":
                    raise
                info = {"illegal_action": str(error), "rule": error.rule}
                return aec.observe(self.agent), self.illegal_reward, False, False, info
            self._play_others()  # an opponent that raises undoes the agent's move too
        terminated = game.is_over
        reward = float(aec._cumulative_rewards[self.agent])
        info = dict(aec.infos[self.agent]) if terminated else {}
        return aec.observe(self.agent), reward, terminated, False, info

    def render(self) -> str | np.ndarray | None:
        """As :meth:`BlokusEnv.render <blokus_nb.envs.BlokusEnv.render>`."""
        return self.aec.render()

    def close(self) -> None:
        """Let go of the human view."""
        self.aec.close()

    def widget(self) -> Any:
        """A board widget replaying the game so far (see :meth:`BlokusEnv.widget <blokus_nb.envs.BlokusEnv.widget>`)."""
        return self.aec.widget()

    @contextlib.contextmanager
    def _undone_on_error(self) -> Iterator[None]:
        """Put the environment back exactly as it was when what runs inside raises (an opponent
        failing halfway through the other seats' moves): no half-done step or reset."""
        aec = self.aec
        saved = dict(self.__dict__), dict(aec.__dict__), copy.deepcopy(self._np_random)
        kept = {name: copy.deepcopy(value) for name, value in aec.__dict__.items() if name in _EPISODE_STATE}
        game = aec.__dict__.get("game")
        if game is not None:
            kept["game"] = game.copy()
        try:
            yield
        except BaseException:
            mine, theirs, generator = saved
            self.__dict__.clear()
            self.__dict__.update(mine, _np_random=generator)
            aec.__dict__.clear()
            aec.__dict__.update(theirs, **kept)
            raise

    def _play_others(self) -> None:
        aec = self.aec
        game = aec._started()
        while not game.is_over and aec.agent_selection != self.agent:
            move = self._opponents[aec.agent_selection].choose_move(game)
            aec.step(move.placement)

