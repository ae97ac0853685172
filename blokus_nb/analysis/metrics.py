"""The metrics of a position, defined once, and the per-move table of a game.

Every metric is measured per color, in a position:

``squares``
    Squares the color covers on the board.
``score``
    Its advanced score, as :meth:`Game.scores("advanced") <blokus_nb.Game.scores>`
    counts it: -1 per square still in hand, +15 once all 21 pieces are placed
    (+20 instead when the monomino was placed last). Pentobi's points are
    ``89 + score``.
``mobility``
    The number of legal moves the color would have if it were to move now --
    Pentobi's ``all_legal`` count. 0 once it can no longer move.
``territory``
    The number of empty cells the color could still cover with at least one
    legal placement of a piece it still holds.
``exclusive``
    The cells of its territory that no other color can reach (in ``classic_2``
    the partner color counts as another color).

The *per-move table* has one row per entry of :attr:`Game.history` (moves and
the automatic passes), and every metric of every color is measured *after*
that move. Its columns (wide layout; :func:`blokus_nb.analysis.to_long` melts
it into ``metric``/``color`` rows):

=================  =====================================================
``game_id``        the game (categorical)
``source``         the file it came from, or ``<text>`` / ``<games>``
``variant``        ``classic``, ``classic_2``, ``classic_3`` or ``duo``
``move_number``    1-based position in the history, passes included
``color``          the color that moved (categorical)
``player``         the player (1-based) who made the move
``player_name``    that player's name (categorical)
``piece``          the piece placed (categorical, in catalogue order; NA for a pass)
``piece_size``     its number of squares (0 for a pass)
``cells``          the move in Pentobi's notation (``""`` for a pass)
``is_pass``        whether the entry is a pass
``<metric>_<c>``   e.g. ``mobility_blue``: the metric of color ``c`` after the move
=================  =====================================================

Metric columns are ``int16``; in a table that mixes Duo with the four-color
variants, colors a game does not have are NaN (and those columns float).

A game with no moves has no row. It is kept in
``table.attrs["games_without_moves"]`` (:data:`WITHOUT_MOVES`): its
``game_id``, ``source``, ``variant``, ``player_names`` and the ``metrics`` of
its start position, so that :func:`~blokus_nb.analysis.summarize` gives it
its row.

How it is fast: the engine returns each orientation's legal anchor squares as
one bitboard, so mobility is a sum of bit counts, and the cells covered by
every legal placement of an orientation are the OR of those anchors shifted by
each of its cell offsets (see :mod:`blokus_nb.geometry`). After a move, only
the mover and the colors whose territory the new piece touches are measured
again: a color whose reachable cells the piece misses keeps exactly the same
legal placements.
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import pandas as pd

from .. import validation
from ..engine import Board
from ..geometry import geometry
from ..pieces import PIECES, TOTAL_SQUARES
from ..variants import VARIANTS, get_variant

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["METRICS", "ALL_COLORS", "PIECE_NAMES", "WITHOUT_MOVES", "metrics", "position_metrics"]

#: The key of ``table.attrs`` that lists the games of a table that have no moves (and so no rows).
WITHOUT_MOVES = "games_without_moves"

#: The metrics measured for every color, in column order.
METRICS: tuple[str, ...] = ("squares", "score", "mobility", "territory", "exclusive")
#: Every color of every variant, in the order colors are listed in tables.
ALL_COLORS: tuple[str, ...] = ("blue", "yellow", "red", "green", "purple", "orange")
#: Piece names in catalogue order (the categories of the ``piece`` column).
PIECE_NAMES: tuple[str, ...] = tuple(p.name for p in PIECES)
MOVE_COLUMNS: tuple[str, ...] = ("game_id", "source", "variant", "move_number", "color", "player",
                                 "player_name", "piece", "piece_size", "cells", "is_pass")
#: The ``game_id`` of a game measured on its own, without a name.
DEFAULT_GAME_ID = "game"
_COLOR_TYPE = pd.CategoricalDtype(list(ALL_COLORS))
_PIECE_TYPE = pd.CategoricalDtype(list(PIECE_NAMES), ordered=True)
_VARIANT_TYPE = pd.CategoricalDtype(list(VARIANTS))


class GameRecord(NamedTuple):
    """What the table needs of a game, in plain picklable values (for worker processes)."""

    variant: str
    setup: tuple[tuple[str, str], ...]
    moves: tuple[tuple[int, int | None], ...]  # (color index, placement id or None for a pass)
    player_names: tuple[str, ...]
    name: str | None

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        from ..records.record import metadata_of  # a plain Game has no metadata; a Record may name it

        colors = game.colors
        return cls(game.variant.name, tuple(game.setup),
                   tuple((colors.index(m.color), m.placement) for m in game.history),
                   tuple(game.player_names), metadata_of(game).get("name"))


@cache
def _shifts(size: int) -> tuple[tuple[int, ...], ...]:
    """Per orientation, the index offsets of its cells from its anchor."""
    geo = geometry(size)
    return tuple(tuple(geo.offsets[k] for k in ks) for ks in geo.orientation_offsets)


@cache
def _cells_text(size: int) -> dict[int, str]:
    return {}


def _start_board(variant: str, setup: tuple[tuple[str, str], ...]) -> Board:
    from ..game import Game  # the game places setup pieces; analysis never does it itself

    if not setup:
        return _empty_board(variant)
    by_color: dict[str, list[str]] = {}
    for color, cells in setup:
        by_color.setdefault(color, []).append(cells)
    return Game(variant, setup=by_color).board


@cache
def _empty_board(variant: str) -> Board:
    from ..game import Game

    return Game(variant).board


class Tracker:
    """Every metric of every color, kept up to date move by move.

    ``mobility[c]`` and ``reach[c]`` (the territory as a bitboard) are measured
    again only for the mover and the colors whose reach the new piece touches.

    >>> import blokus_nb as bn
    >>> tracker = Tracker(bn.Game("duo").board)
    >>> tracker.mobility, tracker.territory(0)
    ([414, 414], 41)
    """

    __slots__ = ("board", "n_colors", "mobility", "reach", "_shifts", "_masks")

    def __init__(self, board: Board) -> None:
        self.board = board.copy()
        self.n_colors = board.n_colors
        self._shifts = _shifts(board.size)
        self._masks = board.geo.masks
        self.mobility = [0] * self.n_colors
        self.reach = [0] * self.n_colors
        for color in range(self.n_colors):
            self._measure(color)

    def _measure(self, color: int) -> None:
        shifts = self._shifts
        count = 0
        reach = 0
        for orientation, anchors in self.board.legal_bitsets(color):
            count += anchors.bit_count()
            for d in shifts[orientation]:
                reach |= anchors << d
        self.mobility[color] = count
        self.reach[color] = reach

    def place(self, color: int, placement: int) -> None:
        """Play ``placement`` for ``color`` (no rule is checked) and update the metrics."""
        mask = self._masks[placement]
        self.board.place(color, placement)
        reach = self.reach
        for other in range(self.n_colors):
            if other == color or reach[other] & mask:
                self._measure(other)

    def squares(self, color: int) -> int:
        return self.board.own[color].bit_count()

    def score(self, color: int) -> int:
        return self.board.points(color) - TOTAL_SQUARES  # Game.scores("advanced")

    def territory(self, color: int) -> int:
        return self.reach[color].bit_count()

    def exclusive(self) -> list[int]:
        """Exclusive territory of every color."""
        reach = self.reach
        out = []
        for color in range(self.n_colors):
            others = 0
            for other in range(self.n_colors):
                if other != color:
                    others |= reach[other]
            out.append((reach[color] & ~others).bit_count())
        return out


#: Stands in a metric column for "this game has no such color" (no metric comes near it).
_MISSING = -32768
#: Squares of each piece by catalogue index, and 0 at index -1 (a pass).
_PIECE_SIZES = np.array([p.size for p in PIECES] + [0], dtype=np.int8)


class TableBuilder:
    """Collects the per-move rows of many games; :meth:`frame` makes the DataFrame.

    Rows go into typed arrays (a metric is two bytes, a color or piece one) and
    what is the same for a whole game (its id, source and variant) is kept once
    per game, so adding a game costs time and memory in proportion to its own
    moves, whatever was added before.

    >>> import blokus_nb as bn
    >>> builder = TableBuilder()
    >>> builder.add(GameRecord.of(bn.Game("duo")), "empty", "<games>")
    >>> builder.games, builder.rows, len(builder.frame())
    (1, 0, 0)
    """

    def __init__(self) -> None:
        self.rows = 0
        self.games = 0
        self._game_ids: list[str] = []    # per game with at least one row
        self._sources: list[str] = []
        self._variants: list[str] = []
        self._lengths: list[int] = []
        self._colors = array("b")         # index into ALL_COLORS
        self._players = array("b")
        self._names = array("i")          # index into the keys of _name_codes
        self._name_codes: dict[str, int] = {}
        self._pieces = array("b")         # catalogue index, -1 for a pass
        self._cells: list[str] = []       # shared strings, one per placement id
        self._metrics: dict[str, array] = {}
        self._without_moves: list[dict] = []  # games with no row: what summarize needs of them

    def _metric(self, name: str, before: int) -> array:
        """The column ``name``, created with ``before`` missing values if it is new."""
        column = self._metrics.get(name)
        if column is None:
            column = self._metrics[name] = array("h", [_MISSING]) * before
        return column

    def add(self, record: GameRecord, game_id: str, source: str) -> None:
        """Append the rows of one game."""
        variant = get_variant(record.variant)
        colors = variant.colors
        size = variant.size
        geo = geometry(size)
        texts = _cells_text(size)
        tracker = Tracker(_start_board(record.variant, record.setup))
        n = len(colors)
        names = record.player_names
        placed = [0] * n
        own = tracker.board.own
        start = self.rows
        per_color = [[self._metric(f"{m}_{color}", start) for m in METRICS] for color in colors]
        color_codes = [ALL_COLORS.index(color) for color in colors]
        name_codes = self._name_codes
        moves = record.moves
        move_colors, players, player_names = self._colors, self._players, self._names
        pieces, cells = self._pieces, self._cells
        score_of, territory_of = tracker.score, tracker.territory
        mobility = tracker.mobility
        player_of = variant.player_of
        for ci, pid in moves:
            color = colors[ci]
            player = player_of(color, placed[ci])
            move_colors.append(color_codes[ci])
            players.append(player)
            name = names[player - 1] if player - 1 < len(names) else f"Player {player}"
            code = name_codes.get(name)
            if code is None:
                code = name_codes[name] = len(name_codes)
            player_names.append(code)
            if pid is None:
                pieces.append(-1)
                cells.append("")
            else:
                pieces.append(geo.pieces[pid])
                text = texts.get(pid)
                if text is None:
                    text = texts[pid] = ",".join(geo.cell_names(pid))
                cells.append(text)
                tracker.place(ci, pid)
                placed[ci] += 1
            exclusive = tracker.exclusive()
            for c in range(n):
                lists = per_color[c]
                lists[0].append(own[c].bit_count())
                lists[1].append(score_of(c))
                lists[2].append(mobility[c])
                lists[3].append(territory_of(c))
                lists[4].append(exclusive[c])
        count = len(moves)
        self.rows += count
        self.games += 1
        if count:
            self._game_ids.append(game_id)
            self._sources.append(source)
            self._variants.append(record.variant)
            self._lengths.append(count)
            gap = array("h", [_MISSING]) * count
            for values in self._metrics.values():  # colors this game does not have
                if len(values) < self.rows:
                    values.extend(gap)
        else:  # no row to hold it: the start position is what the game ended in
            exclusive = tracker.exclusive()
            at_start: dict[str, int] = {}
            for c, color in enumerate(colors):
                measured = (own[c].bit_count(), score_of(c), mobility[c], territory_of(c), exclusive[c])
                at_start.update({f"{metric}_{color}": int(value) for metric, value in zip(METRICS, measured)})
            self._without_moves.append({
                "game_id": game_id, "source": source, "variant": record.variant,
                "player_names": [names[p - 1] if p - 1 < len(names) else f"Player {p}"
                                 for p in range(1, variant.n_players + 1)],
                "metrics": at_start})

    def frame(self) -> pd.DataFrame:
        """The rows so far as a DataFrame with the table's dtypes."""
        lengths = np.asarray(self._lengths, dtype=np.int64)

        def per_game(values: list[str], dtype: pd.CategoricalDtype | None = None) -> pd.Categorical:
            codes = pd.Categorical(values, dtype=dtype)
            return pd.Categorical.from_codes(np.repeat(codes.codes, lengths), dtype=codes.dtype)

        game_ids = list(dict.fromkeys(self._game_ids))
        names = pd.Categorical(list(self._name_codes))
        pieces = np.frombuffer(self._pieces, dtype=np.int8) if self.rows else np.zeros(0, np.int8)
        data = {
            "game_id": per_game(self._game_ids, pd.CategoricalDtype(game_ids)),
            "source": per_game(self._sources),
            "variant": per_game(self._variants, _VARIANT_TYPE),
            "move_number": np.concatenate([np.arange(1, k + 1, dtype=np.int32) for k in self._lengths]
                                          or [np.zeros(0, np.int32)]),
            "color": pd.Categorical.from_codes(np.asarray(self._colors, dtype=np.int8), dtype=_COLOR_TYPE),
            "player": np.asarray(self._players, dtype=np.int8),
            "player_name": pd.Categorical.from_codes(
                names.codes[np.asarray(self._names, dtype=np.int64)] if self.rows else np.zeros(0, np.int8),
                dtype=names.dtype),
            "piece": pd.Categorical.from_codes(pieces, dtype=_PIECE_TYPE),
            "piece_size": _PIECE_SIZES[pieces],
            "cells": pd.Series(self._cells, dtype="str"),
            "is_pass": pieces == -1,
        }
        for color in ALL_COLORS:
            for metric in METRICS:
                name = f"{metric}_{color}"
                values = self._metrics.get(name)
                if values is None:
                    continue
                column = np.frombuffer(values, dtype=np.int16) if len(values) else np.zeros(0, np.int16)
                missing = column == _MISSING
                data[name] = np.where(missing, np.nan, column) if missing.any() else column.copy()
        frame = pd.DataFrame(data)
        if self._without_moves:
            frame.attrs[WITHOUT_MOVES] = [dict(game) for game in self._without_moves]
        return frame


def metric_columns(frame: pd.DataFrame) -> list[str]:
    """The ``<metric>_<color>`` columns of a per-move table, in table order."""
    return [c for c in frame.columns if c.partition("_")[0] in METRICS and c.partition("_")[2] in ALL_COLORS]


def table_colors(frame: pd.DataFrame) -> list[str]:
    """The colors that have metric columns in a per-move table, in table order."""
    return [c for c in ALL_COLORS if f"squares_{c}" in frame.columns]


def metrics(game: Game, game_id: str | None = None) -> pd.DataFrame:
    """The per-move table of one game: every metric of every color after every move.

    See the module docstring for the columns and the metric definitions.

    >>> import blokus_nb as bn
    >>> game = bn.Game("duo")
    >>> _ = game.play("d9,c10,d10,e10,d11")
    >>> table = bn.analysis.metrics(game)
    >>> table.loc[0, ["squares_purple", "score_purple", "mobility_orange"]].tolist()
    [5, -84, 414]
    """
    from ..game import Game

    validation.instance(game, "game", Game, "a blokus_nb.Game")
    game_id = validation.instance(game_id, "game_id", str, "text", none="the game's name")
    builder = TableBuilder()
    record = GameRecord.of(game)
    builder.add(record, game_id or record.name or DEFAULT_GAME_ID,
                "<games>")
    return builder.frame()


def position_metrics(game: Game) -> pd.DataFrame:
    """Every metric of every color in the game's current position: one row per color.

    >>> import blokus_nb as bn
    >>> bn.analysis.position_metrics(bn.Game("duo")).loc["purple"].tolist()
    [0, -89, 414, 41, 41]
    """
    from ..game import Game

    validation.instance(game, "game", Game, "a blokus_nb.Game")
    tracker = Tracker(game.board)
    exclusive = tracker.exclusive()
    rows = [[tracker.squares(c), tracker.score(c), tracker.mobility[c], tracker.territory(c),
             exclusive[c]] for c in range(tracker.n_colors)]
    frame = pd.DataFrame(rows, columns=list(METRICS),
                         index=pd.Index(list(game.colors), name="color"))
    return frame
