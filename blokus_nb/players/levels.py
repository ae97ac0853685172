"""Players by name: ``"random"``, ``"greedy"``, ``"mcts"`` and the levels ``"easy"``, ``"medium"``,
``"hard"`` and ``"expert"``.

>>> from blokus_nb.players import make_player
>>> make_player("random", seed=1)
RandomPlayer(seed=1)
"""

from __future__ import annotations

import warnings
from collections.abc import Callable

from .. import validation
from ..errors import ArgumentTypeError, BlokusError
from .base import Limit, Player, RandomPlayer
from .greedy import GreedyPlayer
from .mcts import MCTSPlayer
from .puct import NETWORK_VARIANTS, PUCTPlayer

__all__ = ["PLAYER_NAMES", "LEVELS", "GOAL", "LEVEL_EXPLORATION", "LEVEL_LOCAL", "LEVEL_SIMULATIONS",
           "LEVEL_TIME_CAP", "level_limits", "make_player"]

#: What "hard" and "expert" play for on the classic boards (:data:`~blokus_nb.players.puct.GOALS`): the
#: share of the others finished behind, which took first place against three Pentobi level-5 seats
#: twice as often as playing for first place itself (10 of 40 games against 5 of 40, same seeds,
#: the first classic network).
GOAL = "rank"

#: The PUCT constant (:class:`~blokus_nb.players.puct.PUCTPlayer`'s ``exploration``) of "hard" and
#: "expert" per variant, where it is not :data:`~blokus_nb.players.puct.EXPLORATION`, the default (the
#: classic boards keep the default, with which they were measured). Against Pentobi level 6 in Duo,
#: "hard" with 2.5 scored 17.5 of 40 (seed 202) and 19 of 40 (seed 303) where 1.5 scored 11 of 40
#: (seed 202); with :data:`LEVEL_LOCAL` as well, 20 of 40 (seed 202).
LEVEL_EXPLORATION: dict[str, float] = {"duo": 2.5}
#: The chance that a playout move of "hard" and "expert" answers the move before it
#: (:meth:`~blokus_nb.engine.Board.playout`'s ``local``) per variant, where it is not
#: :data:`~blokus_nb.players.puct.LOCAL`, the default: 20 of 40 against Pentobi level 6 in Duo,
#: against 17.5 of 40 without it (the same seeds). In classic, with the network trained on 5,065
#: games, classic "hard" against three level-5 seats was first in 20.5 of 80 games with it and 16
#: without it (seeds 7101 and 7201, which chose it), and on the fresh seeds 7501 and 7601 in 28.5 of
#: 80 against 22.5 of 80 (ahead of 136 of its 240 opponents against 123); "expert" there, against three
#: level-6 seats, in 13 of 80 with it and 12.5 without (ahead of 96 and 100.5). In classic_3 it did worse
#: (first in 12 of 40 against 22.5, seed 7101), so it keeps the default, as classic_2 does (not tried).
LEVEL_LOCAL: dict[str, float] = {"duo": 0.5, "classic": 0.5}

#: What a searching level is: its simulations per move, by variant. A simulation budget makes a level
#: the same player on every machine, loaded or not, in a browser (Pyodide) or not; only the time it
#: takes changes. The budgets were first the harmonic mean of the simulations the level made per move
#: in the wall-clock time it used to have (0.3 s, 1.5 s and 5 s) in a self-play game
#: (``benchmarks/bench_ai.py --only budgets``), on a loaded machine: in matches against Pentobi "hard"
#: then thought 0.64 s a Duo move and 0.79 s a classic one, not 1.5 s, and in Duo it fell from 47% to
#: 27% against Pentobi level 6. Duo's "hard" and "expert" are therefore scaled by the ratio of those
#: times (1.5 / 0.64): 2100 and 7000. With the compiled playouts (:mod:`blokus_nb.accel`), 3200
#: simulations take Duo's "hard" the time 2100 took (1.49 s a move against 1.31 s in matches), and
#: "hard" moved there: 40 of 80 against Pentobi level 6 (50%), where 2100 scored 33. Classic's
#: "hard" at 600 met its target as it is (first in 25% against three level-5 seats, 80 games on seeds
#: 801 and 901), and at 1000 (its old time with the compiled playouts) did no better, so it stays. In
#: classic_2 and classic_3 the compiled playouts make 850 and 800 simulations take "hard" the 0.6 s a
#: move that 550 and 500 took without them, and "hard" moved there: on the same two seeds classic_2 won
#: 41.5 of 80 games against Pentobi level 5 where 550 won 25.5, and classic_3 was first in 33.5 of 80
#: against two level-5 players where 500 was first in 26; on two fresh seeds, 42 of 80 and first in
#: 28.5 of 80. Duo's "expert" moved by hard's ratio (3200 / 2100), from 7000 to 10500 (about the time
#: 7000 took without the compiled playouts: 4.9-5.3 s a move against Pentobi level 7, beside other
#: work, where 7000 took 4.28 s): 17.5 of 80 there (seeds 7701 and 7801), where 7000 had scored 4.5 of
#: 40 (seeds 801 and 901).
#: ``benchmarks/bench_ai.py --only levels`` prints each level's seconds a move.
LEVEL_SIMULATIONS: dict[str, dict[str, int]] = {
    "medium": {"duo": 500, "classic": 300, "classic_2": 300, "classic_3": 250},
    "hard": {"duo": 3200, "classic": 600, "classic_2": 850, "classic_3": 800},
    "expert": {"duo": 10500, "classic": 2000, "classic_2": 1800, "classic_3": 1700},
}
#: The most seconds a searching level thinks about one move: a safety net under
#: :data:`LEVEL_SIMULATIONS` for a slow or busy machine, not a budget. When it binds, the level
#: plays weaker than its figures, and :attr:`~blokus_nb.players.mcts.SearchResult.stopped_by` says
#: ``"time"``. About five times the slowest moves' time on the machine above.
LEVEL_TIME_CAP: dict[str, float] = {"medium": 5.0, "hard": 15.0, "expert": 45.0}


def level_limits(level: str) -> dict[str, Limit]:
    """A searching level's limit per variant: its simulations (:data:`LEVEL_SIMULATIONS`) under its
    time cap (:data:`LEVEL_TIME_CAP`).

    >>> level_limits("hard")["duo"]
    Limit(time=15.0, simulations=3200, nodes=None)
    """
    key = validation.choice(level, "level", tuple(LEVEL_SIMULATIONS))
    return {variant: Limit(time=LEVEL_TIME_CAP[key], simulations=simulations)
            for variant, simulations in LEVEL_SIMULATIONS[key].items()}


# What the names mean. "medium" searches with the linear models (players/mcts.py); "hard" and
# "expert" search every variant with a network (puct.NETWORK_VARIANTS) with a policy/value network
# (players/puct.py, players/net.py) and the others as "medium" does, with more simulations; on the
# classic boards they play for GOAL; in Duo they explore with LEVEL_EXPLORATION and their playouts
# answer the move before with the chance LEVEL_LOCAL. "mcts" is the 0.2.0 search as it was measured,
# 1 s a move of wall-clock time.
# A level searches a variant with a network only once a match against Pentobi has
# measured it stronger there than the 0.2.0 search (the README's strength table).
_BUILDERS: dict[str, Callable[[int | None], Player]] = {
    "random": lambda seed: RandomPlayer(seed=seed),
    "greedy": lambda seed: GreedyPlayer(seed=seed),
    "mcts": lambda seed: MCTSPlayer(seed=seed, limit=Limit(time=1.0)),
    # A greedy player that often settles for a slightly worse move.
    "easy": lambda seed: GreedyPlayer(seed=seed, temperature=1.0),
    "medium": lambda seed: MCTSPlayer(seed=seed, limit=level_limits("medium")),
    "hard": lambda seed: PUCTPlayer(seed=seed, limit=level_limits("hard"), goal=GOAL,
                                    exploration=LEVEL_EXPLORATION, local=LEVEL_LOCAL),
    "expert": lambda seed: PUCTPlayer(seed=seed, limit=level_limits("expert"), goal=GOAL,
                                      exploration=LEVEL_EXPLORATION, local=LEVEL_LOCAL),
}

#: The levels for people, weakest first.
LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
#: Every name :func:`make_player` knows.
PLAYER_NAMES: tuple[str, ...] = tuple(_BUILDERS)


def make_player(spec: str | Player, seed: int | None = None) -> Player:
    """A player from its name (see :data:`PLAYER_NAMES`), or ``spec`` itself if it is a player.

    Names are case-insensitive. A :class:`Player` given with a ``seed`` is
    returned as a fresh copy with that seed.

    >>> make_player("Greedy").name
    'greedy'
    """
    seed = validation.seed(seed)
    if isinstance(spec, Player):
        return spec if seed is None else spec.with_seed(seed)
    if not isinstance(spec, str):
        raise ArgumentTypeError(f"a player is a name like 'greedy' or a Player, not {type(spec).__name__}")
    key = spec.strip().lower()
    if key not in _BUILDERS:
        raise BlokusError(f"unknown player {spec!r}; players are {', '.join(PLAYER_NAMES)}")
    player = _BUILDERS[key](seed)
    player.name = key
    return player


#: Names kept for one release: what each one is now.
_RENAMED = {"EXPLORATION": "LEVEL_EXPLORATION", "LOCAL": "LEVEL_LOCAL"}


def __getattr__(name: str) -> object:
    if name in _RENAMED:
        warnings.warn(f"blokus_nb.players.levels.{name} is {_RENAMED[name]} (puct.{name} is the default it "
                      f"overrides); the old name goes in 0.5", DeprecationWarning, stacklevel=2)
        return globals()[_RENAMED[name]]
    if name == "NETWORKS":
        warnings.warn("blokus_nb.players.levels.NETWORKS is gone in 0.5: every level searches every variant of "
                      "blokus_nb.players.puct.NETWORK_VARIANTS with its network", DeprecationWarning, stacklevel=2)
        return {"hard": NETWORK_VARIANTS, "expert": NETWORK_VARIANTS}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
