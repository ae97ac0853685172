"""The SGF properties of Pentobi's Blokus dialect: which identifier means what, per color count.

One table per property family gives both the spellings the reader accepts
and the one the writer uses (the first).

>>> sorted(color_keys(("purple", "orange"), MOVE_KEYS).items())
[('1', 'purple'), ('2', 'orange'), ('B', 'purple'), ('W', 'orange')]
"""

from __future__ import annotations

import re

__all__ = ["MOVE_KEYS", "SETUP_KEYS", "METADATA", "SETUP", "ALL_MOVE_KEYS", "PLAYER_KEYS", "NOT_METADATA",
           "color_keys", "written_keys", "sgf_key_problem"]

#: By number of colors: the move properties Pentobi writes, then other spellings it reads.
MOVE_KEYS: dict[int, tuple[tuple[str, ...], ...]] = {2: (("B", "W"), ("1", "2")), 4: (("1", "2", "3", "4"), ("B", "W"))}
#: The same for setup: Pentobi writes AB/AW in two-color games and A1..A4 in four-color ones.
SETUP_KEYS: dict[int, tuple[tuple[str, ...], ...]] = {2: (("AB", "AW"), ("A1", "A2")), 4: (("A1", "A2", "A3", "A4"), ("AB", "AW"))}
#: Root properties kept in ``game.metadata``, by SGF identifier.
METADATA = {"DT": "date", "EV": "event", "RO": "round", "PC": "place", "GN": "name",
             "RE": "result", "C": "comment", "AN": "annotator", "SO": "source", "US": "user",
             "CP": "copyright", "GC": "game_comment", "AP": "application", "TM": "time",
             "OT": "overtime"}
SETUP = ("AB", "AW", "A1", "A2", "A3", "A4", "AE", "PL")
#: Root properties the game itself gives, so they are not kept: the writer writes its own
#: (the file is always UTF-8, and the board size follows from the variant).
_IGNORED = {"CA", "SZ", "GM"}
#: Every move property of any variant: one of another variant (``3[...]`` in Duo) is an error.
ALL_MOVE_KEYS = frozenset(key for table in MOVE_KEYS.values() for keys in table for key in keys)
PLAYER_KEYS = ("PB", "PW", "P1", "P2", "P3", "P4")
#: Root properties this module interprets: never kept as ``sgf:`` metadata, and never
#: written from it (``metadata["sgf:GM"]`` would make a record that lies).
NOT_METADATA = frozenset({*METADATA, *_IGNORED, *SETUP, *PLAYER_KEYS, *ALL_MOVE_KEYS})
_SGF_IDENTIFIER = re.compile(r"[A-Z0-9]+")


def color_keys(colors: tuple[str, ...], table: dict[int, tuple[tuple[str, ...], ...]]) -> dict[str, str]:
    """SGF property -> color, for every spelling the reader accepts (the written one first).

    >>> color_keys(("purple", "orange"), MOVE_KEYS)
    {'B': 'purple', 'W': 'orange', '1': 'purple', '2': 'orange'}
    """
    out: dict[str, str] = {}
    for keys in table[len(colors)]:
        out.update((key, color) for key, color in zip(keys, colors) if key not in out)
    return out


def written_keys(colors: tuple[str, ...], table: dict[int, tuple[tuple[str, ...], ...]]) -> dict[str, str]:
    """Color -> the SGF property Pentobi writes for it.

    >>> written_keys(("purple", "orange"), SETUP_KEYS)
    {'purple': 'AB', 'orange': 'AW'}
    """
    return dict(zip(colors, table[len(colors)][0]))


def sgf_key_problem(key: str) -> str | None:
    """Why a metadata key ``sgf:XX`` cannot be written as root property XX (None: it can).

    >>> sgf_key_problem("sgf:N") is None
    True
    """
    if not key.startswith("sgf:"):
        return None
    identifier = key[4:]
    if not _SGF_IDENTIFIER.fullmatch(identifier):
        return (f"metadata key {key!r}: {identifier!r} is not an SGF property identifier "
                "(uppercase letters and digits)")
    if identifier in NOT_METADATA:
        return (f"metadata key {key!r} names {identifier}, a property the game itself gives "
                "(variant, players, setup, moves, result or notes); remove it from the metadata")
    return None
