"""A frozen copy of the 0.1.0 MCTS player (and the greedy heuristic it orders moves by).

The benchmark measures the new players against this one, so it must not change
when the package's search does: it imports only the engine, the game and the
player protocol, never :mod:`blokus_nb.players.mcts` or its features.

>>> import blokus_nb as bn
>>> from blokus_nb.players import Limit
>>> move = BaselineMCTSPlayer(seed=1).choose_move(bn.Game("duo"), Limit(simulations=30))
>>> bn.Game("duo").is_legal(move)
True
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from functools import cache

from blokus_nb.engine import Board
from blokus_nb.errors import BlokusError, IllegalMoveError
from blokus_nb.game import Game
from blokus_nb.geometry import geometry, mask_cells
from blokus_nb.move import Move
from blokus_nb.pieces import PIECES
from blokus_nb.players.base import Limit, Player, teams

__all__ = ["BaselineMCTSPlayer"]

SIZE, GAINED, TAKEN, REACH = 1.0, 0.5, 0.7, 0.8
#: Pieces a color has placed before ``reach`` stops counting (it fades out linearly).
OPENING_PIECES = {20: 7, 14: 4}


@cache
def _centre_distance(size: int) -> tuple[float, ...]:
    """Per cell: Chebyshev distance (in cells) from the centre of the board."""
    middle = (size - 1) / 2
    return tuple(max(abs(i % size - middle), abs(i // size - middle)) for i in range(size * size))


@cache
def _placement_distance(size: int) -> tuple[float, ...]:
    """Per placement id: distance to the centre of its closest cell."""
    distance = _centre_distance(size)
    return tuple(min(distance[i] for i in cells) for cells in geometry(size).cells)


def _distance_now(board: Board, color: int) -> float:
    """How far ``color`` is from the centre: its closest square, or its start square before any."""
    distance = _centre_distance(board.size)
    cells = mask_cells(board.own[color]) or board.start_cells
    return min(distance[i] for i in cells)


def heuristic_scores(board: Board, color: int, pids: list[int], team: list[int] | None = None) -> list[float]:
    """The greedy score of each placement in ``pids`` (the hot loop of :class:`GreedyPlayer`).

    >>> import blokus_nb as bn
    >>> board = bn.Game("duo").board
    >>> scores = heuristic_scores(board, 0, board.legal_placements(0))
    >>> len(scores) == board.count_legal(0)
    True
    """
    geo = board.geo
    masks, sides, corners, cells = geo.masks, geo.sides, geo.corners, geo.cells
    team = team if team is not None else list(range(board.n_colors))
    blocked = board.blocked[color]
    own_corners = board.corners[color]
    attach_count = board.attach(color).bit_count()
    opponents = [board.attach(o) for o in range(board.n_colors) if team[o] != team[color]]
    opponent_attach = 0
    for attach in opponents:
        opponent_attach |= attach
    placed = 21 - board.hand[color].bit_count()
    opening = OPENING_PIECES.get(board.size, 5)
    early = placed < opening
    if early:
        placement_distance = _placement_distance(board.size)
        before = _distance_now(board, color)
        fade = REACH * (1 - placed / opening)
    out = []
    for pid in pids:
        mask = masks[pid]
        gained = ((own_corners | corners[pid]) & ~(blocked | mask | sides[pid])).bit_count() - attach_count
        score = SIZE * len(cells[pid]) + GAINED * gained
        hit = mask & opponent_attach
        if hit:
            taken = 0
            for attach in opponents:
                taken += (mask & attach).bit_count()
            score += TAKEN * taken
        if early:
            gain = before - placement_distance[pid]
            if gain > 0:
                score += fade * gain
        out.append(score)
    return out



#: Bit mask of the pentominoes in a hand.
BIG_PIECES = sum(1 << p.index for p in PIECES if p.size == 5)
DEFAULT_LIMIT = Limit(time=1.0)


@dataclass(frozen=True)
class MoveStatistics:
    """What the search learned about one move at the root."""

    move: Move
    visits: int
    #: Share of the simulations after the move that its player won (ties shared).
    win_rate: float
    #: Mean result (share of players beaten) the search steered by.
    value: float
    #: The greedy heuristic's score of the move.
    heuristic: float


@dataclass(frozen=True)
class SearchResult:
    """The outcome of :meth:`MCTSPlayer.search`: the chosen move and how it was found."""

    move: Move
    #: Estimated chance that the player to move wins after ``move`` (ties count as shares).
    win_rate: float
    simulations: int
    nodes: int
    seconds: float
    #: Root moves by visits, most visited first (the chosen move is first).
    alternatives: list[MoveStatistics] = field(default_factory=list)

    def __str__(self) -> str:
        return (f"{self.move} (win rate {self.win_rate:.0%}, {self.simulations} simulations, "
                f"{self.seconds:.2f} s)")


class _Node:
    """A position in the tree: who moves, and statistics of each move from here.

    ``pids`` are the moves in prior order; ``visits[i]`` and ``values[i]``
    (the sum of results for the mover) include the virtual results of the prior.
    """

    __slots__ = ("color", "mover", "done", "pids", "scores", "visits", "values", "children",
                 "prior_values", "total", "width", "expanded")

    def __init__(self, color: int, mover: int, done: int) -> None:
        self.color = color      # color index to move, -1 when the game is over
        self.mover = mover      # player index (0-based) who moves that color
        self.done = done        # bit mask of colors known to have no move left
        self.pids: list[int] = []
        self.scores: list[float] = []
        self.visits: list[float] = []
        self.values: list[float] = []
        self.prior_values: list[float] = []
        self.children: list[_Node | None] = []
        self.total = 0          # real simulations through this node
        self.width = 0          # moves currently considered
        self.expanded = False


class BaselineMCTSPlayer(Player):
    """Monte Carlo tree search (see the module docstring); plays the most visited move.

    ``limit`` (default 1 second) caps the thinking per move. ``exploration``
    is the UCT constant, ``prior_visits`` the weight of the heuristic prior
    in virtual simulations, ``width`` the moves a node considers before
    widening, and ``big_first`` the playout's chance of placing a pentomino
    while it can.

    >>> import blokus_nb as bn
    >>> player = BaselineMCTSPlayer(seed=0, limit=Limit(simulations=40))
    >>> player.choose_move(bn.Game("duo")).color
    'purple'
    """

    name = "mcts 0.1.0"

    def __init__(self, seed: int | None = None, limit: Limit | None = None, *,
                 exploration: float = 0.4, prior_visits: float = 4.0, width: int = 4,
                 big_first: float = 0.9) -> None:
        super().__init__(seed=seed, limit=limit)
        self.exploration = exploration
        self.prior_visits = prior_visits
        self.width = width
        self.big_first = big_first

    def _choose(self, game: Game, limit: Limit | None) -> Move:
        return self.search(game, limit).move

    # -- the search ------------------------------------------------------------------
    def search(self, game: Game, limit: Limit | None = None) -> SearchResult:
        """Search the position of ``game`` within ``limit`` and report the best moves.

        >>> import blokus_nb as bn
        >>> result = BaselineMCTSPlayer(seed=2).search(bn.Game("duo"), Limit(simulations=30))
        >>> len(result.alternatives) > 1
        True
        """
        if game.is_over:
            raise IllegalMoveError("the game is over: there is nothing to search", rule="game-over")
        stop = limit.stop if limit is not None else None
        if limit is None or limit.is_unlimited:
            limit = replace(self.limit or DEFAULT_LIMIT, stop=stop)  # a bare stop keeps the budget
        start = time.perf_counter()
        deadline = None if limit.time is None else start + limit.time
        self._setup(game)
        self._root_wins: dict[int, float] = {}
        root_board = game.board.copy()
        root = self._new_node(root_board, game.colors.index(game.to_play), 0)
        if root.color < 0:
            raise BlokusError("no color can move: there is nothing to search")
        nodes = 1
        simulations = 0
        rng = self.rng
        max_sims = limit.simulations
        max_nodes = limit.nodes
        while True:
            if max_sims is not None and simulations >= max_sims:
                break
            if max_nodes is not None and nodes >= max_nodes:
                break
            if deadline is not None and simulations and time.perf_counter() >= deadline:
                break
            if stop is not None and simulations and stop():
                break
            # A simulation that ends in a finished game already in the tree adds no
            # node; it counts as one so that a node budget ends in the endgame too.
            nodes += max(1, self._simulate(root, root_board.copy(), rng))
            simulations += 1
            if len(root.pids) == 1 and root.expanded and deadline is not None:
                break  # a forced move: no need to think
        return self._result(game, root, simulations, nodes, time.perf_counter() - start)

    def _setup(self, game: Game) -> None:
        variant = game.variant
        colors = game.colors
        self._n = len(colors)
        self._team = teams(game)
        self._players = [[colors.index(c) for c in variant.colors_of(p)]
                         for p in range(1, variant.n_players + 1)]
        # The player moving each color; only classic_3's shared color changes hands.
        self._mover_fixed = [variant.player_of(c, 0) - 1 for c in colors]
        self._mover_shared = [variant.player_of(c, 1) != variant.player_of(c, 0) for c in colors]
        self._variant = variant
        self._colors = colors

    def _mover(self, board: Board, color: int) -> int:
        if self._mover_shared[color]:
            nth = 21 - board.hand[color].bit_count()
            return self._variant.player_of(self._colors[color], nth) - 1
        return self._mover_fixed[color]

    def _new_node(self, board: Board, color: int, done: int) -> _Node:
        """The node for ``board`` with ``color`` next in turn (skipping colors that cannot move)."""
        n = self._n
        finished = (1 << n) - 1
        while done != finished:
            if not done >> color & 1:
                if board.has_legal(color):
                    return _Node(color, self._mover(board, color), done)
                done |= 1 << color
            color = (color + 1) % n
        return _Node(-1, -1, done)

    def _expand(self, node: _Node, board: Board) -> None:
        pids = board.legal_placements(node.color)
        scores = heuristic_scores(board, node.color, pids, self._team)
        order = sorted(range(len(pids)), key=scores.__getitem__, reverse=True)
        node.pids = [pids[i] for i in order]
        node.scores = [scores[i] for i in order]
        best = node.scores[0]
        # Virtual results: the best-looking move starts at a mean result of 0.6, moves
        # a few points worse fall towards 0.2.
        prior = self.prior_visits
        node.visits = [prior] * len(pids)
        node.values = [prior * max(0.2, 0.6 - 0.1 * (best - s)) for s in node.scores]
        node.prior_values = list(node.values)
        node.children = [None] * len(pids)
        node.width = min(len(pids), self.width)
        node.expanded = True

    def _select(self, node: _Node) -> int:
        total = node.total
        width = min(len(node.pids), self.width + int(math.sqrt(total)))
        node.width = width
        log_total = math.log(total + 1)
        c = self.exploration
        visits, values = node.visits, node.values
        best, best_value = 0, -1.0
        for i in range(width):
            v = visits[i]
            value = values[i] / v + c * math.sqrt(log_total / v)
            if value > best_value:
                best, best_value = i, value
        return best

    def _simulate(self, root: _Node, board: Board, rng: random.Random) -> int:
        """One simulation from ``root`` on ``board`` (a copy of its position); returns nodes created."""
        path = []
        node = root
        created = 0
        while node.color >= 0:
            if not node.expanded:
                if node is not root and node.total == 0:
                    break  # a new leaf: play it out before spending an expansion on it
                self._expand(node, board)
            i = self._select(node)
            board.place(node.color, node.pids[i])
            path.append((node, i))
            child = node.children[i]
            if child is None:
                child = self._new_node(board, (node.color + 1) % self._n, node.done)
                node.children[i] = child
                created += 1
                node = child
                if child.color >= 0:
                    break
            else:
                node = child
        if node.color >= 0:
            self._playout(board, node.color, node.done, rng)
        results, wins = self._outcome(board)
        node.total += 1
        for parent, i in path:
            parent.total += 1
            parent.visits[i] += 1
            parent.values[i] += results[parent.mover]
        if path:
            self._root_wins[path[0][1]] = self._root_wins.get(path[0][1], 0.0) + wins[root.mover]
        return created

    def _playout(self, board: Board, color: int, done: int, rng: random.Random) -> None:
        """Play random moves to the end, pentominoes first (see :attr:`big_first`)."""
        n = self._n
        finished = (1 << n) - 1
        hands = board.hand
        big_first = self.big_first
        random_placement = board.random_placement
        place = board.place
        while done != finished:
            if not done >> color & 1:
                pid = None
                if hands[color] & BIG_PIECES and rng.random() < big_first:
                    pid = random_placement(color, rng, BIG_PIECES)
                if pid is None:
                    pid = random_placement(color, rng)
                if pid is None:
                    done |= 1 << color
                else:
                    place(color, pid)
            color = (color + 1) % n

    def _outcome(self, board: Board) -> tuple[list[float], list[float]]:
        """Per player: the result (share of others beaten, ties half) and the win (1/k in a k-way tie)."""
        points = [board.points(c) for c in range(self._n)]
        totals = [sum(points[c] for c in colors) for colors in self._players]
        best = max(totals)
        winners = totals.count(best)
        others = len(totals) - 1
        results = [(sum(1 for u in totals if u < t) + 0.5 * (totals.count(t) - 1)) / others
                   for t in totals]
        return results, [1.0 / winners if t == best else 0.0 for t in totals]

    def _result(self, game: Game, root: _Node, simulations: int, nodes: int, seconds: float) -> SearchResult:
        prior = self.prior_visits
        stats = []
        for i in range(len(root.pids)):
            real = root.visits[i] - prior
            if real <= 0:
                continue
            value = (root.values[i] - root.prior_values[i]) / real
            stats.append((real, value, self._root_wins.get(i, 0.0) / real, i))
        if not stats:  # no simulation finished: trust the heuristic
            guess = root.prior_values[0] / prior
            stats = [(0, guess, guess, 0)]
        stats.sort(key=lambda s: (s[0], s[1]), reverse=True)
        color, size = game.to_play, game.size
        alternatives = [MoveStatistics(Move(color, root.pids[i], size), int(real), rate, value,
                                       root.scores[i])
                        for real, value, rate, i in stats]
        best = alternatives[0]
        return SearchResult(best.move, best.win_rate, simulations, nodes, seconds, alternatives)

    def __repr__(self) -> str:
        parts = [] if self.seed is None else [f"seed={self.seed!r}"]
        if self.limit is not None:
            parts.append(f"limit={self.limit!r}")
        return f"BaselineMCTSPlayer({', '.join(parts)})"
