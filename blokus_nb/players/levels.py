"""Players by name: ``"random"``, ``"greedy"``, ``"mcts"`` and the levels ``"easy"``, ``"medium"``, ``"hard"``.

>>> from blokus_nb.players import make_player
>>> make_player("random", seed=1)
RandomPlayer(seed=1)
"""

from __future__ import annotations

from typing import Callable

from .base import Limit, Player, RandomPlayer
from .greedy import GreedyPlayer

__all__ = ["PLAYER_NAMES", "LEVELS", "make_player"]


def _mcts(limit: Limit) -> Callable[[int | None], Player]:
    # Provisional until the tree search lands: the greedy player stands in.
    def build(seed: int | None) -> Player:
        player = GreedyPlayer(seed=seed, limit=limit)
        return player
    return build


_BUILDERS: dict[str, Callable[[int | None], Player]] = {
    "random": lambda seed: RandomPlayer(seed=seed),
    "greedy": lambda seed: GreedyPlayer(seed=seed),
    "mcts": _mcts(Limit(time=1.0)),
    "easy": lambda seed: GreedyPlayer(seed=seed),
    "medium": _mcts(Limit(time=0.5)),
    "hard": _mcts(Limit(time=1.5)),
}

#: The levels for people, weakest first.
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
#: Every name :func:`make_player` knows.
PLAYER_NAMES: tuple[str, ...] = tuple(_BUILDERS)


def make_player(spec: "str | Player", seed: int | None = None) -> Player:
    """A player from its name (see :data:`PLAYER_NAMES`), or ``spec`` itself if it is a player.

    Names are case-insensitive. A :class:`Player` given with a ``seed`` is
    returned as a fresh copy with that seed.

    >>> make_player("Greedy").name
    'greedy'
    """
    if isinstance(spec, Player):
        return spec if seed is None else spec.with_seed(seed)
    if not isinstance(spec, str):
        raise TypeError(f"a player is a name like 'greedy' or a Player, not {type(spec).__name__}")
    key = spec.strip().lower()
    if key not in _BUILDERS:
        raise ValueError(f"unknown player {spec!r}; players are {', '.join(PLAYER_NAMES)}")
    player = _BUILDERS[key](seed)
    player.name = key
    return player
