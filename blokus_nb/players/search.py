"""What every tree search shares: the one budget loop and the one kept tree.

:class:`~blokus_nb.players.mcts.MCTSPlayer` (the linear models) and
:class:`~blokus_nb.players.puct.PUCTPlayer` (the networks) differ in how a
simulation goes down the tree and how a new position is valued; they stop
and they reuse their trees the same way, here:

* :func:`run_budget` runs simulations until the first bound of a
  :class:`~blokus_nb.players.Limit` is reached: simulations, nodes (every
  simulation counts at least one, so a node budget ends in an endgame whose
  simulations add none), time (measured from here, after the search's set-up)
  or the ``stop`` callable; with a time budget, a forced move ends it early.
  It says which of them ended the search (:data:`STOPPED_BY`), so that a
  level's time cap, a safety net under its simulation budget, is reported
  when it binds.
* :func:`run_budget_steps` is the same loop in *steps*: a generator that
  gives the caller back control every :data:`SLICE_SECONDS` of searching,
  so that where no thread can start (Pyodide) the kernel's asyncio loop
  handles a Stop or any other request between two slices of a long search.
  Every search, hint and review has such a steps form (``search_steps``,
  ``choose_move_steps``, :func:`search_steps_of`, :func:`finish`), and its
  plain form is the steps run to their end: the same simulations in the
  same order, so the same result for the same seed and limit.
* :class:`KeptTree` keeps a search's root with its position, and finds the
  node for a later position that grew from it by the moves played since
  (*tree reuse*); anything else (an undo, another game, another variant)
  starts afresh.

>>> import blokus_nb as bn
>>> from blokus_nb.players import Limit
>>> simulations, nodes, seconds, stopped_by = run_budget(Limit(simulations=3), lambda: 2, lambda: False)
>>> simulations, nodes, stopped_by
(3, 7, 'simulations')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Any, Generic, Protocol, TypeVar

import numpy as np

from ..game import Game
from .base import Limit, stepwise

__all__ = ["KeptTree", "SLICE_SECONDS", "STOPPED_BY", "Steps", "finish", "move_steps_of", "run_budget",
           "run_budget_steps", "search_steps_of"]

T = TypeVar("T")
#: Work done in steps: a generator that yields None between two steps and returns its answer.
Steps = Generator[None, None, T]
#: How long a search runs between two steps (seconds): short enough that a Stop pressed in a
#: browser kernel is handled at once, long enough that the steps cost nothing.
SLICE_SECONDS = 0.05

#: What can end a search (:attr:`~blokus_nb.players.mcts.SearchResult.stopped_by`): a bound of its
#: :class:`~blokus_nb.players.Limit`, its ``stop`` callable, or a forced move (one legal move) under a
#: time bound.
STOPPED_BY: tuple[str, ...] = ("simulations", "nodes", "time", "stop", "forced")


def finish(steps: Steps[T]) -> T:
    """Run ``steps`` to their end, here and now; return their answer.

    >>> def count():
    ...     yield
    ...     return 42
    >>> finish(count())
    42
    """
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


def search_steps_of(searcher: Any, game: Game, limit: Limit | None) -> Steps[Any]:
    """``searcher.search(game, limit)`` in steps: its ``search_steps`` if it has them, else one step.

    >>> import blokus_nb as bn
    >>> from blokus_nb.players import MCTSPlayer
    >>> finish(search_steps_of(MCTSPlayer(seed=1), bn.Game("duo"), Limit(simulations=5))).simulations
    5
    """
    steps = stepwise(searcher, "search", "search_steps")
    if steps is not None:
        return (yield from steps(game, limit))
    return searcher.search(game, limit)  # an outside engine or a player of the user's: all at once


def move_steps_of(player: Any, game: Game, limit: Limit | None) -> Steps[Any]:
    """``player.choose_move(game, limit)`` in steps: its ``choose_move_steps`` if it has them, else one step."""
    steps = stepwise(player, "choose_move", "choose_move_steps")
    if steps is not None:
        return (yield from steps(game, limit))
    return player.choose_move(game, limit)


def run_budget(limit: Limit, simulate: Callable[[], int], forced: Callable[[], bool]
               ) -> tuple[int, int, float, str]:
    """Call ``simulate`` (which returns the nodes it added) until ``limit`` is reached.

    Returns the simulations run, the nodes in the tree (the root counts one),
    the seconds taken and what ended it (one of :data:`STOPPED_BY`). At least one simulation runs whatever the limit's
    time or ``stop``; ``forced()`` (the root has one move) ends a timed search
    after that one.

    >>> from blokus_nb.players import Limit
    >>> run_budget(Limit(nodes=5), lambda: 0, lambda: False)[:2]  # no node added: each counts one
    (4, 5)
    >>> run_budget(Limit(simulations=10**9, time=0.01), lambda: 1, lambda: False)[3]  # the time cap binds
    'time'
    """
    return finish(run_budget_steps(limit, simulate, forced))


def run_budget_steps(limit: Limit, simulate: Callable[[], int], forced: Callable[[], bool]
                     ) -> Steps[tuple[int, int, float, str]]:
    """:func:`run_budget` in steps of :data:`SLICE_SECONDS` (see the module docstring).

    The bounds are checked before every simulation, as :func:`run_budget` does
    (it runs these steps to their end), so ``stop`` set while the caller has
    control ends the search before the next one.

    >>> steps = run_budget_steps(Limit(simulations=3), lambda: 1, lambda: False)
    >>> finish(steps)[:2]
    (3, 4)
    """
    stop = limit.stop
    start = time.perf_counter()
    deadline = None if limit.time is None else start + limit.time
    simulations, nodes = 0, 1
    step_ends = start + SLICE_SECONDS
    while True:
        now = time.perf_counter()
        if now >= step_ends:
            yield  # the caller's turn (a browser kernel's loop); the bounds are checked again after it
            step_ends = time.perf_counter() + SLICE_SECONDS
        if limit.simulations is not None and simulations >= limit.simulations:
            stopped_by = "simulations"
            break
        if limit.nodes is not None and nodes >= limit.nodes:
            stopped_by = "nodes"
            break
        if deadline is not None and simulations and time.perf_counter() >= deadline:
            stopped_by = "time"
            break
        if stop is not None and simulations and stop():
            stopped_by = "stop"
            break
        nodes += max(1, simulate())
        simulations += 1
        if deadline is not None and forced():
            stopped_by = "forced"  # a forced move: no need to think
            break
    return simulations, nodes, time.perf_counter() - start, stopped_by


class TreeNode(Protocol):
    """What the walk needs of a node: the color to move, its moves and the node after each."""

    color: int
    expanded: bool
    pids: Any  # the placement ids of its moves: a list or an array
    children: list[Any]


Node = TypeVar("Node", bound=TreeNode)


class KeptTree(Generic[Node]):
    """A search's root, kept with its position for the next search (see the module docstring).

    ``keep`` after a search; ``take(game)`` once at the next: the node for
    ``game``'s position, or ``None``. The kept tree is given up either way.
    """

    def __init__(self) -> None:
        self._kept: tuple[Node, Any, int, str] | None = None

    def keep(self, root: Node, game: Game) -> None:
        """Keep ``root``, the node searched for ``game``'s position."""
        self._kept = (root, game.board.snapshot(), len(game.history), game.variant.name)

    def forget(self) -> None:
        self._kept = None

    @property
    def root(self) -> Node | None:
        """The root kept, if any."""
        return None if self._kept is None else self._kept[0]

    def take(self, game: Game) -> Node | None:
        """The node of the kept tree for ``game``'s position if it grew from the kept one by the
        moves played since, each found in the tree; else ``None``."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        node, snapshot, played, variant = kept
        history = game.history
        if len(history) < played or variant != game.variant.name:
            return None
        board = game.board.copy()
        board.restore(snapshot)
        for move in history[played:]:
            pid = move.placement
            if pid is None:  # a pass
                continue
            color = game.colors.index(move.color)
            if node is None or node.color != color or not node.expanded:
                return None
            index = _index(node.pids, pid)
            if index is None:
                return None
            board.place(color, pid)
            node = node.children[index]
        if node is None or board.snapshot() != game.board.snapshot():
            return None
        if node.color != game.colors.index(game.to_play):
            return None
        return node


def _index(pids: Any, placement: int) -> int | None:
    """Where ``placement`` is among a node's moves (a list or an array), or ``None``."""
    if isinstance(pids, np.ndarray):
        found = np.flatnonzero(pids == placement)
        return int(found[0]) if len(found) else None
    try:
        return pids.index(placement)
    except ValueError:
        return None
