"""Bad values anywhere in the public API raise the project's own error, a ValueError."""

from __future__ import annotations

import pytest

import blokus_nb as bn


@pytest.mark.parametrize("call", [
    lambda: bn.Game("hexagonal"),
    lambda: bn.Game().scores("golf"),
    lambda: bn.get_variant("classic").colors_of(5),
    lambda: bn.make_player("grandmaster"),
    lambda: bn.Limit(time=-1),
    lambda: bn.players.GreedyPlayer(temperature=-1),
    lambda: bn.players.MCTSPlayer(seed=1).search(_finished()),
    lambda: bn.polyominoes.enumerate(0),
    lambda: bn.polyominoes.enumerate(3, kind="round"),
    lambda: bn.arena.play_match(["greedy"], variant="duo", games=1, progress=False),
], ids=["variant", "scoring", "player-number", "player-name", "limit", "temperature",
        "search-finished-game", "polyomino-size", "polyomino-kind", "arena-seats"])
def test_bad_values_raise_blokus_errors(call):
    with pytest.raises(bn.BlokusError) as info:
        call()
    assert isinstance(info.value, ValueError) and str(info.value)


def _finished() -> bn.Game:
    from sample_games import random_game

    return random_game("duo", seed=3)
