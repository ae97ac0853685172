"""Pictures of an environment's game: an RGB array (a numpy raster) and a live view for humans.

>>> import blokus_nb as bn
>>> image = rgb_array(bn.Game("duo"), cell_pixels=10)
>>> image.shape, image.dtype.name
((140, 140, 3), 'uint8')
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import numpy as np

from ..render import EMPTY, GRID, PALETTE

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["rgb_array", "HumanView"]


def _rgb(hex_color: str) -> tuple[int, int, int]:
    return tuple(int(hex_color[k:k + 2], 16) for k in (1, 3, 5))  # type: ignore[return-value]


def rgb_array(game: Game, cell_pixels: int = 16) -> np.ndarray:
    """The board as an ``(n * cell_pixels, n * cell_pixels, 3)`` uint8 image, in the SVG's colors, with grid lines."""
    table = np.array([_rgb(EMPTY)] + [_rgb(PALETTE[color]) for color in game.colors], dtype=np.uint8)
    image = table[game.board_array()].repeat(cell_pixels, axis=0).repeat(cell_pixels, axis=1)
    if cell_pixels >= 4:
        line = np.array(_rgb(GRID), dtype=np.uint8)
        image[::cell_pixels, :] = line
        image[:, ::cell_pixels] = line
        image[-1, :] = line
        image[:, -1] = line
    return image


class HumanView:
    """``render_mode="human"``: the board shown where a person is looking.

    In a Jupyter kernel one SVG picture is displayed and updated in place at
    every render; elsewhere (a script, a terminal) the text board is printed.
    """

    def __init__(self) -> None:
        self._handle: Any = None

    def show(self, game: Game) -> None:
        """Show the current position."""
        if _in_kernel():
            from IPython.display import SVG, display

            picture = SVG(game.to_svg(size=360))
            if self._handle is None:
                self._handle = display(picture, display_id=True)
            else:
                self._handle.update(picture)
        else:
            print(game, flush=True)

    def close(self) -> None:
        """Forget the displayed picture (the next show starts a new one)."""
        self._handle = None


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (IPython with a kernel), where pictures can be shown."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None
