"""The review: win chance lost per move, its class with lichess's thresholds, a summary per player."""

from __future__ import annotations

import math

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from data_paths import DATA  # noqa: E402
from sample_games import random_game  # noqa: E402

import blokus_nb as bn  # noqa: E402
from blokus_nb import analysis  # noqa: E402
from blokus_nb.analysis.review import (  # noqa: E402
    Estimate,
    accuracy,
    classify,
    estimate_positions,
    placements,
    review_frame,
    review_summary,
    side_curves,
)
from blokus_nb.players import Limit  # noqa: E402

LIMIT = Limit(simulations=25)


@pytest.fixture(scope="module")
def duo_game() -> bn.Game:
    return bn.read_sgf(DATA / "pentobi" / "games" / "duo" / "duo_L1_0001.blksgf")


@pytest.fixture(scope="module")
def reviewed(duo_game) -> pd.DataFrame:
    return analysis.review(duo_game, limit=LIMIT, progress=False)


def test_classes_follow_the_documented_thresholds():
    assert [classify(x) for x in (0.0, 0.049, 0.05, 0.099, 0.10, 0.149, 0.15, 0.6)] == [
        "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert classify(-0.2) == "good"  # a move that gains (search noise) is no worse than good
    assert classify(0.4, best=True) == "best"


def test_accuracy_is_lichess_per_move_formula_averaged():
    assert accuracy([0.0]) == pytest.approx(100.0, abs=1e-3)
    assert accuracy([-0.1]) == accuracy([0.0])  # a gain counts as no loss
    expected = (103.1668 * math.exp(-0.04354 * 10) - 3.1669 + 103.1668 - 3.1669) / 2
    assert accuracy([0.10, 0.0]) == pytest.approx(expected)
    assert accuracy([1.0]) == 0.0  # kept within 0..100
    assert math.isnan(accuracy([]))


@pytest.mark.slow
def test_the_review_agrees_with_the_evaluation_curve(duo_game, reviewed):
    curve = analysis.evaluate(duo_game, limit=LIMIT, progress=False)
    assert list(reviewed["move_number"]) == list(curve["move_number"])
    np.testing.assert_allclose(reviewed["win_before"], curve["win_chance"])
    assert list(reviewed["best_move"]) == list(curve["best_move"])
    assert len(reviewed) == len(duo_game.moves)


def test_after_is_one_minus_the_opponents_chance_and_the_result_at_the_end(duo_game, reviewed):
    before = reviewed["win_before"].to_numpy()
    after = reviewed["win_after"].to_numpy()
    players = reviewed["player"].to_numpy()
    for k in range(len(reviewed) - 1):
        expected = before[k + 1] if players[k + 1] == players[k] else 1 - before[k + 1]
        assert after[k] == pytest.approx(expected)
    winners = duo_game.winners("points")
    last = reviewed.iloc[-1]
    assert last["win_after"] == (1 / len(winners) if last["player"] in winners else 0.0)
    np.testing.assert_allclose(reviewed["loss"], before - after)
    for row in reviewed.itertuples():
        best = row.best_move == row.cells
        assert row._8 == classify(row.loss, best=best)  # the class column


def test_a_partial_review_leaves_unsearched_moves_unclassed(duo_game):
    indices = placements(duo_game)
    estimates = [Estimate(indices[0], 0.6, "x", math.nan, 10), Estimate(indices[1], 0.3, "y", math.nan, 10)]
    frame = review_frame(duo_game, estimates)
    assert frame.loc[0, "win_after"] == pytest.approx(0.7)
    assert frame.loc[0, "class"] == "good"  # it gained (0.6 before, 0.7 after)
    assert frame["class"].iloc[1:].isna().all()
    assert frame.loc[1, "win_before"] == 0.3 and math.isnan(frame.loc[1, "win_after"])


def test_three_or_four_players_read_after_at_the_movers_next_turn():
    game = random_game("classic", seed=3, moves=8)
    indices = placements(game)
    estimates = [Estimate(i, 0.1 * (k + 1), "", math.nan, 1) for k, i in enumerate(indices)]
    frame = review_frame(game, estimates)
    # four colors, four players: blue's next turn is four placements on
    assert frame.loc[0, "win_after"] == pytest.approx(0.5)
    assert frame.loc[3, "win_after"] == pytest.approx(0.8)
    assert math.isnan(frame.loc[4, "win_after"])  # the game goes on and blue has not moved again
    curves = side_curves(frame, 4)
    assert curves[0][:5] == [0.1, 0.1, 0.1, 0.1, 0.5]  # blue's curve holds while the others move
    assert curves[1][0] is None


def test_two_sided_curves_are_complements(reviewed):
    first, second = side_curves(reviewed, 2)
    assert len(first) == len(reviewed) + 1
    for a, b in zip(first, second):
        assert a is not None and a + b == pytest.approx(1.0)


def test_summary_counts_each_class_per_player(reviewed):
    summary = review_summary(reviewed)
    assert list(summary["player"]) == [1, 2]
    for row in summary.itertuples():
        own = reviewed[reviewed["player"] == row.player]
        assert row.moves == len(own)
        assert row.blunders == int((own["class"] == "blunder").sum())
        assert row.mistakes == int((own["class"] == "mistake").sum())
        assert row.best + row.good + row.inaccuracies + row.mistakes + row.blunders == row.moves
        assert row.average_loss == pytest.approx(own["loss"].clip(lower=0).mean())
        assert row.accuracy == pytest.approx(accuracy(own["loss"]))


@pytest.mark.slow
def test_stopping_ends_the_review_between_positions(duo_game):
    seen: list[int] = []
    found = estimate_positions(duo_game, limit=LIMIT, on_estimate=lambda e: seen.append(e.index),
                               stop=lambda: len(seen) >= 3)
    assert [e.index for e in found] == seen[:3] == placements(duo_game)[:3]


@pytest.mark.pools
@pytest.mark.slow
def test_two_processes_give_the_same_review(duo_game):
    short = duo_game.copy()
    while len(short.moves) > 8:
        short.undo()
    one = analysis.review(short, limit=Limit(simulations=15), progress=False)
    two = analysis.review(short, limit=Limit(simulations=15), progress=False, n_jobs=2)
    pd.testing.assert_frame_equal(one, two)


def test_bad_input_is_refused():
    with pytest.raises(bn.ArgumentTypeError, match="review needs a Game"):
        analysis.review("(;GM[Blokus Duo])", progress=False)
    with pytest.raises(bn.ArgumentTypeError, match="player that searches"):
        analysis.review(random_game("duo", 1, moves=2), "greedy", progress=False)
    with pytest.raises(bn.ArgumentTypeError, match="Limit"):
        estimate_positions(random_game("duo", 1, moves=2), limit=200)
    with pytest.raises(bn.BlokusError, match="review frame"):
        review_summary(pd.DataFrame({"x": [1]}))


def test_plot_shows_one_curve_per_side_and_marks_the_bad_moves(reviewed):
    ax = analysis.plot_review(reviewed)
    labels = [line.get_label() for line in ax.get_lines()]
    assert sum("purple" in label or "orange" in label for label in labels) == 2
    for kind in ("inaccuracy", "mistake", "blunder"):
        assert any(label.startswith(kind) for label in labels) == (reviewed["class"] == kind).any()


@pytest.mark.slow
def test_match_report_gains_the_win_chance_panel_when_a_review_is_given(duo_game, reviewed):
    from figure_checks import CELL_INCHES, text_problems

    title = "Win chance after each move (review)"
    assert title not in [a.get_title() for a in analysis.match_report(duo_game).axes]
    figure = analysis.match_report(duo_game, review=reviewed)
    panel = next(a for a in figure.axes if a.get_title() == title)
    assert len([line for line in panel.get_lines() if "Pentobi" in line.get_label()]) == 2
    assert figure.get_figwidth() <= CELL_INCHES and text_problems(figure) == []


# ---------------------------------------------------------------- every player's chance
def test_duo_reviews_are_what_they_were_before_the_chances(duo_game):
    # Made with blokus_nb 5150e5c, before searches gave every player's chance (the same game,
    # player, budget and seed): Duo's numbers must not move.
    import json

    before = json.loads((DATA / "review" / "duo_mcts_25.json").read_text())
    frame = analysis.review(duo_game, before["player"], limit=Limit(simulations=before["simulations"]),
                            seed=before["seed"], progress=False)
    columns = list(before["rows"][0])
    rows = [{k: (None if isinstance(v, float) and math.isnan(v) else (str(v) if k in ("color", "class") else v))
             for k, v in r.items()} for r in frame[columns].to_dict("records")]
    assert rows == before["rows"]
    # The new columns: each side's chance, the mover's being win_before.
    movers = frame["player"].to_numpy()
    for row, mover in zip(frame.itertuples(), movers):
        chances = (row.chance_1, row.chance_2)
        assert chances[mover - 1] == row.win_before and chances[2 - mover] == 1.0 - row.win_before


def chance_estimates(game, table):
    """Estimates that give every player's chance: ``table[k]`` at the k-th placement."""
    indices = placements(game)
    return [Estimate(i, 0.0, "", math.nan, 1, tuple(table[k])) for k, i in enumerate(indices)]


def test_with_every_players_chance_a_moves_loss_is_the_movers_drop_at_the_next_position():
    game = random_game("classic", seed=3, moves=6)
    table = [(0.25, 0.25, 0.25, 0.25), (0.4, 0.2, 0.2, 0.2), (0.3, 0.3, 0.2, 0.2), (0.3, 0.1, 0.5, 0.1),
             (0.35, 0.15, 0.4, 0.1), (0.2, 0.2, 0.2, 0.4)]
    frame = review_frame(game, chance_estimates(game, table))
    for k in range(4):
        assert list(frame.loc[k, ["chance_1", "chance_2", "chance_3", "chance_4"]]) == list(table[k])
    # blue (player 1) moved first: 0.25 before, 0.4 in the position after its move
    assert (frame.loc[0, "win_before"], frame.loc[0, "win_after"]) == (0.25, 0.4)
    assert frame.loc[0, "loss"] == pytest.approx(-0.15) and frame.loc[0, "class"] == "good"
    # yellow (player 2): 0.2 before, 0.3 after; red (3): 0.2 before, 0.5 after; green (4): 0.1, 0.1
    assert frame.loc[1, "loss"] == pytest.approx(-0.1) and frame.loc[3, "loss"] == pytest.approx(0.0)
    assert math.isnan(frame.loc[5, "win_after"])  # the game goes on: not known after the last move
    curves = side_curves(frame, 4)
    assert [curve[:6] for curve in curves] == [[t[p] for t in table] for p in range(4)]
    assert all(curve[6] is None for curve in curves)


def test_every_players_curve_ends_on_the_result_of_a_finished_four_player_game():
    game = random_game("classic", seed=5)
    indices = placements(game)
    table = [(0.25, 0.25, 0.25, 0.25)] * len(indices)
    frame = review_frame(game, chance_estimates(game, table))
    winners = game.winners("points")
    final = [1 / len(winners) if p in winners else 0.0 for p in (1, 2, 3, 4)]
    curves = side_curves(frame, 4)
    assert [curve[-1] for curve in curves] == final
    last = frame.iloc[-1]
    assert last["win_after"] == final[last["player"] - 1]


def test_a_classic_review_gives_every_player_a_chance_at_every_position():
    game = random_game("classic", seed=2, moves=10)
    frame = analysis.review(game, "mcts", limit=Limit(simulations=30), progress=False)
    chances = frame[["chance_1", "chance_2", "chance_3", "chance_4"]].to_numpy()
    np.testing.assert_allclose(chances.sum(axis=1), 1.0)
    movers = frame["player"].to_numpy()
    np.testing.assert_array_equal(frame["win_before"], chances[np.arange(len(frame)), movers - 1])
    curves = side_curves(frame, 4)
    assert all(value is not None for curve in curves for value in curve[:-1])


def test_a_player_given_without_a_seed_searches_every_position_afresh():
    # make_player hands such a player back as it is: the tree it kept from the position before
    # would give every later position more simulations than the first.
    from blokus_nb.players import MCTSPlayer

    totals = []

    class Counting(MCTSPlayer):
        def search(self, game, limit=None):
            result = super().search(game, limit)
            totals.append(sum(a.visits for a in result.alternatives))
            return result

    game = bn.Game("duo")  # the search's own moves: the positions its kept tree reaches
    player = MCTSPlayer(seed=1)
    for _ in range(4):
        game.play(player.choose_move(game, Limit(simulations=60)))
    estimate_positions(game, Counting(seed=1), seed=None, limit=Limit(simulations=60))
    assert totals == [60] * len(placements(game))
