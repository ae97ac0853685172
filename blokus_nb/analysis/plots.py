"""Plots of one game or a whole corpus, in the game's colors (matplotlib).

Every plot takes what it draws as ``data`` -- a :class:`~blokus_nb.Game`, a
list of games, or a per-move table (:func:`~blokus_nb.analysis.load_games`)
-- and ``ax=None`` (a new figure when ``None``), labels its axes, title and
legend, and returns the :class:`~matplotlib.axes.Axes`. ``palette`` maps
color names to matplotlib colors (default :data:`blokus_nb.render.PALETTE`).

Curves of one game are drawn as they are; curves of many games are the mean
at each move number with a band (``band="sd"``: one standard deviation,
``"iqr"``: the middle half of the games, ``"ci"``: 95% interval of the mean,
``None``: no band). A game that ended early keeps its final values, so the
mean is over every game at every move.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import blokus_nb as bn
>>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
>>> bn.analysis.plot_mobility(game).get_ylabel()
'legal moves'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

import numpy as np
import pandas as pd

from ..coords import COLUMNS
from ..game import Game
from ..pieces import PIECES
from ..render import PALETTE
from ..variants import get_variant
from .loading import load_games
from .metrics import DEFAULT_GAME_ID, PIECE_NAMES, metrics, table_colors
from .tables import summarize
from ..errors import BlokusError

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["plot_score_curves", "plot_mobility", "plot_territory", "plot_board",
           "plot_board_heatmap", "plot_piece_timing", "plot_seat_results", "match_report", "BANDS"]

#: The bands :func:`plot_score_curves` and friends draw around a mean of many games.
BANDS = ("sd", "iqr", "ci", None)
_BAND_LABELS = {"sd": "±1 sd", "iqr": "middle 50%", "ci": "95% CI of the mean"}
_EMPTY = "#f4f4f1"
_GRID = "#c9c9c4"


# ------------------------------------------------------------------- helpers
def _table(data: Any) -> pd.DataFrame:
    """A per-move table from a table, a game, or games."""
    if isinstance(data, pd.DataFrame):
        return data
    if isinstance(data, Game):
        return metrics(data)
    if isinstance(data, Iterable) and not isinstance(data, (str, bytes)):
        data = list(data)
        if all(isinstance(g, Game) for g in data):
            return load_games(data, n_jobs=1, progress=False)
    raise TypeError(f"plot a Game, a list of games or a per-move table, not {type(data).__name__}")


def _axes(ax: "Axes | None", figsize: tuple[float, float] = (7, 4)) -> "Axes":
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=figsize, layout="constrained")
    return ax


def _one_variant(table: pd.DataFrame, variant: str | None) -> tuple[pd.DataFrame, str]:
    present = [str(v) for v in pd.unique(table["variant"].astype(str))]
    if variant is not None:
        name = get_variant(variant).name
        return table[table["variant"].astype(str) == name], name
    if len(present) > 1:
        raise BlokusError(f"the games mix variants ({', '.join(sorted(present))}); pass variant=... "
                         "to plot one of them")
    if not present:
        raise BlokusError("there are no moves to plot")
    return table, present[0]


def _colors(table: pd.DataFrame) -> list[str]:
    """The colors of the table's variant (the table holds one variant)."""
    variants = pd.unique(table["variant"].astype(str))
    if len(variants) == 1:
        return list(get_variant(variants[0]).colors)
    return table_colors(table)


def _titled(title: str, table: pd.DataFrame) -> str:
    """``title — <game id>`` or ``title — N games`` (a game measured alone has no id to show)."""
    n = table["game_id"].nunique()
    if n == 1:
        game_id = str(table["game_id"].iloc[0])
        return title if game_id == DEFAULT_GAME_ID else f"{title} — {game_id}"
    return f"{title} — {n} games"


def _curves(table: pd.DataFrame, metric: str, ax: "Axes | None", band: str | None,
            palette: dict[str, str] | None, ylabel: str, title: str,
            style: str = "-", legend: bool = True, styles: dict[str, str] | None = None,
            legend_band: str | None = "same") -> "Axes":
    if band not in BANDS:
        raise BlokusError(f"band must be one of {BANDS}, not {band!r}")
    palette = palette or PALETTE
    ax = _axes(ax)
    if table.empty:
        raise BlokusError("there are no moves to plot")
    games = table["game_id"].nunique()
    colors = _colors(table)
    for color in colors:
        column = f"{metric}_{color}"
        values = table[["game_id", "move_number", column]].dropna()
        if values.empty:
            continue
        if games == 1:
            ax.plot(values["move_number"], values[column].astype(float), style, color=palette[color],
                    lw=1.8)
            continue
        grid = values.pivot(index="move_number", columns="game_id", values=column)
        grid = grid.reindex(np.arange(1, grid.index.max() + 1)).astype(float).ffill()
        mean = grid.mean(axis=1)
        ax.plot(mean.index, mean.to_numpy(), style, color=palette[color], lw=1.8)
        if band is None:
            continue
        if band == "sd":
            spread = grid.std(axis=1).fillna(0)
            low, high = mean - spread, mean + spread
        elif band == "ci":
            spread = 1.96 * grid.std(axis=1).fillna(0) / np.sqrt(grid.count(axis=1))
            low, high = mean - spread, mean + spread
        else:
            low, high = grid.quantile(0.25, axis=1), grid.quantile(0.75, axis=1)
        ax.fill_between(mean.index, low.to_numpy(), high.to_numpy(), color=palette[color], alpha=0.18,
                        lw=0)
    ax.set_xlabel("move number (passes included)")
    ax.set_ylabel(ylabel)
    ax.set_title(_titled(title, table))
    ax.grid(True, alpha=0.3)
    if legend:
        _legend(ax, colors, palette, games, band if legend_band == "same" else legend_band, styles)
    return ax


def _legend(ax: "Axes", colors: list[str], palette: dict[str, str], games: int, band: str | None,
            styles: dict[str, str] | None) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles: list[Any] = [Line2D([], [], color=palette[c], lw=2, label=c) for c in colors]
    if games > 1:
        handles.append(Line2D([], [], color="grey", lw=2, label=f"mean of {games} games"))
        if band is not None:
            handles.append(Patch(color="grey", alpha=0.3, label=_BAND_LABELS[band]))
    for name, style in (styles or {}).items():
        handles.append(Line2D([], [], color="black", ls=style, lw=1.5, label=name))
    ax.legend(handles=handles, fontsize="small", frameon=False)


# ------------------------------------------------------------------- curves
def plot_score_curves(data: Any, ax: "Axes | None" = None, *, metric: str = "score",
                      band: str | None = "sd", palette: dict[str, str] | None = None,
                      variant: str | None = None) -> "Axes":
    """Each color's advanced score (or ``metric="squares"``) after every move.

    >>> import blokus_nb as bn
    >>> ax = bn.analysis.plot_score_curves(bn.Game("duo"), metric="squares")  # doctest: +SKIP
    """
    if metric not in ("score", "squares"):
        raise BlokusError("metric is 'score' (advanced score) or 'squares' (squares placed)")
    table, _ = _one_variant(_table(data), variant)
    label = "advanced score" if metric == "score" else "squares placed"
    return _curves(table, metric, ax, band, palette, label,
                   "Score" if metric == "score" else "Squares placed")


def plot_mobility(data: Any, ax: "Axes | None" = None, *, band: str | None = "sd",
                  palette: dict[str, str] | None = None, variant: str | None = None) -> "Axes":
    """Each color's mobility (its number of legal moves) after every move.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])")
    >>> bn.analysis.plot_mobility(game).get_title()
    'Mobility'
    """
    table, _ = _one_variant(_table(data), variant)
    return _curves(table, "mobility", ax, band, palette, "legal moves", "Mobility")


def plot_territory(data: Any, ax: "Axes | None" = None, *, which: str = "both",
                   band: str | None = "sd", palette: dict[str, str] | None = None,
                   variant: str | None = None) -> "Axes":
    """Each color's territory after every move: ``which`` is ``"territory"``, ``"exclusive"`` or ``"both"``.

    Territory (solid) is the empty cells a color can still cover; exclusive
    territory (dashed) the part of it no other color can reach.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])")
    >>> bn.analysis.plot_territory(game, which="exclusive").get_ylabel()
    'cells'
    """
    if which not in ("territory", "exclusive", "both"):
        raise BlokusError("which is 'territory', 'exclusive' or 'both'")
    table, _ = _one_variant(_table(data), variant)
    if which == "exclusive":
        return _curves(table, "exclusive", ax, band, palette, "cells", "Exclusive territory")
    ax = _curves(table, "territory", ax, band, palette, "cells", "Territory", legend=which != "both")
    if which == "both":
        _curves(table, "exclusive", ax, None, palette, "cells",
                "Territory and exclusive territory", style="--",
                styles={"territory": "-", "exclusive territory": "--"}, legend_band=band)
    return ax


# ------------------------------------------------------------------- boards
def _rgb(color: str) -> np.ndarray:
    from matplotlib.colors import to_rgb

    return np.array(to_rgb(color))


def _board_axes(ax: "Axes", size: int) -> None:
    ax.set_xticks(range(size), list(COLUMNS[:size]))
    ax.set_yticks(range(size), [str(size - y) for y in range(size)])
    ax.tick_params(length=0, labelsize=7)
    ax.set_xticks(np.arange(-0.5, size), minor=True)
    ax.set_yticks(np.arange(-0.5, size), minor=True)
    ax.grid(which="minor", color=_GRID, lw=0.5)
    ax.tick_params(which="minor", length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)


def plot_board(game: Game, ax: "Axes | None" = None, *, palette: dict[str, str] | None = None,
               last_move: bool = True) -> "Axes":
    """The game's board, in its colors, with Pentobi's coordinates (the last move dotted).

    >>> import blokus_nb as bn
    >>> bn.analysis.plot_board(bn.Game("duo")).get_title()
    'duo board after 0 moves'
    """
    from matplotlib.patches import Patch

    palette = palette or PALETTE
    ax = _axes(ax, (5, 5))
    grid = game.board_array()
    colors = [_rgb(_EMPTY)] + [_rgb(palette[c]) for c in game.colors]
    image = np.array(colors)[grid]
    ax.imshow(image, interpolation="nearest")
    _board_axes(ax, game.size)
    move = game.last_move
    if last_move and move is not None:
        xs, ys = zip(*move.coords)
        ax.plot(xs, ys, "o", color="white", ms=3, mec="black", mew=0.5, label="last move")
    ax.set_title(f"{game.variant.name} board after {len(game.moves)} moves")
    handles = [Patch(color=palette[c], label=c) for c in game.colors]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small",
              frameon=False, title="colors")
    return ax


def _coverage(table: pd.DataFrame, size: int) -> tuple[dict[str, np.ndarray], int]:
    """How many games cover each cell, per color (arrays ``size x size``), and the number of games."""
    games = table["game_id"].nunique()
    placed = table.loc[~table["is_pass"], ["color", "cells"]]
    out = {}
    index_of = {f"{COLUMNS[x]}{size - y}": y * size + x for y in range(size) for x in range(size)}
    for color, cells in placed.groupby("color", observed=True)["cells"]:
        counts = np.zeros(size * size)
        indices = [index_of[name] for text in cells for name in text.split(",")]
        np.add.at(counts, indices, 1)
        out[str(color)] = counts.reshape(size, size)
    return out, games


def plot_board_heatmap(data: Any, ax: "Axes | None" = None, *, color: str | None = None,
                       palette: dict[str, str] | None = None, variant: str | None = None) -> "Axes":
    """How often each cell ends up covered, across the games.

    With ``color=None`` each cell mixes the colors that cover it in
    proportion to how often they do (white: never covered); with a color, the
    share of games in which that color covers the cell, with a color bar.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])")
    >>> bn.analysis.plot_board_heatmap(game, color="purple").get_title()
    'Cells covered by purple'
    """
    from matplotlib.colors import LinearSegmentedColormap
    from matplotlib.patches import Patch

    palette = palette or PALETTE
    table, name = _one_variant(_table(data), variant)
    v = get_variant(name)
    size = v.size
    counts, games = _coverage(table, size)
    ax = _axes(ax, (6, 5))
    if color is None:
        image = np.ones((size, size, 3))
        for c in v.colors:
            share = counts.get(c, np.zeros((size, size))) / max(games, 1)
            image -= share[..., None] * (1 - _rgb(palette[c]))
        ax.imshow(np.clip(image, 0, 1), interpolation="nearest")
        handles = [Patch(color=palette[c], label=c) for c in v.colors]
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small",
                  frameon=False, title="covered by")
        ax.set_title(_titled("Cells covered, mixed by color", table))
    else:
        if color not in v.colors:
            raise BlokusError(f"{color!r} is not a color of {name}; colors are {', '.join(v.colors)}")
        share = counts.get(color, np.zeros((size, size))) / max(games, 1)
        cmap = LinearSegmentedColormap.from_list(color, ["white", palette[color]])
        shown = ax.imshow(share, cmap=cmap, vmin=0, vmax=1, interpolation="nearest")
        bar = ax.figure.colorbar(shown, ax=ax, fraction=0.046, pad=0.04)
        bar.set_label(f"share of games {color} covers the cell")
        ax.set_title(_titled(f"Cells covered by {color}", table))
    _board_axes(ax, size)
    ax.set_xlabel("column")
    ax.set_ylabel("row")
    return ax


# ------------------------------------------------------------------- pieces and seats
def plot_piece_timing(data: Any, ax: "Axes | None" = None, *, palette: dict[str, str] | None = None,
                      variant: str | None = None) -> "Axes":
    """When each piece is played: the color's turn (its 1st..21st piece) on which it went down.

    One marker per color and piece at the mean turn, with a bar over the
    middle half of the games; pieces run from the largest (top) to the monomino.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])")
    >>> bn.analysis.plot_piece_timing(game).get_xlabel()
    "turn (the color's nth piece)"
    """
    palette = palette or PALETTE
    table, name = _one_variant(_table(data), variant)
    colors = list(get_variant(name).colors)
    placed = table.loc[~table["is_pass"], ["game_id", "color", "piece"]].copy()
    placed["turn"] = placed.groupby(["game_id", "color"], observed=True).cumcount() + 1
    stats = placed.groupby(["piece", "color"], observed=True)["turn"].agg(
        mean="mean", low=lambda s: s.quantile(0.25), high=lambda s: s.quantile(0.75), count="size")
    ax = _axes(ax, (7, 7))
    order = sorted(range(len(PIECES)), key=lambda k: (PIECES[k].size, k))
    rows = {PIECE_NAMES[k]: i for i, k in enumerate(order)}
    step = 0.7 / max(len(colors), 1)
    for j, color in enumerate(colors):
        offset = (j - (len(colors) - 1) / 2) * step
        part = stats.xs(color, level="color") if color in stats.index.get_level_values("color") else None
        if part is None or part.empty:
            continue
        ys = np.array([rows[str(p)] for p in part.index]) + offset
        ax.hlines(ys, part["low"], part["high"], color=palette[color], lw=2.5, alpha=0.6)
        ax.plot(part["mean"], ys, "o", color=palette[color], ms=4, mec="black", mew=0.3, label=color)
    ax.set_yticks(range(len(order)), [f"{PIECE_NAMES[k]} ({PIECES[k].size})" for k in order])
    ax.set_xlim(0.5, 21.5)
    ax.set_xticks(range(1, 22, 2))
    ax.set_xlabel("turn (the color's nth piece)")
    ax.set_ylabel("piece (squares)")
    ax.set_title(_titled("When each piece is played", table))
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize="small", frameon=False, loc="lower right", title="mean, IQR bar")
    return ax


def plot_seat_results(data: Any, ax: "Axes | None" = None, *, palette: dict[str, str] | None = None,
                      variant: str | None = None) -> "Axes":
    """Win rate (bars, left axis) and mean points with one standard deviation (right axis) by seat.

    Seats are players in playing order; a k-way tie counts 1/k of a win for
    each. ``data`` may also be a summary from :func:`summarize`.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> bn.analysis.plot_seat_results(game).get_ylabel()
    'win rate'
    """
    palette = palette or PALETTE
    summary = data if isinstance(data, pd.DataFrame) and "winners" in data.columns \
        else summarize(_table(data))
    present = sorted(set(summary["variant"].astype(str)))
    if variant is None and len(present) > 1:
        raise BlokusError(f"the games mix variants ({', '.join(present)}); pass variant=...")
    name = get_variant(variant).name if variant else present[0]
    summary = summary[summary["variant"].astype(str) == name]
    v = get_variant(name)
    seats = list(range(1, v.n_players + 1))
    rates = [summary[f"won_{p}"].mean() for p in seats]
    means = [summary[f"player_points_{p}"].mean() for p in seats]
    spread = [summary[f"player_points_{p}"].std() if len(summary) > 1 else 0.0 for p in seats]
    labels = [f"{p}\n{' + '.join(v.colors_of(p))}" for p in seats]
    colors = [palette[v.colors_of(p)[0]] for p in seats]
    ax = _axes(ax, (6, 4))
    bars = ax.bar(seats, rates, color=colors, alpha=0.85, edgecolor="black", lw=0.5, label="win rate")
    for bar, rate in zip(bars, rates):
        ax.annotate(f"{rate:.0%}", (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                    ha="center", va="bottom", fontsize="small")
    ax.set_ylim(0, 1.1)
    ax.set_xticks(seats, labels)
    ax.set_xlabel("seat (player, in playing order)")
    ax.set_ylabel("win rate")
    points = ax.twinx()
    points.errorbar(seats, means, yerr=spread, fmt="D", color="black", ms=5, capsize=4,
                    label="mean points ± sd")
    points.set_ylabel("points (squares + bonus)")
    low = min(m - s for m, s in zip(means, spread))
    points.set_ylim(min(0, low - 5), max(m + s for m, s in zip(means, spread)) + 10)
    ax.set_title(f"Results by seat — {len(summary)} {name} game{'s' if len(summary) != 1 else ''}")
    from matplotlib.patches import Patch

    handles = [Patch(facecolor="lightgrey", edgecolor="black", lw=0.5),
               points.get_legend_handles_labels()[0][0]]
    ax.legend(handles, ["win rate (ties shared)", "mean points ± sd"], fontsize="small",
              frameon=False, loc="upper right")
    return ax


# ------------------------------------------------------------------- one slide
def match_report(game: Game, *, palette: dict[str, str] | None = None,
                 figsize: tuple[float, float] = (16, 9)) -> "Figure":
    """One figure for a slide: the final board, score, mobility and territory curves, and the result.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> len(bn.analysis.match_report(game).axes) >= 5
    True
    """
    import matplotlib.pyplot as plt

    palette = palette or PALETTE
    table = metrics(game)
    fig = plt.figure(figsize=figsize, layout="constrained")
    grid = fig.add_gridspec(2, 3, width_ratios=[1.25, 1, 1])
    board_ax = fig.add_subplot(grid[:, 0])
    plot_board(game, board_ax, palette=palette)
    if len(table):
        plot_score_curves(table, fig.add_subplot(grid[0, 1]), palette=palette).set_title("Score")
        plot_mobility(table, fig.add_subplot(grid[0, 2]), palette=palette).set_title("Mobility")
        plot_territory(table, fig.add_subplot(grid[1, 1]), palette=palette).set_title(
            "Territory (solid) and exclusive territory (dashed)")
    text_ax = fig.add_subplot(grid[1, 2])
    _result_table(game, text_ax, palette)
    names = ", ".join(dict.fromkeys(game.player_names))
    fig.suptitle(f"{game.variant.name} — {names} — {game.result() if game.is_over else 'unfinished'}",
                 fontsize="x-large")
    return fig


def _result_table(game: Game, ax: "Axes", palette: dict[str, str]) -> None:
    ax.axis("off")
    points = game.scores("points")
    advanced = game.scores("advanced")
    rows = [[c, game.variant.player_of(c, 0), len(game.remaining_pieces(c)), points[c], advanced[c]]
            for c in game.colors]
    shown = ax.table(cellText=[[str(x) for x in r] for r in rows],
                     colLabels=["color", "player", "pieces left", "points", "advanced"],
                     loc="upper center", cellLoc="center")
    shown.scale(1, 1.6)
    for i, color in enumerate(game.colors, start=1):
        shown[i, 0].set_facecolor(palette[color])
        shown[i, 0].get_text().set_color("white" if color not in ("yellow",) else "black")
    lines = [f"Result: {game.result() if game.is_over else 'game not finished'}"]
    winners = game.winners("points")
    lines.append("Winner" + ("s" if len(winners) > 1 else "") + ": "
                 + ", ".join(game.player_names[p - 1] + f" (player {p})" for p in winners))
    lines.append(f"{len(game.moves)} moves, {len(game.history) - len(game.moves)} passes")
    ax.text(0.5, 0.12, "\n".join(lines), ha="center", va="bottom", transform=ax.transAxes,
            fontsize="medium")
    ax.set_title("Result")
