"""Games the tests share: random games and Pentobi's color names."""

from __future__ import annotations

import random

import blokus_nb as bn

#: Pentobi's names for the colors in its listings and records.
PENTOBI_COLORS = {"1": "blue", "2": "yellow", "3": "red", "4": "green", "B": "purple", "W": "orange"}


def random_game(variant: str, seed: int, moves: int | None = None) -> bn.Record:
    """A game of uniformly random legal moves: to the end, or to ``moves`` history entries.

    A :class:`~blokus_nb.Record`, so that a test may put metadata and notes on it."""
    rng = random.Random(seed)
    game = bn.Record(variant)
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.play(rng.choice(game.legal_moves()))
    return game
