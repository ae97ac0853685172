"""Search guided by the policy/value network (PUCT, as in AlphaZero) for Blokus Duo and classic.

Every simulation walks from the root to a position not yet in the tree,
choosing at each node the move with the best

    Q + c * P * sqrt(N) / (1 + n)

(``Q`` the mean result of the move for the player who makes it, ``P`` the
network's prior for it, ``n`` its visits, ``N`` the node's). The new
position is judged by one forward pass of the network
(:mod:`~blokus_nb.players.net`), whose policy becomes the priors of the new
node, and by one random playout from it to the end of the game (pentominoes
first, as :class:`MCTSPlayer` plays them; with :attr:`PUCTPlayer.local`, each
move of it answers the one before with that chance, attaching within two
squares of that piece). The leaf's value is the mix

    (1 - w) * network value + w * playout result

with ``w`` = :attr:`PUCTPlayer.playouts`, backed up the path (as AlphaGo
mixed its value network and its rollouts). The network alone misjudges
fights for a region that a playout counts out, and a playout costs about
half a forward pass: at ``w`` = 0.8 "hard" scores 69% against Pentobi
level 5 in Duo, against 32% with the network alone (40 games each, the
README's strength table). A move not yet tried
counts as the node's own network value less :attr:`PUCTPlayer.fpu`
(first-play urgency). A finished game is scored exactly. The move played is
the most visited one; the subtree below it is kept for the next move (*tree
reuse*).

On the classic board (``classic``, ``classic_2``, ``classic_3``) the search
is the same with the classic network, but every value is a vector: each
player's chance of finishing first (ties shared; the network's chances per
color summed over a player's colors and, in ``classic_3``, renormalised
without the shared green; a playout's result; a finished game's), mixed in
the same way, and every move is judged by the entry of the player who makes
it (max-n; in ``classic_3`` green's moves by whoever plays green that turn).
With :attr:`PUCTPlayer.goal` ``"rank"`` a move is judged instead by its
player's share of the others finished behind it (ties half; as Pentobi
scores a four-color game), the network's chances of first read as a
Plackett-Luce model (``p`` ahead of ``q`` with chance ``c[p] / (c[p] + c[q])``);
the chances of first are still what the search reports. With two players
the two goals are the same. "hard" and "expert" play for ``"rank"``
(:data:`~blokus_nb.players.levels.GOAL` says what that measured).
The search then fills :attr:`SearchResult.chances` with each player's chance
after the chosen move, calibrated in ``classic``
(:meth:`~blokus_nb.players.net.Net.first_chances`) and the search's mean
results as they are in ``classic_2`` and ``classic_3``.

On other boards and variants the player searches as :class:`MCTSPlayer` does.

>>> import blokus_nb as bn
>>> from blokus_nb.players import Limit
>>> game = bn.Game("duo")
>>> result = PUCTPlayer(seed=1).search(game, Limit(simulations=30))
>>> game.is_legal(result.move), result.simulations
(True, 30)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import replace

import numpy as np

from ..engine import Board
from ..errors import BlokusError
from ..game import Game
from ..move import Move
from ..validation import choice, fraction, number
from .base import Limit
from .mcts import MCTSPlayer, MoveStatistics, SearchResult
from .net import CLASSIC, DUO, Net, legal_array, load_net, tables
from .search import KeptTree, Steps, run_budget_steps

__all__ = ["PUCTPlayer", "NETWORK_VARIANTS"]

#: The variants the search can play with a network (Duo's, or the classic board's).
NETWORK_VARIANTS: tuple[str, ...] = ("duo", "classic", "classic_2", "classic_3")
#: What the search plays for on the classic board (:attr:`PUCTPlayer.goal`): ``"first"``, each
#: player's chance of finishing first, or ``"rank"``, its share of the others finished behind it.
GOALS: tuple[str, ...] = ("first", "rank")
#: The defaults of :class:`PUCTPlayer`'s ``exploration`` and ``local``, and what a variant
#: left out of a per-variant dict of them takes.
EXPLORATION = 1.5
LOCAL = 0.0



#: What a node's four-color arrays are until it is expanded on the classic board (one, read-only:
#: a Duo node never has them, and most nodes are Duo's).
_EMPTY = np.zeros(0)
_EMPTY.flags.writeable = False


class _Node:
    """A position: the color to move, the player moving it and, once expanded, its moves with
    priors and statistics."""

    __slots__ = ("color", "mover", "pids", "priors", "logits", "visits", "values", "children", "total",
                 "value", "expanded", "chances", "goals", "sums")

    def __init__(self, color: int, mover: int = -1) -> None:
        self.color = color          # color index to move; -1 when the game is over
        self.mover = mover          # player index (0-based) moving it (classic_3's green changes hands)
        self.pids = np.zeros(0, dtype=np.int64)   # legal placements, in the engine's order
        self.priors = np.zeros(0)
        self.logits = np.zeros(0)
        self.visits = np.zeros(0)
        self.values = np.zeros(0)   # sum of results for ``mover`` over each move's simulations
        self.children: list[_Node | None] = []
        self.total = 0
        self.value = 0.5            # the network's value of the node for ``mover``
        self.expanded = False
        self.chances = _EMPTY  # four colors: the network's chance of first per player
        self.goals = _EMPTY    # four colors: the network's value per player (``goal``)
        self.sums = _EMPTY     # four colors: per move, the sum of results per player


class PUCTPlayer(MCTSPlayer):
    """Network-guided search (see the module docstring); plays the most visited move.

    ``exploration`` is the constant ``c`` of the PUCT formula, ``fpu`` the
    first-play reduction, ``net`` the Duo network and ``classic_net`` the
    classic one (default: the shipped ones, the classic one read at the first
    search on the classic board), ``networks`` the variants searched with a
    network (any of :data:`NETWORK_VARIANTS`) and ``playouts`` the weight of a
    random playout's result in a new position's value (0: the network alone;
    1: the playout alone); ``local`` is the chance that a playout's move
    answers the move before it (:meth:`~blokus_nb.engine.Board.playout`).
    ``exploration`` and ``local`` may also be given per variant, as a dict
    such as ``{"duo": 2.5}`` (the variants left out take the defaults).
    Other keyword arguments go to :class:`MCTSPlayer`,
    which searches the other variants.

    >>> import blokus_nb as bn
    >>> PUCTPlayer(seed=0, limit=Limit(simulations=20)).choose_move(bn.Game("duo")).color
    'purple'
    """

    name = "puct"

    def __init__(self, seed: int | None = None, limit: Limit | Mapping[str, Limit] | None = None, *,
                 exploration: float | dict[str, float] = EXPLORATION, fpu: float = 0.2,
                 net: Net | str = "shipped",
                 playouts: float = 0.8, classic_net: Net | str = "shipped",
                 networks: tuple[str, ...] = NETWORK_VARIANTS, goal: str = "first",
                 local: float | dict[str, float] = LOCAL, **mcts_options) -> None:
        super().__init__(seed=seed, limit=limit, **mcts_options)
        self.puct = _by_variant(exploration, "exploration",
                                lambda v, name: number(v, name, low=0))
        self.fpu = number(fpu, "fpu")
        self.playouts = float(fraction(playouts, "playouts", what="the weight of a playout's result in a "
                                                                  "leaf's value, from 0 to 1"))
        chosen = load_net() if isinstance(net, str) and net == "shipped" else net
        if not isinstance(chosen, Net) or chosen.encoding is not DUO:
            raise BlokusError(f"net must be a Duo Net (blokus_nb.players.net.load_net()) or 'shipped', "
                              f"not {net!r}")
        self.net = chosen
        if not (isinstance(classic_net, str) and classic_net == "shipped") and not (
                isinstance(classic_net, Net) and classic_net.encoding is CLASSIC):
            raise BlokusError(f"classic_net must be a classic Net (load_net(variant='classic')) or "
                              f"'shipped', not {classic_net!r}")
        self._classic_net = classic_net
        if not isinstance(networks, tuple) or not set(networks) <= set(NETWORK_VARIANTS):
            raise BlokusError(f"networks is a tuple of the variants searched with a network "
                              f"({', '.join(map(repr, NETWORK_VARIANTS))}), not {networks!r}")
        self.networks = networks
        self.goal = choice(goal, "goal", GOALS)
        self.local = _by_variant(local, "local", lambda v, name: float(fraction(
            v, name, what="the chance that a playout move answers the move before it, from 0 to 1")))
        # the settings of the variant being searched (set by each search; Duo's until then)
        self._puct = _for_variant(self.puct, "duo", EXPLORATION)
        self._local = _for_variant(self.local, "duo", LOCAL)
        self._net_tree: KeptTree[_Node] = KeptTree()
        # built once per process (a fraction of a second), not inside the first move's time
        for size in {DUO.size if name == "duo" else CLASSIC.size for name in self.networks}:
            tables(size)

    @property
    def classic_net(self) -> Net:
        """The classic network (the shipped one is read at first use)."""
        if isinstance(self._classic_net, str):
            self._classic_net = load_net(variant="classic")
        return self._classic_net

    # -- the search ---------------------------------------------------------------
    def _search_steps(self, game: Game, limit: Limit | None) -> Steps[SearchResult]:
        name = game.variant.name
        if name not in self.networks:
            return (yield from super()._search_steps(game, limit))
        limit = self._budget(game, limit)
        board = game.board
        self._setup(game)
        self._duo = name == "duo"
        self._puct = _for_variant(self.puct, name, EXPLORATION)
        self._local = _for_variant(self.local, name, LOCAL)
        self._search_net = self.net if self._duo else self.classic_net
        # the network's chance per color of finishing first, summed per player (classic_2) and
        # renormalised without the shared color (classic_3)
        self._to_players = None if self._duo else _player_matrix(game.variant.n_players, self._players)
        self._shared = sum(map(len, self._players)) < len(game.colors)
        # Loaded once a process, before the search's clock starts: the first search of a
        # session searches as long as the next.
        tables(board.size)
        root = self._net_tree.take(game) if self.reuse else None
        self._net_tree.forget()
        if root is None:
            color = game.colors.index(game.to_play)
            root = _Node(color, self._mover(board, color))
        if not root.expanded:
            self._net_expand(root, board)
        rng = self.rng
        simulations, nodes, seconds, stopped_by = yield from run_budget_steps(
            limit, lambda: self._net_simulate(root, board.copy(), rng), lambda: len(root.pids) == 1)
        self._net_tree.keep(root, game)
        return replace(self._net_result(game, root, simulations, nodes, seconds), stopped_by=stopped_by)

    def _net_expand(self, node: _Node, board: Board) -> None:
        pids = legal_array(board, node.color)
        logits, value = self._search_net.evaluate_array(board, node.color, pids)
        to_players = self._to_players  # None exactly in Duo, whose network gives one value
        if to_players is None:
            node.value = float(value)
        else:
            chances = to_players @ value
            if self._shared:
                chances /= chances.sum()
            node.chances = chances
            node.goals = chances if self.goal == "first" else _expected_ranks(chances)
            node.sums = np.zeros((len(pids), len(chances)))
            node.value = float(node.goals[node.mover])
        node.pids = pids
        node.logits = logits
        p = np.exp(logits - logits.max())
        node.priors = p / p.sum()
        node.visits = np.zeros(len(pids))
        node.values = np.zeros(len(pids))
        node.children = [None] * len(pids)
        node.expanded = True

    def _net_select(self, node: _Node) -> int:
        visits = node.visits
        tried = visits > 0
        q = np.where(tried, node.values / np.maximum(visits, 1), node.value - self.fpu)
        u = self._puct * node.priors * (math.sqrt(node.total + 1) / (1 + visits))
        return int(np.argmax(q + u))

    def _net_simulate(self, root: _Node, board: Board, rng: random.Random) -> int:
        """One simulation from ``root`` on ``board`` (a copy of its position); returns nodes created."""
        path = []
        node = root
        created = 0
        while True:
            i = self._net_select(node)
            board.place(node.color, int(node.pids[i]))
            path.append((node, i))
            child = node.children[i]
            if child is None:
                color = self._next_to_move(board, node.color)
                child = _Node(color, self._mover(board, color) if color >= 0 else -1)
                node.children[i] = child
                created += 1
                if color >= 0:
                    self._net_expand(child, board)
                    results = self._leaf_results(child, board, rng)
                else:
                    results = self._net_outcome(board)
                break
            if child.color < 0:
                results = self._net_outcome(board)
                break
            node = child
        if isinstance(results, list):  # Duo: a result per player; the classic board: two arrays
            for parent, i in path:
                parent.visits[i] += 1
                parent.values[i] += results[parent.mover]
                parent.total += 1
            return created
        goals, firsts = results
        for parent, i in path:
            parent.visits[i] += 1
            parent.values[i] += goals[parent.mover]
            parent.sums[i] += firsts
            parent.total += 1
        return created

    def _leaf_results(self, node: _Node, board: Board, rng: random.Random
                      ) -> list[float] | tuple[np.ndarray, np.ndarray]:
        """Each player's result for a new node: its network value, a playout's result mixed in
        (see :meth:`_net_outcome`)."""
        if self._duo:
            value = node.value
            if self.playouts:
                value += self.playouts * (self._playout_result(board, node.color, rng) - value)
            return [value, 1.0 - value] if node.mover == 0 else [1.0 - value, value]
        goals, firsts = node.goals, node.chances
        if not self.playouts:
            return goals, firsts
        board.playout(node.color, rng, big_first=self.big_first, local=self._local)
        end_goals, end_firsts = self._classic_outcome(board)
        w = self.playouts
        firsts = firsts + w * (end_firsts - firsts)
        return (firsts if self.goal == "first" else goals + w * (end_goals - goals)), firsts

    @staticmethod
    def _next_to_move(board: Board, color: int) -> int:
        """The next color after ``color`` in playing order that can move (-1: none can)."""
        n = board.n_colors
        for step in range(1, n + 1):
            other = (color + step) % n
            if board.has_legal(other):
                return other
        return -1

    def _playout_result(self, board: Board, color: int, rng: random.Random) -> float:
        """Random moves (pentominoes first, see ``big_first``) to the end; the result for ``color``."""
        board.playout(color, rng, big_first=self.big_first, local=self._local)
        return self._final(board, color)

    @staticmethod
    def _final(board: Board, color: int) -> float:
        """The finished Duo game's result for ``color``: 1 won, 0.5 drawn, 0 lost (Pentobi's points)."""
        mine, theirs = board.points(color), board.points(1 - color)
        return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0

    def _net_outcome(self, board: Board) -> list[float] | tuple[np.ndarray, np.ndarray]:
        """The finished ``board``'s result per player: in Duo 1, 0.5 or 0; on the classic board
        each player's :attr:`goal` and its share of first place (ties shared)."""
        if self._duo:
            first = self._final(board, 0)
            return [first, 1.0 - first]
        return self._classic_outcome(board)

    def _classic_outcome(self, board: Board) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`_net_outcome` on the classic board: each player's goal and share of first place."""
        firsts = _first_shares(board, self._players)
        return (firsts if self.goal == "first" else _rank_shares(board, self._players)), firsts

    def _forget(self) -> None:
        super()._forget()
        self._net_tree.forget()

    def __getstate__(self) -> dict:
        state = super().__getstate__()
        state["_net_tree"] = KeptTree()
        return state

    def _net_result(self, game: Game, root: _Node, simulations: int, nodes: int,
                    seconds: float) -> SearchResult:
        stats = []
        for i, visits in enumerate(root.visits):
            if visits > 0:
                stats.append((int(visits), float(root.values[i] / visits), i))
        if not stats:
            stats = [(0, root.value, 0)]
        stats.sort(key=lambda s: (s[0], s[1]), reverse=True)
        color, size = game.to_play, game.size
        assert color is not None  # search() refuses a game that is over
        if not self._duo:
            mover = root.mover
            # four colors: calibrated; classic_2 and classic_3: the search's mean results as they are
            calibrate = self._search_net.first_chances if game.variant.name == "classic" else np.asarray

            def first(i: int, visits: int) -> np.ndarray:
                return calibrate(_reported_chances(root, i, visits))
            alternatives = [MoveStatistics(Move(color, int(root.pids[i]), size), visits,
                                           float(first(i, visits)[mover]), value, float(root.logits[i]))
                            for visits, value, i in stats]
            best = alternatives[0]
            chances = tuple(float(c) for c in first(stats[0][2], stats[0][0]))
            return SearchResult(best.move, best.win_rate, simulations, nodes, seconds, alternatives, chances)
        chance = self.net.win_chance
        alternatives = [MoveStatistics(Move(color, int(root.pids[i]), size), visits,
                                       chance(_reported_value(root, visits, value)), value,
                                       float(root.logits[i]))
                        for visits, value, i in stats]
        best = alternatives[0]
        return SearchResult(best.move, best.win_rate, simulations, nodes, seconds, alternatives)

    def __repr__(self) -> str:
        parts = [] if self.seed is None else [f"seed={self.seed!r}"]
        if self.limit is not None:
            parts.append(f"limit={self.limit!r}")
        return f"PUCTPlayer({', '.join(parts)})"


#: How many simulations the network's value of the root counts as in the win chance reported for a
#: root move. A new leaf's value is mostly its one random playout's result, won or lost (``playouts`` =
#: 0.8), so the mean of one or two simulations alone said 0% or 100% by the luck of a playout (and the
#: calibration sharpens it further). Measured on 24 Duo positions, the network's value differs from a
#: 300-simulation search's by a variance of about 0.045, one simulation's result by about 0.09: the
#: network's value is worth about two simulations. So a search of one simulation reports near the
#: network's chance, and one of hundreds what its simulations found.
NETWORK_WEIGHT = 2


def _reported_value(root: _Node, visits: int, mean: float) -> float:
    """Duo: the value reported for a root move, the mean of its ``visits`` simulations and the
    network's value of the root (for its mover) counted as :data:`NETWORK_WEIGHT` simulations."""
    return (mean * visits + NETWORK_WEIGHT * root.value) / (visits + NETWORK_WEIGHT)


def _reported_chances(root: _Node, i: int, visits: int) -> np.ndarray:
    """Classic: each player's chance of first reported for root move ``i``, its simulations' and
    the network's at the root, weighted as in :func:`_reported_value`."""
    return (root.sums[i] + NETWORK_WEIGHT * root.chances) / (visits + NETWORK_WEIGHT)


def _by_variant(value: object, name: str, check: Callable[[object, str], float]
                ) -> float | dict[str, float]:
    """``value`` checked by ``check(value, name)``: one number, or a dict of numbers by variant."""
    if isinstance(value, dict):
        unknown = [k for k in value if k not in NETWORK_VARIANTS]
        if unknown:
            raise BlokusError(f"{name} is a number or a dict of numbers by variant "
                              f"({', '.join(map(repr, NETWORK_VARIANTS))}), not one for {unknown[0]!r}")
        return {k: check(v, f"{name}[{k!r}]") for k, v in value.items()}
    return check(value, name)


def _for_variant(value: float | dict[str, float], variant: str, default: float) -> float:
    """The setting ``value`` (one number, or one per variant) for ``variant``."""
    return value.get(variant, default) if isinstance(value, dict) else value


def _first_shares(board: Board, players: list[list[int]] | None = None) -> np.ndarray:
    """Each player's share of first place by Pentobi's points on a finished ``board`` (ties shared).

    ``players`` lists each player's scoring colors (default: a player per color); a
    player's points are its colors' points.
    """
    points = [board.points(c) for c in range(board.n_colors)]
    if players is not None:
        points = [sum(points[c] for c in colors) for colors in players]
    best = max(points)
    shares = np.array([1.0 if p == best else 0.0 for p in points])
    return shares / shares.sum()


def _rank_shares(board: Board, players: list[list[int]]) -> np.ndarray:
    """Each player's share of the others finished behind it on a finished ``board`` (ties half)."""
    points = np.array([sum(board.points(c) for c in colors) for colors in players], dtype=np.float64)
    ahead = (points[:, None] > points[None, :]) + 0.5 * (points[:, None] == points[None, :])
    return (ahead.sum(axis=1) - 0.5) / (len(points) - 1)


def _expected_ranks(chances: np.ndarray) -> np.ndarray:
    """Each player's expected share of the others finished behind it, from the chances of finishing
    first, taken as a Plackett-Luce model (player ``p`` ahead of ``q`` with chance
    ``c[p] / (c[p] + c[q])``).

    >>> _expected_ranks(np.array([0.5, 0.25, 0.25])).round(3).tolist()
    [0.667, 0.417, 0.417]
    """
    c = np.maximum(chances, 1e-9)
    ahead = c[:, None] / (c[:, None] + c[None, :])
    return (ahead.sum(axis=1) - 0.5) / (len(c) - 1)


def _player_matrix(n_players: int, players: list[list[int]]) -> np.ndarray:
    """The matrix turning four colors' chances of finishing first into each player's.

    A player's chance is the sum of its colors' chances (the search then renormalises them
    where a color scores for no one, as classic_3's shared green).

    >>> _player_matrix(2, [[0, 2], [1, 3]]).tolist()
    [[1.0, 0.0, 1.0, 0.0], [0.0, 1.0, 0.0, 1.0]]
    """
    matrix = np.zeros((n_players, 4))
    for p, colors in enumerate(players):
        matrix[p, colors] = 1.0
    return matrix
