"""The evaluation curve: win chances from the MCTS player's searches, drops and blunders."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
import pytest  # noqa: E402
from data_paths import DATA  # noqa: E402

import blokus_nb as bn  # noqa: E402
from blokus_nb import analysis  # noqa: E402
from blokus_nb.players import Limit  # noqa: E402

LIMIT = Limit(simulations=25)


@pytest.fixture(scope="module")
def duo_game() -> bn.Game:
    return bn.read_sgf(DATA / "pentobi" / "games" / "duo" / "duo_L1_0001.blksgf")


@pytest.fixture(scope="module")
def curve(duo_game) -> pd.DataFrame:
    return analysis.evaluate(duo_game, limit=LIMIT, progress=False)


@pytest.mark.slow
def test_one_row_per_placement_with_the_movers_chance(duo_game, curve):
    placed = [i + 1 for i, m in enumerate(duo_game.history) if not m.is_pass]
    assert curve["move_number"].tolist() == placed
    assert curve["cells"].tolist() == [str(m) for m in duo_game.moves]
    assert curve["win_chance"].between(0, 1).all()
    assert (curve["simulations"] == 25).all()
    for row in curve.itertuples():
        assert getattr(row, f"win_{row.color}") == row.win_chance
        other = "orange" if row.color == "purple" else "purple"
        assert np.isnan(getattr(row, f"win_{other}"))


def test_drops_compare_a_players_own_turns_and_end_with_the_result(duo_game, curve):
    winner = duo_game.winners("points")
    for color, player in (("purple", 1), ("orange", 2)):
        rows = curve[curve["color"] == color]
        chances = rows["win_chance"].tolist()
        assert rows["after"].tolist()[:-1] == chances[1:]
        assert rows["after"].iloc[-1] == (1.0 if winner == [player] else 0.0)
    assert (curve["drop"] == curve["win_chance"] - curve["after"]).all()
    assert (curve["blunder"] == (curve["drop"] >= 0.15)).all()


@pytest.mark.pools
@pytest.mark.slow
def test_seeded_searches_repeat_and_do_not_depend_on_workers(duo_game, curve):
    again = analysis.evaluate(duo_game, limit=LIMIT, progress=False, n_jobs=2)
    pd.testing.assert_frame_equal(curve, again)


def test_four_colors_and_a_setup_position():
    game = bn.Game(setup={"blue": ["a20"]}, to_play="yellow")
    for move in ("t20", "t1", "a1", "b19,c19"):
        game.play(move)
    curve = analysis.evaluate(game, limit=Limit(simulations=8), progress=False)
    assert curve["color"].tolist() == ["yellow", "red", "green", "blue"]
    assert curve["after"].isna().all()  # no color has moved twice, and the game goes on


def test_plot_marks_the_blunders(curve):
    ax = analysis.plot_evaluation(curve)
    assert ax.get_ylabel() == "win chance" and ax.get_xlabel() and ax.get_title()
    markers = [line for line in ax.get_lines() if line.get_marker() == "v"]
    assert len(markers) == int(curve["blunder"].sum())


def test_a_player_that_does_not_search_is_refused(duo_game):
    with pytest.raises(TypeError, match="searches"):
        analysis.evaluate(duo_game, player="greedy", progress=False)


class ChancesPlayer(bn.players.Player):
    """A search whose every player's chances (``CHANCES``) differ from its own win rate (0.9)."""

    CHANCES = {"classic": (0.1, 0.2, 0.3, 0.4), "classic_3": (0.2, 0.3, 0.5), "classic_2": (0.35, 0.65)}

    def search(self, game, limit=None):
        from blokus_nb.players.mcts import SearchResult

        return SearchResult(game.legal_moves()[0], 0.9, 1, 1, 0.0, [], self.CHANCES[game.variant.name])


@pytest.mark.parametrize("variant", ["classic", "classic_3", "classic_2"])
def test_the_movers_chance_is_its_share_of_every_players_chances(variant):
    from sample_games import random_game

    game = random_game(variant, 4, moves=9)
    curve = analysis.evaluate(game, ChancesPlayer(), progress=False)
    chances = ChancesPlayer.CHANCES[variant]
    assert curve["win_chance"].tolist() == [chances[p - 1] for p in curve["player"]]
    assert set(curve["player"]) == set(range(1, len(chances) + 1))
