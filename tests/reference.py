"""A slow, obvious legal-move generator, written straight from the rulebook.

It shares nothing with the engine but the piece shapes, so the engine's tests
can check the fast bitboard generator against it.
"""

from __future__ import annotations

from blokus_nb.pieces import PIECES

SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONALS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def cell_text(x: int, y: int, size: int) -> str:
    return f"{'abcdefghijklmnopqrst'[x]}{size - y}"


def legal_moves(grid: list[list[str | None]], color: str, hand: set[str],
                start: tuple[int, int]) -> set[str]:
    """Every legal move of ``color`` as Pentobi text, on ``grid[y][x]`` (None = empty)."""
    size = len(grid)
    own = {(x, y) for y in range(size) for x in range(size) if grid[y][x] == color}
    moves = set()
    for piece in PIECES:
        if piece.name not in hand:
            continue
        for shape in piece.orientations:
            for oy in range(size):
                for ox in range(size):
                    cells = [(x + ox, y + oy) for x, y in shape]
                    if not all(0 <= x < size and 0 <= y < size for x, y in cells):
                        continue
                    if any(grid[y][x] is not None for x, y in cells):
                        continue
                    if any((x + dx, y + dy) in own for x, y in cells for dx, dy in SIDES):
                        continue
                    if own:
                        if not any((x + dx, y + dy) in own for x, y in cells for dx, dy in DIAGONALS):
                            continue
                    elif start not in cells:
                        continue
                    ordered = sorted(cells, key=lambda c: (-c[1], c[0]))
                    moves.add(",".join(cell_text(x, y, size) for x, y in ordered))
    return moves
