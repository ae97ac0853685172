"""The variant table: sizes, colors, start squares, and who plays and scores which color."""

from __future__ import annotations

import copy
import pickle

import pytest

import blokus_nb as bn
from blokus_nb.variants import VARIANTS, Variant, get_variant


def test_lookup_by_name_in_any_spelling():
    assert get_variant("Classic-2") is VARIANTS["classic_2"]
    assert get_variant(VARIANTS["duo"]) is VARIANTS["duo"]
    with pytest.raises(bn.BlokusError, match="variants are classic, classic_2, classic_3, duo"):
        get_variant("hex")


@pytest.mark.parametrize("name, players, scored", [
    ("classic", {"blue": [1, 1, 1], "yellow": [2, 2, 2], "red": [3, 3, 3], "green": [4, 4, 4]},
     {1: ("blue",), 2: ("yellow",), 3: ("red",), 4: ("green",)}),
    ("classic_2", {"blue": [1, 1, 1], "yellow": [2, 2, 2], "red": [1, 1, 1], "green": [2, 2, 2]},
     {1: ("blue", "red"), 2: ("yellow", "green")}),
    ("classic_3", {"blue": [1, 1, 1], "yellow": [2, 2, 2], "red": [3, 3, 3], "green": [1, 2, 3]},
     {1: ("blue",), 2: ("yellow",), 3: ("red",)}),
    ("duo", {"purple": [1, 1, 1], "orange": [2, 2, 2]}, {1: ("purple",), 2: ("orange",)}),
])
def test_who_plays_and_who_scores_each_color(name, players, scored):
    variant = get_variant(name)
    assert {c: [variant.player_of(c, k) for k in range(3)] for c in variant.colors} == players
    assert {p: variant.colors_of(p) for p in range(1, variant.n_players + 1)} == scored


def test_a_new_variant_is_data_only():
    # a made-up team variant: no code branches on its name
    teams = Variant("teams", 20, ("blue", "yellow", "red", "green"),
                    {"blue": "a20", "yellow": "t20", "red": "t1", "green": "a1"}, 2, "Blokus Teams",
                    played_by={"blue": (1,), "yellow": (1,), "red": (2,), "green": (2,)})
    assert teams.colors_of(1) == ("blue", "yellow") and teams.player_of("red", 5) == 2
    game = bn.Game(teams)
    assert game.player_scores("basic") == {1: 178, 2: 178}


def test_bad_tables_and_colors_are_refused():
    with pytest.raises(bn.BlokusError, match="players 1 to 2"):
        Variant("x", 14, ("a", "b"), {"a": "e10", "b": "j5"}, 2, "X", played_by={"a": (1,), "b": (3,)})
    with pytest.raises(bn.BlokusError, match="exactly the colors"):
        Variant("x", 14, ("a", "b"), {"a": "e10"}, 2, "X")
    with pytest.raises(bn.BlokusError, match="'pink' is not a color of duo"):
        VARIANTS["duo"].player_of("pink")
    with pytest.raises(bn.BlokusError, match="players 1 to 2, not 3"):
        VARIANTS["duo"].colors_of(3)


def test_variants_are_read_only_and_pickle():
    variant = VARIANTS["classic_3"]
    with pytest.raises(TypeError):
        variant.played_by["green"] = (1,)
    assert pickle.loads(pickle.dumps(variant)) == variant
    assert copy.deepcopy(variant) is variant
