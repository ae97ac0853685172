"""Shaping the per-move table: stacking parts, one row per game, long and wide layouts.

The per-move table itself is built in :mod:`~blokus_nb.analysis.metrics`;
this module only reshapes it, so it never replays a game.

>>> import blokus_nb as bn
>>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
>>> summarize(bn.analysis.metrics(game))[["moves", "winner"]].values.tolist()
[[2, 1]]
"""

from __future__ import annotations

from typing import cast

import numpy as np
import pandas as pd

from .. import validation
from ..pieces import TOTAL_SQUARES
from ..variants import VARIANTS, get_variant
from .metrics import ALL_COLORS, METRICS, MOVE_COLUMNS, WITHOUT_MOVES, TableBuilder, table_colors

__all__ = ["concat_tables", "summarize", "to_long", "to_wide"]


def concat_tables(frames: list[pd.DataFrame]) -> pd.DataFrame:
    """Stack per-move tables, keeping categories and the column order.

    The categories of ``game_id``, ``source`` and ``player_name`` differ from
    part to part; each part's codes are mapped onto the union once, so the cost
    grows with the rows and the categories, not with their product (a corpus of
    one game a file has as many parts as games). The games without moves of
    every part (which have no rows) are kept in the result's attrs.

    >>> import blokus_nb as bn
    >>> one, two = (bn.analysis.metrics(bn.read_sgf(f"(;GM[Blokus Duo];B[e10])"), name) for name in "ab")
    >>> list(concat_tables([one, two])["game_id"].cat.categories)
    ['a', 'b']
    """
    frames = [f for f in frames if f is not None]
    without_moves = [game for f in frames for game in f.attrs.get(WITHOUT_MOVES, [])]  # no rows of their own
    frames = [f for f in frames if len(f)]
    if not frames:
        table = TableBuilder().frame()
    elif len(frames) == 1:
        table = frames[0].copy(deep=False)
    else:
        table = _stacked(frames)
    table.attrs = {key: value for key, value in table.attrs.items() if key != WITHOUT_MOVES}
    if without_moves:
        table.attrs[WITHOUT_MOVES] = without_moves
    return table


def _stacked(frames: list[pd.DataFrame]) -> pd.DataFrame:
    merged = {column: _merged_categories([f[column] for f in frames]) for column in _PART_CATEGORIES}
    table = pd.concat([f.drop(columns=list(_PART_CATEGORIES)) for f in frames], ignore_index=True)
    for column, values in merged.items():
        table[column] = values
    colors = [c for c in ALL_COLORS if f"squares_{c}" in table.columns]
    return table[list(MOVE_COLUMNS) + [f"{m}_{c}" for c in colors for m in METRICS]]


#: The categorical columns whose categories are each part's own (the others have fixed ones).
_PART_CATEGORIES = ("game_id", "source", "player_name")


def _merged_categories(parts: list[pd.Series]) -> pd.Categorical:
    """One categorical of all the parts, its categories the union in order of appearance."""
    categories = pd.Index(list(dict.fromkeys(c for part in parts for c in part.cat.categories)))
    codes = []
    for part in parts:
        # -1 (a missing value) indexes the appended -1 and so stays missing.
        mapping = np.append(categories.get_indexer(part.cat.categories), -1)
        codes.append(mapping[part.cat.codes.to_numpy()])
    return pd.Categorical.from_codes(np.concatenate(codes), categories=categories)



def summarize(table: pd.DataFrame) -> pd.DataFrame:
    """One row per game: length, final squares, scores and points, first pieces, seats and winners.

    Games with no moves (see :data:`~blokus_nb.analysis.metrics.WITHOUT_MOVES`)
    come last, each summarized from its start position.

    Seats are players in playing order (player 1 moves first). Columns:
    ``game_id``, ``source``, ``variant``, ``moves`` (placements), ``passes``,
    ``finished`` (no color can move), per color ``squares_<c>``, ``score_<c>``
    (advanced), ``points_<c>`` (Pentobi's: 89 + score) and ``first_piece_<c>``,
    per player ``player_<p>`` (name), ``player_points_<p>`` (points of the
    colors the player scores) and ``won_<p>`` (1 for a win, 1/k for a k-way
    tie, else 0), then ``winners`` (e.g. ``"1"`` or ``"1,3"``), ``winner``
    (NA on a tie) and ``margin`` (points ahead of the runner-up).

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> bn.analysis.summarize(bn.analysis.metrics(game))[["moves", "winner", "margin"]].values.tolist()
    [[2, 1, 4]]
    """
    validation.instance(table, "table", pd.DataFrame, "a pandas DataFrame: the per-move table of load_games")
    without_moves = table.attrs.get(WITHOUT_MOVES) or []
    if table.empty and not without_moves:
        return pd.DataFrame(columns=["game_id", "source", "variant", "moves", "passes", "finished"])
    by_game = table.groupby("game_id", observed=True, sort=False)
    last = by_game.tail(1).set_index("game_id")
    placed = ~table["is_pass"]
    passes = by_game["is_pass"].sum().reindex(last.index).to_numpy()
    moves = by_game.size().reindex(last.index).to_numpy() - passes
    names = (table.groupby(["game_id", "player"], observed=True, sort=False)["player_name"].first()
             .unstack("player")) if len(table) else pd.DataFrame()
    if without_moves:
        last, names = _with_start_positions(table, last, names, without_moves)
        moves = np.concatenate([moves, np.zeros(len(without_moves), moves.dtype)])
        passes = np.concatenate([passes, np.zeros(len(without_moves), passes.dtype)])
    out = pd.DataFrame({
        "game_id": last.index.astype(str),
        "source": last["source"].astype(str).to_numpy(),
        "variant": last["variant"].astype(str).to_numpy(),
        "moves": moves,
        "passes": passes,
    })
    variants = table["variant"].dtype
    if isinstance(variants, pd.CategoricalDtype) and not out["variant"].isin(variants.categories).all():
        variants = pd.CategoricalDtype(list(VARIANTS))  # a table of no rows read back from Parquet has no categories
    out["variant"] = out["variant"].astype(variants)
    colors = table_colors(last)
    mobility = last[[f"mobility_{c}" for c in colors]].fillna(0)
    out["finished"] = (mobility.to_numpy() == 0).all(axis=1)
    firsts = (table[placed].groupby(["game_id", "color"], observed=True, sort=False)["piece"].first()
              .unstack("color"))
    piece_type = cast(pd.CategoricalDtype, table["piece"].dtype)  # the table's piece column is categorical
    for color in colors:
        out[f"squares_{color}"] = last[f"squares_{color}"].to_numpy()
        out[f"score_{color}"] = last[f"score_{color}"].to_numpy()
        out[f"points_{color}"] = last[f"score_{color}"].to_numpy() + TOTAL_SQUARES
        first = firsts[color].reindex(last.index) if color in firsts.columns else \
            pd.Series(pd.NA, index=last.index)
        out[f"first_piece_{color}"] = pd.Categorical(first.to_numpy(), dtype=piece_type)
    max_players = max(get_variant(v).n_players for v in out["variant"].astype(str).unique())
    points = np.full((len(out), max_players), np.nan)
    for row, (variant_name, values) in enumerate(zip(out["variant"].astype(str), last.itertuples())):
        variant = get_variant(variant_name)
        for p in range(1, variant.n_players + 1):
            points[row, p - 1] = sum(getattr(values, f"score_{c}") + TOTAL_SQUARES
                                     for c in variant.colors_of(p))
    best = np.nanmax(points, axis=1)
    is_best = points == best[:, None]
    n_best = is_best.sum(axis=1)
    for p in range(1, max_players + 1):
        name = names[p].reindex(last.index) if p in names.columns else pd.Series(pd.NA, index=last.index)
        out[f"player_{p}"] = name.astype(object).to_numpy()
        out[f"player_points_{p}"] = points[:, p - 1]
        out[f"won_{p}"] = np.where(np.isnan(points[:, p - 1]), np.nan, is_best[:, p - 1] / n_best)
    out["winners"] = [",".join(str(p + 1) for p in np.flatnonzero(row)) for row in is_best]
    out["winner"] = pd.array([int(np.flatnonzero(row)[0]) + 1 if row.sum() == 1 else pd.NA
                              for row in is_best], dtype="Int8")
    ordered = -np.sort(-np.nan_to_num(points, nan=-np.inf), axis=1)
    out["margin"] = (ordered[:, 0] - ordered[:, 1]).astype(int) if max_players > 1 else 0
    for p in range(1, max_players + 1):
        column = out[f"player_points_{p}"]
        if not column.isna().any():
            out[f"player_points_{p}"] = column.astype(int)
    return out


def _with_start_positions(table: pd.DataFrame, last: pd.DataFrame, names: pd.DataFrame,
                          without_moves: list[dict]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``last`` (each game's last row) and ``names`` (its players) with the games that have no
    moves after them, their start position in place of a last row."""
    index = pd.Index([game["game_id"] for game in without_moves], name="game_id")
    start = pd.DataFrame([{"source": game["source"], "variant": game["variant"], **game["metrics"]}
                          for game in without_moves], index=index)
    both = pd.concat([last.astype({"source": str, "variant": str}), start])
    for column in both.columns:  # whole numbers stay whole numbers
        if column in start.columns and column not in ("source", "variant") and not both[column].isna().any():
            both[column] = both[column].astype(table[column].dtype if column in table.columns
                                               and table[column].dtype.kind == "i" else np.int16)
    players = pd.DataFrame([dict(enumerate(game["player_names"], 1)) for game in without_moves], index=index)
    return both, pd.concat([names, players])


def to_long(table: pd.DataFrame) -> pd.DataFrame:
    """The metric columns melted: one row per move, color and metric.

    Columns: ``game_id``, ``variant``, ``move_number``, ``mover`` (the color
    that moved), ``color`` (the color measured), ``metric`` and ``value``.
    :func:`to_wide` turns it back.

    >>> import blokus_nb as bn
    >>> game = bn.Game("duo"); _ = game.play("d9,c10,d10,e10,d11")
    >>> bn.analysis.to_long(bn.analysis.metrics(game)).shape
    (10, 7)
    """
    validation.instance(table, "table", pd.DataFrame, "a pandas DataFrame: the per-move table of load_games")
    colors = table_colors(table)
    columns = [f"{m}_{c}" for c in colors for m in METRICS]
    ids = table[["game_id", "variant", "move_number", "color"]].rename(columns={"color": "mover"})
    long = ids.join(table[columns]).melt(id_vars=["game_id", "variant", "move_number", "mover"],
                                         value_vars=columns, var_name="column", value_name="value")
    long = long.dropna(subset=["value"])
    split = {name: name.split("_", 1) for name in columns}
    long["metric"] = pd.Categorical(long["column"].map(lambda n: split[n][0]), categories=list(METRICS))
    long["color"] = pd.Categorical(long["column"].map(lambda n: split[n][1]), categories=list(ALL_COLORS))
    long["value"] = long["value"].astype(int) if not long.empty else long["value"]
    long = long.sort_values(["game_id", "move_number", "color", "metric"], kind="stable")
    return long[["game_id", "variant", "move_number", "mover", "color", "metric", "value"]] \
        .reset_index(drop=True)


def to_wide(long: pd.DataFrame) -> pd.DataFrame:
    """A long metric table (:func:`to_long`) back to one row per move with ``<metric>_<color>`` columns.

    >>> import blokus_nb as bn
    >>> game = bn.Game("duo"); _ = game.play("d9,c10,d10,e10,d11")
    >>> wide = bn.analysis.to_wide(bn.analysis.to_long(bn.analysis.metrics(game)))
    >>> wide.loc[0, "mobility_orange"]
    np.int16(414)
    """
    validation.instance(long, "long", pd.DataFrame, "a pandas DataFrame: the table of to_long")
    wide = long.pivot_table(index=["game_id", "variant", "move_number", "mover"],
                            columns=["metric", "color"], values="value", observed=True, aggfunc="first")
    colors = [c for c in ALL_COLORS if c in set(long["color"].astype(str))]
    names = [(m, c) for c in colors for m in METRICS if (m, c) in wide.columns]
    wide = wide[names]
    wide.columns = [f"{m}_{c}" for m, c in names]
    wide = wide.reset_index().rename(columns={"mover": "color"})
    for column in wide.columns[4:]:
        if not wide[column].isna().any():
            wide[column] = wide[column].astype(np.int16)
    return wide
