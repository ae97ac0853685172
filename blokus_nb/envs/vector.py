"""Many Blokus games at once as one Gymnasium vector environment, for self-play training.

Every sub-environment is one whole game, and the caller plays every color in
turn (as learning agents train by self-play). The games live side by side in
numpy arrays (:class:`blokus_nb.vector_engine.VectorBoard`) and their legal
placements are found for all of them at once, so a step of ``num_envs``
games costs far less than ``num_envs`` steps of :class:`BlokusEnv`.

What a step returns, for ``num_envs`` games (``E``), ``C`` colors, ``P``
players and ``A`` placement ids:

* ``observation["observation"]``: int8 ``(E, C * (3 * n * n + 21))``, and
  ``observation["action_mask"]``: bool ``(E, A)``: row ``k`` is what
  :class:`BlokusEnv` gives the agent to act in the same game (the same layout,
  :mod:`blokus_nb.envs.observation`; the same placement ids), colors in
  playing order from the color to move. Once a game is over, its row is what
  ``BlokusEnv`` gives the player who made the last move, with an all-false mask;
* ``rewards``: float ``(E,)``: 0 until a game ends; at the step that ends it,
  the final reward (``reward="result"`` or ``"margin"``, as in ``BlokusEnv``)
  of the player who made that last move;
* ``terminations``: bool ``(E,)``: the game ended at this step;
  ``truncations``: bool ``(E,)``: always false (a game always ends);
* ``infos``: ``"to_play"`` (the color index to move, -1 once over) and
  ``"player"`` (the 0-based player to move, -1 once over) for every game;
  where a game ended (``infos["_final_rewards"]`` true): ``"final_rewards"``
  ``(E, P)`` every player's reward and ``"final_points"`` ``(E, C)`` every
  color's Pentobi points (zeros in the rows of the other games).

With ``copy=True`` (the default, as Gymnasium's ``SyncVectorEnv``) the
observation arrays are new each step: keep them freely. With ``copy=False``
they may be the environment's own buffers, read-only and changed in place by
the next ``step`` or ``reset`` (where the compiled accelerator is built the
masks are kept up to date incrementally, and copying 30 KB of mask a classic
game would cost more than the step): copy what you keep.

Auto-reset follows Gymnasium 1.x: with ``autoreset_mode="next_step"`` (the
default) the step after a game ended starts it again, ignoring that game's
action and returning its first observation with reward 0; with
``"same_step"`` the step that ends a game returns its first observation
already, the last one in ``infos["final_obs"]`` (and ``infos["final_info"]``);
with ``"disabled"`` a finished game waits for ``reset(options={"reset_mask":
mask})``. Nothing in a game is random: ``seed`` seeds the action spaces.

A bad action array changes no game: a wrong shape or dtype raises
:class:`~blokus_nb.ArgumentTypeError` naming the expected shape, and the
first game whose action ``BlokusEnv`` would refuse raises the error
``BlokusEnv`` raises (:class:`~blokus_nb.InvalidMoveError` for an id off the
board, :class:`~blokus_nb.IllegalMoveError` with its ``rule`` for a placement
the rules do not allow), its message naming the sub-environment.

>>> import numpy as np
>>> from blokus_nb.envs import BlokusVectorEnv
>>> envs = BlokusVectorEnv("duo", num_envs=4)
>>> observation, infos = envs.reset(seed=0)
>>> observation["action_mask"].shape, observation["action_mask"].sum(axis=1).tolist()
((4, 13729), [414, 414, 414, 414])
>>> actions = observation["action_mask"].argmax(axis=1)    # the first legal placement of each game
>>> observation, rewards, terminations, truncations, infos = envs.step(actions)
>>> infos["to_play"].tolist()
[1, 1, 1, 1]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import validation
from ..errors import ArgumentTypeError, BlokusError, IllegalMoveError, InvalidMoveError
from ..game import SCORINGS, Game
from ..move import interned_move
from ..pieces import PIECES
from ..variants import Variant, get_variant
from ..vector_engine import TOTAL_SQUARES, VectorBoard
from ._extra import require
from .aec import REWARDS
from .observation import PLANES

require("gymnasium")
from gymnasium import spaces  # noqa: E402
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402
from gymnasium.vector.utils import batch_space  # noqa: E402

__all__ = ["BlokusVectorEnv", "AUTORESET_MODES"]

#: The auto-reset modes, Gymnasium's: ``next_step`` (the default), ``same_step`` and ``disabled``.
AUTORESET_MODES = ("next_step", "same_step", "disabled")
_N_PIECES = len(PIECES)
#: At most this many games in one vector environment (about 8 GB of masks in classic).
MAX_ENVS = 1 << 18


class BlokusVectorEnv(VectorEnv):
    """``num_envs`` games of one variant stepped together (see the module docstring).

    ``variant``: ``"classic"``, ``"classic_2"``, ``"classic_3"`` or ``"duo"``;
    ``reward``, ``scoring``: as :class:`BlokusEnv`'s; ``autoreset_mode``:
    ``"next_step"``, ``"same_step"`` or ``"disabled"`` (or Gymnasium's ``AutoresetMode``);
    ``copy``: whether the observations are new arrays each step (see the module docstring);
    ``compiled``: the compiled accelerator's moves where built (``None``, the default), numpy alone
    (``False``: the same results), or the accelerator required (``True``).
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, variant: str | Variant = "classic", num_envs: int = 16, *, reward: str = "result",
                 scoring: str = "points", autoreset_mode: str | AutoresetMode = "next_step",
                 copy: bool = True, compiled: bool | None = None) -> None:
        self.variant = get_variant(variant)
        self.num_envs = validation.positive_count(num_envs, "num_envs", high=MAX_ENVS)
        self.reward = validation.choice(reward, "reward", REWARDS)
        self.scoring = validation.choice(scoring, "scoring", SCORINGS)
        mode = autoreset_mode.name.lower() if isinstance(autoreset_mode, AutoresetMode) else autoreset_mode
        mode = validation.choice(mode, "autoreset_mode", AUTORESET_MODES)
        self.autoreset_mode = AutoresetMode[mode.upper()]
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = None
        self.copy = validation.instance(copy, "copy", bool, "True or False")
        if compiled is not None:
            compiled = validation.instance(compiled, "compiled", bool, "True, False or None")
        self.board = VectorBoard(self.variant, self.num_envs, compiled=compiled)
        variant_ = self.variant
        self.n_colors = n_colors = len(variant_.colors)
        self.n_players = variant_.n_players
        cells = variant_.size ** 2
        self.n_actions = self.board.n_placements
        #: Length of an observation vector.
        self.observation_length = n_colors * (len(PLANES) * cells + _N_PIECES)
        self.single_observation_space = spaces.Dict({
            "observation": spaces.Box(0, 1, shape=(self.observation_length,), dtype=np.int8),
            "action_mask": spaces.Box(0, 1, shape=(self.n_actions,), dtype=np.bool_),
        })
        self.single_action_space = spaces.Discrete(self.n_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        # player_table[c, k]: the player (0-based) of color c's k-th placement (classic_3's green rotates).
        self.player_table = np.array([[variant_.player_of(color, k) - 1 for k in range(_N_PIECES + 1)]
                                      for color in variant_.colors])
        # scored_by[c, p]: color c counts for player p (classic_3's green counts for nobody).
        self.scored_by = np.array([[color in variant_.colors_of(p) for p in range(1, self.n_players + 1)]
                                   for color in variant_.colors], dtype=np.int64)
        self._history = np.zeros((self.num_envs, n_colors * _N_PIECES), dtype=np.int32)
        self._history_colors = np.zeros((self.num_envs, n_colors * _N_PIECES), dtype=np.int8)
        self._moves = np.zeros(self.num_envs, dtype=np.int64)
        self._over = np.zeros(self.num_envs, dtype=bool)      # the game ended (and waits to restart)
        self._last_mover = np.zeros(self.num_envs, dtype=np.int64)
        self._started = False
        # The compiled moves write every observation row into one buffer.
        self._observation_buffer = (np.zeros((self.num_envs, self.observation_length), dtype=np.int8)
                                    if self.board.compiled is not None else None)

    # -- Gymnasium's API ------------------------------------------------------------------
    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start every game again (or those of ``options["reset_mask"]``); ``seed`` seeds the action spaces."""
        if isinstance(seed, (list, tuple)):  # a seed a game, as Gymnasium allows: the games hold nothing random
            seeds = [validation.seed(s) for s in seed]
            if len(seeds) != self.num_envs:
                raise BlokusError(f"seed is one int or a list of {self.num_envs} (one a game), not {len(seeds)}")
            first: int | None = seeds[0]
        else:
            first = validation.seed(seed)
        if first is not None:
            self._np_random, self._np_random_seed = np.random.default_rng(first), first
            self.action_space.seed(first)
            self.single_action_space.seed(first)
        which = np.ones(self.num_envs, dtype=bool)
        if options is not None:
            options = validation.mapping(options, "options", what='a dict such as {"reset_mask": mask}')
            if "reset_mask" in options:
                which = self._reset_mask(options["reset_mask"])
        if not self._started and not which.all():
            raise BlokusError("the first reset() starts every game: give no reset_mask")
        games = np.flatnonzero(which)
        self._restart(games)
        self.board.step(games[:0], games[:0], games)
        self._started = True
        return self._observations(), self._infos()

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """Play ``actions[k]`` (a placement id) in game ``k`` for its color to move (see the module docstring)."""
        if not self._started:
            raise BlokusError("call reset() before step()")
        actions = self._action_array(actions)
        board = self.board
        restarting = self._over & (self.autoreset_mode == AutoresetMode.NEXT_STEP)
        playing = np.flatnonzero(~self._over)  # a finished game's action is ignored
        self._check_actions(playing, actions[playing])
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminations = np.zeros(self.num_envs, dtype=bool)
        restarted = np.flatnonzero(restarting)
        self._restart(restarted)
        self._record(playing, actions[playing])
        board.step(playing, actions[playing], restarted)
        ended = playing[board.to_move[playing] < 0]
        extra: dict[str, Any] = {}
        if len(ended):
            self._over[ended] = True
            terminations[ended] = True
            ended_points = board.points(ended)
            final = np.zeros((self.num_envs, self.n_players), dtype=np.float64)
            final[ended] = self._final_rewards(ended, ended_points)
            rewards[ended] = final[ended, self._last_mover[ended]]
            points = np.zeros((self.num_envs, self.n_colors), dtype=np.int64)
            points[ended] = ended_points
            extra = {"final_rewards": final, "_final_rewards": terminations.copy(),
                     "final_points": points, "_final_points": terminations.copy()}
            if self.autoreset_mode == AutoresetMode.SAME_STEP:
                extra.update(self._restart_now(ended, terminations))
        infos = {**self._infos(), **extra}
        return self._observations(), rewards, terminations, np.zeros(self.num_envs, dtype=bool), infos

    def _restart_now(self, ended: np.ndarray, terminations: np.ndarray) -> dict[str, Any]:
        """Same-step auto-reset: start ``ended`` again; their last observations and infos as
        Gymnasium's ``final_obs`` and ``final_info``."""
        final_obs = np.full(self.num_envs, None, dtype=object)
        final_info = np.full(self.num_envs, None, dtype=object)
        for k, row in zip(ended, self._observation_rows(ended)):
            final_obs[k] = {"observation": row, "action_mask": np.zeros(self.n_actions, dtype=bool)}
            final_info[k] = {"to_play": -1, "player": -1}
        self._restart(ended)
        self.board.step(ended[:0], ended[:0], ended)
        return {"final_obs": final_obs, "_final_obs": terminations.copy(),
                "final_info": final_info, "_final_info": terminations.copy()}

    def _record(self, games: np.ndarray, placements: np.ndarray) -> None:
        """Note the checked placements about to be played in ``games`` (for :meth:`game`) and their movers."""
        board = self.board
        colors = board.to_move[games]
        moves = self._moves[games]
        self._last_mover[games] = self.player_table[colors, board.placed[games, colors]]
        self._history[games, moves] = placements
        self._history_colors[games, moves] = colors
        self._moves[games] = moves + 1

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to let go of: the games are arrays in this process."""

    # -- for people and tests ----------------------------------------------------------------
    def game(self, k: int) -> Game:
        """Game ``k`` as a :class:`~blokus_nb.Game` (a new one, replayed: changing it changes nothing here)."""
        k = validation.whole_number(k, "k", low=0, high=self.num_envs - 1)
        game = Game(self.variant)
        for placement, color in zip(self._history[k, :self._moves[k]], self._history_colors[k, :self._moves[k]]):
            game.play(interned_move(game.colors[color], int(placement), game.size))
        return game

    def __repr__(self) -> str:
        return f"<BlokusVectorEnv {self.variant.name}, num_envs={self.num_envs}, reward={self.reward!r}>"

    # -- internals ----------------------------------------------------------------------------
    def _restart(self, games: np.ndarray) -> None:
        """Forget the moves of ``games``, about to start again (by ``board.step``'s ``restarted``)."""
        self._moves[games] = 0
        self._over[games] = False

    def _reset_mask(self, mask: Any) -> np.ndarray:
        array = np.asarray(mask)
        if array.dtype != np.bool_ or array.shape != (self.num_envs,):
            raise ArgumentTypeError(f'options["reset_mask"] is a bool array of shape ({self.num_envs},), not '
                                    f"{array.dtype} {array.shape}")
        return array.copy()

    def _action_array(self, actions: Any) -> np.ndarray:
        array = np.asarray(actions)
        if array.shape != (self.num_envs,) or array.dtype.kind not in "iu":
            raise ArgumentTypeError(f"actions are an integer array of shape ({self.num_envs},), one placement id "
                                    f"a game, not {array.dtype} {array.shape}")
        return array.astype(np.int64)

    def _check_actions(self, games: np.ndarray, placements: np.ndarray) -> None:
        """Raise what ``BlokusEnv`` would for the first game whose action may not be played, changing nothing."""
        off = (placements < 0) | (placements >= self.n_actions)
        if off.any():
            k = int(np.flatnonzero(off)[0])
            size = self.variant.size
            raise InvalidMoveError(f"sub-environment {games[k]}: action {placements[k]} is not a placement id of a "
                                   f"{size}x{size} board (0 to {self.n_actions - 1})")
        board = self.board
        # The compiled masks are this environment's own (what it gives out are copies or read-only
        # views), and current: one look-up a game. The numpy path's masks are given out as they are.
        legal = board.masks[games, placements] if board.masks_in_place else board.is_legal(games, placements)
        if legal.all():
            return
        first = int(np.flatnonzero(~legal)[0])
        k, placement = int(games[first]), int(placements[first])
        game = self.game(k)
        try:
            assert game.to_play is not None
            game.play(interned_move(game.to_play, placement, game.size))
        except IllegalMoveError as error:
            raise IllegalMoveError(f"sub-environment {k}: {error}", rule=error.rule, move=error.move,
                                   cells=error.cells) from None
        raise AssertionError(f"game {k}: placement {placement} is legal in Game, not in the vector engine")

    def _observations(self) -> dict[str, np.ndarray]:
        """Every game's observation and mask: new arrays, or with ``copy=False`` maybe read-only buffers."""
        board = self.board
        every = np.arange(self.num_envs)
        buffer = self._observation_buffer
        if buffer is None:  # numpy: the masks and the rows are new arrays already
            observation, mask = self._observation_rows(every), board.masks
            if self.copy:
                return {"observation": observation, "action_mask": mask}
        else:
            assert board.compiled is not None
            board.compiled.observe(every, buffer, self._first_colors(every))
            if self.copy:
                return {"observation": buffer.copy(), "action_mask": board.masks.copy()}
            observation = buffer
        observation, mask = observation.view(), board.masks.view()
        observation.flags.writeable = mask.flags.writeable = False
        return {"observation": observation, "action_mask": mask}

    def _first_colors(self, games: np.ndarray) -> np.ndarray:
        """The color each of ``games``' observation starts from: the color to move, and in a finished
        game the color BlokusEnv shows it from (the next one the player who moved last plays)."""
        board = self.board
        start = board.to_move[games]
        over = start < 0
        if over.any():
            last = self._last_mover[games[over]]
            players = self.player_table[np.arange(self.n_colors), board.placed[games[over]]]  # (games, colors)
            start[over] = (players == last[:, None]).argmax(axis=1)
        return start

    def _observation_rows(self, games: np.ndarray) -> np.ndarray:
        """The observation vectors of ``games``: colors in playing order from the color to move."""
        board, n_colors = self.board, self.n_colors
        cells = self.board.tables.cells
        start = self._first_colors(games)
        rows, colors = games[:, None], (start[:, None] + np.arange(n_colors)) % n_colors
        own = board.own[rows, colors, :cells]
        blocked = board.blocked[rows, colors, :cells]
        corners = board.corners[rows, colors, :cells]
        occupied = np.asarray(own.any(axis=1))[:, None, :]
        planes = np.stack([own, corners & ~blocked, blocked & ~occupied], axis=2)  # (games, C, 3, cells)
        observation = np.empty((len(games), self.observation_length), dtype=np.int8)
        board_part = n_colors * len(PLANES) * cells
        observation[:, :board_part] = planes.reshape(len(games), board_part)
        observation[:, board_part:] = board.hand[rows, colors].reshape(len(games), -1)
        return observation

    def _infos(self) -> dict[str, Any]:
        board = self.board
        to_play = board.to_move.copy()
        live = to_play >= 0
        player = np.full(self.num_envs, -1, dtype=np.int64)
        player[live] = self.player_table[to_play[live], board.placed[np.flatnonzero(live), to_play[live]]]
        every = np.ones(self.num_envs, dtype=bool)
        return {"to_play": to_play, "_to_play": every, "player": player, "_player": every.copy()}

    def _final_rewards(self, games: np.ndarray, points: np.ndarray) -> np.ndarray:
        """``(len(games), P)`` every player's reward in the ended ``games`` (their Pentobi ``points``),
        as ``BlokusEnv`` gives it."""
        if self.scoring == "basic":
            colors = TOTAL_SQUARES - self.board.own[games, :, :self.board.tables.cells].sum(axis=2)
        else:
            colors = points - (0 if self.scoring == "points" else TOTAL_SQUARES)
        scores = colors @ self.scored_by                                      # (E, P)
        sign = -1 if self.scoring == "basic" else 1
        signed = sign * scores
        if self.reward == "margin":
            players = self.n_players
            others = np.stack([np.delete(signed, p, axis=1).max(axis=1) for p in range(players)], axis=1)
            return (signed - others).astype(np.float64)
        best = signed.max(axis=1, keepdims=True)
        winners = signed == best
        sole = winners.sum(axis=1, keepdims=True) == 1
        return np.where(winners, np.where(sole, 1.0, 0.0), -1.0)
