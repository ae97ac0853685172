"""Opening statistics: positions merged across move orders and mirror images, scores with intervals."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from data_paths import DATA

import blokus_nb as bn
from blokus_nb import analysis
from blokus_nb.analysis.openings import board_symmetries, opening_index, wilson_interval
from blokus_nb.pieces import SYMMETRIES

DUO_GAMES = DATA / "pentobi" / "games" / "duo"


def mirrored(text: str, size: int) -> str:
    """A move reflected in the diagonal through Duo's start squares (column letter <-> row from the top)."""
    cells = []
    for name in text.split(","):
        x, y = "abcdefghijklmn".index(name[0]), size - int(name[1:])
        cells.append((y, x))
    cells.sort(key=lambda c: (-c[1], c[0]))
    return ",".join(f"{'abcdefghijklmn'[x]}{size - y}" for x, y in cells)


def duo(*moves: str) -> bn.Game:
    game = bn.Game("duo")
    for move in moves:
        game.play(move)
    return game


def transposition() -> tuple[list[str], list[str]]:
    """Two move orders of five placements that reach one position: purple's 2nd and 3rd moves swapped."""
    start = duo("d9,c10,d10,e10,d11", "j5")
    for b in start.legal_moves():
        after_b = start.copy()
        after_b.play(b)
        y = after_b.legal_moves()[0]
        after_b.play(y)
        for c in after_b.legal_moves():
            if not start.is_legal(c):
                continue
            other = start.copy()
            other.play(c)
            if other.is_legal(y):
                other.play(y)
                if other.is_legal(b) and b.piece != c.piece:
                    first = ["d9,c10,d10,e10,d11", "j5", str(b), str(y), str(c)]
                    return first, [*first[:2], str(c), str(y), str(b)]
    raise AssertionError("no transposition found")


def test_the_symmetries_kept_are_those_that_keep_every_start_square():
    assert board_symmetries("duo") == (0, 5)
    assert SYMMETRIES[5] == (0, 1, 1, 0)  # the reflection in the main diagonal (x <-> y)
    assert board_symmetries("classic") == board_symmetries("classic_2") == (0,)


def test_wilson_interval():
    low, high = wilson_interval(1.0, 4)
    assert high == 1.0 and low == pytest.approx(0.5101, abs=1e-4)
    assert wilson_interval(0.5, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert all(math.isnan(x) for x in wilson_interval(0.5, 0))


def test_transpositions_are_one_position():
    first, second = transposition()
    frame = analysis.openings([duo(*first), duo(*second)], depth=5, progress=False)
    five = frame[frame["ply"] == 5]
    assert len(five) == 1
    assert five.iloc[0]["games"] == 2 and five.iloc[0]["transpositions"] == 2
    assert len(frame[frame["ply"] == 3]) == 2  # the lines part after move 2 and meet again at move 5


def test_mirror_images_are_one_position_in_duo():
    move = "d9,c10,d10,e10,d11"
    flipped = mirrored(move, 14)
    assert flipped != move and duo(flipped).is_legal("j5")
    frame = analysis.openings([duo(move, "j5"), duo(flipped, "j5")], depth=2, progress=False)
    assert frame.attrs["merged"] == "transpositions and mirror images"
    one = frame[frame["ply"] == 1].iloc[0]
    assert (one["games"], one["mirrored"], one["transpositions"]) == (2, 1, 1)
    assert one["line"] in (move, flipped)


def test_classic_openings_are_not_mirrored():
    first = bn.Game("classic")
    first.play("a20,b20,c20")
    other = bn.Game("classic")
    other.play("a20,a19,a18")
    frame = analysis.openings([first, other], depth=1, progress=False)
    assert len(frame) == 2 and frame.attrs["merged"] == "transpositions"


def test_scores_count_finished_games_only():
    sources = sorted(DUO_GAMES.glob("*.blksgf"))[:6]
    games = [bn.load(p) for p in sources]
    unfinished = games[0].copy()
    unfinished.undo()
    frame = analysis.openings([*games, unfinished], depth=1, progress=False)
    root_games = frame.groupby("ply")["games"].sum().iloc[0]
    assert root_games == 7 and frame["scored"].sum() == 6
    for row in frame.itertuples():
        assert row.score_purple + row.score_orange == pytest.approx(1.0)
        assert row.score_purple_low <= row.score_purple <= row.score_purple_high
    purple = sum((1.0 if g.winners("points") == [1] else 0.5 if len(g.winners("points")) == 2 else 0.0)
                 for g in games)
    expected = (frame["score_purple"] * frame["scored"]).sum()
    assert expected == pytest.approx(purple)


def test_the_explorer_gives_the_moves_in_the_games_own_orientation():
    move = "d9,c10,d10,e10,d11"
    games = [duo(move, "j5"), duo(move, "j5"), duo(mirrored(move, 14), "i4,j4,i5,j5")]
    index = opening_index(games, depth=2, progress=False)
    root = index.moves_from(bn.Game("duo"))
    assert root[["move", "games"]].values.tolist() == [[root["move"][0], 3]]  # mirror images are one
    in_mirror = index.moves_from(duo(mirrored(move, 14)))
    assert set(in_mirror["move"]) == {"j5", "i4,j4,i5,j5"}
    assert set(index.moves_from(duo(move))["move"]) == {"j5", mirrored("i4,j4,i5,j5", 14)}
    for text in in_mirror["move"]:
        assert duo(mirrored(move, 14)).is_legal(text)
    assert in_mirror["share"].sum() == pytest.approx(1.0)
    assert index.moves_from(duo(move, "i4,j4,i5,j5")).empty  # no game of the corpus got here


@pytest.mark.pools
def test_two_processes_index_the_same_openings():
    one = analysis.openings(DUO_GAMES, depth=4, n_jobs=1, progress=False)
    two = analysis.openings(DUO_GAMES, depth=4, n_jobs=2, progress=False)
    pd.testing.assert_frame_equal(one, two)
    assert one["games"][one["ply"] == 1].sum() == 20
    index = opening_index(DUO_GAMES, depth=4, progress=False)
    assert index.positions == one["games"].sum() == 80  # every game is 4 placements long or more
    assert index.distinct_positions == len(one)


def test_bad_requests_are_refused():
    with pytest.raises(bn.BlokusError, match="depth"):
        analysis.openings(DUO_GAMES, depth=0, progress=False)
    with pytest.raises(bn.BlokusError, match="several variants"):
        analysis.openings([bn.Game("duo"), bn.Game("classic")], depth=1, progress=False)
    index = opening_index([duo("e10")], depth=1, progress=False)
    with pytest.raises(bn.BlokusError, match="duo openings"):
        index.moves_from(bn.Game("classic"))
    with pytest.raises(bn.ArgumentTypeError):
        index.moves_from("e10")
    assert opening_index([duo("e10"), bn.Game("classic")], depth=1, variant="duo", progress=False).games == 1


def test_games_from_a_setup_are_skipped():
    setup = bn.Game("duo", setup={"purple": ["e10"]}, to_play="orange")
    index = opening_index([setup, duo("e10")], depth=1, progress=False)
    assert (index.games, index.skipped) == (1, 1)
