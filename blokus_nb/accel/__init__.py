"""The optional compiled accelerator: random playouts in C, move for move the same as the engine's
(and the batched engine's moves, :mod:`blokus_nb.accel.vector`).

``make accel`` compiles ``playout.c`` and ``vector.c`` into ``_accel.cdll`` beside this file
(a C compiler is all it needs; no Python headers: it is loaded with
:mod:`ctypes`). Nothing needs it: :meth:`blokus_nb.engine.Board.playout`
hands a playout to it when it is built and the generator is a plain
:class:`random.Random`, and the moves, the position after them and the
generator's state are exactly what the Python playout gives
(``tests/test_accel.py`` plays thousands of playouts both ways). In a browser
(Pyodide) or wherever it is not built, the Python playout runs. Set
``BLOKUS_NB_ACCEL=0`` to leave it unused.

>>> import blokus_nb.accel as accel
>>> accel.available() in (True, False)
True
"""

from __future__ import annotations

import array
import os
import random
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

try:
    import ctypes
except ImportError:  # a Python built without it (some browser builds): the Python playouts serve
    ctypes = None  # type: ignore[assignment]

import numpy as np

from ..geometry import _edge_masks, geometry

if TYPE_CHECKING:
    from ..engine import Board

__all__ = ["available", "legal_mask", "legal_placements", "playout", "LIBRARY"]

#: Where ``make accel`` puts the compiled library (not named ``.so``: it is no Python module).
LIBRARY = Path(__file__).with_name("_accel.cdll")
_MAX_PLACED = 4 * 21


@cache
def _library() -> ctypes.CDLL | None:
    if ctypes is None or os.environ.get("BLOKUS_NB_ACCEL", "1") == "0" or not LIBRARY.is_file():
        return None
    try:
        library = ctypes.CDLL(str(LIBRARY))
    except OSError:  # built for another machine, or not loadable here: the Python playout serves
        return None
    pointer, integer = ctypes.c_void_p, ctypes.c_int
    library.accel_tables.restype = pointer
    library.accel_tables.argtypes = [integer, integer, pointer, integer, pointer, pointer, pointer, pointer,
                                     pointer, integer, pointer, pointer, pointer, pointer, pointer]
    library.accel_playout.restype = integer
    library.accel_playout.argtypes = [pointer, integer, integer, integer, ctypes.c_double, ctypes.c_double,
                                      pointer, pointer, pointer, pointer, pointer, pointer, integer,
                                      ctypes.c_uint32]
    library.accel_legal_mask.restype = integer
    library.accel_legal_mask.argtypes = [pointer, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint32, pointer]
    library.accel_legal_list.restype = integer
    library.accel_legal_list.argtypes = [pointer, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint32, pointer,
                                         integer]
    return library


@cache
def _state_in_place() -> tuple[int, int] | None:
    """Where a ``random.Random``'s 624 words and index sit in the object, if this Python keeps them
    where CPython's ``_random`` does (after the object's header: the index, then the words).

    Drawing from them in place spares the playout a ``getstate()`` and a ``setstate()`` (about 30 us,
    as much as a short playout). It is used only if a generator's memory read there equals its
    ``getstate()`` word for word, before and after draws; else the state is copied both ways.
    """
    if ctypes is None or sys.implementation.name != "cpython":
        return None
    index_offset = 2 * ctypes.sizeof(ctypes.c_void_p)  # after the reference count and the type
    words_offset = index_offset + ctypes.sizeof(ctypes.c_int)
    probe = random.Random(20261206)
    for _ in range(3):
        internal = probe.getstate()[1]
        raw = ctypes.string_at(id(probe) + index_offset, 4 + 624 * 4)
        index = int.from_bytes(raw[:4], sys.byteorder, signed=True)
        words = array.array("I", raw[4:])
        if index != internal[624] or tuple(words) != internal[:624]:
            return None
        for _ in range(700):  # past a refill of the 624 words
            probe.random()
    return words_offset, index_offset


def available() -> bool:
    """Whether the compiled playout is built and loads here."""
    return _library() is not None


def _words(value: int, words: int) -> bytes:
    return value.to_bytes(words * 8, "little")


@cache
def _tables(size: int) -> tuple[int, int, tuple[np.ndarray, ...]]:
    """The C tables of one board size: ``(handle, words, arrays kept alive)``."""
    library = _library()
    assert library is not None
    geo = geometry(size)
    words = (size * size + 63) // 64

    def bitboards(values: tuple[int, ...] | list[int]) -> np.ndarray:
        return np.frombuffer(b"".join(_words(v, words) for v in values), dtype=np.uint64).copy()

    offsets = np.array(geo.offsets, dtype=np.int32)
    pieces_of = np.array([piece for piece, _, _ in geo.orientations], dtype=np.int32)
    counts = np.array([len(ks) for ks in geo.orientation_offsets], dtype=np.int32)
    cell_offsets = np.zeros((len(geo.orientations), 5), dtype=np.int32)
    for o, ks in enumerate(geo.orientation_offsets):
        cell_offsets[o, :len(ks)] = ks
    valid = bitboards(geo.valid)
    placement_at = np.array(geo.placement_at, dtype=np.int32)
    masks, sides, corners = bitboards(geo.masks), bitboards(geo.sides), bitboards(geo.corners)
    pieces = np.array(geo.pieces, dtype=np.int32)
    edges = bitboards(list(_edge_masks(size)))
    arrays = (offsets, pieces_of, counts, cell_offsets, valid, placement_at, masks, sides, corners, pieces, edges)
    handle = library.accel_tables(size, len(offsets), offsets.ctypes.data, len(geo.orientations),
                                  pieces_of.ctypes.data, counts.ctypes.data, cell_offsets.ctypes.data,
                                  valid.ctypes.data, placement_at.ctypes.data, len(geo.masks), masks.ctypes.data,
                                  sides.ctypes.data, corners.ctypes.data, pieces.ctypes.data, edges.ctypes.data)
    if not handle:
        raise MemoryError(f"the accelerator's tables for a {size}x{size} board could not be made")
    return handle, words, arrays


def playout(board: Board, to_play: int, rng: random.Random, done: int, big_first: float,
            local: float, pentominoes: int) -> list[tuple[int, int]] | None:
    """:meth:`Board.playout <blokus_nb.engine.Board.playout>` in C, or ``None`` when it cannot run here
    (not built, or ``rng`` is not a plain :class:`random.Random`): then nothing was changed."""
    library = _library()
    if library is None or type(rng) is not random.Random:
        return None
    handle, words, _ = _tables(board.size)
    n = board.n_colors
    bitboard_values = [board.occupied]
    for c in range(n):
        bitboard_values += [board.own[c], board.blocked[c], board.corners[c]]
    state = bytearray(b"".join(_words(v, words) for v in bitboard_values))
    state_pointer = (ctypes.c_char * len(state)).from_buffer(state)
    hand = array.array("I", board.hand)
    last_piece = array.array("i", board.last_piece)
    played = array.array("i", bytes(8 * _MAX_PLACED))
    own_state = _state_in_place()
    if own_state is not None:  # the generator's own words, drawn from in place
        mt_address, index_address = id(rng) + own_state[0], id(rng) + own_state[1]
    else:
        version, internal, gauss = rng.getstate()
        mt = array.array("I", internal[:624])
        index = array.array("i", internal[624:])
        mt_address, index_address = mt.buffer_info()[0], index.buffer_info()[0]
    count = library.accel_playout(handle, n, to_play, done, big_first, local, ctypes.addressof(state_pointer),
                                  hand.buffer_info()[0], last_piece.buffer_info()[0], mt_address, index_address,
                                  played.buffer_info()[0], _MAX_PLACED, pentominoes)
    del state_pointer  # the bytearray may be resized again only without it
    if count < 0:  # no room for the moves: impossible in a game; let the Python playout do it
        return None
    size = words * 8
    board.occupied = int.from_bytes(state[:size], "little")
    for c in range(n):
        base = (1 + 3 * c) * size
        board.own[c] = int.from_bytes(state[base:base + size], "little")
        board.blocked[c] = int.from_bytes(state[base + size:base + 2 * size], "little")
        board.corners[c] = int.from_bytes(state[base + 2 * size:base + 3 * size], "little")
    board.hand = hand.tolist()
    board.last_piece = last_piece.tolist()
    if own_state is None:
        rng.setstate((version, (*mt, *index), gauss))
    pairs = played[:2 * count].tolist()
    return list(zip(pairs[::2], pairs[1::2]))


def legal_mask(board: Board, color: int) -> np.ndarray | None:
    """The int8 action mask of ``color``'s legal placements on ``board``
    (:meth:`ObservationEncoder.action_mask <blokus_nb.envs.ObservationEncoder.action_mask>`'s), or
    ``None`` where the accelerator is not built."""
    library = _library()
    if library is None:
        return None
    handle, words, _ = _tables(board.size)
    allowed = board.geo.full & ~board.blocked[color]
    attach = board.corners[color] & allowed
    mask = np.zeros(len(board.geo.masks), dtype=np.int8)
    if attach:
        # the array's address through the buffer protocol: a third of what mask.ctypes.data costs
        address = ctypes.addressof(ctypes.c_char.from_buffer(mask))  # type: ignore[arg-type]  # numpy: a Buffer
        library.accel_legal_mask(handle, _words(allowed, words), _words(attach, words), board.hand[color], address)
    return mask


#: Room for this many placement ids in :func:`legal_placements`'s first call (more are rare: then it
#: calls again with room for them all).
_LIST_ROOM = 1024


def legal_placements(board: Board, color: int) -> np.ndarray | None:
    """The ids of ``color``'s legal placements on ``board``, ascending (int64; what
    :meth:`Board.legal_placements <blokus_nb.engine.Board.legal_placements>` lists), or ``None``
    where the accelerator is not built."""
    library = _library()
    if library is None:
        return None
    allowed = board.geo.full & ~board.blocked[color]
    attach = board.corners[color] & allowed
    if not attach:
        return np.zeros(0, dtype=np.int64)
    handle, words, _ = _tables(board.size)
    allowed_words, attach_words, hand = _words(allowed, words), _words(attach, words), board.hand[color]
    room = _LIST_ROOM
    while True:
        out = np.empty(room, dtype=np.int32)
        address = ctypes.addressof(ctypes.c_char.from_buffer(out))  # type: ignore[arg-type]  # numpy: a Buffer
        count = library.accel_legal_list(handle, allowed_words, attach_words, hand, address, room)
        if count <= room:
            return out[:count].astype(np.int64)
        room = count
