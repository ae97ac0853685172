"""Moves: a piece placed by a color, or a pass, with Pentobi's text notation.

A move is written as its cells, ordered as Pentobi orders them (by row number
from 1 up, then by column from ``a``); a pass is written ``pass``.

>>> import blokus_nb as bn
>>> move = bn.Game().legal_moves()[0]
>>> move.color, move.piece.name, str(move)
('blue', '1', 'a20')
"""

from __future__ import annotations

from .coords import on_board, parse_cell
from .errors import IllegalMoveError, InvalidMoveError
from .geometry import geometry
from .pieces import PIECES, Piece, identify

__all__ = ["Move", "parse_placement"]


class Move:
    """An immutable move: ``color`` places ``piece`` on ``cells`` (or passes).

    Get moves from :meth:`Game.legal_moves`, or let :meth:`Game.play` read
    text. ``cells`` are Pentobi cell names, ``coords`` the same cells as
    ``(x, y)`` with ``y`` counted from the top row.
    """

    __slots__ = ("color", "placement", "size", "_cells")

    def __init__(self, color: str, placement: int | None, size: int) -> None:
        self.color = color
        #: Placement id in the board's :func:`~blokus_nb.geometry.geometry` tables (None for a pass).
        self.placement = placement
        self.size = size
        self._cells: tuple[str, ...] | None = None

    @classmethod
    def pass_move(cls, color: str, size: int) -> "Move":
        """The pass of ``color`` on a ``size`` board.

        >>> str(Move.pass_move("orange", 14))
        'pass'
        """
        return cls(color, None, size)

    @property
    def is_pass(self) -> bool:
        """Whether this move is a pass."""
        return self.placement is None

    @property
    def piece(self) -> Piece | None:
        """The piece placed (``None`` for a pass)."""
        if self.placement is None:
            return None
        return PIECES[geometry(self.size).pieces[self.placement]]

    @property
    def cells(self) -> tuple[str, ...]:
        """Covered cells as Pentobi names, in Pentobi's order (empty for a pass)."""
        if self._cells is None:
            self._cells = () if self.placement is None else geometry(self.size).cell_names(self.placement)
        return self._cells

    @property
    def indices(self) -> tuple[int, ...]:
        """Covered cells as board indices ``y * size + x``."""
        if self.placement is None:
            return ()
        return geometry(self.size).cells[self.placement]

    @property
    def coords(self) -> tuple[tuple[int, int], ...]:
        """Covered cells as ``(x, y)``, ``y`` from the top row."""
        return tuple((i % self.size, i // self.size) for i in self.indices)

    def __str__(self) -> str:
        return "pass" if self.placement is None else ",".join(self.cells)

    def __repr__(self) -> str:
        return f"Move({self.color!r}, {str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return (self.color, self.placement, self.size) == (other.color, other.placement, other.size)

    def __hash__(self) -> int:
        return hash((self.color, self.placement, self.size))


def parse_placement(text: str, size: int) -> int | None:
    """The placement id that move text names on a ``size`` board (``None`` for ``pass``).

    Cells may come in any order, separated by commas or spaces, in any case.
    Raises :class:`InvalidMoveError` for text that is not cells at all, and
    :class:`IllegalMoveError` (rule ``off-board`` or ``not-a-piece``) for
    cells off the board or not forming one of the 21 pieces.

    >>> parse_placement("b1,a1", 20) == parse_placement("A1 B1", 20)
    True
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is text like 'e8,d9,e9' or a Move, not {type(text).__name__}")
    words = text.replace(",", " ").split()
    if len(words) == 1 and words[0].lower() == "pass":
        return None
    if not words:
        raise InvalidMoveError("an empty text is not a move; write its cells, like 'e8,d9,e9,f9,e10'")
    parsed = []
    for word in words:
        try:
            parsed.append((word.lower(), parse_cell(word)))
        except ValueError as error:
            raise InvalidMoveError(f"{text!r} is not a move: {error}") from None
    names = [name for name, _ in parsed]
    off = [name for name, (column, row) in parsed if not on_board(column, row, size)]
    if off:
        raise IllegalMoveError(f"{', '.join(off)} {'is' if len(off) == 1 else 'are'} not on the "
                               f"{size}x{size} board", rule="off-board", move=text, cells=off)
    if len(set(names)) != len(names):
        repeated = sorted({n for n in names if names.count(n) > 1})
        raise IllegalMoveError(f"{text!r} names {', '.join(repeated)} more than once",
                               rule="not-a-piece", move=text, cells=repeated)
    indices = [(size - row) * size + column for _, (column, row) in parsed]
    if identify((i % size, i // size) for i in indices) is None:
        raise IllegalMoveError(f"{text!r} is not the shape of any Blokus piece",
                               rule="not-a-piece", move=text, cells=names)
    pid = geometry(size).placement_of_cells(frozenset(indices))
    assert pid is not None, "every on-board piece shape is a placement"
    return pid
