"""The hot path: a bitboard position and its legal placements.

Representation (all bitboards are Python ints, bit ``i`` = cell ``i`` of a
``size`` x ``size`` board, see :mod:`blokus_nb.geometry`). Per color ``c``:

* ``own[c]``: the cells it covers;
* ``blocked[c]``: cells it may never use: every covered cell, and every cell
  beside one of its own pieces;
* ``corners[c]``: cells diagonal to its pieces (before its first move: its
  start square). A new piece must cover one of these that is not blocked;
* ``hand[c]``: the pieces it still holds, bit ``k`` for piece ``k``.

The legal placements of one orientation, for every anchor square at once, are
``valid & AND(allowed >> d) & OR(attach >> d)`` over the orientation's cell
offsets ``d``, where ``allowed = ~blocked[c]`` and ``attach = corners[c] &
allowed``. That expression is spelled out for all 91 orientations in one
generated function per board size (:func:`_compile`), because straight-line
code runs several times faster in CPython than a loop over the same tables.
``tests/reference.py`` holds a slow, obvious generator that checks this one.

>>> from blokus_nb.engine import Board
>>> board = Board(20, start_cells=[0, 19, 399, 380])
>>> board.count_legal(0)
58
"""

from __future__ import annotations

import linecache
import random
from collections.abc import Callable, Sequence
from functools import cache

from . import accel
from .geometry import Geometry, geometry, grown_mask
from .pieces import PIECES

__all__ = ["Board", "LegalFunctions"]

LegalFunctions = tuple[Callable[[int, int, int], list], Callable[[int, int, int], int],
                       Callable[[int, int, int], bool]]


@cache
def _compile(size: int) -> LegalFunctions:
    """Generate ``(bitsets, count, any)`` legal-placement functions for one board size.

    Each takes ``(allowed, attach, hand)``. ``bitsets`` returns a list of
    ``(orientation, anchors)`` pairs with a non-empty anchor bitboard, ``count``
    the number of legal placements, ``any`` whether there is at least one.
    """
    geo = geometry(size)
    shifts = [f"    a{k} = allowed >> {d}\n    c{k} = attach >> {d}\n" for k, d in enumerate(geo.offsets)]
    bodies: dict[str, list[str]] = {"bitsets": [], "count": [], "any": []}
    for piece, orientations in enumerate(geo.piece_orientations):
        for name in bodies:
            bodies[name].append(f"    if hand & {1 << piece}:\n")
        for o in orientations:
            ks = geo.orientation_offsets[o]
            touch = " | ".join(f"c{k}" for k in ks)
            fits = " & ".join(f"a{k}" for k in ks)
            test = f"        t = ({touch}) & {geo.valid[o]}\n        if t:\n            t &= {fits}\n"
            bodies["bitsets"].append(test + f"            if t:\n                out.append(({o}, t))\n")
            bodies["count"].append(test + "            n += t.bit_count()\n")
            # any() usually stops at the first fit, so it shifts only what it tests
            # instead of computing every shift up front.
            ds = [geo.offsets[k] for k in ks]
            touch = " | ".join(f"(attach >> {d})" for d in ds)
            fits = " & ".join(f"(allowed >> {d})" for d in ds)
            bodies["any"].append(f"        t = ({touch}) & {geo.valid[o]}\n"
                                 f"        if t and t & {fits}:\n            return True\n")
    heads = {"bitsets": "    out = []\n", "count": "    n = 0\n", "any": ""}
    tails = {"bitsets": "    return out\n", "count": "    return n\n", "any": "    return False\n"}
    namespace: dict = {}
    for name, body in bodies.items():
        prefix = "" if name == "any" else "".join(shifts)
        source = f"def {name}(allowed, attach, hand):\n" + heads[name] + prefix + "".join(body) + tails[name]
        filename = f"<blokus_nb.engine legal {name} {size}x{size}>"
        # Registered with linecache, so tracebacks, pdb and inspect.getsource show the lines.
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        exec(compile(source, filename, "exec"), namespace)
    return namespace["bitsets"], namespace["count"], namespace["any"]


ALL_PIECES = (1 << 21) - 1
MONOMINO = 0  # piece index of the monomino
#: Bit mask of the pentominoes in a hand.
PENTOMINOES = sum(1 << p.index for p in PIECES if p.size == 5)


class Board:
    """A position: who covers what, what each color still holds, and its corner points.

    This is the engine under :class:`blokus_nb.Game`; it knows the placement
    rules but not turns, passes or history. Colors are indices ``0..n-1``;
    placements are ids into :func:`blokus_nb.geometry.geometry` tables.
    """

    __slots__ = ("geo", "size", "n_colors", "start_cells", "occupied", "own", "blocked",
                 "corners", "hand", "last_piece", "_bitsets", "_count", "_any")

    def __init__(self, size: int, start_cells: Sequence[int]) -> None:
        self.geo: Geometry = geometry(size)
        self.size = size
        self.n_colors = len(start_cells)
        self.start_cells = tuple(start_cells)
        self.occupied = 0
        self.own = [0] * self.n_colors
        self.blocked = [0] * self.n_colors
        self.corners = [1 << cell for cell in start_cells]
        self.hand = [ALL_PIECES] * self.n_colors
        self.last_piece = [-1] * self.n_colors
        self._bitsets, self._count, self._any = _compile(size)

    # -- state ---------------------------------------------------------------
    def copy(self) -> Board:
        """An independent copy."""
        other = Board.__new__(Board)
        other.geo, other.size, other.n_colors = self.geo, self.size, self.n_colors
        other.start_cells = self.start_cells
        other._bitsets, other._count, other._any = self._bitsets, self._count, self._any
        other.restore(self.snapshot())
        return other

    def __reduce__(self) -> tuple:
        # the generated legal-move functions cannot be pickled: rebuild them by size
        return (_rebuilt_board, (self.size, self.start_cells, self.snapshot()))

    def snapshot(self) -> tuple:
        """The whole state as an immutable tuple (cheap: a few ints per color)."""
        return (self.occupied, tuple(self.own), tuple(self.blocked), tuple(self.corners),
                tuple(self.hand), tuple(self.last_piece))

    def restore(self, state: tuple) -> None:
        """Go back to a state taken with :meth:`snapshot`."""
        occupied, own, blocked, corners, hand, last_piece = state
        self.occupied = occupied
        self.own, self.blocked, self.corners = list(own), list(blocked), list(corners)
        self.hand, self.last_piece = list(hand), list(last_piece)

    # -- queries ---------------------------------------------------------------
    def attach(self, color: int) -> int:
        """Cells a new piece of ``color`` may attach at (its usable corner points)."""
        return self.corners[color] & ~self.blocked[color]

    def points(self, color: int) -> int:
        """Pentobi's points of ``color``: squares on the board, +15 when all 21 pieces are
        placed, +20 instead when the last one was the monomino."""
        placed = self.own[color].bit_count()
        if self.hand[color]:
            return placed
        return placed + (20 if self.last_piece[color] == MONOMINO else 15)

    def legal_bitsets(self, color: int, pieces: int = ALL_PIECES, near: int = -1) -> list[tuple[int, int]]:
        """``(orientation, anchor bitboard)`` for every orientation with a legal placement.

        ``pieces`` (bit ``k`` for piece ``k``) narrows the search to some of the
        pieces in hand, e.g. the pentominoes; ``near`` (a bitboard) to the
        placements that attach at one of its cells.
        """
        allowed = self.geo.full & ~self.blocked[color]
        attach = self.corners[color] & allowed & near
        if not attach:
            return []
        return self._bitsets(allowed, attach, self.hand[color] & pieces)

    def legal_placements(self, color: int) -> list[int]:
        """Ids of every legal placement for ``color``."""
        at = self.geo.placement_at
        out = []
        for o, bits in self.legal_bitsets(color):
            row = at[o]
            while bits:
                low = bits & -bits
                out.append(row[low.bit_length() - 1])
                bits ^= low
        return out

    def count_legal(self, color: int) -> int:
        """Number of legal placements for ``color`` (its mobility)."""
        allowed = self.geo.full & ~self.blocked[color]
        attach = self.corners[color] & allowed
        if not attach:
            return 0
        return self._count(allowed, attach, self.hand[color])

    def has_legal(self, color: int) -> bool:
        """Whether ``color`` has at least one legal placement."""
        allowed = self.geo.full & ~self.blocked[color]
        attach = self.corners[color] & allowed
        if not attach:
            return False
        hand = self.hand[color]
        if hand >> MONOMINO & 1:
            return True  # the monomino fits on any attach point
        return self._any(allowed, attach, hand)

    def random_placement(self, color: int, rng: random.Random, pieces: int = ALL_PIECES,
                         near: int = -1) -> int | None:
        """A legal placement for ``color`` drawn uniformly from all of them, or ``None``.

        ``pieces`` and ``near`` narrow the draw, as in :meth:`legal_bitsets`.
        """
        bitsets = self.legal_bitsets(color, pieces, near)
        total = 0
        for _, bits in bitsets:
            total += bits.bit_count()
        if not total:
            return None
        r = rng.randrange(total)
        for o, bits in bitsets:
            n = bits.bit_count()
            if r >= n:
                r -= n
                continue
            for _ in range(r):
                bits &= bits - 1
            return self.geo.placement_at[o][(bits & -bits).bit_length() - 1]
        raise AssertionError("unreachable")

    # -- changes ---------------------------------------------------------------
    def place(self, color: int, pid: int) -> None:
        """Put placement ``pid`` on the board for ``color``. No rule is checked here."""
        geo = self.geo
        mask = geo.masks[pid]
        self.occupied |= mask
        self.own[color] |= mask
        blocked = self.blocked
        for c in range(self.n_colors):
            blocked[c] |= mask
        blocked[color] |= geo.sides[pid]
        if self.own[color] == mask:
            # the first piece: the start square stops being an attach point
            # (it matters after a setup that did not cover it)
            self.corners[color] = geo.corners[pid]
        else:
            self.corners[color] |= geo.corners[pid]
        piece = geo.pieces[pid]
        self.hand[color] &= ~(1 << piece)
        self.last_piece[color] = piece

    def playout(self, to_play: int, rng: random.Random, done: int = 0,
                big_first: float = 0.0, local: float = 0.0) -> list[tuple[int, int]]:
        """Play random legal moves until no color can move.

        ``to_play`` moves first; ``done`` is a bitmask of colors already known to
        have no move. Each move is drawn uniformly from the legal ones, except
        that while a color holds pentominoes it places one (drawn uniformly
        among theirs) with probability ``big_first`` when it can, and that with
        probability ``local`` it answers the move just played: it draws among
        the placements attached at its corner points within two squares
        (a king's two steps) of that piece, when there are any. Returns the
        ``(color, placement)`` pairs played.

        With the compiled accelerator built (:mod:`blokus_nb.accel`) and a plain
        ``random.Random``, the same playout runs in C: the same moves, position and
        generator state after it.
        """
        compiled = accel.playout(self, to_play, rng, done, big_first, local, PENTOMINOES)
        if compiled is not None:
            return compiled
        played = []
        n = self.n_colors
        finished = (1 << n) - 1
        color = to_play
        hands = self.hand
        near = -1          # every cell: no move answered yet
        size = self.size
        masks = self.geo.masks
        while done != finished:
            if not done >> color & 1:
                pid = None
                area = near if near != -1 and local and rng.random() < local else -1
                if big_first and hands[color] & PENTOMINOES and rng.random() < big_first:
                    pid = self.random_placement(color, rng, PENTOMINOES, area)
                    if pid is None and area != -1:
                        pid = self.random_placement(color, rng, PENTOMINOES)
                if pid is None and area != -1:
                    pid = self.random_placement(color, rng, ALL_PIECES, area)
                if pid is None:
                    pid = self.random_placement(color, rng)
                if pid is None:
                    done |= 1 << color  # a color that cannot move never can again
                else:
                    self.place(color, pid)
                    played.append((color, pid))
                    if local:
                        near = grown_mask(masks[pid], size, 2)
            color = (color + 1) % n
        return played


def _rebuilt_board(size: int, start_cells: Sequence[int], state: tuple) -> Board:
    """A board in ``state`` (for unpickling)."""
    board = Board(size, start_cells)
    board.restore(state)
    return board
