"""The board widget's options are checked when they are given, and a seat whose player fails says so
and frees the seat (issue 20, class 15)."""

from __future__ import annotations

import math
import time

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

import blokus_nb as bn
from blokus_nb.players import Limit, Player
from blokus_nb.widgets import BlokusWidget, WidgetOptionError
from widgets.helpers import custom, update, wait_for

X_AT_E10 = "e9,d10,e10,f10,e11"


def place(widget: BlokusWidget, move: str) -> None:
    custom(widget, {"type": "place", "move": move, "color": widget.to_play, "version": widget.version})


@pytest.mark.parametrize("options, message", [
    ({"ai_limit": 5}, "ai_limit is a blokus_nb.players.Limit, like Limit"),
    ({"ai_limit": "fast"}, "ai_limit is a blokus_nb.players.Limit"),
    ({"ai_limit": {"time": 1}}, "ai_limit is a blokus_nb.players.Limit"),
    ({"ai_limit": True}, "ai_limit is a blokus_nb.players.Limit"),
    ({"review_limit": 5}, "review_limit is a blokus_nb.players.Limit, like Limit"),
    ({"ai_pause": "x"}, "ai_pause is a number of seconds"),
    ({"ai_pause": None}, "ai_pause is a number of seconds"),
    ({"ai_pause": True}, "ai_pause is a number of seconds"),
    ({"ai_pause": -1}, "ai_pause is a number of seconds"),
    ({"ai_pause": math.nan}, "ai_pause is a number of seconds"),
    ({"ai_pause": math.inf}, "ai_pause is a number of seconds"),
    ({"ai_pause": 1e300}, "ai_pause is a number of seconds from 0 to 60"),
    ({"hint_player": "nonsense"}, "unknown player 'nonsense'"),
    ({"hint_player": 5}, "hint_player is a player name"),
    ({"hint_player": None}, "hint_player is a player name"),
    ({"palette": "sepia"}, "palette"),
    ({"palette": 1}, "palette"),
    ({"mode": "watch"}, "mode"),
    ({"show_hints": "yes"}, "show_hints"),
    ({"game": "duo"}, "game"),
    ({"seed": "1"}, "seed is a whole number"),
    ({"seed": 1.5}, "seed is a whole number"),
    ({"players": ["human", "random"]}, "players maps colors"),
    ({"players": "random"}, "players maps colors"),
    ({"players": {"blue": "random"}}, "'blue' is not a color of duo"),
    ({"players": {"orange": "nonsense"}}, "unknown player 'nonsense'"),
    ({"players": {"orange": 42}}, "a seat is 'human'"),
], ids=lambda v: repr(v)[:30])
def test_a_bad_option_is_refused_at_once_with_our_error(options, message):
    with pytest.raises(bn.BlokusError, match=message):
        BlokusWidget("duo", **options)


@pytest.mark.parametrize("name, value", [("ai_limit", 5), ("ai_pause", -0.5), ("hint_player", "nonsense"),
                                         ("palette", "sepia"), ("mode", "watch"), ("players", {"blue": "random"}),
                                         ("show_hints", "no")])
def test_a_bad_option_set_later_is_refused_and_changes_nothing(name, value):
    w = BlokusWidget("duo", players={"orange": "random"}, ai_pause=0.2, ai_limit=Limit(time=0.5))
    before = (w.ai_limit, w.ai_pause, w.hint_player, w.palette, w.mode, w.players, w.show_hints)
    with pytest.raises(bn.BlokusError):
        setattr(w, name, value)
    assert (w.ai_limit, w.ai_pause, w.hint_player, w.palette, w.mode, w.players, w.show_hints) == before
    w.close()


@pytest.mark.parametrize("option", ["ai_limit", "review_limit"])
def test_the_widget_checks_a_limit_with_the_players_one_check(option):
    from blokus_nb.analysis.review import REVIEW_LIMIT
    from blokus_nb.players.base import check_limit

    none = "the players' own" if option == "ai_limit" else f"{REVIEW_LIMIT}"
    with pytest.raises(bn.ArgumentTypeError) as expected:
        check_limit(0.5, option, none=none)
    with pytest.raises(bn.ArgumentTypeError) as got:
        BlokusWidget("duo", **{option: 0.5})
    assert str(got.value) == str(expected.value)
    from blokus_nb.widgets import seats

    assert not hasattr(seats, "check_limit"), "one Limit check: the players'"


@pytest.mark.parametrize("option, suggestion", [("ai_limt", "ai_limit"), ("pallete", "palette"), ("zzz", None)])
def test_an_unknown_option_is_refused_not_ignored(option, suggestion):
    with pytest.raises(bn.ArgumentTypeError, match=f"BlokusWidget has no option '{option}'") as info:
        BlokusWidget("duo", **{option: 1})
    assert (f"did you mean '{suggestion}'?" in str(info.value)) if suggestion else "did you mean" not in str(info.value)


def test_good_options_are_kept_as_given():
    limit = Limit(simulations=20)
    greedy = bn.make_player("greedy")
    w = BlokusWidget("duo", ai_limit=limit, ai_pause=0, hint_player=greedy, palette="colorblind", seed=3,
                     players={"orange": "Random"})
    assert w.ai_limit is limit and w.ai_pause == 0 and w.hint_player is greedy and w.palette == "colorblind"
    w.ai_pause, w.hint_player, w.ai_limit = 1.5, "HARD", None
    assert (w.ai_pause, w.hint_player, w.ai_limit) == (1.5, "HARD", None)
    assert w.players == {"purple": "human", "orange": "random"}
    w.close()


@settings(max_examples=examples(40), deadline=None)
@given(st.one_of(st.floats(allow_nan=True), st.floats(-1, 61), st.integers(-10, 10**6), st.text(max_size=4), st.none(),
                 st.booleans()))
def test_ai_pause_is_a_finite_number_of_seconds_or_refused(value):
    good = not isinstance(value, (bool, str)) and value is not None and 0 <= value <= 60
    if good:
        w = BlokusWidget("duo", ai_pause=value)
        assert w.ai_pause == value
        w.close()
    else:
        with pytest.raises(bn.BlokusError):
            BlokusWidget("duo", ai_pause=value)


def test_an_option_error_is_also_a_trait_error_so_a_view_is_simply_refused():
    import traitlets

    assert issubclass(WidgetOptionError, bn.BlokusError) and issubclass(WidgetOptionError, traitlets.TraitError)
    w = BlokusWidget("duo")
    update(w, {"palette": "sepia"})
    assert w.palette == "standard"
    w.close()


# ---------------------------------------------------------------- a failing seat
class Failing(Player):
    """A seat that raises whatever it is given."""

    def __init__(self, error: BaseException) -> None:
        super().__init__()
        self.name = "failing"
        self.error = error

    def choose_move(self, game, limit=None):
        raise self.error


class Junk:
    name = "junk"

    def __init__(self, answer) -> None:
        self.answer = answer

    def choose_move(self, game, limit=None):
        return self.answer


@pytest.mark.parametrize("error", [TypeError("bad operand"), KeyError("x"), RecursionError("deep"),
                                   SystemExit(3), KeyboardInterrupt(), GeneratorExit()],
                         ids=lambda e: type(e).__name__)
def test_a_seat_whose_player_raises_anything_says_so_and_frees_the_seat(error):
    w = BlokusWidget("duo", players={"orange": Failing(error)}, ai_pause=0)
    place(w, X_AT_E10)
    wait_for(lambda: w.error != "")
    assert w.error.startswith("orange (failing) failed") and type(error).__name__ in w.error
    assert "orange is played by a person now" in w.error
    assert w.thinking == "" and w.seats["orange"] == "human" and not w._jobs.busy
    place(w, "j3,i4,j4,k4,j5")  # a person plays on for orange
    assert len(w.game.history) == 2 and w.error == ""
    w.close()


@pytest.mark.parametrize("answer", [None, "z99", 42, object(), bn.Move.pass_move("orange", 14)],
                         ids=["none", "off-board", "number", "object", "pass"])
def test_a_seat_whose_answer_is_no_legal_move_says_so_and_frees_the_seat(answer):
    w = BlokusWidget("duo", players={"orange": Junk(answer)}, ai_pause=0)
    place(w, X_AT_E10)
    wait_for(lambda: w.error != "")
    assert w.error.startswith("orange (junk) chose") and "played by a person now" in w.error
    assert w.thinking == "" and w.seats["orange"] == "human" and len(w.game.history) == 1
    w.close()


def test_a_seat_that_fails_at_the_start_of_the_game_says_so():
    w = BlokusWidget("duo", players={"purple": Failing(ValueError("no")), "orange": "random"}, ai_pause=0)
    wait_for(lambda: w.error != "")
    assert "purple (failing) failed" in w.error and w.seats == {"purple": "human", "orange": "random"}
    time.sleep(0.05)
    assert w.game.history == []  # nobody moved for purple
    w.close()


class Nameless:
    @property
    def name(self):
        raise RuntimeError("no name")

    def choose_move(self, game, limit=None):
        return game.legal_moves()[0]


def test_a_player_whose_name_fails_or_is_long_still_gets_a_seat():
    w = BlokusWidget("duo", players={"orange": Nameless(), "purple": Junk(None)}, ai_pause=0)
    assert w.seats["orange"] == "Nameless"
    long = Junk(None)
    long.name = "x" * 10_000
    w.players = {"orange": long}
    assert w.seats["orange"] == "x" * 40
    w.close()
