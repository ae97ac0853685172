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


# -- every project exception pickles whole ----------------------------------------------

def _exception_classes() -> list[type]:
    import inspect

    from blokus_nb import errors, puzzles

    found = []
    for module in (errors, puzzles):
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == module.__name__:
                found.append(value)
    return found


def _field_values(cls: type):
    """A hypothesis strategy for the keyword fields of ``cls``'s constructor."""
    import inspect
    import typing

    from hypothesis import strategies as st

    hints = typing.get_type_hints(cls.__init__)
    fields = {}
    for name, parameter in inspect.signature(cls.__init__).parameters.items():
        if parameter.kind is not inspect.Parameter.KEYWORD_ONLY:
            continue
        hint = str(hints.get(name))
        if "Sequence[str]" in hint:
            strategy = st.lists(st.text(max_size=4), max_size=3)
        elif "Iterable" in hint:
            strategy = st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=3)
        elif "int" in hint:
            strategy = st.none() | st.integers(1, 10**6)
        else:
            strategy = st.text(max_size=8)
        fields[name] = strategy
    return st.fixed_dictionaries(fields)


def test_the_exception_classes_are_found():
    names = {cls.__name__ for cls in _exception_classes()}
    assert {"BlokusError", "IllegalMoveError", "InvalidMoveError", "RecordError",
            "PuzzleError", "RegionError", "PlacementError"} <= names


@pytest.mark.parametrize("cls", _exception_classes(), ids=lambda cls: cls.__name__)
def test_every_exception_pickles_with_type_message_and_fields(cls):
    import pickle

    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=30, deadline=None)
    @given(message=st.text(max_size=20), fields=_field_values(cls))
    def check(message, fields):
        error = cls(message, **fields)
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is cls and str(copy) == str(error) and copy.args == error.args
        assert vars(copy) == vars(error)
        for name, value in fields.items():  # the fields as given (sequences become tuples)
            assert getattr(copy, name) == (tuple(value) if isinstance(value, list) else value)

    check()


def test_an_illegal_move_from_a_worker_process_arrives_whole():
    import concurrent.futures
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        with pytest.raises(bn.IllegalMoveError) as info:
            pool.submit(bn.Game().play, "a1").result()
    assert info.value.rule == "start-square" and info.value.cells == ("a20",)
