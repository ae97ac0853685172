"""Small convolutional policy/value networks for Blokus Duo and the classic board, in numpy.

A network looks at a position from the side to move. In Duo its input is
:data:`PLANES` planes of 14 x 14 cells (the mover's and the opponent's
cells, usable corner points and forbidden cells, and the board itself) plus
the pieces each side still holds. The position is first turned to a
*canonical* view: when orange is to move, the board is rotated half a turn,
so that the mover always starts from e10 (:func:`encode`).

On the classic board (four colors, 20 x 20: ``classic``, and the same
four-color position in ``classic_2`` and ``classic_3``) the input is
:data:`CLASSIC_PLANES`: each color's cells, corner points and forbidden
cells, the mover first and the others in playing order after it, and the
board, with the 84 bits of their hands. The board is turned by quarter
turns so that the mover always starts from a20: a quarter turn maps the
start corners onto each other in playing order, so one network serves every
seat. (A mirror image is no symmetry of the four-color game: it reverses the
playing order.)

Layers: :data:`LAYERS` 3x3 convolutions with ReLU (the pieces in hand enter
as a per-channel bias of the first), then two heads:

* **policy**: a 1x1 convolution to one logit per piece orientation (91) and
  anchor cell; a placement's logit is the one of its orientation at its
  anchor (:attr:`NetTables.flat`). A softmax over the legal placements is the
  search's prior.
* **value**: the mean of the last layer over the board, with the hands,
  through a hidden layer to one logit: the chance that the mover wins
  (ties half). On the classic board four logits and a softmax: each color's
  chance of finishing first (ties shared), in the mover's frame; they add
  up to 1.

Trained by ``training/train_net.py`` on the root visit counts and win
estimates (in classic: the results) of Pentobi playing itself; the weights
ship in ``players/data/net_duo.npz`` and ``players/data/net_classic.npz``
(:func:`load_net`).

>>> import blokus_nb as bn
>>> net = load_net()
>>> game = bn.Game("duo")
>>> pids = game.board.legal_placements(0)
>>> logits, value = net.evaluate(game.board, 0, pids)
>>> len(logits) == len(pids), 0.0 < value < 1.0
(True, True)
"""

from __future__ import annotations

import os
import sys
import zipfile
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import IO

import numpy as np

from .. import accel
from ..atomic import replace_file
from ..engine import Board
from ..errors import BlokusError, short_repr
from ..geometry import geometry
from .arrays import weight_array

__all__ = ["Net", "NetTables", "Encoding", "encode", "encode_batch", "tables", "legal_array", "load_net",
           "encoding_of", "NET_PATH", "CLASSIC_NET_PATH", "PLANES", "CLASSIC_PLANES", "FORMAT",
           "CLASSIC_FORMAT", "DUO", "CLASSIC"]

#: The shipped weights.
NET_PATH = Path(__file__).with_name("data") / "net_duo.npz"
#: The shipped weights of the classic (four-color) network.
CLASSIC_NET_PATH = Path(__file__).with_name("data") / "net_classic.npz"
#: Board size the network is made for (Blokus Duo).
SIZE = 14
#: The input planes, in order (from the side to move).
PLANES: tuple[str, ...] = ("own", "opponent", "own_corners", "opponent_corners",
                           "own_forbidden", "opponent_forbidden", "board")
#: What a weights file must say it was made for: the input planes, the hand encoding
#: and the policy's indexing. Weights made for other features are refused.
FORMAT = "duo-v1:" + ",".join(PLANES) + ":hands42:anchor196xorientation91"
N_ORIENTATIONS = 91
N_CELLS = SIZE * SIZE
_BYTES = (N_CELLS + 7) // 8
#: The input planes on the classic board, in order: the mover's, then the other colors' in
#: playing order after it ("next", "across", "previous"), and the board.
CLASSIC_PLANES: tuple[str, ...] = tuple(
    f"{who}{what}" for what in ("", "_corners", "_forbidden")
    for who in ("own", "next", "across", "previous")) + ("board",)
CLASSIC_FORMAT = "classic-v1:" + ",".join(CLASSIC_PLANES) + ":hands84:anchor400xorientation91:first4"


@dataclass(frozen=True)
class Encoding:
    """What a network is made for: its board, its input planes and its weights' format string."""

    name: str
    size: int
    n_colors: int
    planes: tuple[str, ...]
    format: str
    path: Path

    @property
    def cells(self) -> int:
        return self.size * self.size

    @property
    def hands(self) -> int:
        """Bits of the pieces in hand (21 a color)."""
        return 21 * self.n_colors

    def __reduce__(self) -> tuple:
        # Pickled by name, so a player sent to a worker keeps the one encoding object its
        # network is checked against (networks compare encodings by identity).
        return (_encoding_named, (self.name,))


def _encoding_named(name: str) -> Encoding:
    return _ENCODINGS[name]


DUO = Encoding("duo", SIZE, 2, PLANES, FORMAT, NET_PATH)
CLASSIC = Encoding("classic", 20, 4, CLASSIC_PLANES, CLASSIC_FORMAT, CLASSIC_NET_PATH)
_ENCODINGS = {e.name: e for e in (DUO, CLASSIC)}


def encoding_of(board: Board) -> Encoding:
    """The encoding for ``board`` (Duo's, or the classic four-color board's).

    >>> import blokus_nb as bn
    >>> encoding_of(bn.Game("classic_3").board).name
    'classic'
    """
    for encoding in (DUO, CLASSIC):
        if board.size == encoding.size and board.n_colors == encoding.n_colors:
            return encoding
    raise BlokusError(f"the networks play Blokus Duo (14x14, two colors) and the classic board "
                      f"(20x20, four colors), not a {board.size}x{board.size} board with "
                      f"{board.n_colors} colors")


@dataclass(frozen=True, eq=False)
class NetTables:
    """Index tables of the Duo board for the network (see :func:`tables`)."""

    #: Per placement id: ``anchor * 91 + orientation``, its index in the policy map.
    flat: np.ndarray
    #: Per placement id: the placement turned half a turn (orange's view made purple's).
    rotated: np.ndarray
    #: Per placement id: the placement mirrored in the diagonal through both start squares.
    mirrored: np.ndarray
    #: Per placement id: its piece index.
    pieces: np.ndarray
    #: ``placement_at[o, anchor]``: the placement id of orientation ``o`` at ``anchor`` (-1 if none).
    placement_at: np.ndarray
    #: ``turns[k]``, per placement id: the placement turned ``k`` quarter turns, the way that
    #: takes color ``k``'s start corner of the classic board to color 0's (empty in Duo).
    turns: np.ndarray
    #: ``cell_turns[k][c]``: the cell that cell ``c`` of the turned view comes from (empty in Duo).
    cell_turns: np.ndarray


def _quarter_turn(cell: int, size: int) -> int:
    """The cell ``cell`` goes to in a quarter turn: (x, y) -> (y, size - 1 - x), which takes the
    classic board's second start corner (t20) to the first (a20), the third to the second, ..."""
    y, x = divmod(cell, size)
    return (size - 1 - x) * size + y


class _Mover:
    """Placements moved by a symmetry of the board, all at once: ``mover(where)[pid]`` is the
    placement covering the cells of ``pid`` moved, cell ``c`` to ``where[c]``.

    A placement is keyed by its sorted cells read as the digits of one number (base: cells + 1,
    the padding of a short piece the largest digit), so a whole table is one sort and one search.
    """

    def __init__(self, cells: tuple[tuple[int, ...], ...], n_cells: int) -> None:
        width = max(map(len, cells))
        self.n_cells = n_cells
        self.cells = np.full((len(cells), width), n_cells, dtype=np.int64)
        for pid, own in enumerate(cells):
            self.cells[pid, :len(own)] = own
        self.digits = (n_cells + 1) ** np.arange(width - 1, -1, -1, dtype=np.int64)
        keys = self._keys(self.cells)
        self.order = np.argsort(keys)
        self.sorted_keys = keys[self.order]

    def _keys(self, cells: np.ndarray) -> np.ndarray:
        return np.sort(cells, axis=1) @ self.digits

    def __call__(self, where: np.ndarray) -> np.ndarray:
        keys = self._keys(np.append(where, self.n_cells)[self.cells])
        found = np.searchsorted(self.sorted_keys, keys)
        if not (self.sorted_keys[np.minimum(found, len(keys) - 1)] == keys).all():
            raise ValueError("a placement moved by a symmetry of the board is no placement")
        return self.order[found]


@lru_cache(maxsize=2)
def tables(size: int = SIZE) -> NetTables:
    """The (cached) placement tables of the Duo board (``size`` 14) or the classic board (20).

    >>> t = tables()
    >>> bool((t.rotated[t.rotated] == range(len(t.rotated))).all())
    True
    """
    geo = geometry(size)
    n_cells = size * size
    n = len(geo.masks)
    placement_at = np.array(geo.placement_at, dtype=np.int64)
    orientation, anchor = np.nonzero(placement_at >= 0)
    flat = np.empty(n, dtype=np.int64)
    flat[placement_at[orientation, anchor]] = anchor * N_ORIENTATIONS + orientation
    moved = _Mover(geo.cells, n_cells)
    cell = np.arange(n_cells)
    rotated = moved(n_cells - 1 - cell)
    mirrored = moved((cell % size) * size + cell // size)
    turns = cell_turns = np.zeros((0, 0), dtype=np.int64)
    if size == CLASSIC.size:
        turn = np.array([_quarter_turn(c, size) for c in range(n_cells)])
        cell_turns = np.empty((4, n_cells), dtype=np.int64)
        turns = np.empty((4, n), dtype=np.int64)
        to_cell = np.arange(n_cells)  # where each cell goes after k turns
        for k in range(4):
            cell_turns[k][to_cell] = np.arange(n_cells)
            turns[k] = moved(to_cell)
            to_cell = turn[to_cell]
    return NetTables(flat=flat, rotated=rotated, mirrored=mirrored, pieces=np.array(geo.pieces),
                     placement_at=placement_at, turns=turns,
                     cell_turns=cell_turns)


def legal_array(board: Board, color: int) -> np.ndarray:
    """:meth:`Board.legal_placements` as an array, in the same order, without a loop over moves.

    >>> import blokus_nb as bn
    >>> board = bn.Game("duo").board
    >>> legal_array(board, 1).tolist() == board.legal_placements(1)
    True
    """
    compiled = accel.legal_placements(board, color)
    if compiled is not None:
        return compiled
    bitsets = board.legal_bitsets(color)
    if not bitsets:
        return np.zeros(0, dtype=np.int64)
    width = (board.size * board.size + 7) // 8
    raw = b"".join(bits.to_bytes(width, "little") for _, bits in bitsets)
    grid = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little").reshape(len(bitsets), -1)
    rows, anchors = np.nonzero(grid)
    orientations = np.fromiter((o for o, _ in bitsets), dtype=np.int64, count=len(bitsets))
    return tables(board.size).placement_at[orientations[rows], anchors]


def _bits(values: list[int], cells: int = N_CELLS) -> np.ndarray:
    """The bitboards ``values`` as rows of ``cells`` cells (0/1 float32)."""
    width = (cells + 7) // 8
    raw = b"".join(v.to_bytes(width, "little") for v in values)
    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
    return bits.reshape(len(values), width * 8)[:, :cells].astype(np.float32)


def encode(board: Board, color: int) -> tuple[np.ndarray, np.ndarray]:
    """The network's input for ``color`` to move on a Duo or classic ``board``.

    Returns ``(planes, hands)``: in Duo planes of shape ``(196, 7)`` (cell,
    plane; in the canonical view, see the module docstring) and the 42 bits
    of the mover's and then the opponent's pieces in hand; on the classic
    board ``(400, 13)`` and 84 bits, the mover first.

    >>> import blokus_nb as bn
    >>> planes, hands = encode(bn.Game("duo").board, 0)
    >>> planes.shape, int(planes[:, 2].sum()), int(hands.sum())
    ((196, 7), 1, 42)
    """
    if encoding_of(board) is CLASSIC:
        return _encode_classic(board, color)
    other = 1 - color
    occupied = board.occupied
    full = board.geo.full
    planes = _bits([board.own[color], board.own[other], board.attach(color), board.attach(other),
                    board.blocked[color] & ~occupied, board.blocked[other] & ~occupied, full]).T
    if color == 1:
        planes = planes[::-1]
    hand = board.hand[color] | board.hand[other] << 21
    hands = np.unpackbits(np.frombuffer(hand.to_bytes(6, "little"), dtype=np.uint8),
                          bitorder="little")[:42].astype(np.float32)
    return np.ascontiguousarray(planes), hands


def _encode_classic(board: Board, color: int) -> tuple[np.ndarray, np.ndarray]:
    order = [(color + k) % 4 for k in range(4)]
    occupied = board.occupied
    cells = CLASSIC.cells
    planes = _bits([board.own[c] for c in order] + [board.attach(c) for c in order]
                   + [board.blocked[c] & ~occupied for c in order] + [board.geo.full], cells).T
    planes = planes[tables(CLASSIC.size).cell_turns[color]]
    hand = sum(board.hand[c] << 21 * k for k, c in enumerate(order))
    hands = np.unpackbits(np.frombuffer(hand.to_bytes(11, "little"), dtype=np.uint8),
                          bitorder="little")[:84].astype(np.float32)
    return np.ascontiguousarray(planes), hands


def encode_batch(positions: list[tuple[Board, int]]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`encode` of several ``(board, color)`` positions, stacked: ``(B, 196, 7)`` and ``(B, 42)`` in Duo."""
    encoded = [encode(board, color) for board, color in positions]
    return np.stack([p for p, _ in encoded]), np.stack([h for _, h in encoded])


def canonical_pids(pids: list[int] | np.ndarray, color: int, encoding: Encoding = DUO) -> np.ndarray:
    """The placement ids ``pids`` of ``color`` in the canonical view (in Duo rotated for orange;
    on the classic board turned ``color`` quarter turns)."""
    pids = np.asarray(pids, dtype=np.int64)
    if encoding is CLASSIC:
        return tables(CLASSIC.size).turns[color][pids]
    return tables().rotated[pids] if color == 1 else pids


#: Whether numpy's matrix product runs as plain loops here: in a browser (Pyodide) numpy has no
#: BLAS, and there einsum's loop over a contiguous axis makes the convolutions' products about twice
#: as fast as ``@`` (a classic layer's 1.7 against 3.4 ms, a Duo one's 1.6 against 4.1 ms, in
#: Node.js's Pyodide 0.27.7 on a busy core); elsewhere BLAS is far faster than either. The two round
#: differently in the last bits, as BLAS and plain loops already do.
PLAIN_LOOPS = sys.platform == "emscripten"


def conv3x3(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """A 3x3 'same' convolution: ``x`` of shape ``(B, H, W, C)``, ``w`` of ``(9 * C, D)``."""
    b, h, wd, c = x.shape
    padded = np.zeros((b, h + 2, wd + 2, c), dtype=x.dtype)
    padded[:, 1:-1, 1:-1] = x
    # Each cell's 3x3 neighbourhood, row by row, as a view of the padded board; one copy makes the
    # columns (cols[cell, (dy * 3 + dx) * c + channel]), a third faster than joining nine slices.
    strides = padded.strides
    windows = np.lib.stride_tricks.as_strided(padded, (b, h, wd, 3, 3, c),
                                              (strides[0], strides[1], strides[2], strides[1], strides[2],
                                               strides[3]), writeable=False)
    cols = windows.reshape(b * h * wd, 9 * c)
    if PLAIN_LOOPS:
        product = np.einsum("ij,kj->ik", cols, np.ascontiguousarray(w.T))
    else:
        product = cols @ w
    return product.reshape(b, h, wd, -1)


@dataclass(frozen=True, eq=False)
class Net:
    """The network's weights (arrays by name) and its forward pass (see the module docstring)."""

    params: dict[str, np.ndarray]
    #: The board and inputs it is made for (:data:`DUO` or :data:`CLASSIC`).
    encoding: Encoding = DUO

    @property
    def layers(self) -> int:
        """The number of 3x3 convolutions."""
        return sum(1 for k in self.params if k.startswith("conv") and k.endswith("_w"))

    def forward(self, planes: np.ndarray, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Policy maps ``(B, cells * 91)`` (logits) and win chances for encoded positions:
        ``(B,)`` for the mover in Duo, ``(B, 4)`` for each color in the mover's frame in classic."""
        p = self.params
        batch = planes.shape[0]
        size = self.encoding.size
        cells = size * size
        x = planes.reshape(batch, size, size, -1)
        for k in range(self.layers):
            z = conv3x3(x, p[f"conv{k}_w"])
            z += p[f"conv{k}_b"]
            if k == 0:
                z += (hands @ p["hand_w"])[:, None, None, :]
            x = np.maximum(z, 0.0, out=z)
        flat = x.reshape(batch * cells, -1)
        policy = (flat @ p["policy_w"] + p["policy_b"]).reshape(batch, cells * N_ORIENTATIONS)
        pooled = np.concatenate([x.mean(axis=(1, 2)), hands], axis=1)
        hidden = np.maximum(pooled @ p["value1_w"] + p["value1_b"], 0.0)
        if self.encoding is CLASSIC:
            return policy, softmax(hidden @ p["value2_w"] + p["value2_b"])
        z = (hidden @ p["value2_w"] + p["value2_b"])[:, 0]
        return policy, 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))

    def win_chance(self, value: float) -> float:
        """A search's mean value turned into a calibrated win chance (the ``calibration`` array).

        The value head is trained on Pentobi's estimates and level-6 results; the
        two numbers ``a, b`` of ``sigmoid(a * logit(value) + b)`` are fitted to
        the results of level-7 games (``training/calibrate_net.py``). Without
        them the value is returned as it is.

        >>> load_net().win_chance(0.5) == load_net().win_chance(0.5)
        True
        """
        calibration = self.params.get("calibration")
        if calibration is None or self.encoding is CLASSIC:
            return value
        v = min(max(value, 1e-6), 1 - 1e-6)
        z = float(calibration[0]) * np.log(v / (1 - v)) + float(calibration[1])
        return float(1.0 / (1.0 + np.exp(-max(-30.0, min(30.0, z)))))

    def first_chances(self, chances: np.ndarray) -> np.ndarray:
        """Each color's calibrated chance of finishing first, from a classic search's mean chances.

        The ``calibration`` array ``[a]`` sharpens (``a > 1``) or softens them:
        ``chances ** a``, normalised to add up to 1 (``training/calibrate_net.py``).
        Without it the chances are returned as they are.
        """
        chances = np.asarray(chances, dtype=np.float64)
        calibration = self.params.get("calibration")
        if calibration is None or self.encoding is not CLASSIC:
            return chances
        powered = np.maximum(chances, 1e-6) ** float(calibration[0])
        return powered / powered.sum()

    def _check(self, board: Board) -> None:
        if encoding_of(board) is not self.encoding:
            raise BlokusError(f"this network was made for the {self.encoding.name} board, not a "
                              f"{board.size}x{board.size} board with {board.n_colors} colors")

    def evaluate(self, board: Board, color: int, pids: list[int]) -> tuple[list[float], float | np.ndarray]:
        """The policy logits of the placements ``pids`` and the mover's win chance, for ``color`` to move.

        On the classic board the value is each color's chance of finishing first, by color
        index (an array adding up to 1).
        """
        return self.evaluate_batch([(board, color, pids)])[0]

    def evaluate_array(self, board: Board, color: int, pids: np.ndarray) -> tuple[np.ndarray, float | np.ndarray]:
        """:meth:`evaluate` for an array of placement ids, giving an array of logits."""
        self._check(board)
        planes, hands = encode(board, color)
        policy, values = self.forward(planes[None], hands[None])
        logits = policy[0][tables(self.encoding.size).flat[canonical_pids(pids, color, self.encoding)]]
        return logits, self._value(values[0], color)

    def _value(self, value: np.ndarray, color: int) -> float | np.ndarray:
        if self.encoding is CLASSIC:  # the mover's frame back to color indices
            return value.astype(np.float64)[(np.arange(4) - color) % 4]
        return float(value)

    def evaluate_batch(self, positions: list[tuple[Board, int, list[int]]]
                       ) -> list[tuple[list[float], float | np.ndarray]]:
        """:meth:`evaluate` of several ``(board, color, pids)`` in one forward pass."""
        for board, _, _ in positions:
            self._check(board)
        planes, hands = encode_batch([(board, color) for board, color, _ in positions])
        policy, values = self.forward(planes, hands)
        flat = tables(self.encoding.size).flat
        out = []
        for row, value, (_, color, pids) in zip(policy, values, positions):
            logits = row[flat[canonical_pids(pids, color, self.encoding)]] if len(pids) else np.zeros(0)
            out.append((logits.tolist(), self._value(value, color)))
        return out

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the weights to an ``.npz`` that :func:`load_net` reads (replaced whole or not at all)."""
        path = Path(path)
        if path.suffix != ".npz":
            raise BlokusError(f"{path}: network weights are written to an .npz file")
        arrays = {k: v.astype(np.float32) for k, v in self.params.items()}
        arrays["format"] = np.array(self.encoding.format)
        def write(handle: IO[bytes]) -> None:
            # numpy's stubs read any keyword as its allow_pickle flag; these keys are array names.
            np.savez_compressed(handle, **arrays)  # type: ignore[arg-type]

        replace_file(path, write, binary=True)
        return path


def load_net(path: str | os.PathLike[str] | None = None, variant: str = "duo") -> Net:
    """The network for ``variant`` (``"duo"`` or ``"classic"``, which serves ``classic_2`` and
    ``classic_3`` too) in ``path`` (default: the shipped one, read once).

    Raises :class:`~blokus_nb.BlokusError` when the file is missing, broken or
    made for other inputs than this version computes for the variant
    (:data:`FORMAT`, :data:`CLASSIC_FORMAT`), and, naming the array, when it
    lacks one, holds one that is no part of the network, or one that is not
    numbers, not of the shape the inputs and the other layers' widths give it,
    or NaN or infinite anywhere.

    >>> load_net(variant="classic_2").encoding.name
    'classic'
    """
    name = "classic" if variant in ("classic", "classic_2", "classic_3") else variant
    if name not in _ENCODINGS:
        raise BlokusError(f"the networks are made for duo and classic (classic_2, classic_3), "
                          f"not {variant!r}")
    if path is None:
        return _shipped(name)
    return _read(Path(path), _ENCODINGS[name])


@lru_cache(maxsize=2)
def _shipped(name: str) -> Net:
    encoding = _ENCODINGS[name]
    return _read(encoding.path, encoding)


REQUIRED = ("hand_w", "policy_w", "policy_b", "value1_w", "value1_b", "value2_w", "value2_b",
            "conv0_w", "conv0_b")


def _read(path: Path, encoding: Encoding = DUO) -> Net:
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, zlib.error) as error:
        raise BlokusError(f"cannot read network weights from {path}: {error}. "
                          "Write them with `python training/train_net.py`") from None
    made_for = str(arrays.pop("format", "")) if "format" in arrays else "(no format)"
    if made_for != encoding.format:
        raise BlokusError(f"{path} was made for other inputs ({made_for}) than this version "
                          f"computes for {encoding.name} ({encoding.format}); train again with "
                          "`python training/train_net.py`")
    missing = [k for k in REQUIRED if k not in arrays]
    if missing:
        raise BlokusError(f"{path} lacks the arrays {', '.join(missing)}")
    params = {name: weight_array(path, name, array, shape, np.float32)
              for (name, array), shape in zip(arrays.items(), _shapes(arrays, encoding, path))}
    return Net(params, encoding)


def _shapes(arrays: dict[str, np.ndarray], encoding: Encoding, path: Path) -> list[tuple[int, ...]]:
    """The shape each of ``arrays`` must have (in their order), from the layers' widths found in the file.

    The widths (channels of each convolution, units of the value layer) are
    read from the weights' own columns; every other dimension follows from
    them and from ``encoding``'s inputs, so arrays that do not fit together are
    named, whatever numpy would have broadcast.
    """
    layers = sum(1 for name in arrays if name.startswith("conv") and name.endswith("_w"))
    expected: dict[str, tuple[int, ...]] = {"calibration": (2,) if encoding is DUO else (1,)}
    channels = len(encoding.planes)
    for k in range(layers):
        width = _columns(arrays, f"conv{k}_w", path)
        expected |= {f"conv{k}_w": (9 * channels, width), f"conv{k}_b": (width,)}
        channels = width
    hidden, values = _columns(arrays, "value1_w", path), encoding.n_colors if encoding is CLASSIC else 1
    expected |= {"hand_w": (encoding.hands, _columns(arrays, "conv0_w", path)),
                 "policy_w": (channels, N_ORIENTATIONS), "policy_b": (N_ORIENTATIONS,),
                 "value1_w": (channels + encoding.hands, hidden), "value1_b": (hidden,),
                 "value2_w": (hidden, values), "value2_b": (values,)}
    unknown = [name for name in arrays if name not in expected]
    if unknown:
        raise BlokusError(f"{path} holds an array named {short_repr(unknown[0], 60)}, which is no part of the "
                          f"{encoding.name} network (its {layers} convolutions are conv0_w, conv0_b ... "
                          f"conv{layers - 1}_w, conv{layers - 1}_b; then {', '.join(REQUIRED[:7])} and "
                          "calibration)")
    return [expected[name] for name in arrays]


def _columns(arrays: dict[str, np.ndarray], name: str, path: Path) -> int:
    """The number of columns of the matrix ``name`` (a layer's width)."""
    array = arrays.get(name)
    if array is None:  # a convolution missing between two others
        raise BlokusError(f"{path} lacks the array {name}")
    if array.ndim != 2:
        raise BlokusError(f"{path}: the array {name} has the shape {array.shape}, not a matrix (inputs, "
                          "outputs) as the network needs; train again with `python training/train_net.py`")
    return int(array.shape[1])


def softmax(z: np.ndarray) -> np.ndarray:
    """Softmax over the last axis."""
    e = np.exp(z - z.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)
