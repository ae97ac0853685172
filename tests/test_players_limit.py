"""Limit: every budget a finite positive number of the right type, or a BlokusError."""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import blokus_nb as bn
from blokus_nb import validation
from blokus_nb.players import Limit, make_player


@pytest.mark.parametrize("name", ["time", "simulations", "nodes"])
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, np.float64("nan"), 0, -1, 0.0])
def test_nan_infinite_zero_and_negative_limits_are_refused(name, value):
    with pytest.raises(bn.BlokusError, match=f"Limit {name} is a"):
        Limit(**{name: value})


@pytest.mark.parametrize("name", ["time", "simulations", "nodes"])
@pytest.mark.parametrize("value", ["1", b"1", True, False, [1], 1j])
def test_limits_of_the_wrong_type_are_refused_not_raised_as_type_errors(name, value):
    with pytest.raises(bn.BlokusError, match=f"Limit {name} is a"):
        Limit(**{name: value})


@pytest.mark.parametrize("name", ["simulations", "nodes"])
def test_counts_must_be_whole(name):
    with pytest.raises(bn.BlokusError, match="a whole number"):
        Limit(**{name: 2.5})


def test_good_limits_are_kept_as_given():
    limit = Limit(time=0.25, simulations=np.int64(30), nodes=10 ** 30)
    assert (limit.time, limit.simulations, limit.nodes) == (0.25, 30, 10 ** 30)
    assert Limit(time=2).time == 2 and Limit().is_unlimited


def test_stop_must_be_callable():
    with pytest.raises(bn.BlokusError, match="stop must be a function"):
        Limit(time=1, stop=True)


@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(), st.booleans(),
                 st.text(max_size=3), st.none()))
def test_any_time_limit_is_a_finite_positive_number_or_refused(value):
    try:
        limit = Limit(time=value)
    except bn.BlokusError:
        assert value is not None and (isinstance(value, (bool, str)) or not math.isfinite(value)
                                      or value <= 0 or value > validation.MAX_SECONDS)
    else:
        assert limit.time is None or (math.isfinite(limit.time) and limit.time > 0
                                      and not isinstance(limit.time, bool))


def test_a_nan_limit_never_reaches_a_search():
    import time

    player = make_player("mcts", seed=0)
    give_up = time.monotonic() + 3  # so that a NaN that got through fails the test, not hangs it
    with pytest.raises(bn.BlokusError):
        player.choose_move(bn.Game("duo"), Limit(time=float("nan"),
                                                  stop=lambda: time.monotonic() > give_up))


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["duo", "classic"])
def test_loading_the_network_and_its_tables_is_not_counted_in_the_searchs_time(variant, monkeypatch):
    # The first search of a session made 1 simulation in classic: the tables were built on its clock.
    from blokus_nb.players import puct

    built = puct.tables

    def slow_tables(size=14):
        time.sleep(2.0)
        return built(size)

    monkeypatch.setattr(puct, "tables", slow_tables)
    result = make_player("hard", seed=0).search(bn.Game(variant), Limit(time=0.3))
    assert result.seconds < 1.8  # the 2 s of set-up are not on the search's clock


def _late_duo_position() -> bn.Game:
    """A Duo game three moves from its end: most simulations reach a finished game already in the tree."""
    full = bn.Game("duo")
    greedy = make_player("greedy", seed=3)
    while not full.is_over:
        full.play(greedy.choose_move(full))
    game = bn.Game("duo")
    for move in full.history[:-3]:
        game.play(move)
    assert not game.is_over
    return game


SEARCHING = ("mcts", "medium", "hard", "expert")
BUDGETS = {"time": 0.2, "simulations": 5, "nodes": 50}


@pytest.mark.parametrize("position", ["start", "late"])
@pytest.mark.parametrize("field", sorted(BUDGETS))
@pytest.mark.parametrize("level", SEARCHING)
def test_every_limit_field_ends_every_searching_player(level, field, position):
    import time

    game = bn.Game("duo") if position == "start" else _late_duo_position()
    player = make_player(level, seed=0)
    give_up = time.monotonic() + 20  # a budget that never ends fails the test instead of hanging it
    limit = Limit(**{field: BUDGETS[field]}, stop=lambda: time.monotonic() > give_up)
    result = player.search(game, limit)
    assert time.monotonic() < give_up, f"{level} did not end on Limit({field}=...)"
    assert game.is_legal(result.move)
    if field == "simulations":
        assert result.simulations == BUDGETS["simulations"]
    if field == "nodes":
        assert result.nodes >= BUDGETS["nodes"]
    # a timed search of a forced move ends after one simulation, and says so
    assert result.stopped_by == field or (field == "time" and result.stopped_by == "forced")


@pytest.mark.parametrize("level", SEARCHING)
def test_a_search_says_when_its_time_cap_bound_before_its_simulation_budget(level):
    result = make_player(level, seed=0).search(bn.Game("classic"), Limit(simulations=10 ** 9, time=0.05))
    assert result.stopped_by == "time" and result.simulations < 10 ** 9
    assert "stopped by the time limit" in str(result)
    assert make_player(level, seed=0).search(bn.Game("classic"), Limit(simulations=3)).stopped_by == "simulations"


@pytest.mark.parametrize("level", SEARCHING)
def test_a_player_with_a_limit_per_variant_searches_each_variant_with_its_own(level):
    own = type(make_player(level))(seed=0, limit={"duo": Limit(simulations=3), "classic_2": Limit(simulations=7)})
    assert own.search(bn.Game("duo")).simulations == 3
    assert own.search(bn.Game("classic_2")).simulations == 7
    assert own.limit_for(bn.Game("classic")) is None  # left out: no limit of its own
    assert own.search(bn.Game("duo"), Limit(simulations=2)).simulations == 2  # a limit given wins


@pytest.mark.parametrize("bad, message", [
    ({"trigon": Limit(simulations=3)}, "names variants"),
    ({"duo": 3}, r"limit\['duo'\] is a blokus_nb.players.Limit"),
    ({"duo": Limit(simulations=3), 5: Limit(time=1)}, "not 5"),
])
def test_a_limit_per_variant_names_variants_and_limits(bad, message):
    from blokus_nb.players import MCTSPlayer

    with pytest.raises(bn.BlokusError, match=message):
        MCTSPlayer(limit=bad)


def test_every_limit_field_is_covered():
    import dataclasses

    assert {f.name for f in dataclasses.fields(Limit)} - {"stop"} == set(BUDGETS)
