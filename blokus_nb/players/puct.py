"""Search guided by the policy/value network (PUCT, as in AlphaZero) for Blokus Duo and classic.

Every simulation walks from the root to a position not yet in the tree,
choosing at each node the move with the best

    Q + c * P * sqrt(N) / (1 + n)

(``Q`` the mean result of the move for the player who makes it, ``P`` the
network's prior for it, ``n`` its visits, ``N`` the node's). The new
position is judged by one forward pass of the network
(:mod:`~blokus_nb.players.net`), whose policy becomes the priors of the new
node, and by one random playout from it to the end of the game (pentominoes
first, as :class:`MCTSPlayer` plays them). The leaf's value is the mix

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

In the four-color ``classic`` game (with ``"classic"`` in
:attr:`PUCTPlayer.networks`) the search is the same with the classic
network, but every value is a vector: each color's chance of finishing
first (ties shared; the network's softmax, a playout's result, a finished
game's), mixed in the same way, and every move is judged by its own color's
entry (max-n). The search then fills :attr:`SearchResult.chances` with each
color's calibrated chance after the chosen move
(:meth:`~blokus_nb.players.net.Net.first_chances`).

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
import time
from dataclasses import replace

import numpy as np

from ..engine import Board
from ..errors import BlokusError, IllegalMoveError
from ..validation import fraction, number
from ..game import Game
from ..move import Move
from .base import Limit
from .mcts import DEFAULT_LIMIT, MCTSPlayer, MoveStatistics, SearchResult
from .net import CLASSIC, DUO, Net, legal_array, load_net, tables

__all__ = ["PUCTPlayer"]


class _Node:
    """A position: the color to move and, once expanded, its moves with priors and statistics."""

    __slots__ = ("color", "pids", "priors", "logits", "visits", "values", "children", "total",
                 "value", "expanded", "chances", "sums")

    def __init__(self, color: int) -> None:
        self.color = color          # color index to move; -1 when the game is over
        self.pids = np.zeros(0, dtype=np.int64)   # legal placements, in the engine's order
        self.priors = np.zeros(0)
        self.logits = np.zeros(0)
        self.visits = np.zeros(0)
        self.values = np.zeros(0)   # sum of results for ``color`` over each move's simulations
        self.children: list[_Node | None] = []
        self.total = 0
        self.value = 0.5            # the network's value of the node for ``color``
        self.expanded = False
        self.chances: np.ndarray | None = None  # classic: the network's chance of first, per color
        self.sums: np.ndarray | None = None     # classic: per move, the sum of those vectors


class PUCTPlayer(MCTSPlayer):
    """Network-guided search (see the module docstring); plays the most visited move.

    ``exploration`` is the constant ``c`` of the PUCT formula, ``fpu`` the
    first-play reduction, ``net`` the Duo network and ``classic_net`` the
    classic one (default: the shipped ones, the classic one read at the first
    classic search), ``networks`` the variants searched with a network
    (``"duo"``, ``"classic"``) and ``playouts`` the weight of a random
    playout's result in a new position's value (0: the network alone; 1: the
    playout alone). Other keyword arguments go to :class:`MCTSPlayer`, which
    searches the other variants.

    >>> import blokus_nb as bn
    >>> PUCTPlayer(seed=0, limit=Limit(simulations=20)).choose_move(bn.Game("duo")).color
    'purple'
    """

    name = "puct"

    def __init__(self, seed: int | None = None, limit: Limit | None = None, *,
                 exploration: float = 1.5, fpu: float = 0.2, net: "Net | str" = "shipped",
                 playouts: float = 0.8, classic_net: "Net | str" = "shipped",
                 networks: tuple[str, ...] = ("duo", "classic"), **mcts_options) -> None:
        super().__init__(seed=seed, limit=limit, **mcts_options)
        self.puct = number(exploration, "exploration", low=0)
        self.fpu = number(fpu, "fpu")
        self.playouts = float(fraction(playouts, "playouts", what="the weight of a playout's result in a "
                                                                  "leaf's value, from 0 to 1"))
        self.net = load_net() if isinstance(net, str) and net == "shipped" else net
        if not isinstance(self.net, Net) or self.net.encoding is not DUO:
            raise BlokusError(f"net must be a Duo Net (blokus_nb.players.net.load_net()) or 'shipped', "
                              f"not {net!r}")
        if not (isinstance(classic_net, str) and classic_net == "shipped") and not (
                isinstance(classic_net, Net) and classic_net.encoding is CLASSIC):
            raise BlokusError(f"classic_net must be a classic Net (load_net(variant='classic')) or "
                              f"'shipped', not {classic_net!r}")
        self._classic_net = classic_net
        if not isinstance(networks, tuple) or not set(networks) <= {"duo", "classic"}:
            raise BlokusError(f"networks is a tuple of the variants searched with a network "
                              f"('duo', 'classic'), not {networks!r}")
        self.networks = networks
        self._net_tree: tuple | None = None
        tables()  # built once per process (a fraction of a second), not inside the first move's time

    @property
    def classic_net(self) -> Net:
        """The classic network (the shipped one is read at first use)."""
        if isinstance(self._classic_net, str):
            self._classic_net = load_net(variant="classic")
        return self._classic_net

    # -- the search ---------------------------------------------------------------
    def _search(self, game: Game, limit: Limit | None) -> SearchResult:
        name = game.variant.name
        if name not in self.networks:
            return super()._search(game, limit)
        classic = name == "classic"
        net = self.classic_net if classic else self.net
        if game.is_over:
            raise IllegalMoveError("the game is over: there is nothing to search", rule="game-over")
        stop = limit.stop if limit is not None else None
        if limit is None or limit.is_unlimited:
            limit = replace(self.limit or DEFAULT_LIMIT, stop=stop)
        start = time.perf_counter()
        deadline = None if limit.time is None else start + limit.time
        board = game.board
        color = game.colors.index(game.to_play)
        self._search_net = net
        self._classic = classic
        tables(board.size)
        root = self._reused(game) if self.reuse else None
        if root is None:
            root = _Node(color)
        if not root.expanded:
            self._net_expand(root, board)
        simulations = 0
        nodes = 1
        rng = self.rng
        while True:
            if limit.simulations is not None and simulations >= limit.simulations:
                break
            if limit.nodes is not None and nodes >= limit.nodes:
                break
            if deadline is not None and simulations and time.perf_counter() >= deadline:
                break
            if stop is not None and simulations and stop():
                break
            nodes += self._net_simulate(root, board.copy(), rng)
            simulations += 1
            if len(root.pids) == 1 and deadline is not None:
                break  # a forced move
        self._net_tree = (root, board.snapshot(), len(game.history), name)
        return self._net_result(game, root, simulations, nodes, time.perf_counter() - start)

    def _net_expand(self, node: _Node, board: Board) -> None:
        pids = legal_array(board, node.color)
        logits, value = self._search_net.evaluate_array(board, node.color, pids)
        if self._classic:
            node.chances = value
            node.sums = np.zeros((len(pids), len(value)))
            value = float(value[node.color])
        node.value = value
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
        u = self.puct * node.priors * (math.sqrt(node.total + 1) / (1 + visits))
        return int(np.argmax(q + u))

    def _net_simulate(self, root: _Node, board: Board, rng: random.Random) -> int:
        """One simulation from ``root`` on ``board`` (a copy of its position); returns nodes created."""
        if self._classic:
            return self._classic_simulate(root, board, rng)
        path = []
        node = root
        created = 0
        while True:
            i = self._net_select(node)
            board.place(node.color, int(node.pids[i]))
            path.append((node, i))
            child = node.children[i]
            if child is None:
                child = _Node(self._next_color(board, node.color))
                node.children[i] = child
                created += 1
                if child.color >= 0:
                    self._net_expand(child, board)
                    value, color = child.value, child.color
                    if self.playouts:
                        value += self.playouts * (self._playout_result(board, color, rng) - value)
                else:
                    value, color = self._final(board, node.color), node.color
                break
            if child.color < 0:
                value, color = self._final(board, node.color), node.color
                break
            node = child
        for parent, i in path:
            result = value if parent.color == color else 1.0 - value
            parent.visits[i] += 1
            parent.values[i] += result
            parent.total += 1
        return created

    def _classic_simulate(self, root: _Node, board: Board, rng: random.Random) -> int:
        """:meth:`_net_simulate` with a chance of first place per color (see the module docstring)."""
        path = []
        node = root
        created = 0
        while True:
            i = self._net_select(node)
            board.place(node.color, int(node.pids[i]))
            path.append((node, i))
            child = node.children[i]
            if child is None:
                child = _Node(self._next_of_four(board, node.color))
                node.children[i] = child
                created += 1
                if child.color >= 0:
                    self._net_expand(child, board)
                    chances = child.chances
                    if self.playouts:
                        board.playout(child.color, rng, big_first=self.big_first)
                        chances = chances + self.playouts * (_first_shares(board) - chances)
                else:
                    chances = _first_shares(board)
                break
            if child.color < 0:
                chances = _first_shares(board)
                break
            node = child
        for parent, i in path:
            parent.visits[i] += 1
            parent.values[i] += chances[parent.color]
            parent.sums[i] += chances
            parent.total += 1
        return created

    @staticmethod
    def _next_of_four(board: Board, color: int) -> int:
        """The next color after ``color`` in playing order that can move (-1: none can)."""
        n = board.n_colors
        for step in range(1, n + 1):
            other = (color + step) % n
            if board.has_legal(other):
                return other
        return -1

    def _playout_result(self, board: Board, color: int, rng: random.Random) -> float:
        """Random moves (pentominoes first, see ``big_first``) to the end; the result for ``color``."""
        board.playout(color, rng, big_first=self.big_first)
        return self._final(board, color)

    @staticmethod
    def _next_color(board: Board, color: int) -> int:
        other = 1 - color
        if board.has_legal(other):
            return other
        if board.has_legal(color):
            return color
        return -1

    @staticmethod
    def _final(board: Board, color: int) -> float:
        """The finished game's result for ``color``: 1 won, 0.5 drawn, 0 lost (Pentobi's points)."""
        mine, theirs = board.points(color), board.points(1 - color)
        return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0

    def _reused(self, game: Game) -> _Node | None:
        """The node of the last search's tree for ``game``'s position, if it grew from there."""
        if self._net_tree is None:
            return None
        node, snapshot, played, variant = self._net_tree
        self._net_tree = None
        history = game.history
        if len(history) < played or variant != game.variant.name:
            return None
        board = Board(game.size, game.board.start_cells)
        board.restore(snapshot)
        for move in history[played:]:
            if move.is_pass:
                continue
            color = game.colors.index(move.color)
            if node is None or node.color != color or not node.expanded:
                return None
            found = np.flatnonzero(node.pids == move.placement)
            if not len(found):
                return None
            i = int(found[0])
            board.place(color, move.placement)
            node = node.children[i]
        if node is None or board.snapshot() != game.board.snapshot():
            return None
        if node.color != game.colors.index(game.to_play):
            return None
        return node

    def _forget(self) -> None:
        super()._forget()
        self._net_tree = None

    def __getstate__(self) -> dict:
        state = super().__getstate__()
        state["_net_tree"] = None
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
        if self._classic:
            net = self._search_net
            mover = root.color

            def first(i: int, visits: int) -> np.ndarray:
                if visits == 0:
                    return net.first_chances(root.chances)
                return net.first_chances(root.sums[i] / visits)
            alternatives = [MoveStatistics(Move(color, int(root.pids[i]), size), visits,
                                           float(first(i, visits)[mover]), value, float(root.logits[i]))
                            for visits, value, i in stats]
            best = alternatives[0]
            chances = tuple(float(c) for c in first(stats[0][2], stats[0][0]))
            return SearchResult(best.move, best.win_rate, simulations, nodes, seconds, alternatives, chances)
        chance = self.net.win_chance
        alternatives = [MoveStatistics(Move(color, int(root.pids[i]), size), visits, chance(value), value,
                                       float(root.logits[i]))
                        for visits, value, i in stats]
        best = alternatives[0]
        return SearchResult(best.move, best.win_rate, simulations, nodes, seconds, alternatives)

    def __repr__(self) -> str:
        parts = [] if self.seed is None else [f"seed={self.seed!r}"]
        if self.limit is not None:
            parts.append(f"limit={self.limit!r}")
        return f"PUCTPlayer({', '.join(parts)})"


def _first_shares(board: Board) -> np.ndarray:
    """Each color's share of first place by Pentobi's points on a finished ``board`` (ties shared)."""
    points = [board.points(c) for c in range(board.n_colors)]
    best = max(points)
    shares = np.array([1.0 if p == best else 0.0 for p in points])
    return shares / shares.sum()
