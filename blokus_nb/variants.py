"""The game variants, named as Pentobi names them.

>>> from blokus_nb.variants import get_variant
>>> v = get_variant("duo")
>>> v.size, v.colors, v.start_cells["orange"]
(14, ('purple', 'orange'), 'j5')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType

from .errors import ArgumentTypeError, BlokusError

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
    #: Who plays each color: the players (1-based) who take its moves in turn.
    #: A color one player plays scores for that player; a shared color scores
    #: for no one. Default: player ``k`` plays the ``k``-th color.
    played_by: Mapping[str, tuple[int, ...]] = field(default=None, hash=False)  # type: ignore[arg-type]  # see __post_init__

    def __post_init__(self) -> None:
        # each variant gets its own read-only mappings
        object.__setattr__(self, "start_cells", MappingProxyType(dict(self.start_cells)))
        played_by = self.played_by
        if played_by is None:
            played_by = {color: (k + 1,) for k, color in enumerate(self.colors)}
        played_by = {color: tuple(players) for color, players in played_by.items()}
        if set(played_by) != set(self.colors) or set(self.start_cells) != set(self.colors):
            raise BlokusError(f"variant {self.name}: start_cells and played_by need exactly the colors "
                              f"{', '.join(self.colors)}")
        everyone = {p for players in played_by.values() for p in players}
        if everyone != set(range(1, self.n_players + 1)) or not all(played_by.values()):
            raise BlokusError(f"variant {self.name}: played_by must give every color a player and "
                              f"use each of the players 1 to {self.n_players}")
        object.__setattr__(self, "played_by", MappingProxyType(played_by))

    def __reduce__(self) -> tuple:
        # the read-only mapping cannot be pickled: rebuild from a plain dict
        values = [getattr(self, f.name) for f in fields(self)]
        return (Variant, tuple(dict(v) if isinstance(v, MappingProxyType) else v for v in values))

    def __deepcopy__(self, memo: dict) -> Variant:
        return self  # immutable

    def player_of(self, color: str, nth_move: int = 0) -> int:
        """The player (1-based) who plays ``color``'s ``nth_move`` (0-based) placement.

        >>> get_variant("classic_3").player_of("green", 4)
        2
        """
        if isinstance(nth_move, bool) or not isinstance(nth_move, int) or nth_move < 0:
            raise BlokusError(f"nth_move counts a color's placements from 0, not {nth_move!r}")
        try:
            players = self.played_by[color]
        except (KeyError, TypeError):
            raise BlokusError(f"{color!r} is not a color of {self.name}; "
                              f"colors are {', '.join(self.colors)}") from None
        return players[nth_move % len(players)]

    def colors_of(self, player: int) -> tuple[str, ...]:
        """The colors whose score counts for ``player`` (1-based).

        >>> get_variant("classic_2").colors_of(1)
        ('blue', 'red')
        """
        if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= self.n_players:
            raise BlokusError(f"{self.name} has players 1 to {self.n_players}, not {player!r}")
        return tuple(color for color in self.colors if self.played_by[color] == (player,))

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
                "two players: blue and red against yellow and green",
                {"blue": (1,), "yellow": (2,), "red": (1,), "green": (2,)}),
        Variant("classic_3", 20, _CLASSIC_COLORS, _CLASSIC_STARTS, 3, "Blokus Three-Player",
                "three players; green is shared, played by each player in turn, and not scored",
                {"blue": (1,), "yellow": (2,), "red": (3,), "green": (1, 2, 3)}),
        Variant("duo", 14, ("purple", "orange"), {"purple": "e10", "orange": "j5"}, 2,
                "Blokus Duo", "Blokus Duo: two players on a 14x14 board"),
    )
}


def get_variant(name: str | Variant) -> Variant:
    """The variant called ``name`` (``classic``, ``classic_2``, ``classic_3`` or ``duo``)."""
    if isinstance(name, Variant):
        return name
    if not isinstance(name, str):
        raise ArgumentTypeError(f"a variant is named by a str such as 'duo', not {type(name).__name__} {name!r}")
    key = name.strip().lower().replace("-", "_")
    if key in VARIANTS:
        return VARIANTS[key]
    raise BlokusError(f"unknown variant {name!r}; variants are {', '.join(VARIANTS)}")
