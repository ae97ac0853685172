"""The precomputed placement tables of a board size."""

from __future__ import annotations

import pytest

from blokus_nb.geometry import diagonals_mask, geometry, mask_cells, mask_names, neighbours_mask
from blokus_nb.pieces import PIECES


@pytest.mark.parametrize("size, placements", [(14, 13729), (20, 30433)])
def test_every_placement_is_counted_once(size, placements):
    geo = geometry(size)
    assert len(geo.masks) == placements and len(geo.orientations) == 91
    assert len({mask for mask in geo.masks}) == placements
    for piece in PIECES:
        ids = geo.piece_ranges[piece.index]
        assert all(geo.pieces[pid] == piece.index for pid in ids)
        assert all(geo.masks[pid].bit_count() == piece.size for pid in ids[:50])


def test_placements_are_found_by_cells_and_by_anchor():
    geo = geometry(14)
    for pid in range(0, len(geo.masks), 97):
        cells = geo.cells[pid]
        assert geo.placement_of_cells(set(cells)) == pid
        mask = geo.masks[pid]
        anchor = (mask & -mask).bit_length() - 1  # an orientation is anchored at its lowest cell
        assert geo.placement_at[geo.orientation_of[pid]][anchor] == pid
        assert geo.valid[geo.orientation_of[pid]] >> anchor & 1
    assert geo.placement_of_cells({0, 2}) is None


def test_sides_and_corners_of_a_cell():
    size = 5
    centre = 1 << 12  # c3
    assert mask_cells(neighbours_mask(centre, size)) == [7, 11, 13, 17]
    assert mask_cells(diagonals_mask(centre, size)) == [6, 8, 16, 18]
    corner = 1 << 4  # e5: nothing wraps round the edge
    assert mask_cells(neighbours_mask(corner, size)) == [3, 9]
    assert mask_cells(diagonals_mask(corner, size)) == [8]
    assert mask_names(centre, size) == ["c3"]


@pytest.mark.parametrize("size", [0, 2, 4, 27, "14", True])
def test_boards_the_pieces_do_not_fit_or_cells_cannot_name_are_refused(size):
    from blokus_nb.errors import BlokusError

    with pytest.raises(BlokusError, match="5 to 26 cells wide"):
        geometry(size)
