"""The player protocol: a limit, a player that chooses a move, and the random player.

A player looks at a :class:`~blokus_nb.Game` and returns a :class:`~blokus_nb.Move`
for the color to move. It never changes the game it is given: searches work on
copies of the engine board (:attr:`Game.board`).

>>> import blokus_nb as bn
>>> from blokus_nb.players import RandomPlayer
>>> game = bn.Game("duo")
>>> move = RandomPlayer(seed=1).choose_move(game)
>>> game.is_legal(move)
True
"""

from __future__ import annotations

import copy
import numbers
import random
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import validation
from ..errors import BlokusError, IllegalMoveError, short_repr
from ..game import Game
from ..move import Move
from ..variants import VARIANTS

__all__ = ["Limit", "Player", "RandomPlayer", "teams", "check_limit"]


def stepwise(obj: Any, plain: str, steps: str) -> Callable[..., Any] | None:
    """``obj``'s method ``steps`` (``plain`` in steps), or None where it would not do what ``plain`` does.

    A class that overrides ``plain`` below the one that wrote its steps (a
    user's player whose ``search`` counts, fails or waits) must be called by
    ``plain``: its steps would skip the override. Then the work is one step.

    >>> from blokus_nb.players import MCTSPlayer
    >>> class Counting(MCTSPlayer):
    ...     def search(self, game, limit=None):
    ...         return super().search(game, limit)
    >>> stepwise(MCTSPlayer(), "search", "search_steps") is not None, stepwise(Counting(), "search", "search_steps")
    (True, None)
    """
    mro = type(obj).__mro__
    steps_owner = next((k for k in mro if steps in vars(k)), None)
    plain_owner = next((k for k in mro if plain in vars(k)), None)
    if steps_owner is None or (plain_owner is not None and not issubclass(steps_owner, plain_owner)):
        return None
    return getattr(obj, steps)


@dataclass(frozen=True)
class Limit:
    """How much a player may think about one move; ``None`` means no limit of that kind.

    ``time`` is in seconds of wall-clock time, ``simulations`` counts playouts
    (complete random games) and ``nodes`` counts search-tree nodes created
    (at least one per simulation). A
    search stops at the first limit it reaches. Players that do not search
    (random, greedy) ignore the limit. ``stop``, when given, is asked between
    simulations and ends the search early once it returns true (a widget's
    Undo uses it); it is no budget of its own.

    >>> Limit(time=0.5)
    Limit(time=0.5, simulations=None, nodes=None)
    """

    time: float | None = None
    simulations: int | None = None
    nodes: int | None = None
    stop: Callable[[], bool] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        for name, kind in (("time", numbers.Real), ("simulations", numbers.Integral),
                           ("nodes", numbers.Integral)):
            _check_limit(name, getattr(self, name), kind)
        if self.stop is not None and not callable(self.stop):
            raise BlokusError(f"Limit(stop={short_repr(self.stop)}): stop must be a function that "
                              "returns true to end the search, or None")

    @property
    def is_unlimited(self) -> bool:
        """Whether no limit at all is set."""
        return self.time is None and self.simulations is None and self.nodes is None


def _check_limit(name: str, value: object, kind: type) -> None:
    """Refuse a limit a search could not stop on: not a number, NaN, infinite, zero or negative.

    A NaN compares false with everything, so a search bounded by it never stops;
    ``True`` is a number to Python but surely not a budget.
    """
    none = "no limit of that kind"
    if kind is numbers.Real:
        validation.seconds(value, f"Limit {name}", none=none)
    else:
        validation.positive_count(value, f"Limit {name}", none=none, what="a whole number >= 1, like 200")


def check_limit(limit: object, name: str = "limit", *, none: str = "the player's own") -> Limit | None:
    """``limit`` if it is a :class:`Limit` or None (meaning ``none``); anything else is an
    :class:`~blokus_nb.errors.ArgumentTypeError` naming ``name``, before any search starts.

    >>> check_limit(0.5)
    Traceback (most recent call last):
    ...
    blokus_nb.errors.ArgumentTypeError: limit is a blokus_nb.players.Limit, like Limit(time=0.5) (or None for the player's own), not 0.5
    """
    return validation.instance(limit, name, Limit, "a blokus_nb.players.Limit, like Limit(time=0.5)", none=none)


class Player:
    """Base class of AI players: :meth:`choose_move` returns a move for the color to move.

    Subclasses implement :meth:`_choose` on a game that is not over and whose
    color to move has at least one legal placement. ``seed`` makes a player
    deterministic: two players built with the same seed and asked the same
    sequence of positions choose the same moves (for searching players, only
    under a ``simulations`` or ``nodes`` limit; time limits depend on the machine).

    >>> import blokus_nb as bn
    >>> from blokus_nb.players import make_player
    >>> make_player("greedy", seed=0).choose_move(bn.Game()).color
    'blue'
    """

    #: A short name for tables and the arena, e.g. ``"greedy"``.
    name: str = "player"

    def __init__(self, seed: int | None = None, limit: Limit | Mapping[str, Limit] | None = None) -> None:
        seed = validation.seed(seed)
        self.seed = seed
        #: The limit used when :meth:`choose_move` is given none: one :class:`Limit`, or one per
        #: variant (a dict by variant name; a variant left out has no limit of the player's own).
        self.limit: Limit | dict[str, Limit] | None = _own_limit(limit)
        self.rng = random.Random(seed)

    def limit_for(self, game: Game) -> Limit | None:
        """The player's own limit in ``game``'s variant (see :attr:`limit`).

        >>> import blokus_nb as bn
        >>> player = RandomPlayer(limit={"duo": Limit(simulations=50)})
        >>> player.limit_for(bn.Game("duo")), player.limit_for(bn.Game("classic"))
        (Limit(time=None, simulations=50, nodes=None), None)
        """
        if isinstance(self.limit, dict):
            return self.limit.get(game.variant.name)
        return self.limit

    def choose_move(self, game: Game, limit: Limit | None = None) -> Move:
        """The move this player would play for ``game.to_play`` (the game is not changed).

        Returns a pass only when the color to move has no legal placement.
        Raises :class:`~blokus_nb.IllegalMoveError` (rule ``game-over``) when the
        game is over.

        >>> import blokus_nb as bn
        >>> from blokus_nb.players import RandomPlayer, Limit
        >>> RandomPlayer(seed=3).choose_move(bn.Game("duo"), Limit(time=1)).color
        'purple'
        """
        ready = self._ready(game, limit)
        return ready if isinstance(ready, Move) else self._choose(*ready)

    def choose_move_steps(self, game: Game, limit: Limit | None = None) -> Generator[None, None, Move]:
        """:meth:`choose_move` in steps (see :mod:`blokus_nb.players.search`): a generator that gives
        the caller control back between slices of a search, and returns the same move.

        >>> import blokus_nb as bn
        >>> from blokus_nb.players import RandomPlayer
        >>> from blokus_nb.players.search import finish
        >>> finish(RandomPlayer(seed=3).choose_move_steps(bn.Game("duo"))) == RandomPlayer(seed=3).choose_move(bn.Game("duo"))
        True
        """
        ready = self._ready(game, limit)
        if isinstance(ready, Move):
            return ready
        steps = stepwise(self, "_choose", "_choose_steps")
        return (yield from steps(*ready)) if steps is not None else self._choose(*ready)

    def _ready(self, game: Game, limit: Limit | None) -> Move | tuple[Game, Limit | None]:
        """The arguments checked: the pass when the color to move has no placement, else a
        snapshot of ``game`` and the limit to choose within."""
        validation.instance(game, "game", Game, "a blokus_nb.Game")
        check_limit(limit)
        game = game.copy()  # a snapshot: another thread (a widget, a notebook cell) may play on meanwhile
        color = game.to_play
        if color is None:
            raise IllegalMoveError("the game is over: there is no move to choose", rule="game-over")
        if not game.board.has_legal(game.colors.index(color)):
            return Move.pass_move(color, game.size)
        return game, limit if limit is not None else self.limit_for(game)

    def _choose(self, game: Game, limit: Limit | None) -> Move:
        raise NotImplementedError

    def _choose_steps(self, game: Game, limit: Limit | None) -> Generator[None, None, Move]:
        """:meth:`_choose` in steps: one step, unless the player searches in steps (MCTS)."""
        return self._choose(game, limit)
        yield  # never reached: it makes this a generator, of a single step

    def with_seed(self, seed: int | None) -> Player:
        """A fresh copy of this player with a new seed (and nothing remembered from earlier moves).

        >>> from blokus_nb.players import RandomPlayer
        >>> RandomPlayer(seed=1).with_seed(2).seed
        2
        """
        seed = validation.seed(seed)
        other = copy.copy(self)
        other.seed = seed
        other.rng = random.Random(seed)
        other._forget()
        return other

    def _forget(self) -> None:
        """Drop state kept between moves (e.g. a search tree); subclasses override."""

    def __repr__(self) -> str:
        parts = [] if self.seed is None else [f"seed={self.seed!r}"]
        if self.limit is not None:
            parts.append(f"limit={self.limit!r}")
        return f"{type(self).__name__}({', '.join(parts)})"


class RandomPlayer(Player):
    """Plays a legal move drawn uniformly from all of them.

    >>> import blokus_nb as bn
    >>> RandomPlayer(seed=7).choose_move(bn.Game()).color
    'blue'
    """

    name = "random"

    def _choose(self, game: Game, limit: Limit | None) -> Move:
        color = game.to_play
        assert color is not None  # choose_move refuses a game that is over
        pid = game.board.random_placement(game.colors.index(color), self.rng)
        return Move(color, pid, game.size)


def _own_limit(limit: object) -> Limit | dict[str, Limit] | None:
    """A player's own limit checked: a :class:`Limit`, a dict of them by variant name, or None."""
    if not isinstance(limit, Mapping):
        return check_limit(limit, none="no limit of its own")
    out: dict[str, Limit] = {}
    for name, value in limit.items():
        if name not in VARIANTS:
            raise BlokusError(f"a player's limit by variant names variants ({', '.join(map(repr, VARIANTS))}), "
                              f"not {short_repr(name)}")
        checked = check_limit(value, f"limit[{name!r}]", none="no limit of its own")
        if checked is not None:
            out[name] = checked
    return out


def teams(game: Game) -> list[int]:
    """For each color index, a team number: colors scored for the same player share one.

    In ``classic_2`` blue and red are one team and yellow and green the other;
    otherwise every color is its own team (in ``classic_3`` the shared green
    belongs to no player, so it is a team of its own).

    >>> import blokus_nb as bn
    >>> teams(bn.Game("classic_2")), teams(bn.Game("classic"))
    ([0, 1, 0, 1], [0, 1, 2, 3])
    """
    variant = game.variant
    out = list(range(len(game.colors)))
    for player in range(1, variant.n_players + 1):
        colors = variant.colors_of(player)
        first = game.colors.index(colors[0])
        for color in colors:
            out[game.colors.index(color)] = first
    return out
