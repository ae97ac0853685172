"""The Game object: turns, errors that change nothing, undo/redo, passes, scores, variants."""

from __future__ import annotations

import random

import pytest

import blokus_nb as bn
from sample_games import random_game


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
