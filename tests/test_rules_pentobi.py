"""Our legal moves, at every position of two Pentobi games, are exactly Pentobi's."""

from __future__ import annotations

import gzip
import json

import pytest
from data_paths import DATA
from sample_games import PENTOBI_COLORS

import blokus_nb as bn

LISTINGS = {
    "classic": DATA / "pentobi" / "legal" / "classic_L1_0002.legal.jsonl.gz",
    "duo": DATA / "pentobi" / "legal" / "duo_L1_0001.legal.jsonl.gz",
}


def positions(variant: str) -> list[dict]:
    with gzip.open(LISTINGS[variant], "rt") as handle:
        return [json.loads(line) for line in handle]


@pytest.mark.parametrize("variant", sorted(LISTINGS))
def test_legal_moves_of_every_color_match_pentobi(variant):
    game = bn.Game(variant)
    checked = 0
    for position in positions(variant):
        final = position["to_play"] is None
        assert game.is_over == final
        if not final:
            assert game.to_play == PENTOBI_COLORS[position["to_play"]], position["move_number"]
            assert position["played_is_legal"]
        for key, expected in position["legal"].items():
            color = PENTOBI_COLORS[key]
            ours = [str(m) for m in game.legal_moves(color)]
            assert len(ours) == len(set(ours))
            assert set(ours) == set(expected), (position["move_number"], color)
            assert game.count_legal_moves(color) == len(expected)
            checked += 1
        if final:
            break
        assert game.count_legal_moves() == position["n_legal"]
        game.play(position["played"])
    assert game.is_over
    assert checked == sum(len(p["legal"]) for p in positions(variant))


def test_first_move_counts():
    assert len(bn.Game().legal_moves()) == 58
    duo = bn.Game("duo")
    assert len(duo.legal_moves("purple")) == 414
    assert len(duo.legal_moves("orange")) == 414


def test_placements_on_an_empty_board():
    from blokus_nb.geometry import geometry

    assert len(geometry(20).masks) == 30433
    assert len(geometry(20).orientations) == 91
