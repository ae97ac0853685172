"""A small convolutional policy/value network for Blokus Duo, evaluated in numpy.

The network looks at a position from the side to move. Its input is
:data:`PLANES` planes of 14 x 14 cells (the mover's and the opponent's
cells, usable corner points and forbidden cells, and the board itself) plus
the pieces each side still holds. The position is first turned to a
*canonical* view: when orange is to move, the board is rotated half a turn,
so that the mover always starts from e10 (:func:`encode`).

Layers: :data:`LAYERS` 3x3 convolutions with ReLU (the pieces in hand enter
as a per-channel bias of the first), then two heads:

* **policy**: a 1x1 convolution to one logit per piece orientation (91) and
  anchor cell; a placement's logit is the one of its orientation at its
  anchor (:attr:`NetTables.flat`). A softmax over the legal placements is the
  search's prior.
* **value**: the mean of the last layer over the board, with the hands,
  through a hidden layer to one logit: the chance that the mover wins
  (ties half).

Trained by ``training/train_net.py`` on the root visit counts and win
estimates of Pentobi playing itself; the weights ship in
``players/data/net_duo.npz`` (:func:`load_net`).

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
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..engine import Board
from ..errors import BlokusError
from ..geometry import geometry
from ..records.writing import replace_file

__all__ = ["Net", "NetTables", "encode", "encode_batch", "tables", "legal_array", "load_net", "NET_PATH",
           "PLANES", "FORMAT"]

#: The shipped weights.
NET_PATH = Path(__file__).with_name("data") / "net_duo.npz"
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


@lru_cache(maxsize=1)
def tables() -> NetTables:
    """The (cached) placement tables of the Duo board.

    >>> t = tables()
    >>> bool((t.rotated[t.rotated] == range(len(t.rotated))).all())
    True
    """
    geo = geometry(SIZE)
    n = len(geo.masks)
    flat = np.empty(n, dtype=np.int64)
    for o, row in enumerate(geo.placement_at):
        for anchor, pid in enumerate(row):
            if pid >= 0:
                flat[pid] = anchor * N_ORIENTATIONS + o
    rotated = np.empty(n, dtype=np.int64)
    mirrored = np.empty(n, dtype=np.int64)
    for pid, cells in enumerate(geo.cells):
        rotated[pid] = geo.placement_of_cells({N_CELLS - 1 - c for c in cells})
        mirrored[pid] = geo.placement_of_cells({(c % SIZE) * SIZE + c // SIZE for c in cells})
    return NetTables(flat=flat, rotated=rotated, mirrored=mirrored, pieces=np.array(geo.pieces),
                     placement_at=np.array(geo.placement_at, dtype=np.int64))


def legal_array(board: Board, color: int) -> np.ndarray:
    """:meth:`Board.legal_placements` as an array, in the same order, without a loop over moves.

    >>> import blokus_nb as bn
    >>> board = bn.Game("duo").board
    >>> legal_array(board, 1).tolist() == board.legal_placements(1)
    True
    """
    bitsets = board.legal_bitsets(color)
    if not bitsets:
        return np.zeros(0, dtype=np.int64)
    raw = b"".join(bits.to_bytes(_BYTES, "little") for _, bits in bitsets)
    grid = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little").reshape(len(bitsets), -1)
    rows, anchors = np.nonzero(grid)
    orientations = np.fromiter((o for o, _ in bitsets), dtype=np.int64, count=len(bitsets))
    return tables().placement_at[orientations[rows], anchors]


def _bits(values: list[int]) -> np.ndarray:
    """The bitboards ``values`` as rows of 196 cells (0/1 float32)."""
    raw = b"".join(v.to_bytes(_BYTES, "little") for v in values)
    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
    return bits.reshape(len(values), _BYTES * 8)[:, :N_CELLS].astype(np.float32)


def encode(board: Board, color: int) -> tuple[np.ndarray, np.ndarray]:
    """The network's input for ``color`` (0 purple, 1 orange) to move on a Duo ``board``.

    Returns ``(planes, hands)``: planes of shape ``(196, 7)`` (cell, plane; in
    the canonical view, see the module docstring) and the 42 bits of the
    mover's and then the opponent's pieces in hand.

    >>> import blokus_nb as bn
    >>> planes, hands = encode(bn.Game("duo").board, 0)
    >>> planes.shape, int(planes[:, 2].sum()), int(hands.sum())
    ((196, 7), 1, 42)
    """
    if board.size != SIZE or board.n_colors != 2:
        raise BlokusError(f"the network plays Blokus Duo (14x14, two colors), not a "
                          f"{board.size}x{board.size} board with {board.n_colors} colors")
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


def encode_batch(positions: list[tuple[Board, int]]) -> tuple[np.ndarray, np.ndarray]:
    """:func:`encode` of several ``(board, color)`` positions, stacked: ``(B, 196, 7)`` and ``(B, 42)``."""
    encoded = [encode(board, color) for board, color in positions]
    return np.stack([p for p, _ in encoded]), np.stack([h for _, h in encoded])


def canonical_pids(pids: "list[int] | np.ndarray", color: int) -> np.ndarray:
    """The placement ids ``pids`` of ``color`` in the canonical view (rotated for orange)."""
    pids = np.asarray(pids, dtype=np.int64)
    return tables().rotated[pids] if color == 1 else pids


def conv3x3(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """A 3x3 'same' convolution: ``x`` of shape ``(B, 14, 14, C)``, ``w`` of ``(9 * C, D)``."""
    b, h, wd, c = x.shape
    padded = np.zeros((b, h + 2, wd + 2, c), dtype=x.dtype)
    padded[:, 1:-1, 1:-1] = x
    cols = np.concatenate([padded[:, dy:dy + h, dx:dx + wd] for dy in range(3) for dx in range(3)],
                          axis=3)
    return (cols.reshape(b * h * wd, 9 * c) @ w).reshape(b, h, wd, -1)


@dataclass(frozen=True, eq=False)
class Net:
    """The network's weights (arrays by name) and its forward pass (see the module docstring)."""

    params: dict[str, np.ndarray]

    @property
    def layers(self) -> int:
        """The number of 3x3 convolutions."""
        return sum(1 for k in self.params if k.startswith("conv") and k.endswith("_w"))

    def forward(self, planes: np.ndarray, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Policy maps ``(B, 196 * 91)`` (logits) and win chances ``(B,)`` for encoded positions."""
        p = self.params
        batch = planes.shape[0]
        x = planes.reshape(batch, SIZE, SIZE, -1)
        for k in range(self.layers):
            z = conv3x3(x, p[f"conv{k}_w"]) + p[f"conv{k}_b"]
            if k == 0:
                z += (hands @ p["hand_w"])[:, None, None, :]
            x = np.maximum(z, 0.0)
        flat = x.reshape(batch * N_CELLS, -1)
        policy = (flat @ p["policy_w"] + p["policy_b"]).reshape(batch, N_CELLS * N_ORIENTATIONS)
        pooled = np.concatenate([x.mean(axis=(1, 2)), hands], axis=1)
        hidden = np.maximum(pooled @ p["value1_w"] + p["value1_b"], 0.0)
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
        if calibration is None:
            return value
        v = min(max(value, 1e-6), 1 - 1e-6)
        z = float(calibration[0]) * np.log(v / (1 - v)) + float(calibration[1])
        return float(1.0 / (1.0 + np.exp(-max(-30.0, min(30.0, z)))))

    def evaluate(self, board: Board, color: int, pids: list[int]) -> tuple[list[float], float]:
        """The policy logits of the placements ``pids`` and the mover's win chance, for ``color`` to move."""
        return self.evaluate_batch([(board, color, pids)])[0]

    def evaluate_array(self, board: Board, color: int, pids: np.ndarray) -> tuple[np.ndarray, float]:
        """:meth:`evaluate` for an array of placement ids, giving an array of logits."""
        planes, hands = encode(board, color)
        policy, values = self.forward(planes[None], hands[None])
        return policy[0][tables().flat[canonical_pids(pids, color)]], float(values[0])

    def evaluate_batch(self, positions: list[tuple[Board, int, list[int]]]
                       ) -> list[tuple[list[float], float]]:
        """:meth:`evaluate` of several ``(board, color, pids)`` in one forward pass."""
        planes, hands = encode_batch([(board, color) for board, color, _ in positions])
        policy, values = self.forward(planes, hands)
        flat = tables().flat
        out = []
        for row, value, (_, color, pids) in zip(policy, values, positions):
            logits = row[flat[canonical_pids(pids, color)]] if len(pids) else np.zeros(0)
            out.append((logits.tolist(), float(value)))
        return out

    def save(self, path: "str | os.PathLike[str]") -> Path:
        """Write the weights to an ``.npz`` that :func:`load_net` reads (replaced whole or not at all)."""
        path = Path(path)
        if path.suffix != ".npz":
            raise BlokusError(f"{path}: network weights are written to an .npz file")
        arrays = {k: v.astype(np.float32) for k, v in self.params.items()}
        arrays["format"] = np.array(FORMAT)
        replace_file(path, lambda handle: np.savez_compressed(handle, **arrays), binary=True)
        return path


def load_net(path: "str | os.PathLike[str] | None" = None) -> Net:
    """The network in ``path`` (default: the shipped one, read once).

    Raises :class:`~blokus_nb.BlokusError` when the file is missing, broken or
    made for other inputs than this version computes (:data:`FORMAT`).
    """
    if path is None:
        return _shipped()
    return _read(Path(path))


@lru_cache(maxsize=1)
def _shipped() -> Net:
    return _read(NET_PATH)


REQUIRED = ("hand_w", "policy_w", "policy_b", "value1_w", "value1_b", "value2_w", "value2_b",
            "conv0_w", "conv0_b")


def _read(path: Path) -> Net:
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError) as error:
        raise BlokusError(f"cannot read network weights from {path}: {error}. "
                          "Write them with `python training/train_net.py`") from None
    made_for = str(arrays.pop("format", "")) if "format" in arrays else "(no format)"
    if made_for != FORMAT:
        raise BlokusError(f"{path} was made for other inputs ({made_for}) than this version "
                          f"computes ({FORMAT}); train again with `python training/train_net.py`")
    missing = [k for k in REQUIRED if k not in arrays]
    if missing:
        raise BlokusError(f"{path} lacks the arrays {', '.join(missing)}")
    return Net({k: v.astype(np.float32) for k, v in arrays.items()})
