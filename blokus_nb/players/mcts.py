"""Monte Carlo tree search on the bitboard engine.

Each simulation walks down the tree from the position to play, choosing at
every node the move with the best upper confidence bound for the *player who
makes it*, judges the new leaf with a learned evaluation (optionally after a
few random moves), and credits every move on the way with the result for its
own player. Results are kept per player, so in
four-color games each color plays for itself, and in ``classic_2`` and Duo the
two sides play against each other.

What makes a few hundred simulations a second go far:

* **Priors from a learned move model.** A node's moves are ordered by the
  move model (:mod:`~blokus_nb.players.model`, learned from strong games), and
  each starts with a few virtual results that favour the likely ones
  (progressive bias). ``model=None`` falls back to the greedy heuristic.
* **Progressive widening.** A node only considers its best-looking
  ``WIDTH + sqrt(visits)`` moves; the rest come in as it is visited more. A
  Blokus position has hundreds of moves; most are not worth a simulation.
* **A playout policy with piece-size priority.** While a color still holds
  pentominoes, the playout places one of them when it can (with probability
  :attr:`MCTSPlayer.big_first`), so random games look more like real ones,
  where the big pieces go down first.
* **A learned evaluation instead of random games to the end.** Uniform
  playouts do not see territory or a side being walled in. The value model
  judges a position from each side's points, corner points, mobility and
  room: the chance that it ends ahead of each other side. ``cutoff=0``
  judges the new leaf itself; ``cutoff=k`` first plays ``k`` random
  placements, ``cutoff=None`` plays to the end as 0.1.0 did. The default,
  ``"auto"``, judges the leaf in Duo and after 8 placements on the classic
  board: in Duo matches at 0.3 s a move against the 0.1.0 search, judging
  the leaf won 72% of 60 games and a cut-off after 6 placements 45% of 20;
  in classic (one seat against three 0.1.0 seats, 0.4 s a move, 8 games
  each) judging the leaf took first place 0.5 of 8 times,
  playing to the end 3 of 8 and a cut-off after 8 placements 3 of 8 with the
  most points. Judging by a model fitted to final results is also what makes
  the win rates calibrated.
* **Tree reuse.** The subtree below the moves played since the last search
  is kept (see :meth:`MCTSPlayer.search`).

The result of a simulated game for a player is the share of the other
players it beat (a tie counts half), by Pentobi's points, or its expected
value under the evaluation: with two players, 1 for a win, 0.5 for a draw,
0 for a loss. With three or four, finishing
second still counts for something; in matches against three greedy players
this rank-based result wins far more often than searching on wins alone,
because a few hundred simulations tell places apart much better than they
find rare wins. The move played is the one with the most visits; the
reported win rate counts only wins (ties shared). The result's ``chances``
give every player's chance of finishing first after that move: in a
two-sided game the mover's win rate and one minus it; with three or four
players the wins each player scored in the simulations through the move
(every node keeps them then), scaled to add up to 1.

>>> import blokus_nb as bn
>>> from blokus_nb.players import MCTSPlayer, Limit
>>> game = bn.Game("duo")
>>> result = MCTSPlayer(seed=1).search(game, Limit(simulations=50))
>>> game.is_legal(result.move), result.simulations
(True, 50)
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Protocol, runtime_checkable

from .. import validation
from ..engine import PENTOMINOES, Board
from ..errors import BlokusError, IllegalMoveError
from ..game import Game
from ..move import Move
from ..validation import count, fraction, number, positive_count
from .base import Limit, Player, check_limit, teams
from .features import heuristic_scores, last_opponent_piece
from .model import Weights, load_weights
from .search import KeptTree, Steps, finish, run_budget_steps, search_steps_of

__all__ = ["MCTSPlayer", "SearchResult", "Searcher", "MoveStatistics", "first_place_chances", "mover_chance"]

#: Bit mask of the pentominoes in a hand.
BIG_PIECES = PENTOMINOES
DEFAULT_LIMIT = Limit(time=1.0)
#: ``cutoff="auto"``: placements played at random before the evaluation, by board size.
AUTO_CUTOFF = {14: 0, 20: 8}


@dataclass(frozen=True)
class MoveStatistics:
    """What the search learned about one move at the root."""

    move: Move
    visits: int
    #: Share of the simulations after the move that its player won (ties shared).
    win_rate: float
    #: Mean result (share of players beaten) the search steered by.
    value: float
    #: The prior's score of the move (the move model's logit, or the greedy heuristic).
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
    #: Each player's chance of finishing first after ``move`` (indexed like ``game.players``;
    #: they add up to 1, ties shared), or empty where the search does not estimate it.
    chances: tuple[float, ...] = ()
    #: What ended the search (:data:`~blokus_nb.players.search.STOPPED_BY`): ``"time"`` under a
    #: level's simulation budget means its time cap bound (a slow or busy machine), so the move was
    #: searched less than the level promises; ``None`` where the searcher does not say (an outside engine).
    stopped_by: str | None = None

    def __str__(self) -> str:
        return (f"{self.move} (win rate {self.win_rate:.0%}, {self.simulations} simulations, "
                f"{self.seconds:.2f} s{', stopped by the time limit' if self.stopped_by == 'time' else ''})")


@runtime_checkable
class Searcher(Protocol):
    """A player that searches a position and reports what it found: an :class:`MCTSPlayer`, or an
    outside engine (:class:`~blokus_nb.engines.GTPEngine`). The review and the hint need one.

    >>> isinstance(MCTSPlayer(), Searcher)
    True
    """

    def search(self, game: Game, limit: Limit | None = None) -> SearchResult:
        """The move chosen in ``game`` and how it was found."""
        ...


def first_place_chances(result: SearchResult, game: Game) -> tuple[float, ...]:
    """Every player's chance of finishing first that ``result``, a search of ``game``, gives.

    Empty when the search gives none, or not one for each of the game's
    players (an outside engine with three or four players, a player of
    one's own). The one reader of :attr:`SearchResult.chances` for the
    review, :func:`~blokus_nb.analysis.evaluate` and :func:`~blokus_nb.hints.hint`.

    >>> import blokus_nb as bn
    >>> game = bn.Game("classic_3")
    >>> result = SearchResult(game.legal_moves()[0], 0.9, 1, 1, 0.0, chances=(0.2, 0.3, 0.5))
    >>> first_place_chances(result, game), first_place_chances(result, bn.Game("classic"))
    ((0.2, 0.3, 0.5), ())
    """
    chances = tuple(float(c) for c in getattr(result, "chances", ()) or ())
    return chances if len(chances) == game.variant.n_players else ()


def mover_chance(result: SearchResult, game: Game) -> float:
    """The chance that the player to move in ``game`` finishes first after ``result.move``.

    Its entry of the search's :func:`first_place_chances` where the search
    gives them (in classic, "hard" and "expert" give the network's calibrated
    chances), else the search's own :attr:`~SearchResult.win_rate`.

    >>> import blokus_nb as bn
    >>> game = bn.Game("classic_3")
    >>> result = SearchResult(game.legal_moves()[0], 0.9, 1, 1, 0.0, chances=(0.2, 0.3, 0.5))
    >>> mover_chance(result, game), mover_chance(replace(result, chances=()), game)
    (0.2, 0.9)
    """
    chances = first_place_chances(result, game)
    mover = game.player_to_play
    return chances[mover - 1] if chances and mover is not None else float(result.win_rate)


class _Node:
    """A position in the tree: who moves, and statistics of each move from here.

    ``pids`` are the moves in prior order; ``visits[i]`` and ``values[i]``
    (the sum of results for the mover) include the virtual results of the prior.
    """

    __slots__ = ("color", "mover", "done", "last", "pids", "scores", "visits", "values", "wins",
                 "children", "prior_values", "total", "width", "expanded", "player_wins")

    def __init__(self, color: int, mover: int, done: int, last: int = 0) -> None:
        self.color = color      # color index to move, -1 when the game is over
        self.mover = mover      # player index (0-based) who moves that color
        self.done = done        # bit mask of colors known to have no move left
        self.last = last        # bitboard of the piece placed just before (0 at the root if none)
        self.pids: list[int] = []
        self.scores: list[float] = []
        self.visits: list[float] = []
        self.values: list[float] = []
        self.wins: list[float] = []     # sum of the mover's wins (ties shared), real simulations only
        self.prior_values: list[float] = []
        self.children: list[_Node | None] = []
        self.total = 0          # real simulations through this node
        self.width = 0          # moves currently considered
        self.expanded = False
        # With three or four players: each player's wins in the simulations through this node.
        self.player_wins: list[float] | None = None


class MCTSPlayer(Player):
    """Monte Carlo tree search (see the module docstring); plays the most visited move.

    ``limit`` (default 1 second) caps the thinking per move. ``exploration``
    is the UCT constant, ``prior_visits`` the weight of the prior in virtual
    simulations, ``prior_slope`` how fast the prior's virtual result falls per
    unit of score below the best move, ``width`` the moves a node considers
    before widening, ``big_first`` the playout's chance of placing a
    pentomino while it can, and ``cutoff`` the placements a playout makes
    before the evaluation judges it (``None``: play to the end). ``model`` is
    the learned :class:`~blokus_nb.players.model.Weights` (default: the
    shipped ones); ``None`` uses the greedy heuristic and plays to the end,
    as 0.1.0 did. With ``reuse`` the part of the last search's tree below the
    moves played since is kept (see :meth:`search`).

    >>> import blokus_nb as bn
    >>> player = MCTSPlayer(seed=0, limit=Limit(simulations=40))
    >>> player.choose_move(bn.Game("duo")).color
    'purple'
    """

    name = "mcts"

    def __init__(self, seed: int | None = None, limit: Limit | Mapping[str, Limit] | None = None, *,
                 exploration: float = 0.4, prior_visits: float = 4.0, prior_slope: float = 0.2,
                 width: int = 4, big_first: float = 0.9, cutoff: int | None | str = "auto",
                 model: Weights | None | str = "shipped", reuse: bool = True) -> None:
        super().__init__(seed=seed, limit=limit)
        self.reuse = reuse
        self._tree: KeptTree[_Node] = KeptTree()
        self._searching = threading.Lock()
        self.exploration = number(exploration, "exploration", low=0)
        self.prior_visits = number(prior_visits, "prior_visits", low=0)
        self.prior_slope = number(prior_slope, "prior_slope", low=0)
        self.width = positive_count(width, "width")
        self.big_first = fraction(big_first, "big_first")
        if not (cutoff is None or cutoff == "auto"):
            cutoff = count(cutoff, "cutoff", what="a whole number of placements >= 0, None or 'auto'")
        weights = load_weights() if isinstance(model, str) and model == "shipped" else model
        if weights is not None and not isinstance(weights, Weights):
            raise BlokusError("model must be a Weights object (blokus_nb.players.model.load_weights()), "
                              f"'shipped' or None, not {model!r}")
        self.model: Weights | None = weights
        self.cutoff = cutoff if self.model is not None else None

    def _choose(self, game: Game, limit: Limit | None) -> Move:
        return self.search(game, limit).move

    def _choose_steps(self, game: Game, limit: Limit | None) -> Steps[Move]:
        return (yield from search_steps_of(self, game, limit)).move  # a subclass's own search, if it has one

    # -- the search ------------------------------------------------------------------
    def search(self, game: Game, limit: Limit | None = None) -> SearchResult:
        """Search the position of ``game`` within ``limit`` and report the best moves.

        When the position follows from the one searched last (the same game a few
        moves on), the search goes on in the subtree of the moves played since
        (*tree reuse*); ``limit`` counts only the new simulations.

        >>> import blokus_nb as bn
        >>> result = MCTSPlayer(seed=2).search(bn.Game("duo"), Limit(simulations=30))
        >>> len(result.alternatives) > 1
        True
        """
        return finish(self.search_steps(game, limit))

    def search_steps(self, game: Game, limit: Limit | None = None) -> Steps[SearchResult]:
        """:meth:`search` in steps (see :mod:`blokus_nb.players.search`): a generator that gives the
        caller control back every :data:`~blokus_nb.players.search.SLICE_SECONDS` and returns the
        same result. Closing it (a job cancelled) ends the search."""
        validation.instance(game, "game", Game, "a blokus_nb.Game")
        check_limit(limit)
        # One search at a time: a widget may start a new one before a cancelled one has
        # noticed; they would share the kept tree and the per-search set-up.
        with self._searching:
            return (yield from self._search_steps(game, limit))

    def _search_steps(self, game: Game, limit: Limit | None) -> Steps[SearchResult]:
        limit = self._budget(game, limit)
        self._setup(game)
        root_board = game.board.copy()
        root = self._tree.take(game) if self.reuse else None
        self._tree.forget()
        if root is None:
            root = self._new_node(root_board, game.colors.index(game.to_play), 0)
            root.last = last_opponent_piece(game, root.color, self._team)
        if root.color < 0:
            raise BlokusError("no color can move: there is nothing to search")
        rng = self.rng
        simulations, nodes, seconds, stopped_by = yield from run_budget_steps(
            limit, lambda: self._simulate(root, root_board.copy(), rng),
            lambda: len(root.pids) == 1 and root.expanded)
        self._tree.keep(root, game)
        return replace(self._result(game, root, simulations, nodes, seconds), stopped_by=stopped_by)

    def _budget(self, game: Game, limit: Limit | None) -> Limit:
        """The limit a search of ``game`` runs to: ``limit``, or the player's own (a bare ``stop``
        keeps the player's budget); a finished game has nothing to search."""
        if game.is_over:
            raise IllegalMoveError("the game is over: there is nothing to search", rule="game-over")
        stop = limit.stop if limit is not None else None
        if limit is None or limit.is_unlimited:
            limit = replace(self.limit_for(game) or DEFAULT_LIMIT, stop=stop)
        return limit

    def _forget(self) -> None:
        self._tree.forget()

    def __getstate__(self) -> dict:
        # A kept tree is a cache, and the per-search set-up (_setup) is made again by
        # every search: copies and pickles (to arena workers) start without either.
        state = self.__dict__.copy()
        state["_tree"] = KeptTree()
        state.pop("_variant", None)
        state.pop("_searching", None)
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._searching = threading.Lock()  # each copy searches on its own

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
        self._per_player = variant.n_players > 2  # each player's wins kept in every node (chances)
        cutoff = self.cutoff  # a whole number, None or "auto" (checked by __init__)
        self._cutoff = AUTO_CUTOFF.get(game.size, 8) if isinstance(cutoff, str) else cutoff

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
        if self.model is not None:
            scores = self.model.move_scores(board, node.color, pids, self._team, node.last)
            slope = self.prior_slope
        else:
            scores = heuristic_scores(board, node.color, pids, self._team)
            slope = 0.1
        order = sorted(range(len(pids)), key=scores.__getitem__, reverse=True)
        node.pids = [pids[i] for i in order]
        node.scores = [scores[i] for i in order]
        best = node.scores[0]
        # Virtual results: the best-looking move starts at a mean result of 0.6, moves
        # a few points (or logits) worse fall towards 0.2.
        prior = self.prior_visits
        node.visits = [prior] * len(pids)
        node.values = [prior * max(0.2, 0.6 - slope * (best - s)) for s in node.scores]
        node.prior_values = list(node.values)
        node.wins = [0.0] * len(pids)
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
                if child.color >= 0 and self._team[child.color] != self._team[node.color]:
                    child.last = board.geo.masks[node.pids[i]]
                node.children[i] = child
                created += 1
                node = child
                if child.color >= 0:
                    break
            else:
                node = child
        if node.color >= 0:
            color = self._playout(board, node.color, node.done, rng)
            results, wins = self._outcome(board) if color < 0 else self._judge(board, color)
        else:
            results, wins = self._outcome(board)
        node.total += 1
        for parent, i in path:
            parent.total += 1
            parent.visits[i] += 1
            parent.values[i] += results[parent.mover]
            parent.wins[i] += wins[parent.mover]
        if self._per_player:  # below the root (its children are what SearchResult.chances reads)
            for below in [parent for parent, _ in path[1:]] + [node]:
                kept = below.player_wins
                if kept is None:
                    below.player_wins = list(wins)
                else:
                    for p, w in enumerate(wins):
                        kept[p] += w
        return created

    def _playout(self, board: Board, color: int, done: int, rng: random.Random) -> int:
        """Play random moves, pentominoes first (see :attr:`big_first`), to the end or the cut-off.

        Returns the color index to move where the playout stopped, or -1 at the end of the game.
        """
        n = self._n
        finished = (1 << n) - 1
        hands = board.hand
        big_first = self.big_first
        random_placement = board.random_placement
        place = board.place
        left = -1 if self._cutoff is None else self._cutoff
        while done != finished:
            if not done >> color & 1:
                if left == 0:
                    return color
                pid = None
                if hands[color] & BIG_PIECES and rng.random() < big_first:
                    pid = random_placement(color, rng, BIG_PIECES)
                if pid is None:
                    pid = random_placement(color, rng)
                if pid is None:
                    done |= 1 << color
                else:
                    place(color, pid)
                    left -= 1
            color = (color + 1) % n
        return -1

    def _judge(self, board: Board, color: int) -> tuple[list[float], list[float]]:
        """Per player: the expected result and the win chance by the value model, ``color`` to move."""
        model = self.model
        assert model is not None  # playouts stop before the end only with a model (cutoff is None without)
        return model.outcomes(board, self._players, self._mover(board, color))

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
            stats.append((real, value, root.wins[i] / real, i))
        if not stats:  # no simulation finished: trust the heuristic
            guess = root.prior_values[0] / prior
            stats = [(0, guess, guess, 0)]
        stats.sort(key=lambda s: (s[0], s[1]), reverse=True)
        color, size = game.to_play, game.size
        assert color is not None  # search() refuses a game that is over
        alternatives = [MoveStatistics(Move(color, root.pids[i], size), int(real), rate, value,
                                       root.scores[i])
                        for real, value, rate, i in stats]
        best = alternatives[0]
        chances = self._chances(root, root.children[stats[0][3]] if stats[0][0] else None, best.win_rate)
        return SearchResult(best.move, best.win_rate, simulations, nodes, seconds, alternatives, chances)

    def _chances(self, root: _Node, child: _Node | None, win_rate: float) -> tuple[float, ...]:
        """Each player's chance of finishing first after the move to ``child`` (see the module docstring)."""
        n = self._variant.n_players
        kept = child.player_wins if child is not None else None
        if n > 2 and kept and sum(kept) > 0:
            total = sum(kept)
            return tuple(w / total for w in kept)
        # Two sides, or nothing simulated through the move: the mover's rate, the rest shared.
        others = (1.0 - win_rate) / (n - 1)
        return tuple(win_rate if p == root.mover else others for p in range(n))

    def __repr__(self) -> str:
        parts = [] if self.seed is None else [f"seed={self.seed!r}"]
        if self.limit is not None:
            parts.append(f"limit={self.limit!r}")
        if self.model is None:
            parts.append("model=None")
        return f"MCTSPlayer({', '.join(parts)})"
