"""Blokus as a PettingZoo AEC environment: one agent per player, for every variant.

Agents are ``player_0``, ``player_1``... : ``player_k`` is the game's player
``k + 1`` (:attr:`Game.player_to_play <blokus_nb.Game.player_to_play>`). In
``classic_2`` a player plays two colors; in ``classic_3`` the shared green's
moves go to the players in turn, as :attr:`Variant.played_by
<blokus_nb.Variant.played_by>` says. The agent to act is always the player
of the color to move; a color with no legal placement is skipped by the
rules, so an agent never has to choose a pass.

Observations are ``{"observation": int8 vector, "action_mask": int8 vector}``
(see :mod:`blokus_nb.envs.observation` for the layout); an action is a
placement id. Rewards come at the end of the game: with ``reward="result"``
+1 for the sole winner, 0 for players tied for first, -1 for the others; with
``reward="margin"`` each player's points minus the best points among the
other players (``scoring`` picks the scoring, Pentobi's ``"points"`` by default).

A bad action raises and changes nothing: :class:`~blokus_nb.ArgumentTypeError`
for an action that is not an integer, :class:`~blokus_nb.InvalidMoveError` for
one outside ``0..n_actions-1``, :class:`~blokus_nb.IllegalMoveError` (with its
``rule``) for a placement the rules do not allow now, for ``None`` while the
agent has moves (rule ``pass``), and for a placement after the game ended
(rule ``game-over``; there PettingZoo's API wants ``None`` from each agent once).

>>> from blokus_nb.envs import BlokusEnv
>>> env = BlokusEnv("duo")
>>> env.reset(seed=0)
>>> observation, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, observation["observation"].shape, int(observation["action_mask"].sum())
('player_0', (1218,), 414)
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from .. import validation
from ..errors import ArgumentTypeError, BlokusError, IllegalMoveError, InvalidMoveError
from ..game import SCORINGS, Game
from ..move import interned_move
from ..validation import choice, positive_count
from ..variants import Variant, get_variant
from ._extra import require
from .compiled_game import CompiledGame
from .observation import ObservationEncoder
from .rendering import HumanView, rgb_array

require("gymnasium")
require("pettingzoo")
from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # noqa: E402

__all__ = ["BlokusEnv", "REWARDS", "RENDER_MODES"]

#: The reward schemes: ``result`` (win +1, tie for first 0, loss -1) and ``margin`` (points over the best other player).
REWARDS = ("result", "margin")
#: What :meth:`BlokusEnv.render` can return: the text board, an RGB image, or a live view for humans.
RENDER_MODES = ("ansi", "rgb_array", "human")


def final_rewards(game: Game, reward: str, scoring: str) -> list[float]:
    """Each player's reward (in player order) for a finished ``game`` under ``reward`` and ``scoring``.

    >>> final_rewards(Game("duo"), "result", "points")
    [0.0, 0.0]
    """
    scores = game.player_scores(scoring)
    sign = -1 if scoring == "basic" else 1  # basic: squares left in hand, lowest wins
    players = sorted(scores)
    if reward == "margin":
        return [float(sign * (scores[p] - (min if sign < 0 else max)(scores[q] for q in players if q != p)))
                for p in players]
    winners = game.winners(scoring)
    return [(1.0 if len(winners) == 1 else 0.0) if p in winners else -1.0 for p in players]


class BlokusEnv(AECEnv):
    """A PettingZoo AEC environment of one Blokus variant (see the module docstring).

    ``variant``: ``"classic"``, ``"classic_2"``, ``"classic_3"`` or ``"duo"``.
    ``reward``: ``"result"`` or ``"margin"``; ``scoring``: one of
    :data:`blokus_nb.SCORINGS`. ``render_mode``: ``None``, ``"ansi"``,
    ``"rgb_array"`` or ``"human"``. :attr:`game` is the :class:`~blokus_nb.Game`
    being played (read it; change it only through :meth:`step`). ``compiled``: the
    mover's mask and observation kept up to date by the compiled accelerator where it
    is built (``None``, the default; :mod:`blokus_nb.envs.compiled_game`), found from
    the board each time (``False``: the same arrays), or the accelerator required (``True``).
    """

    metadata = {"render_modes": list(RENDER_MODES), "name": "blokus_v0", "is_parallelizable": False,
                "render_fps": 2}

    def __init__(self, variant: str | Variant = "classic", *, reward: str = "result", scoring: str = "points",
                 render_mode: str | None = None, cell_pixels: int = 16, compiled: bool | None = None) -> None:
        super().__init__()
        self.variant = get_variant(variant)
        self.reward = choice(reward, "reward", REWARDS)
        self.scoring = choice(scoring, "scoring", SCORINGS)
        choice(render_mode, "render_mode", RENDER_MODES, none="no rendering")
        cell_pixels = positive_count(cell_pixels, "cell_pixels", high=64,
                                     what="the width of a cell in the rgb_array image, 1 to 64")
        self.render_mode = render_mode
        self.cell_pixels = cell_pixels
        if compiled is not None:
            compiled = validation.instance(compiled, "compiled", bool, "True, False or None")
        self.encoder = ObservationEncoder(self.variant)
        self._compiled = None if compiled is False else CompiledGame.for_variant(self.variant, self.encoder.length)
        if compiled and self._compiled is None:
            raise BlokusError("compiled=True needs the compiled accelerator, which is not built here "
                              "(make accel) or is turned off (BLOKUS_NB_ACCEL=0)")
        self._followed: tuple[Game, int, object] | None = None  # the game the compiled one is at
        self.possible_agents = [f"player_{k}" for k in range(self.variant.n_players)]
        self._agent_index = {agent: k for k, agent in enumerate(self.possible_agents)}
        box = spaces.Box(0, 1, shape=(self.encoder.length,), dtype=np.int8)
        mask = spaces.Box(0, 1, shape=(self.encoder.n_actions,), dtype=np.int8)
        self.observation_spaces = {agent: spaces.Dict({"observation": box, "action_mask": mask})
                                   for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.encoder.n_actions) for agent in self.possible_agents}
        #: The space of :meth:`state`.
        self.state_space = box
        n = len(self.variant.colors)
        self._players_of = [self.variant.played_by[color] for color in self.variant.colors]
        # The agent of each color index, None for a color players share (classic_3's green).
        self._agent_of_color = [self.possible_agents[players[0] - 1] if len(players) == 1 else None
                                for players in self._players_of]
        self._orders = [tuple((start + k) % n for k in range(n)) for start in range(n)]
        self._human = HumanView()
        self.game: Game | None = None

    # -- spaces --------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        """The same :class:`gymnasium.spaces.Dict` object at every call."""
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete(n_actions)``: one action per placement id (the same object at every call)."""
        return self.action_spaces[self._known(agent)]

    # -- the AEC protocol ----------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``options`` is unused.

        Nothing in the game itself is random: ``seed`` seeds the action spaces
        (``player_k``'s with ``seed + k``), so their ``sample(mask)`` repeats.
        """
        seed = validation.seed(seed)  # numpy's generators refuse negative seeds with their own error
        if seed is not None:
            for k, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + k)
        game = self.game = Game(self.variant)
        if self._compiled is not None:
            self._compiled.reset()
            self._followed = (game, 0, None)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        ci = game._to_play
        assert ci is not None  # a new game has a color to move
        self.agent_selection = self._agent_of(ci)
        self._human.close()
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """``(observation, cumulative reward, terminated, truncated, info)`` of :attr:`agent_selection`."""
        self._started()  # before reset() there is no agent to ask about: say so
        agent = self.agent_selection  # PettingZoo's last(), without a call more per step
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation", "action_mask"}`` for ``agent``; the mask is all zeros unless it is to move."""
        player = self._known(agent)
        game = self._started()
        ci = game._to_play  # the index of the color to move, None once the game is over
        encoder = self.encoder
        if ci is not None and player == self.agent_selection and not self.terminations.get(player, True):
            if self._compiled is not None and self._follows(game):
                return {"observation": self._compiled.observation(), "action_mask": self._compiled.action_mask()}
            return {"observation": encoder._observation(game.board, self._orders[ci]),
                    "action_mask": encoder._legal_mask(game.board, ci)}
        start = self._next_color(self._agent_index[player] + 1)
        return {"observation": encoder._observation(game.board, self._orders[start]),
                "action_mask": encoder.no_actions()}

    def step(self, action: Any) -> None:
        """Play ``action`` (a placement id) for :attr:`agent_selection`; ``None`` once the game is over."""
        game = self._started()
        agent = self.agent_selection
        if not self.agents:
            raise IllegalMoveError("the game is over and every agent has left: call reset() to play again",
                                   rule="game-over")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalMoveError(f"the game is over: {agent}'s only action now is None "
                                       f"(not {action!r}), as PettingZoo has it", rule="game-over")
            self._was_dead_step(action)
            return
        placement = self._placement(action, agent)
        mover = game._to_play
        assert mover is not None  # an agent not terminated has a color to move
        follows = self._compiled is not None and self._follows(game)
        game.play(interned_move(game.colors[mover], placement, game.size))  # checks the rules; raises, changing nothing
        self._cumulative_rewards[agent] = 0.0
        ci = game._to_play
        if follows:
            assert self._compiled is not None
            if self._compiled.play(placement) != (-1 if ci is None else ci):
                raise AssertionError(f"the compiled engine and Game disagree on the color to move after {placement}")
            self._followed = (game, len(game._history), game._history[-1])
        if ci is None:
            self._clear_rewards()
            results = final_rewards(game, self.reward, self.scoring)
            scores = {f"player_{p - 1}": s for p, s in game.player_scores(self.scoring).items()}
            result = game.result()  # once: it scores the game again
            for name in self.agents:
                self.rewards[name] = results[self._agent_index[name]]
                self.terminations[name] = True
                self.infos[name] = {"scores": dict(scores), "result": result}  # a dict of its own each
            self._accumulate_rewards()
        else:
            # Rewards come only at the end: before it every reward is 0, so PettingZoo's
            # _clear_rewards() and _accumulate_rewards() would change nothing here.
            self.agent_selection = self._agent_of(ci)
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | np.ndarray | None:
        """``ansi``: the text board; ``rgb_array``: an image array; ``human``: show it (returns None)."""
        game = self._started()
        if self.render_mode is None:
            raise BlokusError(f"this environment has no render_mode; make it with render_mode= one of "
                              f"{', '.join(map(repr, RENDER_MODES))}")
        if self.render_mode == "ansi":
            return str(game)
        if self.render_mode == "rgb_array":
            return rgb_array(game, self.cell_pixels)
        self._human.show(game)
        return None

    def close(self) -> None:
        """Let go of the human view; the environment can be reset and used again."""
        self._human.close()

    def state(self) -> np.ndarray:
        """The whole position as one int8 vector, colors in their fixed order (for centralised critics)."""
        return self.encoder._observation(self._started().board, self._orders[0])

    # -- for people --------------------------------------------------------------------
    def widget(self) -> Any:
        """A board widget replaying the game so far (a copy: clicks in it cannot change this environment)."""
        from ..widgets.board import BlokusWidget

        return BlokusWidget(game=self._started().copy(), mode="replay")

    def __repr__(self) -> str:
        state = "not reset" if self.game is None else repr(self.game)
        return f"<BlokusEnv {self.variant.name}, reward={self.reward!r}: {state}>"

    # -- internals ------------------------------------------------------------------
    def _known(self, agent: str) -> str:
        if agent not in self._agent_index:
            raise BlokusError(f"{agent!r} is not an agent of {self.variant.name}; agents are "
                              f"{', '.join(self.possible_agents)}")
        return agent

    def _started(self) -> Game:
        if self.game is None:
            raise BlokusError("call reset() before using the environment")
        return self.game

    def __getstate__(self) -> dict[str, Any]:
        """A copy or a pickle holds no compiled state (raw pointers into this one's arrays): it is made
        again for the copy's own game by :meth:`__setstate__`."""
        state = dict(self.__dict__)
        state["_compiled"] = self._compiled is not None
        state["_followed"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        compiled = state.pop("_compiled")
        self.__dict__.update(state)
        self._compiled = CompiledGame.for_variant(self.variant, self.encoder.length) if compiled else None
        game = self.game
        if self._compiled is not None and game is not None:
            self._compiled.reset()
            for move in game._history:
                if move.placement is not None:
                    self._compiled.play(move.placement)
            self._followed = (game, len(game._history), game._history[-1] if game._history else None)

    def _follows(self, game: Game) -> bool:
        """Whether the compiled game is at ``game``'s position (it is unless someone changed
        :attr:`game` other than by :meth:`step`; then the board is read, as without it)."""
        followed = self._followed
        history = game._history
        return (followed is not None and followed[0] is game and followed[1] == len(history)
                and (followed[2] is None or history[-1] is followed[2]))

    def _agent_of(self, color: int) -> str:
        """The agent of ``color`` (an index), the color to move
        (:attr:`Game.player_to_play <blokus_nb.Game.player_to_play>`)."""
        agent = self._agent_of_color[color]
        if agent is not None:  # the usual case, without counting the color's moves
            return agent
        player = self._started().player_to_play
        assert player is not None  # ``color`` is to move
        return self.possible_agents[player - 1]

    def _next_color(self, player: int) -> int:
        """The index of the color ``player`` (1-based) plays next, counting from the color to move."""
        game = self._started()
        colors = game.colors
        color = game.to_play  # None once the game is over
        start = 0 if color is None else colors.index(color)
        variant, hand = self.variant, game.board.hand
        for step in range(len(colors)):
            ci = (start + step) % len(colors)
            if variant.player_of(colors[ci], 21 - hand[ci].bit_count()) == player:
                return ci
        raise AssertionError("every player plays a color")  # Variant checks it

    def _placement(self, action: Any, agent: str) -> int:
        if type(action) is int and 0 <= action < self.encoder.n_actions:  # the usual case, checked at once
            return action
        if action is None:
            color = self._started().to_play
            raise IllegalMoveError(f"{agent} ({color}) has legal moves, so it may not pass: passes are "
                                   "automatic, never an action", rule="pass", move="pass")
        if isinstance(action, (bool, np.bool_)):
            raise ArgumentTypeError(f"an action is a placement id, an int, not {action!r}")
        try:
            placement = operator.index(action)
        except TypeError:
            raise ArgumentTypeError(f"an action is a placement id, an int from 0 to {self.encoder.n_actions - 1}, "
                                    f"not {type(action).__name__} {action!r}") from None
        if not 0 <= placement < self.encoder.n_actions:
            raise InvalidMoveError(f"action {placement} is not a placement id of a {self.variant.size}x"
                                   f"{self.variant.size} board (0 to {self.encoder.n_actions - 1})")
        return placement
