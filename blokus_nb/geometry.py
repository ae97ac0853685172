"""Every placement of every piece orientation on a board, computed once per board size.

A *placement* is one fixed orientation of one piece at one spot on the board.
Its cells are also kept as bitmasks (Python ints, bit ``i`` is cell ``i``):
``masks`` (the cells it covers), ``sides`` (empty cells beside it) and
``corners`` (cells diagonal to it that are not beside it). The engine works on
these masks; nothing here changes after it is built.

Each orientation is anchored at its first cell in reading order (top row, then
left to right), so the other cells sit at non-negative index offsets
``dy * size + dx`` from the anchor. ``valid[o]`` has a bit for every anchor
square at which orientation ``o`` fits on the board.

>>> geo = geometry(20)
>>> len(geo.masks), len(geo.orientations)
(30433, 91)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .coords import COLUMNS, cell_name, pentobi_order
from .errors import BlokusError
from .pieces import PIECES, Shape

__all__ = ["Geometry", "geometry", "neighbours_mask", "diagonals_mask", "grown_mask", "mask_cells", "mask_names"]


@cache
def _edge_masks(size: int) -> tuple[int, int, int]:
    """(all cells, all but the first column, all but the last column)."""
    full = (1 << size * size) - 1
    first = sum(1 << (y * size) for y in range(size))
    last = first << (size - 1)
    return full, full & ~first, full & ~last


def neighbours_mask(cells: int, size: int) -> int:
    """Cells beside (sharing a side with) any cell of ``cells``, excluding ``cells``."""
    full, not_first, not_last = _edge_masks(size)
    out = ((cells >> 1) & not_last) | ((cells << 1) & not_first) | (cells >> size) | (cells << size)
    return out & full & ~cells


def diagonals_mask(cells: int, size: int) -> int:
    """Cells diagonal to a cell of ``cells`` that are neither in it nor beside it."""
    full, not_first, not_last = _edge_masks(size)
    out = (((cells >> (size + 1)) & not_last) | ((cells >> (size - 1)) & not_first)
           | ((cells << (size - 1)) & not_last) | ((cells << (size + 1)) & not_first))
    return out & full & ~cells & ~neighbours_mask(cells, size)


def grown_mask(cells: int, size: int, steps: int = 1) -> int:
    """``cells`` with every cell within ``steps`` king moves of them (sides and diagonals).

    >>> grown_mask(1, 3) == 0b11011  # the corner a 3x3 board grows into its 2x2 block
    True
    """
    full, not_first, not_last = _edge_masks(size)
    for _ in range(steps):
        row = cells | ((cells >> 1) & not_last) | ((cells << 1) & not_first)
        cells = (row | (row >> size) | (row << size)) & full
    return cells


def mask_cells(mask: int) -> list[int]:
    """The cell indices of a bitmask, lowest first.

    >>> mask_cells(0b1010)
    [1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_names(mask: int, size: int) -> list[str]:
    """The cells of a bitmask as Pentobi names, in Pentobi's order (row 1 first, then by column).

    >>> mask_names((1 << 0) | (1 << 20), 20)
    ['a19', 'a20']
    """
    return [cell_name(i, size) for i in sorted(mask_cells(mask), key=lambda i: pentobi_order(i, size))]


@dataclass(frozen=True, eq=False)
class Geometry:
    """Precomputed placements for one board size (see the module docstring)."""

    size: int
    full: int
    #: Per orientation: (piece index, orientation index within the piece, shape).
    orientations: tuple[tuple[int, int, Shape], ...]
    #: Orientation indices of each piece.
    piece_orientations: tuple[tuple[int, ...], ...]
    #: Distinct anchor offsets used by any orientation, and per orientation the
    #: indices into ``offsets`` of its cells.
    offsets: tuple[int, ...]
    orientation_offsets: tuple[tuple[int, ...], ...]
    valid: tuple[int, ...]
    #: Placement id of orientation ``o`` anchored at cell ``p``: ``placement_at[o][p]`` (-1 if none).
    placement_at: tuple[tuple[int, ...], ...]
    # Per placement id:
    pieces: tuple[int, ...]
    orientation_of: tuple[int, ...]
    cells: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...]
    sides: tuple[int, ...]
    corners: tuple[int, ...]
    #: Placement ids of each piece form a contiguous range ``piece_ranges[piece]``.
    piece_ranges: tuple[range, ...]

    def placement_of_cells(self, cells: frozenset[int] | set[int]) -> int | None:
        """Placement id covering exactly these cell indices, or ``None``."""
        return self._by_cells.get(frozenset(cells))

    @property
    def _by_cells(self) -> dict[frozenset[int], int]:
        table = self.__dict__.get("_by_cells_table")
        if table is None:
            table = {frozenset(c): pid for pid, c in enumerate(self.cells)}
            object.__setattr__(self, "_by_cells_table", table)
        return table

    def cell_names(self, pid: int) -> tuple[str, ...]:
        """Cells of placement ``pid`` as Pentobi names, in Pentobi's order."""
        return tuple(cell_name(i, self.size) for i in self.cells[pid])


@cache
def geometry(size: int) -> Geometry:
    """The (cached) placement tables for a ``size`` x ``size`` board (5 to 26: every piece fits, cells have names)."""
    if isinstance(size, bool) or not isinstance(size, int) or not 5 <= size <= len(COLUMNS):
        raise BlokusError(f"a board for the pieces is 5 to {len(COLUMNS)} cells wide, not {size!r}")
    orientations: list[tuple[int, int, Shape]] = []
    piece_orientations = []
    for piece in PIECES:
        ids = []
        for k, shape in enumerate(piece.orientations):
            ids.append(len(orientations))
            orientations.append((piece.index, k, shape))
        piece_orientations.append(tuple(ids))

    offset_list: list[int] = []
    orientation_offsets = []
    valid = []
    placement_at = []
    pieces: list[int] = []
    orientation_of: list[int] = []
    cells: list[tuple[int, ...]] = []
    masks: list[int] = []
    sides: list[int] = []
    corners: list[int] = []
    piece_ranges = []
    start = 0
    for piece_index, piece_ids in enumerate(piece_orientations):
        for o in piece_ids:
            shape = orientations[o][2]
            anchor_x = shape[0][0]  # the first cell in reading order is in row 0
            deltas = [(x - anchor_x, y) for x, y in shape]
            offsets = [dy * size + dx for dx, dy in deltas]
            # Pentobi's order (row number up, then column) does not depend on the anchor.
            written = [dy * size + dx for dx, dy in sorted(deltas, key=lambda c: (-c[1], c[0]))]
            base_mask = sum(1 << d for d in offsets)
            for d in offsets:
                if d not in offset_list:
                    offset_list.append(d)
            orientation_offsets.append(tuple(offset_list.index(d) for d in offsets))
            min_dx = min(dx for dx, _ in deltas)
            max_dx = max(dx for dx, _ in deltas)
            max_dy = max(dy for _, dy in deltas)
            at = [-1] * (size * size)
            valid_mask = 0
            for py in range(size - max_dy):
                for px in range(-min_dx, size - max_dx):
                    p = py * size + px
                    covered = tuple(p + d for d in written)
                    mask = base_mask << p
                    at[p] = len(masks)
                    valid_mask |= 1 << p
                    pieces.append(piece_index)
                    orientation_of.append(o)
                    cells.append(covered)
                    masks.append(mask)
                    sides.append(neighbours_mask(mask, size))
                    corners.append(diagonals_mask(mask, size))
            valid.append(valid_mask)
            placement_at.append(tuple(at))
        piece_ranges.append(range(start, len(masks)))
        start = len(masks)

    return Geometry(
        size=size,
        full=(1 << size * size) - 1,
        orientations=tuple(orientations),
        piece_orientations=tuple(piece_orientations),
        offsets=tuple(offset_list),
        orientation_offsets=tuple(orientation_offsets),
        valid=tuple(valid),
        placement_at=tuple(placement_at),
        pieces=tuple(pieces),
        orientation_of=tuple(orientation_of),
        cells=tuple(cells),
        masks=tuple(masks),
        sides=tuple(sides),
        corners=tuple(corners),
        piece_ranges=tuple(piece_ranges),
    )
