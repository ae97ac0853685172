"""The Game object: turns, errors that change nothing, undo/redo, passes, scores, variants."""

from __future__ import annotations

import random

import pytest
from sample_games import random_game

import blokus_nb as bn


def state(game: bn.Game) -> tuple:
    return (game.board.snapshot(), game.to_play, [str(m) for m in game.history], game.version)


def test_a_new_game():
    game = bn.Game()
    assert game.variant.name == "classic" and game.size == 20
    assert game.colors == ("blue", "yellow", "red", "green")
    assert game.to_play == "blue" and not game.is_over and game.history == []
    assert game.corner_points("blue") == ["a20"]
    assert game.corner_points("red") == ["t1"]
    assert repr(game) == "<Game classic: 0 moves, blue to play>"


def test_play_accepts_text_in_any_order_and_case():
    game = bn.Game()
    move = game.play("A20 a19, B19,c19,c18")
    assert str(move) == "c18,a19,b19,c19,a20"
    assert move.color == "blue" and move.piece.name == "Z5"
    assert move.cells == ("c18", "a19", "b19", "c19", "a20")
    assert move.coords[-1] == (0, 0)
    assert game.owner("a20") == "blue" and game.owner("t20") is None
    assert game.squares_placed("blue") == 5 and game.moves_played("blue") == 1
    assert "Z5" not in [p.name for p in game.remaining_pieces("blue")]


@pytest.mark.parametrize("moves, bad, rule, cells", [
    ([], "a1", "start-square", ["a20"]),
    ([], "u20", "off-board", ["u20"]),
    ([], "a20,b20,c20,d20,e20,f20", "not-a-piece", None),
    ([], "a20,c20", "not-a-piece", None),
    ([], "a20,a20", "not-a-piece", ["a20"]),
    (["a20", "t20", "t1", "a1"], "c19,d19", "no-corner-contact", None),
    (["a20", "t20", "t1", "a1"], "b20,c20", "side-contact", ["b20"]),
    (["a20", "t20", "t1", "a1"], "b19", "piece-used", None),
    (["a20,b20", "s20,t20", "t1", "a1"], "b20,b19,b18", "overlap", ["b20"]),
])
def test_illegal_moves_name_the_rule_and_change_nothing(moves, bad, rule, cells):
    game = bn.Game()
    for move in moves:
        game.play(move)
    before = state(game)
    with pytest.raises(bn.IllegalMoveError) as info:
        game.play(bad)
    assert info.value.rule == rule
    assert rule in bn.errors.RULES
    if cells is not None:
        assert list(info.value.cells) == cells
    assert state(game) == before
    assert not game.is_legal(bad)


def test_wrong_color_and_garbage():
    game = bn.Game()
    yellow_move = game.legal_moves("yellow")[0]
    before = state(game)
    with pytest.raises(bn.IllegalMoveError, match="blue's turn") as info:
        game.play(yellow_move)
    assert info.value.rule == "wrong-color"
    for garbage in ["hello", "", "a20;b20", "1,2", "a0"]:
        with pytest.raises(bn.BlokusError):
            game.play(garbage)
    with pytest.raises(bn.InvalidMoveError):
        game.play(42)  # type: ignore[arg-type]
    with pytest.raises(bn.InvalidMoveError):
        game.play(bn.Game("duo").legal_moves()[0])
    assert state(game) == before
    assert issubclass(bn.BlokusError, ValueError)


def test_pass_only_when_no_move():
    game = bn.Game()
    with pytest.raises(bn.IllegalMoveError) as info:
        game.play("pass")
    assert info.value.rule == "pass"


def test_undo_redo_restore_exactly():
    game = bn.Game("duo")
    states = [state(game)[:3]]
    rng = random.Random(3)
    for _ in range(8):
        game.play(rng.choice(game.legal_moves()))
        states.append(state(game)[:3])
    played = game.moves
    for expected in reversed(states[:-1]):
        game.undo()
        assert state(game)[:3] == expected
    assert not game.can_undo and game.can_redo
    with pytest.raises(bn.BlokusError, match="no move to undo"):
        game.undo()
    for move in played:
        assert game.redo() == move
    assert state(game)[:3] == states[-1]
    with pytest.raises(bn.BlokusError, match="no move to redo"):
        game.redo()


def test_playing_after_undo_clears_redo():
    game = bn.Game("duo")
    game.play("d9,c10,d10,e10,d11")
    game.undo()
    game.play(game.legal_moves()[5])
    assert not game.can_redo


def test_passes_are_recorded_and_undone_with_the_move():
    game = random_game("duo", seed=11)
    assert game.is_over and game.to_play is None and game.legal_moves() == []
    history = game.history
    passes = [i for i, m in enumerate(history) if m.is_pass]
    # in a finished Duo game one color usually runs out first; the other moves on alone
    assert all(history[i].color in game.colors for i in passes)
    for i, move in enumerate(history[1:], start=1):
        previous = history[i - 1]
        assert move.color != previous.color  # a pass always sits between two moves of one color
    if passes:
        game.undo()
        assert not game.history[-1].is_pass or game.history[-1].color != game.to_play


def test_game_over_rejects_moves():
    game = random_game("duo", seed=5)
    before = state(game)
    with pytest.raises(bn.IllegalMoveError) as info:
        game.play("a1")
    assert info.value.rule == "game-over"
    assert state(game) == before


def test_copy_is_independent():
    game = bn.Game()
    game.play("a20")
    other = game.copy()
    other.play("t20")
    assert len(game.history) == 1 and len(other.history) == 2
    assert game.owner("t20") is None


def test_subscribers_hear_every_change():
    game = bn.Game("duo")
    seen = []
    game.subscribe(lambda g: seen.append(g.version))
    game.play("e10")
    game.undo()
    game.redo()
    with pytest.raises(bn.BlokusError):
        game.play("a1")
    assert seen == [1, 2, 3]


def test_scores_by_the_rulebook():
    game = bn.Game("duo")
    assert game.scores("basic") == {"purple": 89, "orange": 89}
    assert game.scores("advanced") == {"purple": -89, "orange": -89}
    assert game.scores("points") == {"purple": 0, "orange": 0}
    game.play("d9,c10,d10,e10,d11")
    assert game.scores("basic")["purple"] == 84
    assert game.scores("advanced")["purple"] == -84
    assert game.scores("points")["purple"] == 5
    with pytest.raises(ValueError):
        game.scores("golf")


def test_all_pieces_bonus_and_monomino_last():
    # place every piece of blue as setup but the monomino, then play it last
    full = bn.Game()
    assert full.scores("advanced")["blue"] == -89
    board = full.board
    board.hand[0] = 0
    board.own[0] = (1 << 89) - 1  # 89 squares, all pieces placed
    board.last_piece[0] = 0
    assert full.scores("advanced")["blue"] == 20
    assert full.scores("points")["blue"] == 109
    board.last_piece[0] = 5
    assert full.scores("advanced")["blue"] == 15
    assert full.scores("basic")["blue"] == 0


def test_variants_players_and_winners():
    two = bn.Game("classic_2", players=["Ann", "Bob"])
    assert two.variant.n_players == 2 and two.player_names == ["Ann", "Bob"]
    two.play("a20,b20")
    scores = two.scores("points")
    assert two.player_scores("points") == {1: scores["blue"] + scores["red"],
                                           2: scores["yellow"] + scores["green"]}
    assert two.winners("points") == [1]
    assert two.player_to_play == 2

    three = bn.Game("classic_3")
    assert [three.variant.player_of("green", n) for n in range(4)] == [1, 2, 3, 1]
    assert three.variant.colors_of(3) == ("red",)
    for move in ["a20", "t20", "t1", "a1,a2"]:
        three.play(move)
    assert three.player_scores("points") == {1: 1, 2: 1, 3: 1}  # green's 2 squares ignored
    assert three.winners("points") == [1, 2, 3]
    assert three.player_to_play == 1

    four = random_game("classic", seed=2)
    points = four.player_scores("points")
    assert sorted(four.winners("points")) == sorted(p for p, s in points.items() if s == max(points.values()))
    basic = four.player_scores("basic")
    assert four.winners("basic") == [p for p, s in basic.items() if s == min(basic.values())]


def test_text_and_svg():
    game = bn.Game("duo")
    game.play("d9,c10,d10,e10,d11")
    text = str(game)
    lines = text.splitlines()
    assert lines[0].split() == list("abcdefghijklmn")
    assert lines[1 + 14 - 10].split()[1:6] == [".", ".", "P", "P", "P"]  # row 10: c10 d10 e10
    assert lines[-1] == "duo, 1 moves, orange to play"
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<rect") == 14 * 14 + 1
    assert "#7d4bb8" in svg  # purple


def test_setup_positions():
    game = bn.Game(setup={"blue": ["a20,b20"], "red": ["j10"]}, to_play="yellow")
    assert game.to_play == "yellow"
    assert game.owner("b20") == "blue" and game.owner("j10") == "red"
    assert game.setup == [("blue", "a20,b20"), ("red", "j10")]
    assert "2" not in [p.name for p in game.remaining_pieces("blue")]
    with pytest.raises(bn.BlokusError):
        bn.Game(setup={"blue": ["a20,b20"], "red": ["b20"]})


def test_after_setup_the_start_square_is_no_attach_point():
    game = bn.Game(setup={"blue": ["j10"]})
    assert "a20" not in game.corner_points("blue")
    with pytest.raises(bn.IllegalMoveError) as info:
        game.play("a20,b20")
    assert info.value.rule == "no-corner-contact"
    game.play("k9,k8")  # diagonal to the setup piece
    assert game.owner("k8") == "blue"


def test_undo_then_redo_keeps_the_moves_notes():
    game = bn.Record("duo")
    game.play("d9,c10,d10,e10,d11")
    game.annotations[0] = {"comment": "centre", "TE": "1"}
    game.undo()
    assert game.annotations == {}
    game.redo()
    assert game.annotations == {0: {"comment": "centre", "TE": "1"}}
    # a new move after undo drops the notes with the redo stack
    game.undo()
    game.play(game.legal_moves()[0])
    assert game.annotations == {}


@pytest.mark.parametrize("bad, rule, cells", [
    ("c19,d19", "no-corner-contact", "c19, d19"),
    ("b19", "piece-used", "b19"),
    ("b20,c20", "side-contact", "b20"),
])
def test_illegal_move_messages_name_the_cells(bad, rule, cells):
    game = bn.Game()
    for move in ["a20", "t20", "t1", "a1"]:
        game.play(move)
    with pytest.raises(bn.IllegalMoveError) as info:
        game.play(bad)
    assert info.value.rule == rule
    assert cells in str(info.value), str(info.value)


def test_first_move_message_names_the_cells_and_the_start_square():
    with pytest.raises(bn.IllegalMoveError) as info:
        bn.Game().play("a1,b1")
    assert "a20" in str(info.value) and "a1, b1" in str(info.value)


def setup_all_but(piece_name: str) -> bn.Game:
    """Blue has every piece but ``piece_name`` on the board (as setup), and is to play."""
    from blokus_nb.geometry import geometry
    from blokus_nb.pieces import PIECES

    geo = geometry(20)
    occupied = 0
    setup = []
    # First fit in reading order; pieces of one color never share a side.
    for piece in PIECES:
        if piece.name == piece_name:
            continue
        for pid in geo.piece_ranges[piece.index]:
            mask = geo.masks[pid]
            ring = mask | geo.sides[pid]
            if not ring & occupied:
                occupied |= ring
                setup.append(",".join(geo.cell_names(pid)))
                break
        else:  # pragma: no cover
            raise AssertionError(f"no room for {piece.name}")
    return bn.Game(setup={"blue": setup}, to_play="blue")


def test_bonus_for_all_pieces_through_play():
    game = setup_all_but("2")
    move = next(m for m in game.legal_moves() if m.piece.name == "2")
    game.play(move)
    assert not game.remaining_pieces("blue")
    assert game.scores("advanced")["blue"] == 15
    assert game.scores("points")["blue"] == 89 + 15
    assert game.scores("basic")["blue"] == 0
    game.undo()
    assert game.scores("advanced")["blue"] == -2


def test_bonus_for_the_monomino_last_through_play():
    game = setup_all_but("1")
    game.play(next(m for m in game.legal_moves() if m.piece.name == "1"))
    assert game.scores("advanced")["blue"] == 20
    assert game.scores("points")["blue"] == 109
    game.undo()
    assert game.scores("advanced")["blue"] == -1


def test_undo_takes_back_a_placement_and_the_passes_after_it():
    # tests/test_game.py checks this on a Duo game that happens to have no pass
    game = random_game("classic", seed=11)
    history = game.history
    assert any(m.is_pass for m in history)
    while game.can_undo:
        before = game.history
        last = max(i for i, m in enumerate(before) if not m.is_pass)
        move = game.undo()
        assert move == before[last]
        assert game.history == before[:last]
        assert game.to_play == move.color
    assert game.history == [] and game.to_play == "blue"


# -- threads -------------------------------------------------------------------------


def _hammer(game: bn.Game, seed: int, steps: int, errors: list) -> None:
    """Play, undo and redo at random on a game other threads change too."""
    rng = random.Random(seed)
    try:
        for _ in range(steps):
            action = rng.random()
            try:
                if action < 0.6:
                    moves = game.legal_moves()
                    if moves:
                        game.play(rng.choice(moves))  # may be stale by now: then it is refused
                elif action < 0.8:
                    game.undo()
                else:
                    game.redo()
            except bn.BlokusError:
                pass  # another thread got there first: refused cleanly, nothing changed
    except Exception as error:  # anything else is a race that broke the game
        errors.append(error)


def _replays(history: list[bn.Move], variant: str) -> bool:
    fresh = bn.Game(variant)
    try:
        for move in history:
            if not move.is_pass:
                fresh.play(move)
    except bn.BlokusError:
        return False
    return fresh.history == history


@pytest.mark.parametrize("variant", ["duo", "classic"])
def test_threads_sharing_a_game_leave_a_history_that_replays(variant):
    import sys
    import threading

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often, so unlocked code would race within a few rounds
    try:
        for round_ in range(8):
            game = bn.Game(variant)
            errors: list = []
            threads = [threading.Thread(target=_hammer, args=(game, 10 * round_ + k, 150, errors))
                       for k in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert errors == []
            assert _replays(game.history, variant), f"round {round_}: {game.history}"
            assert game.version >= 1
    finally:
        sys.setswitchinterval(interval)


def test_holding_the_lock_makes_several_calls_atomic():
    import threading

    game = bn.Game("duo")
    expected = game.history
    played = []

    def try_first_move():
        move = game.legal_moves()[0]
        with game.lock:
            if game.history == expected:
                played.append(game.play(move))

    threads = [threading.Thread(target=try_first_move) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(played) == 1 and game.history == played


def test_subscribers_run_while_the_lock_is_held():
    import threading

    game = bn.Game("duo")
    seen = []

    def listener(g):
        # the lock is ours: another thread could not take it now
        seen.append(g.lock.acquire(blocking=False) and (g.lock.release() or True))
        taken = []
        t = threading.Thread(target=lambda: taken.append(g.lock.acquire(blocking=False)))
        t.start()
        t.join()
        seen.append(taken == [False])

    game.subscribe(listener)
    game.play(game.legal_moves()[0])
    assert seen == [True, True]


def test_copies_and_pickles_get_a_fresh_lock():
    import copy
    import pickle

    game = bn.Game("duo")
    game.play(game.legal_moves()[3])
    game.subscribe(lambda g: None)
    for other in (game.copy(), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert other.lock is not game.lock
        assert other.history == game.history and other.to_play == game.to_play
        assert other.board.snapshot() == game.board.snapshot()
        with game.lock:  # the copy does not share the original's lock
            t = __import__("threading").Thread(target=lambda: other.play(other.legal_moves()[0]))
            t.start()
            t.join(5)
            assert not t.is_alive()
        assert len(other.history) == len(game.history) + 1


def test_a_failing_subscriber_neither_breaks_play_nor_stops_the_others(capsys):
    game, seen = bn.Game("duo"), []

    def broken(_game):
        raise RuntimeError("a subscriber's bug")

    game.subscribe(broken)
    game.subscribe(lambda g: seen.append(len(g.history)))
    move = game.play("d9,c10,d10,e10,d11")  # returns normally: the move was made
    assert str(move) == "d9,c10,d10,e10,d11" and seen == [1]
    assert "a subscriber's bug" in capsys.readouterr().err


def test_a_games_record_fields_are_deprecated_say_where_they_went_and_are_still_saved(tmp_path):
    # 0.4's Game held metadata and notes: code that sets them (Pentobi's match harness does) keeps
    # working for one release, with a warning that names bn.Record, and saving writes them.
    game = bn.Game("duo")
    game.play("e10")
    for name in ("metadata", "annotations"):
        with pytest.warns(DeprecationWarning, match=f"Game.{name} is deprecated.*bn.Record"):
            assert getattr(game, name) == {}
    game.metadata["event"] = "club night"
    game.annotations[0] = {"comment": "the centre"}
    bn.save(game, tmp_path / "game.blksgf")
    back = bn.read_sgf(tmp_path / "game.blksgf")
    assert back.metadata["event"] == "club night" and back.annotations[0] == {"comment": "the centre"}
    assert bn.Record.from_game(game).metadata["event"] == "club night"
    assert "club night" in bn.records.to_json(game)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        game.nothing  # noqa: B018 - the lookup is what is tested
    assert not hasattr(bn.Game("duo").copy(), "nothing")


def test_the_redo_line_is_public_and_can_be_cleared():
    game = bn.Game("duo")
    game.play("e10")
    game.play("j5")
    game.undo()
    game.undo()
    assert [str(m) for m in game.redo_line] == ["e10", "j5"]  # in the order redo plays them
    game.redo()
    assert [str(m) for m in game.redo_line] == ["j5"]
    version = game.version
    game.clear_redo()
    assert game.redo_line == [] and not game.can_redo and game.version == version


def test_an_old_pickle_of_a_game_with_notes_in_its_redo_line_loads():
    import pickle

    game = bn.Game("duo")
    game.play("e10")
    game.undo()
    state = game.__getstate__()
    state["_redo"] = [(move, {0: {"comment": "old"}}) for move in state["_redo"]]
    state.update(metadata={"event": "x"}, annotations={}, _tree=None)  # what 0.4 pickled
    old = bn.Game.__new__(bn.Game)
    old.__setstate__(state)
    assert old.redo_line == game.redo_line and "_tree" not in vars(old)
    assert bn.Record.from_game(old).metadata == {"event": "x"}  # kept, as the deprecated Game.metadata
    old.redo()
    assert [str(m) for m in pickle.loads(pickle.dumps(old)).history] == ["e10"]


@pytest.mark.parametrize("call, replacement", [
    (lambda game, path: game.to_sgf(), "blokus_nb.records.to_sgf"),
    (lambda game, path: game.to_json(indent=None), "blokus_nb.records.to_json"),
    (lambda game, path: bn.Game.from_json(bn.records.to_json(game)), "blokus_nb.records.game_from_json"),
    (lambda game, path: game.save(path), "blokus_nb.save"),
])
def test_the_record_methods_of_a_game_are_deprecated_and_still_work(tmp_path, call, replacement):
    game = bn.Game("duo")
    game.play("e10")
    with pytest.warns(DeprecationWarning, match=replacement.replace(".", r"\.")):
        call(game, tmp_path / "game.blksgf")
    if replacement == "blokus_nb.save":
        assert bn.load(tmp_path / "game.blksgf").history == game.history
    assert game.to_sgf.__doc__.startswith("Deprecated")
