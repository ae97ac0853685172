"""Bad values anywhere in the public API raise the project's own error, a ValueError."""

from __future__ import annotations

import re

import pytest
from budget import examples

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

    @settings(max_examples=examples(30), deadline=None)
    @given(message=st.text(max_size=20), fields=_field_values(cls))
    def check(message, fields):
        error = cls(message, **fields)
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is cls and str(copy) == str(error) and copy.args == error.args
        assert vars(copy) == vars(error)
        for name, value in fields.items():  # the fields as given (sequences become tuples)
            assert getattr(copy, name) == (tuple(value) if isinstance(value, list) else value)

    check()


@pytest.mark.pools
def test_an_illegal_move_from_a_worker_process_arrives_whole():
    import concurrent.futures
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
        with pytest.raises(bn.IllegalMoveError) as info:
            pool.submit(bn.Game().play, "a1").result()
    assert info.value.rule == "start-square" and info.value.cells == ("a20",)


# -- plain TypeError/IndexError/AttributeError never reach users ------------------------------

@pytest.mark.parametrize("call, message", [
    (lambda: bn.Move("blue", 10**9, 20), "not a placement id on a 20x20 board"),
    (lambda: bn.Move("blue", -1, 20), "not a placement id"),
    (lambda: bn.Move("blue", 1.5, 20), "not a placement id"),
    (lambda: bn.Move(5, 0, 20), "color is a name"),
    (lambda: bn.Move("blue", 0, 10**6), "board size is a whole number from 1 to 26"),
    (lambda: bn.Game(players="AB"), "players is a list of names"),
    (lambda: bn.Game(players=5), "players is a list of names"),
    (lambda: bn.Game(players=["Ann", 7]), "player names are text"),
    (lambda: bn.Game(setup={"blue": 5}), "setup for blue is a move text or a list"),
    (lambda: bn.Game(setup=["a20"]), "setup maps colors"),
    (lambda: bn.Game(setup={"blue": ["a20", "t1"]}), "places blue's 1 piece twice"),
    (lambda: bn.Game().to_svg(size="x"), "a positive number"),
    (lambda: bn.Game().to_svg(size=-3), "a positive number"),
    (lambda: bn.render.board_svg(bn.Game(), palette={"blue": "#00f"}), "no fill for yellow, red, green"),
    (lambda: bn.Game().owner("z99"), "z99 is not on the 20x20 board"),
    (lambda: bn.Game().owner(5), "a cell is named by text"),
    (lambda: bn.Game().player_label("1"), "players 1 to 4, not '1'"),
    (lambda: bn.get_variant("classic_3").player_of("green", "x"), "nth_move counts"),
    (lambda: bn.pieces.get(5), "no piece named 5"),
    (lambda: bn.pieces.get("F").drawing(8), "orientations 0 to 7, not 8"),
    (lambda: bn.pieces.transform([(0, 0)], 8), "numbered 0 to 7"),
    (lambda: bn.pieces.normalize([]), "non-empty list of (x, y) pairs"),
    (lambda: bn.pieces.identify([1, 2]), "(x, y) pairs"),
    (lambda: bn.move.parse_placement("a20", 10**7), "board size"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_bad_arguments_raise_blokus_errors_with_a_message(call, message):
    with pytest.raises(bn.BlokusError, match=re.escape(message)):
        call()


def test_unknown_piece_names_stay_key_errors_too():
    with pytest.raises(KeyError) as info:
        bn.pieces.get("Q")
    assert isinstance(info.value, bn.BlokusError) and str(info.value).startswith("no piece named 'Q'")


def test_a_refused_setup_or_move_changes_nothing():
    game = bn.Game("duo")
    game.play(game.legal_moves()[0])
    before = (game.board.snapshot(), game.history, game.version)
    for bad in (bn.Move("purple", None, 14), "a1," * 40, 5, None):
        with pytest.raises(bn.BlokusError):
            game.play(bad)
    assert (game.board.snapshot(), game.history, game.version) == before


def _junk():
    from hypothesis import strategies as st

    return st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.integers(-10**12, 10**12),
                     st.floats(allow_nan=True), st.text(max_size=6),
                     st.sampled_from(["blue", "orange", "a20", "pass", "duo", "basic", "F", "e10"]),
                     st.lists(st.text(max_size=3), max_size=3),
                     st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                     st.tuples(st.integers(-2, 5), st.integers(-2, 5)))


def _public_game_methods() -> list[str]:
    import inspect

    return sorted(name for name, member in inspect.getmembers(bn.Game)
                  if not name.startswith("_") and callable(member) and not isinstance(member, property)
                  and name not in ("save", "from_json", "to_json", "to_sgf"))  # deprecated: the records' own


@pytest.mark.parametrize("method", _public_game_methods())
def test_game_methods_answer_junk_with_blokus_errors(method):
    import inspect

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    arity = len(inspect.signature(getattr(bn.Game, method)).parameters) - 1

    @settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
    @given(args=st.lists(_junk(), max_size=arity))
    def check(args):
        game = bn.Game("duo")
        game.play(game.legal_moves()[0])
        try:
            getattr(game, method)(*args)
        except bn.BlokusError:
            pass
        except TypeError as error:  # a wrong number of arguments is Python's business, not ours
            assert "argument" in str(error), error

    check()


@pytest.mark.parametrize("function, arity", [
    (bn.Move, 3), (bn.move.parse_placement, 2), (bn.pieces.get, 1), (bn.pieces.transform, 2),
    (bn.pieces.normalize, 1), (bn.pieces.identify, 1), (bn.get_variant, 1),
], ids=lambda value: getattr(value, "__name__", ""))
def test_functions_answer_junk_with_blokus_errors(function, arity):
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from blokus_nb import coords

    @settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
    @given(args=st.lists(_junk(), min_size=arity, max_size=arity))
    def check(args):
        for call in (function, coords.cell_name, coords.cell_index, coords.parse_cell):
            try:
                call(*args[: 1 if call is coords.parse_cell else 2 if call is not function else arity])
            except bn.BlokusError:
                pass
            except TypeError as error:
                assert "argument" in str(error), error

    check()


@pytest.mark.parametrize("call", [
    lambda: bn.make_player(5),
    lambda: bn.iter_games(5).__next__(),
    lambda: bn.analysis.load_games(5, progress=False),
    lambda: bn.analysis.plot_mobility(5),
    lambda: bn.analysis.evaluate(bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])"), player="greedy",
                                 progress=False),
    lambda: bn.sgf.parse(5),
    lambda: bn.sgf.dumps("(;GM[Blokus])"),
    lambda: bn.sgf.dumps([5]),
    lambda: bn.PuzzleWidget(bn.Puzzle((5, 1), ["I5"]), pieces=["I5"]),
    lambda: bn.BlokusWidget("duo", players={"orange": 5}),
    lambda: bn.Game(players=5),
    lambda: bn.Game(players=["Ann", 2]),
    lambda: bn.Game(setup=["a20"]),
    lambda: bn.Game(setup={"blue": 5}),
    lambda: bn.get_variant(5),
], ids=["make_player", "iter_games", "load_games", "plot", "evaluate", "sgf.parse", "dumps-text",
        "dumps-junk", "puzzle-widget", "seat", "players", "player-name", "setup", "setup-moves", "variant"])
def test_an_argument_of_the_wrong_type_is_ours_and_still_a_type_error(call):
    with pytest.raises(bn.errors.ArgumentTypeError) as caught:
        call()
    assert isinstance(caught.value, bn.BlokusError) and isinstance(caught.value, TypeError)
    assert "not" in str(caught.value)  # says what it got


@pytest.mark.parametrize("call, words", [
    (lambda tmp: bn.load(5), "a path"),
    (lambda tmp: bn.save(bn.Game("duo"), 5), "a path"),
    (lambda tmp: bn.save("duo", tmp / "g.json"), "a Game"),
    (lambda tmp: bn.write_games(bn.Game("duo"), tmp / "g.jsonl"), "save(game, path)"),
    (lambda tmp: bn.write_games([bn.Game("duo"), "duo"], tmp / "g.jsonl"), "game 2 is str"),
], ids=["load", "save-path", "save-game", "write-one", "write-junk"])
def test_record_files_refuse_arguments_of_the_wrong_type(tmp_path, call, words):
    with pytest.raises(bn.ArgumentTypeError, match=re.escape(words)):
        call(tmp_path)
    assert list(tmp_path.iterdir()) == []  # nothing written, not even a temporary file


# -- issue 20, class 16: coordinates of a placement ---------------------------------------
INF, NAN = float("inf"), float("nan")


@pytest.mark.parametrize("cells", [
    [(INF, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    [(0, 0), (0, NAN), (0, 2), (1, 2), (2, 2)],
    [(0, -INF), (0, 1), (0, 2), (1, 2), (2, 2)],
    [(0, 0), (0, 1), (0, 2), (1, 2), (2.0000001, 2)],
    [(1.7, 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    [("0", 0), (0, 1), (0, 2), (1, 2), (2, 2)],
    [(True, 0)],
    5,
], ids=["inf", "nan", "-inf", "almost-whole", "fraction", "text", "bool", "number"])
def test_a_placement_with_cells_that_are_not_whole_numbers_is_refused(cells):
    puzzle = bn.Puzzle((5, 3), ["L5", "P", "V5"])
    for call in (lambda: puzzle.place(cells, "V5"), lambda: puzzle.check(cells), lambda: bn.Placement("V5", cells)):
        with pytest.raises(bn.PlacementError, match="not a") as info:
            call()
        assert info.value.rule == "not-a-piece"
    assert puzzle.placements == ()


@pytest.mark.parametrize("where", [(INF, 0), (0, NAN), (0.5, 0), ("0", 0), "a1"])
def test_removing_at_a_cell_that_is_not_whole_numbers_is_refused(where):
    puzzle = bn.Puzzle((5, 3), ["L5", "P", "V5"])
    placed = puzzle.place([(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)], "V5")
    with pytest.raises(bn.PlacementError, match="remove takes a cell"):
        puzzle.remove(where)
    assert puzzle.placements == (placed,)


def test_whole_floats_still_place_a_piece():
    puzzle = bn.Puzzle((5, 3), ["L5", "P", "V5"])
    placed = puzzle.place([(0.0, 0), (0, 1.0), (0, 2), (1, 2), (2, 2)])
    assert placed.cells == ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2)) and all(
        type(v) is int for cell in placed.cells for v in cell)


# -- issue 20, class 16: a record file that is not there -----------------------------------
def test_reading_a_missing_record_file_is_our_error_and_still_a_file_not_found_error(tmp_path):
    import pickle

    missing = tmp_path / "missing.blksgf"
    for source in (str(missing), missing):
        with pytest.raises(bn.RecordError, match="missing.blksgf: there is no such file") as info:
            bn.read_sgf(source)
        error = info.value
        assert isinstance(error, bn.errors.RecordNotFoundError) and isinstance(error, FileNotFoundError)
        assert (error.errno, error.filename, error.source) == (2, str(missing), str(missing))
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error) and str(copy) == str(error) and copy.filename == str(missing)
