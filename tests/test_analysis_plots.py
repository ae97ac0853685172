"""Analysis plots: each returns its Axes, labelled, in the game's colors, for one game or many."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402

import blokus_nb as bn  # noqa: E402
from blokus_nb import analysis  # noqa: E402
from blokus_nb.render import COLORBLIND_PALETTE, PALETTE  # noqa: E402
from data_paths import DATA  # noqa: E402

GAMES = DATA / "pentobi" / "games"


@pytest.fixture(scope="module")
def corpus():
    return analysis.load_games(GAMES, n_jobs=1, progress=False)


@pytest.fixture(scope="module")
def game():
    return bn.read_sgf(GAMES / "duo" / "duo_L1_0003.blksgf")


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def labelled(ax) -> None:
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()


CURVES = [analysis.plot_score_curves, analysis.plot_mobility, analysis.plot_territory]


@pytest.mark.parametrize("plot", CURVES, ids=lambda f: f.__name__)
def test_curves_of_one_game_use_the_palette(plot, game):
    _, given = plt.subplots()
    ax = plot(game, ax=given)
    assert ax is given
    labelled(ax)
    line_colors = {to_hex(line.get_color()) for line in ax.get_lines()}
    assert {PALETTE["purple"], PALETTE["orange"]} <= line_colors
    assert [t.get_text() for t in ax.get_legend().get_texts()][:2] == ["purple", "orange"]


@pytest.mark.parametrize("plot", CURVES, ids=lambda f: f.__name__)
def test_curves_of_many_games_draw_a_mean_and_a_band(plot, corpus):
    ax = plot(corpus, variant="classic")
    labelled(ax)
    assert "20 games" in ax.get_title()
    assert ax.collections, "a band around the mean"
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend[:4] == ["blue", "yellow", "red", "green"] and "mean of 20 games" in legend
    # A finished game keeps its last values, so the mean reaches the longest game.
    longest = corpus[corpus["variant"] == "classic"]["move_number"].max()
    assert max(line.get_xdata().max() for line in ax.get_lines()) == longest


def test_curves_refuse_a_mix_of_variants_without_a_choice(corpus):
    with pytest.raises(ValueError, match="mix variants"):
        analysis.plot_mobility(corpus)
    with pytest.raises(ValueError, match="band"):
        analysis.plot_mobility(corpus, variant="duo", band="wide")


def test_score_curves_of_squares_and_other_palettes(game):
    ax = analysis.plot_score_curves([game, game], metric="squares", band="iqr",
                                    palette=COLORBLIND_PALETTE)
    assert ax.get_ylabel() == "squares placed"
    assert COLORBLIND_PALETTE["purple"] in {to_hex(line.get_color()) for line in ax.get_lines()}


def test_board_heatmap(corpus, game):
    ax = analysis.plot_board_heatmap(corpus, variant="duo")
    labelled(ax)
    image = ax.get_images()[0].get_array()
    assert image.shape == (14, 14, 3)
    ax = analysis.plot_board_heatmap(game, color="orange")
    share = ax.get_images()[0].get_array()
    assert share.max() == 1 and share.min() == 0  # one game: a cell is covered or not
    assert int(share.sum()) == game.squares_placed("orange")
    assert "orange" in ax.figure.axes[-1].get_ylabel()  # the color bar
    with pytest.raises(ValueError, match="not a color"):
        analysis.plot_board_heatmap(game, color="blue")


def test_piece_timing_and_seat_results(corpus, game):
    ax = analysis.plot_piece_timing(corpus, variant="classic")
    labelled(ax)
    assert len(ax.get_yticklabels()) == 21
    ax = analysis.plot_seat_results(corpus, variant="duo")
    labelled(ax)
    summary = analysis.summarize(corpus)
    duo = summary[summary["variant"] == "duo"]
    heights = [bar.get_height() for bar in ax.patches[:2]]
    assert heights == pytest.approx([duo["won_1"].mean(), duo["won_2"].mean()])
    assert heights[0] + heights[1] == pytest.approx(1)
    assert analysis.plot_seat_results(summary, variant="classic").get_xlabel()


def test_board_and_match_report(game):
    ax = analysis.plot_board(game)
    assert ax.get_title() == f"duo board after {len(game.moves)} moves"
    figure = analysis.match_report(game)
    assert len(figure.axes) >= 5
    assert game.result() in figure.get_suptitle()
    assert {a.get_title() for a in figure.axes} >= {"Score", "Mobility", "Result"}
