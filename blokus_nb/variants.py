"""The game variants, named as Pentobi names them.

>>> from blokus_nb.variants import get_variant
>>> v = get_variant("duo")
>>> v.size, v.colors, v.start_cells["orange"]
(14, ('purple', 'orange'), 'j5')
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Mapping
from .errors import BlokusError

__all__ = ["Variant", "VARIANTS", "get_variant"]


@dataclass(frozen=True)
class Variant:
    """Board size, colors in playing order, start squares and who plays which color."""

    name: str
    size: int
    colors: tuple[str, ...]
    start_cells: Mapping[str, str] = field(hash=False)
    n_players: int
    #: The value of Pentobi's SGF ``GM`` property for this variant.
    sgf_name: str
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        # each variant gets its own read-only mapping
        object.__setattr__(self, "start_cells", MappingProxyType(dict(self.start_cells)))

    def __reduce__(self) -> tuple:
        # the read-only mapping cannot be pickled: rebuild from a plain dict
        values = [getattr(self, f.name) for f in fields(self)]
        return (Variant, tuple(dict(v) if isinstance(v, MappingProxyType) else v for v in values))

    def __deepcopy__(self, memo: dict) -> "Variant":
        return self  # immutable

    def player_of(self, color: str, nth_move: int = 0) -> int:
        """The player (1-based) who plays ``color``'s ``nth_move`` (0-based) placement.

        >>> get_variant("classic_3").player_of("green", 4)
        2
        """
        index = self.colors.index(color)
        if self.name == "classic_2":
            return 1 + index % 2
        if self.name == "classic_3" and color == "green":
            return 1 + nth_move % 3  # the shared color is played in turn
        return index + 1

    def colors_of(self, player: int) -> tuple[str, ...]:
        """The colors whose score counts for ``player`` (1-based).

        >>> get_variant("classic_2").colors_of(1)
        ('blue', 'red')
        """
        if not 1 <= player <= self.n_players:
            raise BlokusError(f"{self.name} has players 1 to {self.n_players}, not {player}")
        if self.name == "classic_2":
            return self.colors[player - 1::2]
        return (self.colors[player - 1],)  # in classic_3, green's score is ignored

    def __str__(self) -> str:
        return self.name


_CLASSIC_COLORS = ("blue", "yellow", "red", "green")
_CLASSIC_STARTS = {"blue": "a20", "yellow": "t20", "red": "t1", "green": "a1"}

#: Every variant by name.
VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("classic", 20, _CLASSIC_COLORS, _CLASSIC_STARTS, 4, "Blokus",
                "four players, one color each"),
        Variant("classic_2", 20, _CLASSIC_COLORS, _CLASSIC_STARTS, 2, "Blokus Two-Player",
                "two players: blue and red against yellow and green"),
        Variant("classic_3", 20, _CLASSIC_COLORS, _CLASSIC_STARTS, 3, "Blokus Three-Player",
                "three players; green is shared, played by each player in turn, and not scored"),
        Variant("duo", 14, ("purple", "orange"), {"purple": "e10", "orange": "j5"}, 2,
                "Blokus Duo", "Blokus Duo: two players on a 14x14 board"),
    )
}


def get_variant(name: "str | Variant") -> Variant:
    """The variant called ``name`` (``classic``, ``classic_2``, ``classic_3`` or ``duo``)."""
    if isinstance(name, Variant):
        return name
    key = str(name).strip().lower().replace("-", "_")
    if key in VARIANTS:
        return VARIANTS[key]
    raise BlokusError(f"unknown variant {name!r}; variants are {', '.join(VARIANTS)}")
