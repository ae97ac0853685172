"""Moves: a piece placed by a color, or a pass, with Pentobi's text notation.

A move is written as its cells, ordered as Pentobi orders them (by row number
from 1 up, then by column from ``a``); a pass is written ``pass``.

>>> import blokus_nb as bn
>>> move = bn.Game().legal_moves()[0]
>>> move.color, move.piece.name, str(move)
('blue', '1', 'a20')
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, MutableSequence
from functools import cache
from itertools import accumulate
from operator import itemgetter
from typing import overload

from .coords import check_size, on_board, parse_cell
from .errors import FrozenError, IllegalMoveError, InvalidMoveError
from .geometry import geometry
from .pieces import PIECES, Piece, identify

__all__ = ["Move", "LegalMoves", "MAX_MOVE_TEXT", "parse_placement"]

#: The longest move text read: a move has at most 5 cells (``"t20"`` is the
#: longest name), so 64 characters leave room for any spacing. Longer text is
#: refused at once, before any work that grows with its length.
MAX_MOVE_TEXT = 64


def shown(text: str, limit: int = 40) -> str:
    """``repr(text)``, cut short for an error message when it is long."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


class Move:
    """An immutable move: ``color`` places ``piece`` on ``cells`` (or passes).

    Get moves from :meth:`Game.legal_moves`, or let :meth:`Game.play` read
    text. ``cells`` are Pentobi cell names, ``coords`` the same cells as
    ``(x, y)`` with ``y`` counted from the top row.

    Setting or deleting an attribute raises :class:`~blokus_nb.errors.FrozenError`:
    the moves of :meth:`Game.legal_moves` are shared by every game in the
    process, so a changed one would change them all. Moves pickle and copy.
    """

    __slots__ = ("color", "placement", "size", "_cells")
    color: str
    placement: int | None
    size: int
    _cells: tuple[str, ...] | None

    def __init__(self, color: str, placement: int | None, size: int) -> None:
        if hasattr(self, "size"):  # move.__init__(...) again would change a shared move
            self.__setattr__("size", size)  # raises FrozenError
        if not isinstance(color, str):
            raise InvalidMoveError(f"a move's color is a name like 'blue', not {color!r}")
        check_size(size)
        if placement is not None:
            count = len(geometry(size).masks)
            if isinstance(placement, bool) or not isinstance(placement, int) or not 0 <= placement < count:
                raise InvalidMoveError(f"placement {placement!r} is not a placement id on a {size}x{size} "
                                       f"board (0 to {count - 1}); get moves from Game.legal_moves() "
                                       "or Game.parse_move(text)")
        _set_color(self, color)
        #: Placement id in the board's :func:`~blokus_nb.geometry.geometry` tables (None for a pass).
        _set_placement(self, placement)
        _set_size(self, size)
        _set_cells(self, None)

    @classmethod
    def pass_move(cls, color: str, size: int) -> Move:
        """The pass of ``color`` on a ``size`` board.

        >>> str(Move.pass_move("orange", 14))
        'pass'
        """
        return cls(color, None, size)

    @classmethod
    def _trusted(cls, color: str, placement: int | None, size: int) -> Move:
        """A move from values the engine produced: no checks (a random game makes a new one per move)."""
        move = object.__new__(cls)
        _set_color(move, color)
        _set_placement(move, placement)
        _set_size(move, size)
        _set_cells(move, None)
        return move

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenError("a Move cannot be changed (moves are shared by every game); "
                          "make another with Game.parse_move(text)")

    def __delattr__(self, name: str) -> None:
        self.__setattr__(name, None)

    def __reduce__(self) -> tuple:
        return (Move, (self.color, self.placement, self.size))  # rebuilt through the checks

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: dict) -> Move:
        return self

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
        cells = self._cells
        if cells is None:
            cells = () if self.placement is None else geometry(self.size).cell_names(self.placement)
            _set_cells(self, cells)
        return cells

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


# The slots' own setters: the only way to write a Move's fields, since Move.__setattr__ refuses.
_set_color, _set_placement, _set_size, _set_cells = (Move.__dict__[name].__set__ for name in Move.__slots__)


@cache
def _interned(color: str, size: int) -> list[Move | None]:
    """Moves are immutable, so each (color, placement) is built once, on first use: index by id."""
    return [None] * len(geometry(size).masks)


def interned_move(color: str, placement: int, size: int) -> Move:
    """The shared :class:`Move` of ``color`` for placement id ``placement``."""
    table = _interned(color, size)
    move = table[placement]
    if move is None:
        move = table[placement] = Move._trusted(color, placement, size)
    return move


class LegalMoves(MutableSequence):
    """The legal moves of one color in one position: a list whose moves are built when read.

    :meth:`Game.legal_moves <blokus_nb.Game.legal_moves>` returns one. It
    behaves as a list of :class:`Move` (``len``, indexing, slicing, iteration,
    ``==`` with a list, sorting, shuffling), but holds the engine's anchor
    bitboards and makes a move object only for what is read: ``len`` and
    ``random.choice`` cost no more than the engine's own move generation.
    It is a snapshot: moves played later do not change it.

    >>> import blokus_nb as bn
    >>> moves = bn.Game().legal_moves()
    >>> len(moves), moves[0], moves[-1] == list(moves)[-1]
    (58, Move('blue', 'a20'), True)
    """

    __slots__ = ("color", "size", "_bitsets", "_ends", "_length", "_items", "_last_read")

    def __init__(self, color: str, size: int, bitsets: list[tuple[int, int]]) -> None:
        #: The color the moves are for, and the board size.
        self.color, self.size = color, size
        self._bitsets = bitsets  # [(orientation, anchor bitboard)], as Board.legal_bitsets gives
        # _ends[k]: how many moves the first k + 1 orientations give (for a bisect by index)
        self._ends = list(accumulate(map(int.bit_count, map(itemgetter(1), bitsets))))
        self._length = self._ends[-1] if bitsets else 0
        self._items: list[Move] | None = None  # built on first full read or change
        self._last_read: Move | None = None

    @property
    def bitsets(self) -> list[tuple[int, int]]:
        """The engine's ``(orientation, anchor bitboard)`` pairs these moves are read from
        (:meth:`Board.legal_bitsets <blokus_nb.engine.Board.legal_bitsets>`; read them, do not change them).

        >>> import blokus_nb as bn
        >>> sum(anchors.bit_count() for _, anchors in bn.Game().legal_moves().bitsets)
        58
        """
        return self._bitsets

    def offers(self, move: Move) -> bool:
        """Whether ``move`` was legal in the position this list was made for.

        >>> import blokus_nb as bn
        >>> game = bn.Game("duo")
        >>> moves = game.legal_moves()
        >>> moves.offers(moves[5]), moves.offers(game.parse_move("a1"))
        (True, False)
        """
        if move is self._last_read:  # the usual case: random.choice(moves), then play it
            return True
        if move.color != self.color or move.size != self.size or move.placement is None:
            return False
        geo = geometry(self.size)
        pid = move.placement
        orientation = geo.orientation_of[pid]
        mask = geo.masks[pid]
        anchor = mask & -mask  # an orientation is anchored at its lowest cell
        for o, bits in self._bitsets:
            if o == orientation:
                return bool(bits & anchor)
        return False

    def _list(self) -> list[Move]:
        items = self._items
        if items is None:
            table = _interned(self.color, self.size)
            at = geometry(self.size).placement_at
            color, size = self.color, self.size
            items = []
            append = items.append
            for o, bits in self._bitsets:
                row = at[o]
                while bits:
                    low = bits & -bits
                    pid = row[low.bit_length() - 1]
                    move = table[pid]
                    if move is None:
                        move = table[pid] = Move._trusted(color, pid, size)
                    append(move)
                    bits ^= low
            self._items = items
        return items

    def __len__(self) -> int:
        return self._length if self._items is None else len(self._items)

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index):
        if self._items is not None or isinstance(index, slice):
            return self._list()[index]
        index = index.__index__()
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("legal move index out of range")
        k = bisect_right(self._ends, index)  # the orientation holding the index-th move
        o, bits = self._bitsets[k]
        for _ in range(index - (self._ends[k - 1] if k else 0)):
            bits &= bits - 1  # drop the anchors before it
        pid = geometry(self.size).placement_at[o][(bits & -bits).bit_length() - 1]
        move = self._last_read = interned_move(self.color, pid, self.size)
        return move

    def __setitem__(self, index, value) -> None:
        self._list()[index] = value

    def __delitem__(self, index) -> None:
        del self._list()[index]

    def insert(self, index: int, value: Move) -> None:
        self._list().insert(index, value)

    def sort(self, *, key=None, reverse: bool = False) -> None:
        """Sort in place, as :meth:`list.sort`."""
        self._list().sort(key=key, reverse=reverse)

    def copy(self) -> list[Move]:
        """The moves as a plain list."""
        return list(self._list())

    def __iter__(self) -> Iterator[Move]:
        return iter(self._list())

    def __reversed__(self) -> Iterator[Move]:
        return reversed(self._list())

    def __contains__(self, move: object) -> bool:
        if self._items is not None:  # it may have been changed
            return move in self._items
        return isinstance(move, Move) and self.offers(move)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalMoves):
            other = other._list()
        if not isinstance(other, list):
            return NotImplemented
        return self._list() == other

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __add__(self, other: Iterable[Move]) -> list[Move]:
        return self._list() + list(other)

    def __radd__(self, other: Iterable[Move]) -> list[Move]:
        return list(other) + self._list()

    def __repr__(self) -> str:
        return repr(self._list())

    def __reduce__(self) -> tuple:
        return (list, (self._list(),))  # pickles as the plain list it stands for


def parse_placement(text: str, size: int) -> int | None:
    """The placement id that move text names on a ``size`` board (``None`` for ``pass``).

    Cells may come in any order, separated by commas or spaces, in any case.
    Raises :class:`InvalidMoveError` for text that is not cells at all (or
    longer than :data:`MAX_MOVE_TEXT`), and
    :class:`IllegalMoveError` (rule ``off-board`` or ``not-a-piece``) for
    cells off the board or not forming one of the 21 pieces.

    >>> parse_placement("b1,a1", 20) == parse_placement("A1 B1", 20)
    True
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is text like 'e8,d9,e9' or a Move, not {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError(f"{shown(text)} is not a move: a move names at most 5 cells, so its "
                               f"text has at most {MAX_MOVE_TEXT} characters")
    check_size(size)
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
