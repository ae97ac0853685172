"""The strong levels in every variant, as people get them (``make_player("hard")``, ``"expert"``):
every move legal, searches repeatable under a seed and a budget, the time limit kept on the
20x20 board, and weights that refuse a board they were not made for.

The networks' own searches (``PUCTPlayer`` built directly) and the training runs are tested in
``test_players_net.py`` and ``test_training.py``.
"""

from __future__ import annotations

import time

import numpy as np
import pytest
from sample_games import random_game

import blokus_nb as bn
from blokus_nb.players import Limit, make_player
from blokus_nb.players.net import CLASSIC, CLASSIC_FORMAT, load_net

VARIANTS = ("duo", "classic", "classic_2", "classic_3")
LEVELS = ("hard", "expert")
BUDGET = Limit(simulations=6)


def late_position(variant: str, seed: int, placements: int = 6) -> bn.Game:
    """A position ``placements`` placements before the end of a seeded random game."""
    game = random_game(variant, seed)
    for _ in range(placements):
        game.undo()
    while game.is_over or game.history[-1].is_pass:
        game.undo()
    return game


def play_and_check(game: bn.Game, player: bn.players.Player, plies: int | None) -> int:
    """Let ``player`` play every color for ``plies`` placements (None: to the end); each must be legal."""
    played = 0
    while not game.is_over and (plies is None or played < plies):
        before = game.board.snapshot()
        move = player.choose_move(game, BUDGET)
        assert game.board.snapshot() == before, "choosing a move changed the game"
        assert game.is_legal(move), f"{player.name} chose {move}, which is not legal"
        game.play(move)
        played += 1
    return played


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_move_of_a_strong_level_is_legal_from_the_start_and_to_the_end(level, variant):
    player = make_player(level, seed=1)
    assert play_and_check(bn.Game(variant), player, plies=8) == 8
    late = late_position(variant, seed=len(variant))
    assert play_and_check(late, player, plies=None) >= 1 and late.is_over


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", LEVELS)
def test_a_seed_and_a_simulation_budget_repeat_the_move_and_the_visits(level, variant):
    game = random_game(variant, 7, moves=10)
    runs = [make_player(level, seed=5).search(game, Limit(simulations=24)) for _ in range(2)]
    assert runs[0].simulations == 24
    assert runs[0].move == runs[1].move and game.is_legal(runs[0].move)
    assert [(a.move, a.visits) for a in runs[0].alternatives] == \
        [(a.move, a.visits) for a in runs[1].alternatives]
    assert sum(a.visits for a in runs[0].alternatives) == 24


# One timing per 20x20 variant and level: an early position, and mid-game positions (the
# most legal moves, the slowest simulations). A level is a simulation budget; its time cap, a
# safety net, must be far from binding here: the level takes less than half of it.
@pytest.mark.slow
@pytest.mark.parametrize("level, variant, placements", [
    ("hard", "classic", 4), ("hard", "classic_2", 30), ("hard", "classic_3", 36),
    ("expert", "classic", 28), ("medium", "classic", 40)])
@pytest.mark.timing
def test_a_level_answers_with_its_simulations_within_its_time_cap_on_the_20x20_board(level, variant, placements):
    game = random_game(variant, 3, moves=placements)
    make_player(level, seed=0).search(game, Limit(simulations=1))  # tables and weights: read once
    player = make_player(level, seed=0)
    limit = player.limit_for(game)
    start = time.perf_counter()
    result = player.search(game)
    elapsed = time.perf_counter() - start
    assert game.is_legal(result.move)
    assert result.stopped_by == "simulations" and result.simulations == limit.simulations
    assert elapsed < limit.time / 2, f"{level} took {elapsed:.2f} s in {variant} (its time cap: {limit.time} s)"


def test_a_classic_weights_file_with_another_format_is_refused(tmp_path):
    path = tmp_path / "classic.npz"
    load_net(variant="classic").save(path)
    with np.load(path) as data:
        arrays = {name: data[name] for name in data.files}
    assert str(arrays["format"]) == CLASSIC_FORMAT
    for name, altered in (("planes reordered", CLASSIC_FORMAT.replace("own,", "", 1) + ",own"),
                          ("a later version", CLASSIC_FORMAT.replace("classic-v1", "classic-v2")),
                          ("another board", CLASSIC_FORMAT.replace("anchor400", "anchor196"))):
        assert altered != CLASSIC_FORMAT, name
        np.savez(path, **{**arrays, "format": np.array(altered)})
        with pytest.raises(bn.BlokusError, match="made for other inputs.*train again"):
            load_net(path, variant="classic")
    np.savez(path, **arrays)
    assert load_net(path, variant="classic").encoding is CLASSIC



def test_the_pentobi_benchmark_measures_every_classic_target(tmp_path):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import bench_ai

    args = bench_ai.argparse.Namespace(pentobi_sims=None, pentobi_out=tmp_path, pentobi_games=40,
                                       pentobi_harness=tmp_path / "pentobi_match.py", seed=3)
    runs = {}
    for command in bench_ai.pentobi_commands(args):
        option = dict(zip(command[2::2], command[3::2]))
        runs[option["--variant"], option["--player"], int(option["--level"])] = int(option["--games"])
        assert "--sims" not in option  # the levels' own time
    assert runs[("classic", "hard", 5)] == runs[("classic", "expert", 6)] == 40
    assert runs[("classic_2", "hard", 5)] == 40
    assert runs[("classic_3", "hard", 5)] == 42  # whole rounds of three seats
    assert {("duo", "hard", 5), ("duo", "expert", 6)} <= set(runs)


def test_the_seats_benchmark_sets_each_seat_s_chance_beside_its_first_places(capsys):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import bench_ai

    if not (bench_ai.DEFAULT_DATA / "selfplay" / "classic_L6_policy").is_dir():
        pytest.skip("Pentobi's classic self-play games are not here (../shared/data/pentobi)")
    assert bench_ai.main(["--only", "seats", "--seat-games", "3"]) == 0
    lines = {line[:22].strip(): line[22:].split() for line in capsys.readouterr().out.splitlines()
             if line[:1] in "fcB"}
    firsts = [float(v.rstrip("%")) for v in lines["first places (share)"]]
    assert len(firsts) == 4 and sum(firsts) == pytest.approx(100, abs=0.3)
    for label in ("chance, plies 0-19", "chance, plies 20-43", "chance, plies 44-"):
        chances = [float(v.rstrip("%")) for v in lines[label][:4]]
        assert sum(chances) == pytest.approx(100, abs=0.3) and all(0 < c < 100 for c in chances)
    assert all(0 < float(b) < 1 for b in lines["Brier"])


@pytest.mark.slow
@pytest.mark.parametrize("level", ["hard", "expert"])
def test_the_strong_levels_play_for_rank_and_still_report_chances_of_first(level):
    from blokus_nb.players.levels import GOAL

    player = make_player(level, seed=3)
    assert player.goal == GOAL == "rank"
    game = random_game("classic", 3, moves=8)
    result = player.search(game, Limit(simulations=40))
    # the chances stay each color's chance of finishing first (expected ranks would add up to 2)
    assert len(result.chances) == 4 and sum(result.chances) == pytest.approx(1.0)
