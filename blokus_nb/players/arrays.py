"""The one check of an array read from a weights file (the linear models', the networks').

A file saved again by hand with ``np.savez`` may hold anything: text, the
wrong shape, NaN. Both loaders pass every array through :func:`weight_array`
at load time, so a bad file is a :class:`~blokus_nb.errors.BlokusError`
naming the file and the array, not a raw numpy error at the first move, and
never a player that moves on NaN.

>>> import numpy as np
>>> weight_array("w.npz", "bias", np.array([1.5, 2]), (2,)).dtype
dtype('float64')
>>> weight_array("w.npz", "bias", np.array([np.nan, 2]), (2,))
Traceback (most recent call last):
...
blokus_nb.errors.BlokusError: w.npz: the array 'bias' holds 1 value that is not finite (NaN or infinity); train again
"""

from __future__ import annotations

import os

import numpy as np

from ..errors import BlokusError, short_repr

__all__ = ["weight_array"]

#: numpy's kinds of numbers a weight may be stored as (floats, signed and unsigned integers).
NUMERIC_KINDS = "fiu"


def weight_array(path: str | os.PathLike[str], name: str, array: np.ndarray, shape: tuple[int, ...],
                 dtype: type = np.float64) -> np.ndarray:
    """``array`` (named ``name`` in the file ``path``) as ``dtype``, if it holds finite numbers in ``shape``.

    Raises :class:`~blokus_nb.errors.BlokusError` naming the file, the array and
    what is wrong: its dtype (text, objects, booleans, complex numbers), its
    shape (against the one the model needs), or its values that are NaN or infinite.
    """
    where = f"{os.fspath(path)}: the array {short_repr(name, 60)}"
    if array.dtype.kind not in NUMERIC_KINDS:
        raise BlokusError(f"{where} holds {array.dtype} values, not numbers; train again")
    if array.shape != shape:
        raise BlokusError(f"{where} has the shape {array.shape}, not {shape} as the model needs; train again")
    with np.errstate(over="ignore", invalid="ignore"):  # a value past dtype's range is reported below
        values: np.ndarray = array.astype(dtype)
    bad = int(np.count_nonzero(~np.isfinite(values)))  # also a float64 past float32's range
    if bad:
        raise BlokusError(f"{where} holds {bad} value{'s' if bad > 1 else ''} that {'are' if bad > 1 else 'is'} "
                          "not finite (NaN or infinity); train again")
    return values
