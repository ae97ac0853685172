"""Static pictures of a game: SVG as a pure function of the position.

>>> import blokus_nb as bn
>>> svg = bn.render.board_svg(bn.Game("duo"), size=280)
>>> svg.startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from . import validation
from .coords import COLUMNS, cell_index
from .errors import ArgumentTypeError, BlokusError, short_repr

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["PALETTE", "COLORBLIND_PALETTE", "board_svg"]

#: Fill colors of the pieces, by color name.
PALETTE: dict[str, str] = {
    "blue": "#2f6fdb", "yellow": "#f2c318", "red": "#dc3b32", "green": "#2f9e4f",
    "purple": "#7d4bb8", "orange": "#f08a1c",
}
#: A palette that stays distinct under the common color-vision deficiencies (Okabe-Ito).
COLORBLIND_PALETTE: dict[str, str] = {
    "blue": "#0072b2", "yellow": "#f0e442", "red": "#d55e00", "green": "#009e73",
    "purple": "#cc79a7", "orange": "#e69f00",
}
EMPTY = "#f4f4f1"
GRID = "#c9c9c4"


def _check_game(game: object) -> None:
    """Refuse what is no :class:`~blokus_nb.Game` (this module is below ``game.py``, so it asks
    for what it reads, not for the class)."""
    if not all(hasattr(game, name) for name in ("board_array", "last_move", "colors", "variant", "size", "lock")):
        raise ArgumentTypeError(f"game is a blokus_nb.Game, not {short_repr(game)}")


def _palette(palette: object, colors: Sequence[str]) -> dict[str, str]:
    """``palette`` (None for the default) as a fill for each of ``colors``."""
    if palette is None:
        return dict(PALETTE)
    checked = validation.mapping(palette, "palette", what="a dict from color names to fills like '#0072b2'")
    missing = [color for color in colors if color not in checked]
    if missing:
        raise BlokusError(f"the palette has no fill for {', '.join(missing)}")
    return {color: validation.colour(checked[color], f"palette[{color!r}]") for color in colors}


def board_svg(game: Game, size: int = 400, *, last_move: bool = True, coordinates: bool = True,
              palette: dict[str, str] | None = None) -> str:
    """The board of ``game`` as an SVG document ``size`` pixels wide.

    Start squares are marked with a ring in their color until covered; the last
    placement is marked with a dot on each of its cells.
    """
    _check_game(game)
    size = validation.number(size, "size", above=0, high=100_000,
                             what="the picture's width in pixels, a positive number up to 100000")
    palette = _palette(palette, game.colors)
    with game.lock:  # one consistent position, even while another thread plays
        grid = game.board_array()
        move = game.last_move if last_move else None
        label = repr(game)
    n = game.size
    margin = 0.9 if coordinates else 0.2  # in cells
    cell = size / (n + 2 * margin)
    colors = game.colors
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size:.0f}" height="{size:.0f}" '
           f'viewBox="0 0 {size:.2f} {size:.2f}" role="img" '
           f'aria-label="{escape(label)}">',
           '<rect width="100%" height="100%" fill="white"/>']
    origin = margin * cell
    for y in range(n):
        for x in range(n):
            value = int(grid[y, x])
            fill = palette[colors[value - 1]] if value else EMPTY
            out.append(f'<rect x="{origin + x * cell:.2f}" y="{origin + y * cell:.2f}" '
                       f'width="{cell:.2f}" height="{cell:.2f}" fill="{fill}" stroke="{GRID}" '
                       f'stroke-width="{max(cell / 28, 0.5):.2f}"/>')
    for color, start in game.variant.start_cells.items():
        index = cell_index(start, n)
        if not grid.flat[index]:
            cx = origin + (index % n + 0.5) * cell
            cy = origin + (index // n + 0.5) * cell
            out.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{cell * 0.3:.2f}" fill="none" '
                       f'stroke="{palette[color]}" stroke-width="{cell * 0.12:.2f}"/>')
    if move is not None:
        for x, y in move.coords:
            out.append(f'<circle cx="{origin + (x + 0.5) * cell:.2f}" cy="{origin + (y + 0.5) * cell:.2f}" '
                       f'r="{cell * 0.14:.2f}" fill="white" fill-opacity="0.85"/>')
    if coordinates:
        font = cell * 0.5
        for x in range(n):
            out.append(f'<text x="{origin + (x + 0.5) * cell:.2f}" y="{origin - cell * 0.25:.2f}" '
                       f'font-size="{font:.1f}" text-anchor="middle" font-family="sans-serif" '
                       f'fill="#555">{COLUMNS[x]}</text>')
        for y in range(n):
            out.append(f'<text x="{origin - cell * 0.15:.2f}" y="{origin + (y + 0.68) * cell:.2f}" '
                       f'font-size="{font:.1f}" text-anchor="end" font-family="sans-serif" '
                       f'fill="#555">{n - y}</text>')
    out.append("</svg>")
    return "\n".join(out)
