"""The learned models: a move model (which placement would a strong player choose?)
and a value model (who is ahead?), both linear over :mod:`~blokus_nb.players.features`.

Their weights ship in ``players/data/weights.npz``, written by the training
script (``python training/train.py``, see its docstring) from games of
Pentobi playing itself. Each model has one weight vector per board size (14:
Duo, 20: the classic variants):

* ``move_<size>``: a conditional logit over :data:`~blokus_nb.players.features.MOVE_FEATURES`
  and one indicator per piece (a learned preference for each piece, 21 more
  weights); ``features @ w`` ranks the legal moves of a position;
* ``value_<size>``: a logistic model over :data:`~blokus_nb.players.features.PAIR_FEATURES`;
  ``sigmoid(pair @ w)`` is the chance that one side ends ahead of another.

>>> import blokus_nb as bn
>>> weights = load_weights()
>>> board = bn.Game("duo").board
>>> scores = weights.move_scores(board, 0, board.legal_placements(0))
>>> len(scores) == board.count_legal(0)
True
"""

from __future__ import annotations

import math
import os
import zipfile
import zlib
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import IO

import numpy as np

from .. import validation
from ..atomic import replace_file
from ..engine import Board
from ..errors import BlokusError, short_repr
from ..pieces import PIECES
from ..variants import VARIANTS
from .arrays import weight_array
from .features import MOVE_FEATURES, PAIR_FEATURES, move_features, pair_features, room, side_features

__all__ = ["Weights", "load_weights", "WEIGHTS_PATH"]

#: The weights shipped with the package.
WEIGHTS_PATH = Path(__file__).with_name("data") / "weights.npz"
#: The board sizes a model may be made for.
_SIZES = frozenset(variant.size for variant in VARIANTS.values())


@dataclass(frozen=True, eq=False)
class Weights:
    """Weights of the move model and the value model, per board size (see the module docstring)."""

    move: dict[int, np.ndarray]
    value: dict[int, np.ndarray]

    def move_scores(self, board: Board, color: int, pids: list[int], team: list[int] | None = None,
                    last: int = 0) -> list[float]:
        """The move model's score (a logit) of each placement in ``pids``; higher is more likely."""
        if not pids:
            return []
        w = self._vector(self.move, board.size)
        k = len(MOVE_FEATURES)
        rows = np.array(move_features(board, color, pids, team, last))
        return (rows @ w[:k] + w[k:][_pieces(board.size)[pids]]).tolist()

    def beats(self, board: Board, sides: list[list[int]], to_move: int | None) -> list[list[float]]:
        """``beats[a][b]``: the chance that side ``a`` ends ahead of side ``b`` (0.5 on the diagonal).

        ``sides`` lists each side's color indices; ``to_move`` is the index of
        the side to move next (None if unknown). ``beats[a][b] + beats[b][a] == 1``.

        >>> import blokus_nb as bn
        >>> table = load_weights().beats(bn.Game("duo").board, [[0], [1]], 0)
        >>> round(table[0][1] + table[1][0], 6), table[0][1] > 0.5
        (1.0, True)
        """
        w = self._vector(self.value, board.size)
        rooms = [room(board, c) for c in range(board.n_colors)]
        features = [side_features(board, colors, rooms) for colors in sides]
        progress = board.occupied.bit_count() / (board.size * board.size)
        k = len(sides)
        table = [[0.5] * k for _ in range(k)]
        for a in range(k):
            for b in range(a + 1, k):
                turn = 0.0 if to_move is None else (1.0 if to_move == a else -1.0 if to_move == b else 0.0)
                x = pair_features(features[a], features[b], progress, turn)
                z = sum(wi * xi for wi, xi in zip(w, x))
                p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
                table[a][b], table[b][a] = p, 1.0 - p
        return table

    def win_chances(self, board: Board, sides: list[list[int]], to_move: int | None) -> list[float]:
        """Per side: the chance that it ends ahead of every other side (the product of :meth:`beats`).

        >>> import blokus_nb as bn
        >>> chances = load_weights().win_chances(bn.Game("duo").board, [[0], [1]], 0)
        >>> round(sum(chances), 6)
        1.0
        """
        return self.outcomes(board, sides, to_move)[1]

    def outcomes(self, board: Board, sides: list[list[int]], to_move: int | None
                 ) -> tuple[list[float], list[float]]:
        """Per side: the expected result (share of the other sides it beats) and the win chance.

        >>> import blokus_nb as bn
        >>> results, wins = load_weights().outcomes(bn.Game("duo").board, [[0], [1]], 0)
        >>> round(results[0] + results[1], 6), round(sum(wins), 6)
        (1.0, 1.0)
        """
        table = self.beats(board, sides, to_move)
        others = max(1, len(table) - 1)
        results, wins = [], []
        for a, row in enumerate(table):
            results.append((sum(row) - 0.5) / others)  # row[a] is 0.5: a side against itself
            p = 1.0
            for b, value in enumerate(row):
                if b != a:
                    p *= value
            wins.append(p)
        return results, wins

    @staticmethod
    def _vector(table: dict[int, np.ndarray], size: int) -> np.ndarray:
        try:
            return table[size]
        except KeyError:
            raise BlokusError(f"the weights have no model for a {size}x{size} board "
                              f"(they have {', '.join(map(str, sorted(table)))})") from None

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the weights to an ``.npz`` file that :func:`load_weights` reads; return its path.

        The file is replaced whole or not at all (written beside it, then renamed),
        so an interrupted training run never leaves broken weights behind.
        """
        path = Path(path)
        if path.suffix != ".npz":
            raise BlokusError(f"{path}: weights are written to an .npz file")
        arrays = {f"move_{s}": w for s, w in self.move.items()}
        arrays.update({f"value_{s}": w for s, w in self.value.items()})
        arrays["move_features"] = np.array(MOVE_FEATURES)
        arrays["pair_features"] = np.array(PAIR_FEATURES)
        def write(handle: IO[bytes]) -> None:
            # numpy's stubs read any keyword as its allow_pickle flag; these keys are array names.
            np.savez_compressed(handle, **arrays)  # type: ignore[arg-type]

        replace_file(path, write, binary=True)
        return path


@cache
def _pieces(size: int) -> np.ndarray:
    """The piece index of every placement id, for indexing the per-piece weights."""
    from ..geometry import geometry

    return np.array(geometry(size).pieces)


def load_weights(path: str | os.PathLike[str] | None = None) -> Weights:
    """The weights in ``path`` (default: the ones shipped with the package, read once).

    Raises :class:`~blokus_nb.BlokusError` when the file is missing or was
    written for other features than this version computes, and, naming the
    array, when it holds one that is no part of the models (``move_x``), or
    one that is not numbers, not of the length its features need, or NaN or
    infinite anywhere.
    """
    path = None if path is None else validation.path(path, "path", "read")
    if path is None:
        return _shipped()
    return _read(Path(path))


@lru_cache(maxsize=1)
def _shipped() -> Weights:
    return _read(WEIGHTS_PATH)


def _read(path: Path) -> Weights:
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, zlib.error) as error:
        raise BlokusError(f"cannot read model weights from {path}: {error}. "
                          "Write them with `python training/train.py`") from None
    for key, expected in (("move_features", MOVE_FEATURES), ("pair_features", PAIR_FEATURES)):
        if key not in arrays or arrays[key].dtype.kind != "U" or tuple(arrays[key].tolist()) != expected:
            raise BlokusError(f"{path} was trained on other features than this version computes "
                              f"({key}); train again with `python training/train.py`")
    move: dict[int, np.ndarray] = {}
    value: dict[int, np.ndarray] = {}
    # Every other array is a model for a board size, in the shape its features need.
    shapes = {"move": (len(MOVE_FEATURES) + len(PIECES),), "value": (len(PAIR_FEATURES),)}
    for name, array in arrays.items():
        if name in ("move_features", "pair_features"):
            continue
        model, _, size = name.partition("_")
        if model not in shapes or not (size.isascii() and size.isdigit()) or int(size) not in _SIZES:
            raise BlokusError(f"{path} holds an array named {short_repr(name, 60)}, which is no part of the "
                              f"models: their arrays are move_<size> and value_<size> for the board sizes "
                              f"{', '.join(map(str, sorted(_SIZES)))}, and move_features, pair_features")
        (move if model == "move" else value)[int(size)] = weight_array(path, name, array, shapes[model])
    return Weights(move=move, value=value)
