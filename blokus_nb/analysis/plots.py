"""Plots of one game or a whole corpus, in the game's colors (matplotlib).

Every plot takes what it draws as ``data`` -- a :class:`~blokus_nb.Game`, a
list of games, or a per-move table (:func:`~blokus_nb.analysis.load_games`)
-- and ``ax=None`` (a new figure a notebook cell wide when ``None``), labels
its axes, title and legend, and returns the :class:`~matplotlib.axes.Axes`.
``palette`` maps color names to matplotlib colors (default
:data:`blokus_nb.render.PALETTE`; colors it leaves out keep their default), or
names one of the widget's palettes, ``"standard"`` or ``"colorblind"``
(:func:`resolve_palette`). Nothing here calls ``plt.show()`` or
changes ``rcParams``.

Text that comes from records (player, game and event names, metadata) is
drawn as written: every figure here is made with matplotlib's math text and
TeX turned off (:func:`literal_text`), so ``"$x^2$"`` shows its dollars.

Curves of one game are drawn as they are; curves of many games are the mean
at each move number with a band (``band="sd"``: one standard deviation,
``"iqr"``: the middle half of the games, ``"ci"``: 95% interval of the mean,
``None``: no band). A game that ended early keeps its final values, so the
mean is over every game at every move. When the bands of three or more colors
overlap, each color gets its own small panel (``facet``).

A plot of several panels (the heatmap of every color, faceted curves) draws
them inside the Axes it returns, which keeps the shared title and axis
labels; the panels are its ``child_axes``. That way ``ax=`` works for them
too, in any grid of subplots.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import blokus_nb as bn
>>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
>>> bn.analysis.plot_mobility(game).get_ylabel()
'legal moves'
"""

from __future__ import annotations

import functools
import math
import textwrap
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar, cast

import numpy as np
import pandas as pd

from .. import validation
from ..coords import COLUMNS
from ..errors import ArgumentTypeError, BlokusError, short_repr
from ..game import Game
from ..pieces import PIECES
from ..render import COLORBLIND_PALETTE, PALETTE
from ..validation import choice
from ..variants import Variant, get_variant
from .loading import load_games
from .metrics import DEFAULT_GAME_ID, PIECE_NAMES, metrics, table_colors
from .tables import summarize

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.typing import RcKeyType

__all__ = ["plot_score_curves", "plot_lead", "plot_mobility", "plot_territory", "plot_board",
           "plot_board_heatmap", "plot_piece_timing", "plot_seat_results", "plot_review", "match_report", "BANDS",
           "FIGURE_WIDTH", "MIN_FONT_POINTS", "resolve_palette", "literal_text"]

#: The bands :func:`plot_score_curves` and friends draw around a mean of many games.
BANDS = ("sd", "iqr", "ci", None)
#: Width in inches of the figures these functions make: a notebook cell at 100 dpi.
FIGURE_WIDTH = 7.5
#: The smallest text they draw, in points: readable at 100 dpi without zooming.
MIN_FONT_POINTS = 8
_BAND_LABELS = {"sd": "±1 sd", "iqr": "middle 50%", "ci": "95% CI of the mean"}
_EMPTY = "#f4f4f1"
_GRID = "#c9c9c4"
_OTHERS = "#b5b5b5"  # the other colors' means, behind a facet's own curve


_Plot = TypeVar("_Plot", bound=Callable[..., Any])


# ------------------------------------------------------------------- helpers
#: The widget's palette names, as plots take them too.
PALETTES: dict[str, dict[str, str]] = {"standard": PALETTE, "colorblind": COLORBLIND_PALETTE}


def resolve_palette(palette: Any = None) -> dict[str, str]:
    """Every color's matplotlib color: ``palette`` over the default (None, a palette name, or a mapping).

    A bad palette raises :class:`~blokus_nb.errors.BlokusError` before anything is drawn.

    >>> resolve_palette({"blue": "navy"})["blue"], resolve_palette("colorblind") == COLORBLIND_PALETTE
    ('navy', True)
    """
    from matplotlib.colors import is_color_like

    if palette is None:
        return dict(PALETTE)
    if isinstance(palette, str):
        if palette not in PALETTES:
            raise BlokusError(f"palette {palette[:20]!r} is none of {', '.join(map(repr, PALETTES))}; "
                              "or give a dict of colors")
        return dict(PALETTES[palette])
    if not isinstance(palette, Mapping):
        raise ArgumentTypeError(f"palette is 'standard', 'colorblind' or a dict from color names to "
                                f"matplotlib colors, not {type(palette).__name__}")
    for color, value in palette.items():
        if color not in PALETTE:
            raise BlokusError(f"palette names {short_repr(color)}, which is no color; colors are "
                              f"{', '.join(PALETTE)}")
        if not is_color_like(value):
            raise BlokusError(f"palette[{color!r}] is {short_repr(value)}, which matplotlib cannot draw; "
                              "give a name like 'navy' or a hex like '#1f4e9c'")
    return {**PALETTE, **palette}


_LITERAL_TEXT: dict[RcKeyType, bool] = {"text.parse_math": False, "text.usetex": False}


def literal_text(plot: _Plot) -> _Plot:
    """Make ``plot`` draw every text as written: no math text (``$...$``) and no TeX.

    A figure shows names from records, and a name like ``"$x^{$"`` would
    otherwise be parsed as math and fail (or show something else). Each text
    keeps the setting it was made with, so the figure stays literal when it is
    drawn later. Only these two settings are changed, and only while ``plot``
    runs: ``matplotlib.rc_context`` is not used because it restores *every*
    setting on the way out, so a session whose first figure is ours (pyplot
    imported inside, the notebook backend switching interactive mode on) would
    leave with interactive mode off and no later figure shown.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import blokus_nb as bn
    >>> bn.analysis.match_report(bn.Game("duo", players=["$Ann$", "Bob"]))._suptitle.get_parse_math()
    False
    """
    @functools.wraps(plot)
    def drawn(*args: Any, **kwargs: Any) -> Any:
        import matplotlib

        settings = matplotlib.rcParams
        before = {key: settings[key] for key in _LITERAL_TEXT}
        settings.update(_LITERAL_TEXT)
        try:
            return plot(*args, **kwargs)
        finally:
            settings.update(before)

    return drawn  # type: ignore[return-value]


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
    raise ArgumentTypeError(f"plot a Game, a list of games or a per-move table, not {type(data).__name__}")


def _axes(ax: Axes | None, height: float = 4.0, width: float = FIGURE_WIDTH) -> Axes:
    if ax is not None:
        return validation.axes(ax)
    import matplotlib.pyplot as plt

    _, ax = plt.subplots(figsize=(width, height), layout="constrained")
    return ax


def _game(game: Any) -> Game:
    if not isinstance(game, Game):
        raise ArgumentTypeError(f"this plot draws one Game, not {type(game).__name__}")
    return game


def _figure_size(figsize: Any) -> tuple[float, float]:
    """``figsize`` if it is two finite, positive sizes in inches."""
    try:
        width, height = (float(v) for v in figsize)
        if math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0:
            return width, height
    except (TypeError, ValueError):
        pass
    raise BlokusError(f"figsize is (width, height) in inches, two positive numbers, not {short_repr(figsize)}")


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


def _set_title(ax: Axes, title: str) -> None:
    """Set ``title``, wrapped to the Axes' width so that a narrow subplot does not cut it off."""
    width, _ = _inches(ax)
    ax.set_title(textwrap.fill(title, max(16, int(width * 9.5))))  # about 10 characters an inch at 12 pt


def _inches(ax: Axes) -> tuple[float, float]:
    """The Axes' width and height in inches (before a layout engine adjusts them)."""
    from matplotlib.figure import Figure

    box = ax.get_position()
    figure = ax.figure
    assert isinstance(figure, Figure)  # the plots draw on figures, not subfigures
    width, height = figure.get_size_inches()
    return box.width * width, box.height * height


def _panels(ax: Axes, count: int, *, aspect: float, top: float = 0.0, title_room: float = 0.3,
            gap: float = 0.15, sharex: bool = True, sharey: bool = True, square: bool = False
            ) -> tuple[list[Axes], tuple[float, float], tuple[float, float]]:
    """``count`` panels inside ``ax``, in the rows and columns whose panels come closest to
    ``aspect`` (width / height); ``ax`` keeps only its title and axis labels.

    Returns the panels, where their block begins (left and bottom, in
    ``ax``'s axes coordinates, for :func:`_frame_labels`), and a panel's
    width and height in inches.

    ``top`` inches stay free above the panels (for a legend), ``title_room``
    inches above each panel for its title, ``gap`` inches between columns.
    Inner panels hide the tick labels they share with their neighbours.
    ``square`` panels (boards) are centred, without the slack a board would
    leave inside a wider box.
    """
    width, height = _inches(ax)
    usable = max(height - top, 0.5)

    def panel(rows: int, columns: int) -> tuple[float, float]:
        return ((width - gap * (columns - 1)) / columns, usable / rows - title_room)

    def misfit(shape: tuple[int, int]) -> float:
        panel_width, panel_height = panel(*shape)
        return abs(math.log(max(panel_width, 0.01) / max(panel_height, 0.01) / aspect))

    rows, columns = min(((rows, -(-count // rows)) for rows in range(1, count + 1)), key=misfit)
    panel_width, panel_height = panel(rows, columns)
    left_slack = bottom_slack = 0.0
    if square:
        panel_width = panel_height = min(panel_width, panel_height)
        left_slack = (width - columns * panel_width - gap * (columns - 1)) / 2
        bottom_slack = (usable - rows * (panel_height + title_room)) / 2
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.patch.set_visible(False)
    panels: list[Axes] = []
    for i in range(count):
        row, column = divmod(i, columns)
        left = (left_slack + column * (panel_width + gap)) / width
        bottom = (usable - bottom_slack - (row + 1) * (panel_height + title_room)) / height
        share = panels[0] if panels else None
        child = ax.inset_axes((left, bottom, panel_width / width, panel_height / height),
                              sharex=share if sharex else None, sharey=share if sharey else None)
        if square:  # an equal-aspect board shrinks inside its box: keep the boards together
            vertical = "S" if row < (rows - 1) / 2 else "N" if row > (rows - 1) / 2 else ""
            horizontal = "E" if column < (columns - 1) / 2 else "W" if column > (columns - 1) / 2 else ""
            child.set_anchor(vertical + horizontal or "C")
        last_row = row == rows - 1 or i + columns >= count
        child.tick_params(labelbottom=last_row or not sharex, labelleft=column == 0 or not sharey,
                          labelsize=MIN_FONT_POINTS)
        panels.append(child)
    origin = (left_slack / width, (usable - bottom_slack - rows * (panel_height + title_room)) / height)
    return panels, origin, (panel_width, panel_height)


def _frame_labels(ax: Axes, origin: tuple[float, float], xlabel: str, ylabel: str, tick_chars: int) -> None:
    """Axis labels of a frame of panels beside the panels' block (which begins at ``origin``), clear
    of their tick labels (``tick_chars`` wide)."""
    from matplotlib.transforms import ScaledTranslation

    left, bottom = origin
    below = (MIN_FONT_POINTS * 1.4 + 3.5 + 4) / 72  # a tick label's height and pad, and a gap; in inches
    beside = (tick_chars * 0.62 * MIN_FONT_POINTS + 3.5 + 4) / 72
    inches = ax.figure.dpi_scale_trans
    ax.set_xlabel(xlabel)
    ax.xaxis.set_label_coords(0.5, bottom, ax.transAxes + ScaledTranslation(0, -below, inches))
    ax.set_ylabel(ylabel)
    ax.yaxis.set_label_coords(left, 0.5, ax.transAxes + ScaledTranslation(-beside, 0, inches))


def _tick_chars(low: float, high: float) -> int:
    """How many characters the widest tick label of an axis from ``low`` to ``high`` has."""
    return max(len(f"{v:.0f}") for v in (low, high, (low + high) / 2)) + 1


# ------------------------------------------------------------------- curves
@dataclass(frozen=True)
class _Series:
    """One curve: its legend label, the palette color it is drawn in, and its table column."""

    label: str
    color: str
    column: str


@dataclass(frozen=True)
class _Layer:
    """Curves drawn alike: one per color (or player), in one line style, with or without a band."""

    series: list[_Series]
    style: str = "-"
    banded: bool = True


def _grid(table: pd.DataFrame, column: str) -> pd.DataFrame:
    """``column`` as a move-by-game grid; a game that ended keeps its last value."""
    values = table[["game_id", "move_number", column]].dropna()
    grid = values.pivot(index="move_number", columns="game_id", values=column)
    return grid.reindex(np.arange(1, grid.index.max() + 1)).astype(float).ffill()


def _spread(grid: pd.DataFrame, band: str | None) -> tuple[pd.Series, pd.Series | None, pd.Series | None]:
    """The mean over the games at each move and the band around it (``None`` for one game)."""
    mean = grid.mean(axis=1)
    if band is None or grid.shape[1] < 2:
        return mean, None, None
    if band == "sd":
        spread = grid.std(axis=1).fillna(0)
        return mean, mean - spread, mean + spread
    if band == "ci":
        spread = 1.96 * grid.std(axis=1).fillna(0) / np.sqrt(grid.count(axis=1))
        return mean, mean - spread, mean + spread
    return mean, grid.quantile(0.25, axis=1), grid.quantile(0.75, axis=1)


def _bands_overlap(curves: list[tuple[pd.Series, pd.Series | None, pd.Series | None]]) -> bool:
    """Whether, at most moves, some color's band overlaps another's: then one panel would be a blur."""
    bands = [(low, high) for _, low, high in curves if low is not None]
    if len(bands) < 3:
        return False
    overlapping = []
    for i, (low_a, high_a) in enumerate(bands):
        for low_b, high_b in bands[i + 1:]:
            overlapping.append(((low_a <= high_b) & (low_b <= high_a)).to_numpy())
    return bool(np.mean(np.any(overlapping, axis=0)) > 0.5)


def _draw(ax: Axes, curve: tuple[pd.Series, pd.Series | None, pd.Series | None], color: str,
          style: str, width: float = 1.8) -> None:
    mean, low, high = curve
    ax.plot(mean.index, mean.to_numpy(), style, color=color, lw=width)
    if low is not None and high is not None:
        ax.fill_between(mean.index, low.to_numpy(), high.to_numpy(), color=color, alpha=0.2, lw=0)


def _curves(table: pd.DataFrame, layers: list[_Layer], ax: Axes | None, *, band: str | None,
            palette: Mapping[str, str] | str | None, ylabel: str, title: str, facet: bool | None = None,
            legend: bool = True, xlabel: str = "move number (passes included)",
            styles: dict[str, str] | None = None, zero_line: bool = False) -> Axes:
    choice(band, "band", [b for b in BANDS if b is not None], none="no band")
    if table.empty:
        raise BlokusError("there are no moves to plot")
    palette = resolve_palette(palette)
    games = table["game_id"].nunique()
    drawn = [[(s, _spread(_grid(table, s.column), band if layer.banded else None)) for s in layer.series]
             for layer in layers]
    if facet is None:
        facet = games > 1 and band is not None and _bands_overlap([c for _, c in drawn[0]])
    if not facet:
        ax = _axes(ax)
        for layer, curves in zip(layers, drawn):
            for series, curve in curves:
                _draw(ax, curve, palette[series.color], layer.style)
        _finish_curves(ax, xlabel, ylabel, _titled(title, table), zero_line)
        if legend:
            _legend(ax, [s for s, _ in drawn[0]], palette, games, band, styles)
        return ax

    ax = _axes(ax, height=5.0)
    n = len(drawn[0])
    panels, origin, _ = _panels(ax, n, aspect=2.2, top=0.3 if legend else 0.0)
    for i, panel in enumerate(panels):
        for layer, curves in zip(layers, drawn):
            for j, (_series, curve) in enumerate(curves):
                if j != i:  # the other colors' means, for comparison
                    panel.plot(curve[0].index, curve[0].to_numpy(), layer.style, color=_OTHERS, lw=0.9)
            series, curve = curves[i]
            _draw(panel, curve, palette[series.color], layer.style)
        panel.set_title(drawn[0][i][0].label, fontsize=10, pad=3)
        panel.grid(True, alpha=0.3)
        if zero_line:
            panel.axhline(0, color="black", lw=0.8)
    low, high = panels[0].get_ylim()
    _frame_labels(ax, origin, xlabel, ylabel, _tick_chars(low, high))
    _set_title(ax, _titled(title, table))
    if legend:
        _facet_legend(ax, games, band, styles)
    return ax


def _finish_curves(ax: Axes, xlabel: str, ylabel: str, title: str, zero_line: bool) -> None:
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    _set_title(ax, title)
    ax.grid(True, alpha=0.3)
    if zero_line:
        ax.axhline(0, color="black", lw=0.8)


def _legend(ax: Axes, series: list[_Series], palette: dict[str, str], games: int, band: str | None,
            styles: dict[str, str] | None) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles: list[Any] = [Line2D([], [], color=palette[s.color], lw=2, label=s.label) for s in series]
    if games > 1:
        handles.append(Line2D([], [], color="grey", lw=2, label=f"mean of {games} games"))
        if band is not None:
            handles.append(Patch(color="grey", alpha=0.3, label=_BAND_LABELS[band]))
    for name, style in (styles or {}).items():
        handles.append(Line2D([], [], color="black", ls=style, lw=1.5, label=name))
    ax.legend(handles=handles, fontsize="small", frameon=False)


def _facet_legend(ax: Axes, games: int, band: str | None, styles: dict[str, str] | None) -> None:
    """One legend for all panels, in the strip above them."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    if games == 1:
        handles: list[Any] = [Line2D([], [], color="black", lw=2, label="the panel's own curve"),
                              Line2D([], [], color=_OTHERS, lw=1, label="the others'")]
    else:
        handles = [Line2D([], [], color="black", lw=2, label=f"mean of {games} games")]
        if band is not None:
            handles.append(Patch(color="black", alpha=0.2, label=_BAND_LABELS[band]))
        handles.append(Line2D([], [], color=_OTHERS, lw=1, label="the others' means"))
    for name, style in (styles or {}).items():
        handles.append(Line2D([], [], color="black", ls=style, lw=1.5, label=name))
    ax.legend(handles=handles, fontsize="small", frameon=False, loc="upper center",
              bbox_to_anchor=(0.5, 1.0), ncol=len(handles), handlelength=1.8, columnspacing=1.2)


def _color_series(table: pd.DataFrame, metric: str) -> list[_Series]:
    return [_Series(c, c, f"{metric}_{c}") for c in _colors(table)]


@literal_text
def plot_score_curves(data: Any, ax: Axes | None = None, *, metric: str = "score",
                      band: str | None = "sd", palette: Mapping[str, str] | str | None = None,
                      variant: str | None = None, facet: bool | None = None,
                      legend: bool = True) -> Axes:
    """Each color's advanced score (or ``metric="squares"``) after every move.

    ``metric="lead"`` draws :func:`plot_lead` instead. ``facet`` gives each
    color its own panel (``None``: when the bands of three or more colors
    overlap).

    >>> import blokus_nb as bn
    >>> ax = bn.analysis.plot_score_curves(bn.Game("duo"), metric="squares")  # doctest: +SKIP
    """
    if metric == "lead":
        return plot_lead(data, ax, band=band, palette=palette, variant=variant, facet=facet,
                         legend=legend)
    choice(metric, "metric", ("score", "squares", "lead"))
    table, _ = _one_variant(_table(data), variant)
    label = "advanced score" if metric == "score" else "squares placed"
    return _curves(table, [_Layer(_color_series(table, metric))], ax, band=band, palette=palette,
                   ylabel=label, title="Score" if metric == "score" else "Squares placed",
                   facet=facet, legend=legend)


def _lead_table(table: pd.DataFrame, v: Variant, by_round: bool) -> tuple[pd.DataFrame, list[_Series]]:
    """Each player's lead after every move (or round): their score minus the best other player's."""
    players = range(1, v.n_players + 1)
    scores = {p: table[[f"score_{c}" for c in v.colors_of(p)]].sum(axis=1) for p in players}
    frame = table[["game_id", "move_number"]].copy()
    for p in players:
        best_other = pd.concat([scores[q] for q in players if q != p], axis=1).max(axis=1)
        frame[f"lead_{p}"] = scores[p] - best_other
    if by_round:
        # Within a round each color's move lifts its own lead for a moment; after every color has
        # moved once (passes count), the leads are comparable. The last move of a game ends a round.
        n = len(v.colors)
        last = frame.groupby("game_id", observed=True)["move_number"].transform("max")
        frame = frame[(frame["move_number"] % n == 0) | (frame["move_number"] == last)].copy()
        frame["move_number"] = -(-frame["move_number"] // n)
    names = {p: " + ".join(v.colors_of(p)) for p in players}
    if v.n_players == 2:  # the second player's lead is the first one's, upside down
        return frame, [_Series(f"{names[1]} ahead of {names[2]}", v.colors_of(1)[0], "lead_1")]
    return frame, [_Series(names[p], v.colors_of(p)[0], f"lead_{p}") for p in players]


@literal_text
def plot_lead(data: Any, ax: Axes | None = None, *, band: str | None = "sd",
              palette: Mapping[str, str] | str | None = None, variant: str | None = None,
              by_round: bool = True, facet: bool | None = None, legend: bool = True) -> Axes:
    """Each player's lead: their score minus the best other player's, after every round.

    Above zero the player is ahead, and by how much; the curves show who
    pulls away and when, which the score curves (near-identical staircases)
    hide. A player's score is the sum of the colors they score (two in
    ``classic_2``; ``classic_3``'s shared green counts for nobody). Of two
    players only the first one's lead is drawn: the other's is its mirror
    image. With ``by_round=False`` the lead is taken after every move.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> ax = bn.analysis.plot_lead(game)
    >>> ax.get_ylabel(), ax.get_lines()[0].get_ydata().tolist()
    ('lead in points', [4.0])
    """
    table, name = _one_variant(_table(data), variant)
    v = get_variant(name)
    frame, series = _lead_table(table, v, by_round)
    frame["variant"] = name
    xlabel = "round (every color has moved once)" if by_round else "move number (passes included)"
    ax = _curves(frame, [_Layer(series)], ax, band=band, palette=palette, ylabel="lead in points",
                 title="Lead over the best other player", facet=facet, legend=legend, xlabel=xlabel,
                 zero_line=True)
    from matplotlib.ticker import MaxNLocator

    for shown in ax.child_axes or [ax]:  # scores and rounds are whole numbers
        shown.xaxis.set_major_locator(MaxNLocator(nbins="auto", integer=True))
        shown.yaxis.set_major_locator(MaxNLocator(nbins="auto", integer=True))
    return ax


@literal_text
def plot_mobility(data: Any, ax: Axes | None = None, *, band: str | None = "sd",
                  palette: Mapping[str, str] | str | None = None, variant: str | None = None,
                  facet: bool | None = None, legend: bool = True) -> Axes:
    """Each color's mobility (its number of legal moves) after every move.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])")
    >>> bn.analysis.plot_mobility(game).get_title()
    'Mobility'
    """
    table, _ = _one_variant(_table(data), variant)
    return _curves(table, [_Layer(_color_series(table, "mobility"))], ax, band=band, palette=palette,
                   ylabel="legal moves", title="Mobility", facet=facet, legend=legend)


@literal_text
def plot_territory(data: Any, ax: Axes | None = None, *, which: str = "both",
                   band: str | None = "sd", palette: Mapping[str, str] | str | None = None,
                   variant: str | None = None, facet: bool | None = None,
                   legend: bool = True) -> Axes:
    """Each color's territory after every move: ``which`` is ``"territory"``, ``"exclusive"`` or ``"both"``.

    Territory (solid) is the empty cells a color can still cover; exclusive
    territory (dashed) the part of it no other color can reach.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])")
    >>> bn.analysis.plot_territory(game, which="exclusive").get_ylabel()
    'cells'
    """
    choice(which, "which", ("territory", "exclusive", "both"))
    table, _ = _one_variant(_table(data), variant)
    if which != "both":
        title = "Territory" if which == "territory" else "Exclusive territory"
        return _curves(table, [_Layer(_color_series(table, which))], ax, band=band, palette=palette,
                       ylabel="cells", title=title, facet=facet, legend=legend)
    layers = [_Layer(_color_series(table, "territory")),
              _Layer(_color_series(table, "exclusive"), style="--", banded=False)]
    return _curves(table, layers, ax, band=band, palette=palette, ylabel="cells",
                   title="Territory and exclusive territory", facet=facet, legend=legend,
                   styles={"territory": "-", "exclusive territory": "--"})


# ------------------------------------------------------------------- boards
def _rgb(color: str) -> np.ndarray:
    from matplotlib.colors import to_rgb

    return np.array(to_rgb(color))


def _board_axes(ax: Axes, size: int, every: int = 1) -> None:
    """Pentobi's coordinates (columns a.., rows counted from the bottom), every ``every``-th labelled,
    and a thin line around each cell."""
    shown = sorted({*range(0, size, every), size - 1})
    ax.set_xticks(shown, [COLUMNS[x] for x in shown])
    ax.set_yticks(shown, [str(size - y) for y in shown])
    ax.tick_params(length=0, labelsize=MIN_FONT_POINTS)
    ax.set_xticks(np.arange(-0.5, size), minor=True)
    ax.set_yticks(np.arange(-0.5, size), minor=True)
    ax.grid(which="minor", color=_GRID, lw=0.5)
    ax.grid(which="major", visible=False)
    ax.tick_params(which="minor", length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)


def _label_every(side: float, size: int) -> int:
    """Label every cell when a cell of a board ``side`` inches wide fits a two-digit row number,
    else every 5th."""
    return 1 if side / size * 72 >= 1.5 * MIN_FONT_POINTS else 5


@literal_text
def plot_board(game: Game, ax: Axes | None = None, *, palette: Mapping[str, str] | str | None = None,
               last_move: bool = True, legend: bool = True) -> Axes:
    """The game's board, in its colors, with Pentobi's coordinates (the last move dotted).

    Each placed piece is outlined, so one can tell where a piece ends and the
    next of the same color begins.

    >>> import blokus_nb as bn
    >>> bn.analysis.plot_board(bn.Game("duo")).get_title()
    'duo board after 0 moves'
    """
    from matplotlib.patches import Patch

    palette = resolve_palette(palette)
    game = _game(game)
    ax = _axes(ax, height=5.5, width=6.5)
    grid = game.board_array()
    colors = [_rgb(_EMPTY)] + [_rgb(palette[c]) for c in game.colors]
    image = np.array(colors)[grid]
    ax.imshow(image, interpolation="nearest")
    _board_axes(ax, game.size)
    _outline_pieces(ax, game)
    move = game.last_move
    if last_move and move is not None:
        xs, ys = zip(*move.coords)
        ax.plot(xs, ys, "o", color="white", ms=3, mec="black", mew=0.5, label="last move")
    _set_title(ax, f"{game.variant.name} board after {len(game.moves)} moves")
    if legend:
        handles = [Patch(color=palette[c], label=c) for c in game.colors]
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small",
                  frameon=False, title="colors", title_fontsize="small")
    return ax


def _outline_pieces(ax: Axes, game: Game) -> None:
    """A dark line around every placed piece (image cells are centred on whole numbers)."""
    from matplotlib.collections import LineCollection

    from ..piece_plots import LINE_COLOR, outline

    owner: dict[tuple[int, int], Hashable] = {cell: i for i, move in enumerate(game.moves) for cell in move.coords}
    edges = [((a[0] - 0.5, a[1] - 0.5), (b[0] - 0.5, b[1] - 0.5)) for a, b in outline(owner)]
    ax.add_collection(LineCollection(edges, colors=LINE_COLOR, linewidths=1.0, capstyle="projecting"))


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


@literal_text
def plot_board_heatmap(data: Any, ax: Axes | None = None, *, color: str | None = None,
                       palette: Mapping[str, str] | str | None = None, variant: str | None = None) -> Axes:
    """How often each cell ends up covered, across the games: one small board per color.

    Each board shades a cell from white (no game) to the full color (every
    game) by the share of games in which that color covers it. With
    ``color=...`` only that color's board is drawn, with a color bar. Of many
    games, the color bar below the boards has one named stripe per color, each
    from white to that color, as its board is shaded. The boards are the
    ``child_axes`` of the returned Axes (see the module notes).

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])")
    >>> [panel.get_title() for panel in bn.analysis.plot_board_heatmap(game).child_axes]
    ['purple', 'orange']
    >>> bn.analysis.plot_board_heatmap(game, color="purple").get_title()
    'Cells covered by purple'
    """
    from matplotlib.colors import LinearSegmentedColormap
    from matplotlib.ticker import PercentFormatter

    palette = resolve_palette(palette)
    table, name = _one_variant(_table(data), variant)
    v = get_variant(name)
    size = v.size
    if color is not None and color not in v.colors:
        raise BlokusError(f"{color!r} is not a color of {name}; colors are {', '.join(v.colors)}")
    counts, games = _coverage(table, size)

    def share(c: str) -> np.ndarray:
        return counts.get(c, np.zeros((size, size))) / max(games, 1)

    def cmap(c: str) -> Any:
        return LinearSegmentedColormap.from_list(c, ["white", palette[c]])

    if color is not None:
        ax = _axes(ax, height=5.5, width=6.5)
        shown = ax.imshow(share(color), cmap=cmap(color), vmin=0, vmax=1, interpolation="nearest")
        bar = ax.figure.colorbar(shown, ax=ax, fraction=0.046, pad=0.04)
        bar.set_label(f"share of the games {color} covers the cell" if games > 1 else f"covered by {color}")
        bar.ax.tick_params(labelsize=MIN_FONT_POINTS)
        bar.ax.yaxis.set_major_formatter(PercentFormatter(1.0))
        _set_title(ax, _titled(f"Cells covered by {color}", table))
        _board_axes(ax, size, _label_every(min(_inches(ax)), size))
        ax.set_xlabel("column")
        ax.set_ylabel("row")
        return ax

    ax = _axes(ax, height=4.2 if len(v.colors) <= 2 else 7.6)
    if games > 1:
        from matplotlib.cm import ScalarMappable
        from matplotlib.colors import Normalize

        # The pad leaves room for the boards' column letters, which hang below ``ax``.
        bar = ax.figure.colorbar(ScalarMappable(Normalize(0, 1), cmap=cmap(v.colors[0])), ax=ax,
                                 location="bottom", shrink=0.6, fraction=0.04 + 0.025 * len(v.colors),
                                 pad=0.35 / _inches(ax)[1], aspect=32 / len(v.colors))
        _stripes(bar, list(v.colors), [cmap(c) for c in v.colors])
        bar.set_label(f"share of the {games} games")
        bar.ax.tick_params(labelsize=MIN_FONT_POINTS)
        bar.ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    panels, _, (side, _) = _panels(ax, len(v.colors), aspect=1.0, gap=0.25, square=True)
    for c, panel in zip(v.colors, panels):
        panel.imshow(share(c), cmap=cmap(c), vmin=0, vmax=1, interpolation="nearest")
        panel.set_title(c, fontsize=10, pad=3)
    every = _label_every(side, size)
    for panel in panels:
        _board_axes(panel, size, every)  # the coordinates say which is the column and which the row
    _set_title(ax, _titled("Cells covered by each color", table))
    return ax


def _stripes(bar: Any, names: list[str], cmaps: list[Any]) -> None:
    """Draw a horizontal color bar as one named stripe per color map (the first at the top), in place
    of its single scale: each panel of the heatmap has its own color, so the key shows every one."""
    ramp = np.linspace(0, 1, 256)
    image = np.stack([cmap(ramp)[:, :3] for cmap in cmaps])
    bar.solids.set_visible(False)
    bar.ax.imshow(image, extent=(0, 1, 0, 1), aspect="auto", interpolation="nearest", zorder=0.5)
    bar.ax.set_ylim(0, 1)  # imshow would re-limit it
    count = len(names)
    bar.ax.yaxis.set_visible(True)
    bar.ax.set_yticks([(count - 0.5 - i) / count for i in range(count)], names)
    bar.ax.tick_params(axis="y", length=0, labelsize=MIN_FONT_POINTS, left=True, labelleft=True,
                       right=False, labelright=False)


# ------------------------------------------------------------------- pieces and seats
@literal_text
def plot_piece_timing(data: Any, ax: Axes | None = None, *, palette: Mapping[str, str] | str | None = None,
                      variant: str | None = None) -> Axes:
    """When each piece is played: the color's turn (its 1st..21st piece) on which it went down.

    One marker per color and piece at the mean turn, with a bar over the
    middle half of the games; pieces run from the largest (top) to the monomino.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])")
    >>> bn.analysis.plot_piece_timing(game).get_xlabel()
    "turn (the color's nth piece)"
    """
    palette = resolve_palette(palette)
    table, name = _one_variant(_table(data), variant)
    colors = list(get_variant(name).colors)
    placed = table.loc[~table["is_pass"], ["game_id", "color", "piece"]].copy()
    placed["turn"] = placed.groupby(["game_id", "color"], observed=True).cumcount() + 1
    stats = placed.groupby(["piece", "color"], observed=True)["turn"].agg(
        mean="mean", low=lambda s: s.quantile(0.25), high=lambda s: s.quantile(0.75), count="size")
    ax = _axes(ax, height=7.0)
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
    _set_title(ax, _titled("When each piece is played", table))
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize="small", frameon=False, loc="lower right", title="mean, IQR bar",
              title_fontsize="small")
    return ax


@literal_text
def plot_seat_results(data: Any, ax: Axes | None = None, *, palette: Mapping[str, str] | str | None = None,
                      variant: str | None = None) -> Axes:
    """Win rate (bars, left axis) and mean points with one standard deviation (right axis) by seat.

    Seats are players in playing order; a k-way tie counts 1/k of a win for
    each. ``data`` may also be a summary from :func:`summarize`.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> bn.analysis.plot_seat_results(game).get_ylabel()
    'win rate'
    """
    palette = resolve_palette(palette)
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
    ax = _axes(ax)
    bars = ax.bar(seats, rates, color=colors, alpha=0.85, edgecolor="black", lw=0.5, label="win rate")
    for bar, rate in zip(bars, rates):
        ax.annotate(f"{rate:.0%}", (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                    ha="center", va="bottom", fontsize="small")
    # Head-room above 100% (and above the points' error bars) for the legend, so it covers nothing.
    ax.set_ylim(0, 1.3)
    ax.set_yticks(np.linspace(0, 1, 6))
    ax.set_xticks(seats, labels)
    ax.set_xlabel("seat (player, in playing order)")
    ax.set_ylabel("win rate")
    points = ax.twinx()
    points.errorbar(seats, means, yerr=spread, fmt="D", color="black", ms=5, capsize=4,
                    label="mean points ± sd")
    points.set_ylabel("points (squares + bonus)")
    low = min(0, min(m - s for m, s in zip(means, spread)) - 5)
    high = max(m + s for m, s in zip(means, spread)) + 5
    points.set_ylim(low, low + (high - low) * 1.3)
    points.set_yticks([t for t in points.get_yticks() if low <= t <= high])
    _set_title(ax, f"Results by seat — {len(summary)} {name} game{'s' if len(summary) != 1 else ''}")
    from matplotlib.patches import Patch

    handles = [Patch(facecolor="lightgrey", edgecolor="black", lw=0.5),
               points.get_legend_handles_labels()[0][0]]
    ax.legend(handles, ["win rate (ties shared)", "mean points ± sd"], fontsize="small",
              frameon=False, loc="upper center", ncol=2)
    return ax


# ------------------------------------------------------------------- one page
class _CurveOptions(TypedDict):
    """The options a match report gives each of its curve plots."""

    palette: Mapping[str, str] | str | None
    legend: bool
    facet: bool | None


@literal_text
def match_report(game: Game, *, palette: Mapping[str, str] | str | None = None,
                 figsize: tuple[float, float] | None = None, review: pd.DataFrame | None = None) -> Figure:
    """One figure for a game, a notebook cell wide: the final board, the result, and the score,
    lead, mobility and territory curves, with one color key for all of them; and, given the
    game's ``review`` (:func:`blokus_nb.analysis.review`), its win-chance panel under them.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> [ax.get_title() for ax in bn.analysis.match_report(game).axes][:3]
    ['Board after 2 moves', 'Result', 'Score']
    """
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    palette = resolve_palette(palette)
    if review is not None:
        from .review import check_frame

        check_frame(review)  # before anything is drawn
    table = metrics(_game(game))
    rows = 3 if review is None else 4
    fig = plt.figure(figsize=_figure_size(figsize or (FIGURE_WIDTH, 10.5 if review is None else 13.5)),
                     layout="constrained")
    grid = fig.add_gridspec(rows, 2, height_ratios=[1.35, 1, 1, 1][:rows])
    board_ax = fig.add_subplot(grid[0, 0])
    plot_board(game, board_ax, palette=palette, legend=False)
    board_ax.set_title(f"Board after {len(game.moves)} moves")
    _result_table(game, fig.add_subplot(grid[0, 1]), palette)
    if len(table):
        curves = _CurveOptions(palette=palette, legend=False, facet=False)
        plot_score_curves(table, fig.add_subplot(grid[1, 0]), **curves).set_title("Score")
        v = game.variant
        lead = (f"Lead: {' + '.join(v.colors_of(1))} ahead of {' + '.join(v.colors_of(2))}"
                if v.n_players == 2 else "Lead over the best other player")
        _set_title(plot_lead(table, fig.add_subplot(grid[1, 1]), **curves), lead)
        plot_mobility(table, fig.add_subplot(grid[2, 0]), **curves).set_title("Mobility")
        plot_territory(table, fig.add_subplot(grid[2, 1]), **curves).set_title(
            "Territory (solid), exclusive (dashed)")
        if review is not None:
            plot_review(review, fig.add_subplot(grid[3, :]), palette=palette)
        key = [Line2D([], [], color=palette[c], lw=2.5, label=c) for c in game.colors]
        fig.legend(handles=key, loc="outside lower center", ncol=len(key), frameon=False)
    names = ", ".join(dict.fromkeys(game.player_names))
    fig.suptitle(textwrap.fill(f"{game.variant.name}: {names}", 70), fontsize="large")
    return fig


def _result_table(game: Game, ax: Axes, palette: dict[str, str]) -> None:
    """The colors' pieces left and scores as a table, and the result in words below it."""
    ax.axis("off")
    points = game.scores("points")
    advanced = game.scores("advanced")
    rows = [[c, str(game.variant.player_of(c, 0)), str(len(game.remaining_pieces(c))), str(points[c]),
             str(advanced[c])] for c in game.colors]
    shown = ax.table(cellText=rows, colLabels=["color", "player", "pieces\nleft", "points", "advanced"],
                     colWidths=[0.22, 0.18, 0.18, 0.18, 0.24], loc="upper center", cellLoc="center")
    # matplotlib shrinks a table's text to fit by default, below what is readable at 100 dpi.
    shown.auto_set_font_size(False)
    shown.set_fontsize(9.5)
    shown.scale(1, 1.7)
    for column in range(5):
        shown[0, column].set_height(shown[0, column].get_height() * 1.6)  # room for "pieces / left"
    for i, color in enumerate(game.colors, start=1):
        shown[i, 0].set_facecolor(palette[color])
        shown[i, 0].get_text().set_color(_text_color_on(palette[color]))
    if game.is_over:
        outcome = game.result()
    elif not game.moves:
        outcome = "not started"
    else:
        outcome = "not finished; leading: " + ", ".join(game.player_label(p) for p in game.winners("points"))
    lines = [textwrap.fill(f"Result: {outcome}", 38),
             f"{len(game.moves)} moves, {len(game.history) - len(game.moves)} passes",
             "points: squares on the board + bonus"]
    ax.text(0.5, 0.0, "\n".join(lines), ha="center", va="bottom", transform=ax.transAxes,
            fontsize=10, linespacing=1.5)
    ax.set_title("Result")


def _text_color_on(color: str) -> str:
    """Black or white, whichever reads better on ``color`` (by its relative luminance)."""
    red, green, blue = _rgb(color)
    return "black" if 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5 else "white"


def plot_review(frame: pd.DataFrame, ax: Axes | None = None, *, palette: dict[str, str] | None = None
                ) -> Axes:
    """The win chance of each player before every move, with inaccuracies, mistakes and blunders marked.

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> from blokus_nb.analysis.review import review_frame
    >>> plot_review(review_frame(game, [])).get_ylabel()
    'win chance'
    """
    import matplotlib.pyplot as plt

    from ..variants import get_variant
    from .review import MARKS, check_frame, side_curves

    check_frame(frame)
    palette = resolve_palette(palette)
    ax = validation.axes(ax)
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4), layout="constrained")
    variant = get_variant(frame.attrs.get("variant", "duo"))
    curves = side_curves(frame, variant.n_players)
    names = frame.attrs.get("players") or [f"Player {p}" for p in range(1, variant.n_players + 1)]
    x = np.arange(len(frame) + 1)
    for player, curve in enumerate(curves, start=1):
        colors = variant.colors_of(player)
        values = np.array([np.nan if v is None else v for v in curve])
        ax.plot(x, values, color=palette[colors[0]] if colors else "grey", lw=1.8,
                label=f"{names[player - 1]} ({' + '.join(colors)})")
    markers = {"inaccuracy": ("o", 5), "mistake": ("s", 6), "blunder": ("v", 9)}
    for kind, (marker, size) in markers.items():
        rows = frame[frame["class"] == kind]
        if len(rows):
            # the frame's index is unique: get_loc gives a position
            ax.plot([cast(int, frame.index.get_loc(i)) + 1 for i in rows.index], rows["win_after"], marker, ls="",
                    color="white", mec="black", ms=size, label=f"{kind} {MARKS[kind]}")
    ax.axhline(0.5 if variant.n_players == 2 else 1 / variant.n_players, color="grey", lw=0.8, ls=":")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("placements played")
    ax.set_ylabel("win chance")
    ax.set_title("Win chance after each move (review)")
    ax.legend(fontsize="small", frameon=False)
    ax.grid(True, alpha=0.3)
    return ax
