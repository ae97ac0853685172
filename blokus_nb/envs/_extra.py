"""The one check that the ``rl`` extra (PettingZoo, Gymnasium) is installed, with an error that says how."""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["require"]

INSTALL = 'pip install "blokus-nb[rl]"'


def require(module: str) -> ModuleType:
    """Import ``module`` (``"pettingzoo"`` or ``"gymnasium"``), or raise an ImportError naming the extra.

    >>> require("numpy").__name__
    'numpy'
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ImportError(f"blokus_nb.envs needs {module.split('.')[0]}, which is not installed; "
                          f"install the rl extra: {INSTALL}") from error
