"""players/ratings.py refuses nonsense numbers: every argument of a rating checked, with its valid range."""

from __future__ import annotations

import math

import pytest

from blokus_nb.errors import BlokusError
from blokus_nb.players import PentobiRating, pentobi_rating
from blokus_nb.players.ratings import rating_from_score


@pytest.mark.parametrize("args, message", [
    (("x", "duo", 0, 5, 10), "opponent is a Pentobi level from 1 to 9, not 0"),
    (("x", "duo", -2, 5, 10), "opponent is a Pentobi level from 1 to 9, not -2"),
    (("x", "duo", 10, 5, 10), "opponent is a Pentobi level from 1 to 9, not 10"),
    (("x", "duo", 5.0, 5, 10), "opponent is a Pentobi level from 1 to 9, not 5.0"),
    (("x", "duo", 5, math.nan, 10), "score is the points scored, a number from 0 to games (10), not nan"),
    (("x", "duo", 5, math.inf, 10), "score is the points scored"),
    (("x", "duo", 5, 11, 10), "score is the points scored, a number from 0 to games (10), not 11"),
    (("x", "duo", 5, -1, 10), "not -1"),
    (("x", "duo", 5, "5", 10), "score is the points scored"),
    (("x", "duo", 5, 0, 0), "games is a whole number >= 1, not 0"),
    (("x", "duo", 5, 1, 2.5), "games is a whole number >= 1, not 2.5"),
    (("x", "Duo", 5, 5, 10), "variant is 'duo', 'classic', 'classic_2' or 'classic_3', not 'Duo'"),
    (("x", None, 5, 5, 10), "variant is 'duo', 'classic'"),
    (("", "duo", 5, 5, 10), "level is the name of the level rated"),
    ((7, "duo", 5, 5, 10), "level is the name of the level rated (text), not 7"),
])
def test_a_rating_from_nonsense_numbers_names_the_argument_and_its_range(args, message):
    with pytest.raises(BlokusError) as raised:
        rating_from_score(*args)
    assert message in str(raised.value)


def test_a_rating_made_by_hand_is_checked_too():
    good = rating_from_score("x", "duo", 5, 20, 40)
    with pytest.raises(BlokusError, match="opponent is a Pentobi level from 1 to 9, not 12"):
        PentobiRating("x", "duo", 12, 20, 40, good.elo, good.low, good.high, "")
    with pytest.raises(BlokusError, match="games is a whole number >= 1, not 0"):
        PentobiRating("x", "duo", 5, 0, 0, good.elo, good.low, good.high, "")
    with pytest.raises(BlokusError, match="elo, low and high are ratings"):
        PentobiRating("x", "duo", 5, 20, 40, math.nan, good.low, good.high, "")


@pytest.mark.parametrize("level, variant, message", [
    (3, "duo", "level is the name of a level (text), not 3"),
    ("hard", ["duo"], "variant is the name of a variant (text)"),
])
def test_a_measured_rating_is_asked_for_by_names(level, variant, message):
    with pytest.raises(BlokusError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        pentobi_rating(level, variant)
