"""Opening statistics over a corpus: the first moves, transpositions merged, each side's score.

Every game of a source (anything :func:`~blokus_nb.analysis.load_games`
reads) is followed for its first ``depth`` placements. A *position* is the
cells each color covers, so two move orders that reach the same position
(transpositions) are one row. Positions that are mirror images of each other
under a symmetry of the board that keeps every color's start square are also
one row (column ``mirrored`` says when games reached it in the mirror image):
in Duo that is the diagonal through both start squares (e10 and j5). On the
classic board no symmetry keeps all four corners where they are (the
diagonal from blue to red swaps yellow's corner with green's, and so the
order of play), so classic openings are not merged.

A side's *score* is its share of the results of the games that reached the
position and were finished (1 a win, 1/k a k-way tie, 0 a loss, by Pentobi's
points), with a 95% Wilson interval. Who is to move in a position is not part
of it: in the opening the number of pieces each color placed says it.

Big corpora are read on the same worker processes as ``load_games``
(``n_jobs``); games that start from a setup are skipped (their openings are
not played from the empty board).

>>> import blokus_nb as bn
>>> games = ["(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])", "(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[i4,j4,i5,j5])"]
>>> frame = bn.analysis.openings(games, depth=2, progress=False)
>>> frame[["ply", "line", "games"]].values.tolist()[0]
[1, 'd9,c10,d10,e10,d11', 2]
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

import pandas as pd

from ..coords import cell_index, cell_name, pentobi_order
from ..errors import ArgumentTypeError, BlokusError
from ..game import Game
from ..pieces import SYMMETRIES
from ..validation import count, job_count, positive_count
from ..variants import Variant, get_variant

__all__ = ["DEFAULT_DEPTH", "OpeningIndex", "board_symmetries", "opening_index", "openings",
           "wilson_interval"]

#: Placements followed per game unless asked otherwise.
DEFAULT_DEPTH = 8
#: A position: for each color, the board indices it covers, sorted.
Key = tuple[tuple[int, ...], ...]


def wilson_interval(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a mean result ``score`` (0..1) over ``n`` games (NaN for none).

    >>> [round(x, 3) for x in wilson_interval(0.5, 10)]
    [0.237, 0.763]
    """
    if n <= 0:
        return (math.nan, math.nan)
    denominator = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denominator
    half = z * math.sqrt(max(score * (1 - score), 0.0) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@cache
def board_symmetries(variant: str | Variant) -> tuple[int, ...]:
    """The symmetries of the board (indices into :data:`~blokus_nb.pieces.SYMMETRIES`) that keep
    every color's start square; the first is the identity.

    >>> board_symmetries("duo"), board_symmetries("classic")
    ((0, 5), (0,))
    """
    variant = get_variant(variant)
    size = variant.size
    starts = [cell_index(cell, size) for cell in variant.start_cells.values()]
    return tuple(t for t in range(len(SYMMETRIES))
                 if all(_cell_map(size, t)[cell] == cell for cell in starts))


@cache
def _cell_map(size: int, t: int) -> tuple[int, ...]:
    """Where symmetry ``t`` about the board's centre moves each cell index."""
    a, b, c, d = SYMMETRIES[t]
    out = []
    for index in range(size * size):
        y, x = divmod(index, size)
        # Doubled coordinates about the centre keep the arithmetic whole on even boards.
        X, Y = 2 * x - (size - 1), 2 * y - (size - 1)
        x2, y2 = (a * X + b * Y + size - 1) // 2, (c * X + d * Y + size - 1) // 2
        out.append(y2 * size + x2)
    return tuple(out)


def _inverse(t: int) -> int:
    a, b, c, d = SYMMETRIES[t]
    return SYMMETRIES.index((a, c, b, d))  # the matrices are orthogonal: the inverse is the transpose


def _canonical(cells: Key, size: int, symmetries: tuple[int, ...]) -> tuple[Key, int]:
    """The position as its least mirror image, and the symmetry that gives it."""
    best, best_t = cells, 0
    for t in symmetries[1:]:
        moved = _cell_map(size, t)
        image = tuple(tuple(sorted(moved[i] for i in own)) for own in cells)
        if image < best:
            best, best_t = image, t
    return best, best_t


def _move_text(cells: Iterable[int], size: int, t: int = 0) -> str:
    moved = _cell_map(size, t)
    return ",".join(cell_name(i, size) for i in sorted((moved[i] for i in cells),
                                                       key=lambda i: pentobi_order(i, size)))


@dataclass
class _Node:
    """What the corpus says of one position."""

    ply: int
    games: int = 0
    #: Games with a result, and each player's sum of results over them.
    scored: int = 0
    scores: list[float] = field(default_factory=list)
    mirrored: int = 0
    #: Move orders that reach it, (canonical orientation, as played) -> games.
    lines: Counter = field(default_factory=Counter)
    #: Position after the next move -> [games, scored, the mover's sum of results, the move
    #: (the first seen, in this position's canonical orientation)]. Keyed by the position it
    #: leads to, so two moves that are mirror images from a symmetric position are one.
    next: dict[Key, list[Any]] = field(default_factory=dict)

    def merge(self, other: _Node) -> None:
        self.games += other.games
        self.scored += other.scored
        self.scores = [a + b for a, b in zip(self.scores, other.scores)] if self.scores else list(other.scores)
        self.mirrored += other.mirrored
        self.lines.update(other.lines)
        for child, stats in other.next.items():
            mine = self.next.setdefault(child, [0, 0, 0.0, stats[3]])
            for k in range(3):
                mine[k] += stats[k]
            mine[3] = min(mine[3], stats[3])  # the same move whichever process saw it first


@dataclass
class _Partial:
    """The positions of some games of one variant (what a worker sends back)."""

    variant: str
    nodes: dict[Key, _Node] = field(default_factory=dict)
    games: int = 0
    skipped: int = 0

    def merge(self, other: _Partial) -> None:
        self.games += other.games
        self.skipped += other.skipped
        for key, node in other.nodes.items():
            if key in self.nodes:
                self.nodes[key].merge(node)
            else:
                self.nodes[key] = node


def _shares(game: Game) -> list[float] | None:
    if not game.is_over:
        return None
    winners = game.winners("points")
    return [1 / len(winners) if p in winners else 0.0 for p in range(1, game.variant.n_players + 1)]


def _add_game(parts: dict[str, _Partial], game: Game, depth: int) -> None:
    variant = game.variant
    part = parts.setdefault(variant.name, _Partial(variant.name))
    if game.setup:
        part.skipped += 1
        return
    part.games += 1
    size, colors = variant.size, game.colors
    symmetries = board_symmetries(variant.name)
    shares = _shares(game)
    placed = [move for move in game.history if not move.is_pass][:depth + 1]
    movers: list[int] = []
    counts = {color: 0 for color in colors}
    for move in placed:
        movers.append(variant.player_of(move.color, counts[move.color]))
        counts[move.color] += 1
    cells: list[list[int]] = [[] for _ in colors]
    key, t = _canonical(tuple(() for _ in colors), size, symmetries)
    line: list[str] = []
    for ply in range(min(depth, len(placed)) + 1):
        node = part.nodes.get(key)
        if node is None:
            node = part.nodes[key] = _Node(ply, scores=[0.0] * variant.n_players)
        node.games += 1
        node.mirrored += t != 0
        node.lines[(tuple(_canonical_line(line, size, t)), tuple(line))] += 1
        if shares is not None:
            node.scored += 1
            node.scores = [a + b for a, b in zip(node.scores, shares)]
        if ply == len(placed):
            break
        move = placed[ply]
        own = [cell_index(c, size) for c in move.cells]
        cells[colors.index(move.color)].extend(own)
        line.append(",".join(move.cells))
        child, child_t = _canonical(tuple(tuple(sorted(c)) for c in cells), size, symmetries)
        if ply < depth:
            text = _move_text(own, size, t)
            stats = node.next.setdefault(child, [0, 0, 0.0, text])
            stats[3] = min(stats[3], text)
            stats[0] += 1
            if shares is not None:
                stats[1] += 1
                stats[2] += shares[movers[ply] - 1]
        key, t = child, child_t


def _canonical_line(line: list[str], size: int, t: int) -> list[str]:
    return [_move_text([cell_index(c, size) for c in move.split(",")], size, t) for move in line]


def _index_games(games: Iterable[Any], depth: int) -> tuple[dict[str, _Partial], list[dict], int]:
    from .. import records

    parts: dict[str, _Partial] = {}
    errors: list[dict] = []
    count = 0
    for item in games:
        if isinstance(item, records.SkippedRecord):
            errors.append(item._asdict())
            continue
        count += 1
        _add_game(parts, item, depth)
    return parts, errors, count


def _index_unit(unit: Any, depth: int) -> tuple[dict[str, _Partial], list[dict], int]:
    """Index one unit of work of :func:`blokus_nb.analysis.loading.plan` (in a worker process)."""
    from .loading import unit_records

    if unit.kind == "games":
        return _index_games((_replay(record) for record, _ in unit.source), depth)
    return _index_games(unit_records(unit), depth)  # files, groups of files, texts, skipped folders


def _replay(record: Any) -> Game:
    """The game of a :class:`~blokus_nb.analysis.metrics.GameRecord`: its setup, then its placements."""
    from ..move import Move

    setup: dict[str, list[str]] = {}
    for color, cells in record.setup:
        setup.setdefault(color, []).append(cells)
    variant = get_variant(record.variant)
    first = variant.colors[record.moves[0][0]] if record.moves and setup else None
    game = Game(variant, players=list(record.player_names), setup=setup or None, to_play=first)
    for color, pid in record.moves:
        if pid is not None:
            game.play(Move(game.colors[color], pid, game.size))
    return game


class OpeningIndex:
    """The openings of a corpus, position by position (build it with :func:`opening_index`).

    :meth:`frame` is the tidy table of opening lines; :meth:`moves_from` the
    moves played from a game's current position, as an opening explorer shows them.
    """

    def __init__(self, part: _Partial, depth: int, errors: list[dict]) -> None:
        self.variant = get_variant(part.variant)
        self.depth = depth
        self.games = part.games
        self.skipped = part.skipped
        self.errors = errors
        self._nodes = part.nodes
        self.symmetries = board_symmetries(self.variant.name)

    def __repr__(self) -> str:
        return (f"OpeningIndex({self.variant.name}, {self.games} games, depth {self.depth}, "
                f"{self.distinct_positions} positions)")

    @property
    def positions(self) -> int:
        """Positions indexed: one for each placement followed (1 to ``depth``) of every game."""
        return sum(node.games for node in self._nodes.values() if node.ply > 0)

    @property
    def distinct_positions(self) -> int:
        """Distinct positions after 1 to ``depth`` placements (transpositions and mirror images merged)."""
        return sum(1 for node in self._nodes.values() if node.ply > 0)

    def _side_names(self) -> list[str]:
        return [self.variant.colors_of(p)[0] for p in range(1, self.variant.n_players + 1)]

    def frame(self, min_games: int = 1) -> pd.DataFrame:
        """One row per position reached after 1 to ``depth`` placements by at least ``min_games`` games.

        Columns: ``ply``, ``line`` (the most common move order to it, moves
        separated by ``"; "``, in the orientation of the mirror image kept),
        ``games``, ``share`` (of the corpus), ``transpositions`` (move orders
        seen), ``mirrored`` (games that reached its mirror image),
        ``scored`` (games with a result), and for each side, named by its
        first color, ``score_<color>`` with ``score_<color>_low`` and
        ``_high``; ``position``, a short id of the position. Sorted by ply,
        then by games.
        """
        min_games = count(min_games, "min_games")
        sides = self._side_names()
        rows = []
        for key, node in self._nodes.items():
            if node.ply == 0 or node.games < min_games:
                continue
            orders: Counter = Counter()
            for (order, _), games in node.lines.items():
                orders[order] += games
            order = _most_common(orders)
            line = _most_common(Counter({played: games for (o, played), games in node.lines.items() if o == order}))
            row = {"ply": node.ply, "line": "; ".join(line), "games": node.games,
                   "share": node.games / self.games if self.games else math.nan,
                   "transpositions": len(orders), "mirrored": node.mirrored, "scored": node.scored}
            for k, side in enumerate(sides):
                score = node.scores[k] / node.scored if node.scored else math.nan
                low, high = wilson_interval(score, node.scored)
                row.update({f"score_{side}": score, f"score_{side}_low": low, f"score_{side}_high": high})
            row["position"] = _position_id(key)
            rows.append(row)
        columns = ["ply", "line", "games", "share", "transpositions", "mirrored", "scored",
                   *[f"score_{s}{end}" for s in sides for end in ("", "_low", "_high")], "position"]
        frame = pd.DataFrame(rows, columns=columns)
        frame = frame.sort_values(["ply", "games", "line"], ascending=[True, False, True], ignore_index=True)
        frame.attrs.update(self._attrs())
        return frame

    def _attrs(self) -> dict[str, Any]:
        return {"variant": self.variant.name, "games": self.games, "depth": self.depth,
                "skipped_setup": self.skipped, "errors": self.errors,
                "symmetries": [t for t in self.symmetries if t],
                "merged": "transpositions and mirror images" if len(self.symmetries) > 1 else "transpositions"}

    def moves_from(self, game: Game) -> pd.DataFrame:
        """The moves the corpus played from ``game``'s current position: ``move`` (in the game's
        orientation), ``games``, ``share`` of the games from here, the mover's ``score`` with
        ``low`` and ``high``; most played first. Empty when no game of the corpus got here.
        """
        if not isinstance(game, Game):
            raise ArgumentTypeError(f"moves_from needs a Game, not {type(game).__name__}")
        if game.variant.name != self.variant.name:
            raise BlokusError(f"this index holds {self.variant.name} openings, not {game.variant.name}")
        rows = []
        node, t = self._node(game)
        if node is not None:
            back = _inverse(t)
            size = self.variant.size
            total = sum(int(s[0]) for s in node.next.values())
            for games, scored, score_sum, move in node.next.values():
                score = score_sum / scored if scored else math.nan
                low, high = wilson_interval(score, int(scored))
                cells = [cell_index(c, size) for c in move.split(",")]
                rows.append({"move": _move_text(cells, size, back), "games": int(games),
                             "share": games / total, "score": score, "low": low, "high": high})
        frame = pd.DataFrame(rows, columns=["move", "games", "share", "score", "low", "high"])
        return frame.sort_values(["games", "move"], ascending=[False, True], ignore_index=True)

    def _node(self, game: Game) -> tuple[_Node | None, int]:
        board = game.board_array().ravel()
        cells = tuple(tuple(int(i) for i in (board == k + 1).nonzero()[0]) for k in range(len(game.colors)))
        key, t = _canonical(cells, self.variant.size, self.symmetries)
        return self._nodes.get(key), t


def _most_common(counts: Counter) -> Any:
    """The most common item; among equals the least, so the answer does not depend on the order seen."""
    return min(counts, key=lambda item: (-counts[item], item))


def _position_id(key: Key) -> str:
    return hashlib.blake2b(repr(key).encode(), digest_size=6).hexdigest()


def opening_index(source: Any, depth: int = DEFAULT_DEPTH, *, n_jobs: int | None = None,
                  progress: bool = True, variant: str | None = None) -> OpeningIndex:
    """Index the openings of every game in ``source`` to ``depth`` placements (see the module docstring).

    ``source`` is what :func:`~blokus_nb.analysis.load_games` reads; files
    are read on ``n_jobs`` worker processes (``None``: every core for a big
    corpus). A corpus of several variants needs ``variant`` to say which one.

    >>> import blokus_nb as bn
    >>> index = opening_index("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])", depth=2, progress=False)
    >>> index.moves_from(bn.Game("duo"))[["move", "games"]].values.tolist()
    [['d9,c10,d10,e10,d11', 1]]
    """
    from .loading import plan, report_errors, run_units

    depth = positive_count(depth, "depth", what="a whole number of placements, 1 or more")
    n_jobs = job_count(n_jobs, none="every core, or one for a small corpus")
    units = plan(source)
    results, errors, _ = run_units(units, n_jobs, progress, task=partial(_index_unit, depth=depth),
                                   desc="indexing openings")
    merged: dict[str, _Partial] = {}
    for parts in results:
        for name, part in (parts or {}).items():
            if name in merged:
                merged[name].merge(part)
            else:
                merged[name] = part
    report_errors(errors)
    if variant is not None:
        name = get_variant(variant).name
        if name not in merged:
            raise BlokusError(f"no {name} games in this source (it holds {', '.join(merged) or 'none'})")
        return OpeningIndex(merged[name], depth, errors)
    if len(merged) > 1:
        raise BlokusError(f"this source holds games of several variants ({', '.join(sorted(merged))}): "
                          "say which with variant=...")
    if not merged:
        raise BlokusError("no games in this source")
    return OpeningIndex(next(iter(merged.values())), depth, errors)


def openings(source: Any, depth: int = DEFAULT_DEPTH, *, min_games: int = 1, n_jobs: int | None = None,
             progress: bool = True, variant: str | None = None) -> pd.DataFrame:
    """The tidy table of opening lines of ``source`` (see :meth:`OpeningIndex.frame`).

    >>> import blokus_nb as bn
    >>> frame = bn.analysis.openings("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])", depth=1, progress=False)
    >>> frame.attrs["merged"]
    'transpositions and mirror images'
    """
    min_games = count(min_games, "min_games")  # before the corpus is read
    return opening_index(source, depth, n_jobs=n_jobs, progress=progress, variant=variant).frame(min_games)

