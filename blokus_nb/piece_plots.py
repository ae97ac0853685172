"""Teaching pictures: pieces, polyominoes and tilings, in matplotlib and SVG.

Everything is drawn on the same grid as the pieces: ``x`` to the right, ``y``
down, one unit per square. The SVG functions return strings and need nothing
beyond the standard library (notebooks show them without matplotlib); the
``plot_*`` functions import matplotlib only when called and return the Axes.

>>> svg_shapes([((0, 0), (1, 0))]).startswith("<svg")
True
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .pieces import NAMES, TRANSFORM_NAMES, Cell, get, identify, normalize
from .errors import BlokusError

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

__all__ = [
    "PIECE_COLORS", "color_of", "outline", "svg_shapes", "svg_tiling",
    "plot_shapes", "plot_pieces", "plot_orientations", "plot_tiling", "plot_tilings",
]

#: One colour per Blokus piece, by name; the 12 pentominoes get 12 clearly different ones.
PIECE_COLORS: dict[str, str] = {
    "1": "#a9a9a9", "2": "#9a6324", "I3": "#ffd8b1", "V3": "#fffac8", "I4": "#aaffc3",
    "L4": "#c8c66e", "O": "#e8c1a0", "T4": "#c9a0dc", "Z4": "#8fd19e",
    "F": "#e6194b", "I5": "#42d4f4", "L5": "#f58231", "N": "#bfef45", "P": "#fabed4",
    "T5": "#4363d8", "U": "#ffe119", "V5": "#911eb4", "W": "#469990", "X": "#f032e6",
    "Y": "#3cb44b", "Z5": "#dcbeff",
}
_CYCLE = tuple(PIECE_COLORS[name] for name in NAMES[9:]) + tuple(PIECE_COLORS[name] for name in NAMES[:9])
EMPTY_COLOR = "#f4f4f4"
LINE_COLOR = "#333333"
GRID_COLOR = "#cfcfcf"


def color_of(piece: str | Iterable[Cell] | None, index: int = 0) -> str:
    """The colour for a piece name or a shape (its piece's colour), else the ``index``-th of a cycle.

    >>> color_of("X")
    '#f032e6'
    """
    if isinstance(piece, str) and piece in PIECE_COLORS:
        return PIECE_COLORS[piece]
    if piece is not None and not isinstance(piece, str):
        found = identify(piece)
        if found is not None:
            return PIECE_COLORS[found[0].name]
    return _CYCLE[index % len(_CYCLE)]


def outline(owner: dict[Cell, Hashable]) -> list[tuple[Cell, Cell]]:
    """The unit edges between cells of different owners, and around the outside.

    ``owner`` maps each drawn cell to whatever it belongs to (a piece, a
    placement); the edges come back as pairs of grid points.

    >>> len(outline({(0, 0): "a", (1, 0): "a"}))  # a domino: 6 unit edges round it
    6
    """
    edges = []
    for (x, y), who in owner.items():
        sides = (
            ((x, y - 1), ((x, y), (x + 1, y))),
            ((x, y + 1), ((x, y + 1), (x + 1, y + 1))),
            ((x - 1, y), ((x, y), (x, y + 1))),
            ((x + 1, y), ((x + 1, y), (x + 1, y + 1))),
        )
        for neighbour, edge in sides:
            other = owner.get(neighbour, _NOBODY)
            # Each inner edge is seen from both sides; keep it once.
            if other is _NOBODY or (other != who and neighbour > (x, y)):
                edges.append(edge)
    return edges


_NOBODY = object()


# -- layout --------------------------------------------------------------------------------

def _layout(shapes: Sequence[Sequence[Cell]], columns: int | None) -> tuple[list[Cell], int, int, int, int]:
    """Where each shape goes in a grid of equal slots: offsets, slot size, grid size."""
    count = len(shapes)
    slot_w = 1 + max((1 + max(x for x, _ in s) for s in shapes), default=1)
    slot_h = 1 + max((1 + max(y for _, y in s) for s in shapes), default=1)
    if columns is None:
        columns = max(1, min(count, round(math.sqrt(count * slot_h / slot_w) * 1.6)))
    rows = max(1, -(-count // columns))
    offsets = [((i % columns) * slot_w, (i // columns) * slot_h) for i in range(count)]
    return offsets, slot_w, slot_h, columns, rows


def _labels_for(shapes: Sequence[Sequence[Cell]], labels: Sequence[str] | None) -> list[str]:
    if labels is not None:
        if len(labels) != len(shapes):
            raise BlokusError(f"{len(labels)} labels for {len(shapes)} shapes")
        return [str(label) for label in labels]
    out = []
    for shape in shapes:
        found = identify(shape)
        out.append(found[0].name if found else "")
    return out


# -- SVG -----------------------------------------------------------------------------------

def _svg_document(width: float, height: float, cell_size: float, body: list[str]) -> str:
    pad = 2
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * cell_size + 2 * pad:g}" '
        f'height="{height * cell_size + 2 * pad:g}" viewBox="{-pad / cell_size:g} {-pad / cell_size:g} '
        f'{width + 2 * pad / cell_size:g} {height + 2 * pad / cell_size:g}">'
        + "".join(body) + "</svg>"
    )


def _svg_cells(owner: dict[Cell, Hashable], colors: dict[Hashable, str], dx: float = 0, dy: float = 0,
               grid: bool = False) -> list[str]:
    body = []
    for (x, y), who in sorted(owner.items()):
        body.append(f'<rect x="{x + dx:g}" y="{y + dy:g}" width="1" height="1" fill="{colors[who]}" '
                    'shape-rendering="crispEdges"/>')
    if grid:
        for (x, y), who in owner.items():
            if who is None:
                body.append(f'<rect x="{x + dx:g}" y="{y + dy:g}" width="1" height="1" fill="none" '
                            f'stroke="{GRID_COLOR}" stroke-width="0.04"/>')
    path = "".join(f"M{a[0] + dx:g} {a[1] + dy:g}L{b[0] + dx:g} {b[1] + dy:g}" for a, b in outline(owner))
    body.append(f'<path d="{path}" stroke="{LINE_COLOR}" stroke-width="0.08" stroke-linecap="square" fill="none"/>')
    return body


def svg_shapes(shapes: Sequence[Iterable[Cell]], *, columns: int | None = None,
               labels: Sequence[str] | None = None, cell_size: int = 14) -> str:
    """Shapes side by side in a grid, labelled with their piece names (or ``labels``), as SVG.

    >>> "<text" in svg_shapes([get("F").cells])
    True
    """
    shapes = [normalize(s) for s in shapes]
    texts = _labels_for(shapes, labels)
    offsets, slot_w, slot_h, columns, rows = _layout(shapes, columns)
    label_room = 0.9 if any(texts) else 0
    body = []
    for i, (shape, (ox, oy), text) in enumerate(zip(shapes, offsets, texts)):
        oy = oy + (oy // slot_h) * label_room
        owner = {cell: i for cell in shape}
        body += _svg_cells(owner, {i: color_of(shape, i)}, ox + 0.5, oy + 0.5)
        if text:
            bottom = 1 + max(y for _, y in shape)
            body.append(f'<text x="{ox + 0.5:g}" y="{oy + 0.5 + bottom + 0.75:g}" font-size="0.7" '
                        f'font-family="sans-serif" fill="{LINE_COLOR}">{_escape(text)}</text>')
    return _svg_document(columns * slot_w, rows * (slot_h + label_room), cell_size, body)


def _tiling_owners(region: Iterable[Cell], placements: Sequence[tuple[str, Iterable[Cell]]]
                   ) -> tuple[dict[Cell, Hashable], dict[Hashable, str]]:
    """Each cell's owner (the index of the placement on it, None if uncovered) and each owner's color."""
    owner: dict[Cell, Hashable] = {cell: None for cell in region}
    colors: dict[Hashable, str] = {None: EMPTY_COLOR}
    for i, (name, cells) in enumerate(placements):
        for cell in cells:
            owner[cell] = i
        colors[i] = color_of(name, i)
    return owner, colors


def svg_tiling(region: Iterable[Cell], placements: Sequence[tuple[str, Iterable[Cell]]], *,
               cell_size: int = 24) -> str:
    """A region with pieces placed on it, as SVG; uncovered cells are light grey.

    ``placements`` are ``(piece name, cells)`` pairs.

    >>> svg_tiling([(0, 0), (1, 0)], [("2", [(0, 0), (1, 0)])]).count("<rect")
    2
    """
    owner, colors = _tiling_owners(region, placements)
    if not owner:
        return _svg_document(1, 1, cell_size, [])
    min_x = min(x for x, _ in owner)
    min_y = min(y for _, y in owner)
    width = 1 + max(x for x, _ in owner) - min_x
    height = 1 + max(y for _, y in owner) - min_y
    body = _svg_cells(owner, colors, -min_x, -min_y, grid=True)
    return _svg_document(width, height, cell_size, body)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# -- matplotlib ----------------------------------------------------------------------------

def _axes(ax: "Axes | None", width: float, height: float, scale: float = 0.45) -> "Axes":
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(max(1.5, width * scale), max(1.0, height * scale)))
    return ax


def _finish(ax: "Axes", width: float, height: float) -> "Axes":
    ax.set_xlim(-0.2, width + 0.2)
    ax.set_ylim(height + 0.2, -0.2)  # y grows downwards, as on the board
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def _draw_cells(ax: "Axes", owner: dict[Cell, Hashable], colors: dict[Hashable, str],
                dx: float = 0, dy: float = 0) -> None:
    from matplotlib.collections import LineCollection, PolyCollection

    squares = [[(x + dx, y + dy), (x + dx + 1, y + dy), (x + dx + 1, y + dy + 1), (x + dx, y + dy + 1)]
               for x, y in owner]
    faces = [colors[who] for who in owner.values()]
    edges = ["none" if who is not None else GRID_COLOR for who in owner.values()]
    # No antialiasing on the squares: it would show faint seams between squares of one piece.
    ax.add_collection(PolyCollection(squares, facecolors=faces, edgecolors=edges, linewidths=0.5,
                                     antialiaseds=False))
    lines = [((a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)) for a, b in outline(owner)]
    ax.add_collection(LineCollection(lines, colors=LINE_COLOR, linewidths=1.6, capstyle="projecting"))


def plot_shapes(shapes: Sequence[Iterable[Cell]], ax: "Axes | None" = None, *, columns: int | None = None,
                labels: Sequence[str] | None = None, title: str | None = None) -> "Axes":
    """Draw shapes side by side in a grid, labelled with their piece names (or ``labels``).

    >>> ax = plot_shapes([get("F").cells, get("X").cells])  # doctest: +SKIP
    """
    shapes = [normalize(s) for s in shapes]
    texts = _labels_for(shapes, labels)
    offsets, slot_w, slot_h, columns, rows = _layout(shapes, columns)
    label_room = 0.9 if any(texts) else 0
    width, height = columns * slot_w, rows * (slot_h + label_room)
    ax = _axes(ax, width, height, scale=0.3 if len(shapes) > 30 else 0.45)
    for i, (shape, (ox, oy), text) in enumerate(zip(shapes, offsets, texts)):
        oy = oy + (oy // slot_h) * label_room
        _draw_cells(ax, {cell: i for cell in shape}, {i: color_of(shape, i)}, ox + 0.5, oy + 0.5)
        if text:
            bottom = 1 + max(y for _, y in shape)
            ax.text(ox + 0.5, oy + 0.5 + bottom + 0.15, text, va="top", ha="left", fontsize=9)
    if title:
        ax.set_title(title)
    return _finish(ax, width, height)


def plot_pieces(ax: "Axes | None" = None) -> "Axes":
    """All 21 Blokus pieces with their names.

    >>> ax = plot_pieces()  # doctest: +SKIP
    """
    from .pieces import PIECES

    return plot_shapes([p.cells for p in PIECES], ax=ax, columns=7)


def plot_orientations(name: str, ax: "Axes | None" = None) -> "Axes":
    """One piece's fixed orientations, each labelled with the transform that first gives it.

    >>> ax = plot_orientations("F")  # doctest: +SKIP
    """
    from .pieces import transform

    piece = get(name)
    labels = []
    for shape in piece.orientations:
        first = next(t for t in range(8) if transform(piece.cells, t) == shape)
        labels.append(TRANSFORM_NAMES[first])
    ax = plot_shapes(piece.orientations, ax=ax, columns=min(len(piece.orientations), 4), labels=labels)
    count = len(piece.orientations)
    ax.set_title(f"{piece.name}: {count} orientation{'s' if count > 1 else ''}, "
                 f"{len(piece.symmetries)} symmetr{'ies' if len(piece.symmetries) > 1 else 'y'}")
    return ax


def plot_tiling(region: Iterable[Cell], placements: Sequence[tuple[str, Iterable[Cell]]],
                ax: "Axes | None" = None, *, title: str | None = None) -> "Axes":
    """A region with pieces placed on it; uncovered cells are light grey.

    >>> ax = plot_tiling([(0, 0), (1, 0)], [("2", [(0, 0), (1, 0)])])  # doctest: +SKIP
    """
    owner, colors = _tiling_owners(region, placements)
    width = 1 + max((x for x, _ in owner), default=0)
    height = 1 + max((y for _, y in owner), default=0)
    ax = _axes(ax, width, height)
    _draw_cells(ax, owner, colors)
    if title:
        ax.set_title(title)
    return _finish(ax, width, height)


def plot_tilings(tilings: Sequence[tuple[Iterable[Cell], Sequence[tuple[str, Iterable[Cell]]]]], *,
                 columns: int = 4, titles: Sequence[str] | None = None, scale: float = 0.25) -> Any:
    """Several ``(region, placements)`` pictures in one figure; returns the figure.

    >>> fig = plot_tilings([([(0, 0)], [("1", [(0, 0)])])])  # doctest: +SKIP
    """
    import matplotlib.pyplot as plt

    tilings = list(tilings)
    columns = max(1, min(columns, len(tilings)))
    rows = max(1, -(-len(tilings) // columns))
    width = max((1 + max(x for x, _ in region) for region, _ in tilings), default=1)
    height = max((1 + max(y for _, y in region) for region, _ in tilings), default=1)
    fig, axes = plt.subplots(rows, columns, figsize=(columns * (width + 1) * scale, rows * (height + 2) * scale),
                             squeeze=False)
    for i, ax in enumerate(axes.flat):
        if i < len(tilings):
            region, placements = tilings[i]
            plot_tiling(region, placements, ax=ax, title=titles[i] if titles else None)
        else:
            ax.axis("off")
    return fig
