"""Analysis plots: each returns its Axes, labelled, in the game's colors, for one game or many,
and reads at a notebook cell's width at 100 dpi (image checks in figure_checks)."""

from __future__ import annotations

import matplotlib
from budget import examples

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from data_paths import DATA  # noqa: E402
from figure_checks import CELL_INCHES, text_problems  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402

import blokus_nb as bn  # noqa: E402
from blokus_nb import analysis  # noqa: E402
from blokus_nb.analysis.plots import FIGURE_WIDTH  # noqa: E402
from blokus_nb.render import COLORBLIND_PALETTE, PALETTE  # noqa: E402

GAMES = DATA / "pentobi" / "games"


@pytest.fixture(scope="module")
def corpus():
    return analysis.load_games(GAMES, n_jobs=1, progress=False)


@pytest.fixture(scope="module")
def classic(corpus):
    return corpus[corpus["variant"] == "classic"]


@pytest.fixture(scope="module")
def game():
    return bn.read_sgf(GAMES / "duo" / "duo_L1_0003.blksgf")


@pytest.fixture(scope="module")
def classic_game():
    return bn.read_sgf(GAMES / "classic" / "classic_L1_0001.blksgf")


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def labelled(ax) -> None:
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()


def readable(fig) -> None:
    """Every text at least 8 pt in a notebook cell at 100 dpi, inside the figure, clear of the others."""
    assert fig.get_figwidth() <= CELL_INCHES
    assert text_problems(fig) == []


def colors_drawn(ax) -> set[str]:
    return {to_hex(line.get_color()) for a in [ax, *ax.child_axes] for line in a.get_lines()}


CURVES = [analysis.plot_score_curves, analysis.plot_mobility, analysis.plot_territory, analysis.plot_lead]


# ------------------------------------------------------------------- curves
@pytest.mark.parametrize("plot", CURVES, ids=lambda f: f.__name__)
def test_curves_of_one_game_draw_on_the_given_axes_in_the_palette(plot, game):
    fig, given = plt.subplots(figsize=(FIGURE_WIDTH, 4), layout="constrained")
    ax = plot(game, ax=given)
    assert ax is given and fig.axes == [given]
    labelled(ax)
    assert PALETTE["purple"] in colors_drawn(ax)
    assert [t.get_text() for t in ax.get_legend().get_texts()][0].startswith("purple")
    readable(fig)
    ax = plot(game, palette=COLORBLIND_PALETTE)
    assert COLORBLIND_PALETTE["purple"] in colors_drawn(ax) and PALETTE["purple"] not in colors_drawn(ax)


@pytest.mark.parametrize("plot", CURVES[:3], ids=lambda f: f.__name__)
def test_curves_of_two_colors_are_a_mean_with_a_band_in_one_panel(plot, corpus):
    ax = plot(corpus, variant="duo")
    assert ax.child_axes == [], "two colors stay in one panel"
    labelled(ax)
    assert "20 games" in ax.get_title()
    assert ax.collections, "a band around the mean"
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend[:2] == ["purple", "orange"] and "mean of 20 games" in legend
    # A finished game keeps its last values, so the mean reaches the longest game.
    longest = corpus[corpus["variant"] == "duo"]["move_number"].max()
    assert max(line.get_xdata().max() for line in ax.get_lines()) == longest
    readable(ax.figure)


@pytest.mark.slow
@pytest.mark.parametrize("plot", CURVES[:3], ids=lambda f: f.__name__)
def test_overlapping_bands_of_four_colors_get_a_panel_each(plot, classic):
    fig, given = plt.subplots(figsize=(FIGURE_WIDTH, 5), layout="constrained")
    ax = plot(classic, ax=given)
    assert ax is given
    panels = ax.child_axes
    assert [p.get_title() for p in panels] == ["blue", "yellow", "red", "green"]
    labelled(ax)  # the frame keeps the shared title and axis labels
    for panel, color in zip(panels, ["blue", "yellow", "red", "green"]):
        own = [line for line in panel.get_lines() if to_hex(line.get_color()) == PALETTE[color]]
        assert own and panel.collections, f"{color}'s mean and band in its panel"
        others = [line for line in panel.get_lines() if to_hex(line.get_color()) in
                  {PALETTE[c] for c in ("blue", "yellow", "red", "green") if c != color}]
        assert others == [], "the other colors are drawn in grey behind"
    # The panels lie inside the Axes they were asked to draw in.
    fig.canvas.draw()
    frame = given.get_window_extent()
    for panel in panels:
        box = panel.get_window_extent()
        assert frame.x0 - 1 <= box.x0 and box.x1 <= frame.x1 + 1
        assert frame.y0 - 1 <= box.y0 and box.y1 <= frame.y1 + 1
    readable(fig)
    assert plot(classic, facet=False).child_axes == []


def test_curves_refuse_bad_requests(corpus):
    with pytest.raises(ValueError, match="mix variants"):
        analysis.plot_mobility(corpus)
    with pytest.raises(ValueError, match="band"):
        analysis.plot_mobility(corpus, variant="duo", band="wide")
    with pytest.raises(ValueError, match="'lead'"):
        analysis.plot_score_curves(corpus, variant="duo", metric="points")


def test_score_curves_of_squares(game):
    ax = analysis.plot_score_curves([game, game], metric="squares", band="iqr")
    assert ax.get_ylabel() == "squares placed"
    assert ax.get_lines()[0].get_ydata()[-1] == game.squares_placed("purple")


# ------------------------------------------------------------------- lead
def test_lead_is_each_players_score_minus_the_best_other_after_each_round(classic_game):
    ax = analysis.plot_lead(classic_game)
    replay = bn.Game("classic")
    after: list[dict[str, int]] = []  # the scores after each history entry (passes change nothing)
    for move in classic_game.moves:
        replay.play(move)
        after += [replay.scores("advanced")] * (len(replay.history) - len(after))
    history = classic_game.history
    assert len(after) == len(history)
    expected: dict[str, list[int]] = {c: [] for c in replay.colors}
    for i, scores in enumerate(after, start=1):
        if i % 4 == 0 or i == len(history):
            for c in replay.colors:
                expected[c].append(scores[c] - max(s for o, s in scores.items() if o != c))
    lines = [line for line in ax.get_lines() if to_hex(line.get_color()) in {PALETTE[c] for c in expected}]
    assert len(lines) == 4
    for line, color in zip(lines, replay.colors):
        assert to_hex(line.get_color()) == PALETTE[color]
        assert line.get_ydata().tolist() == expected[color]
        assert line.get_xdata().tolist() == list(range(1, -(-len(history) // 4) + 1))
    assert ax.get_xlabel().startswith("round")
    assert any(np.array_equal(line.get_ydata(), [0, 0]) for line in ax.get_lines()), \
        "a zero line"


def test_lead_of_two_players_is_one_curve_and_takes_moves_too(game):
    ax = analysis.plot_lead(game, by_round=False)
    drawn = [line for line in ax.get_lines() if to_hex(line.get_color()) in (PALETTE["purple"], PALETTE["orange"])]
    assert len(drawn) == 1
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["purple ahead of orange"]
    final = game.scores("advanced")
    assert drawn[0].get_ydata()[-1] == final["purple"] - final["orange"]
    assert len(drawn[0].get_ydata()) == len(game.history)
    assert analysis.plot_score_curves(game, metric="lead").get_title() == ax.get_title()


def test_lead_of_classic_2_adds_each_players_two_colors():
    games = [bn.read_sgf(path) for path in sorted((GAMES / "classic").glob("*.blksgf"))[:1]]
    table = analysis.load_games(games, n_jobs=1, progress=False)
    table["variant"] = "classic_2"  # the same moves, scored for two players of two colors each
    ax = analysis.plot_lead(table)
    line = next(line for line in ax.get_lines() if to_hex(line.get_color()) == PALETTE["blue"])
    final = table.iloc[-1]
    blue_red = final["score_blue"] + final["score_red"]
    yellow_green = final["score_yellow"] + final["score_green"]
    assert line.get_ydata()[-1] == blue_red - yellow_green
    assert ax.get_legend().get_texts()[0].get_text() == "blue + red ahead of yellow + green"


# ------------------------------------------------------------------- boards
@pytest.mark.slow
def test_board_heatmap_has_one_panel_per_color(classic, game):
    ax = analysis.plot_board_heatmap(classic)
    assert ax.get_title() == "Cells covered by each color — 20 games"
    panels = ax.child_axes
    assert [p.get_title() for p in panels] == ["blue", "yellow", "red", "green"]
    for panel, color in zip(panels, ["blue", "yellow", "red", "green"]):
        image = panel.get_images()[0]
        share = image.get_array()
        assert share.shape == (20, 20) and 0 <= share.min() and share.max() <= 1
        assert to_hex(image.get_cmap()(1.0)) == PALETTE[color] and to_hex(image.get_cmap()(0.0)) == "#ffffff"
        # 20 games, so the shares add up to the color's mean squares placed.
        finals = classic.groupby("game_id", observed=True)[f"squares_{color}"].last()
        assert share.sum() == pytest.approx(finals.mean())
    readable(ax.figure)
    # One game: two panels, covered or not.
    _, given = plt.subplots(figsize=(FIGURE_WIDTH, 4.4), layout="constrained")
    ax = analysis.plot_board_heatmap(game, ax=given, palette=COLORBLIND_PALETTE)
    assert ax is given and len(ax.child_axes) == 2
    orange = ax.child_axes[1].get_images()[0]
    assert int(orange.get_array().sum()) == game.squares_placed("orange")
    assert to_hex(orange.get_cmap()(1.0)) == COLORBLIND_PALETTE["orange"]
    readable(ax.figure)


def test_board_heatmap_of_one_color(corpus, game):
    ax = analysis.plot_board_heatmap(game, color="orange")
    share = ax.get_images()[0].get_array()
    assert share.max() == 1 and share.min() == 0  # one game: a cell is covered or not
    assert int(share.sum()) == game.squares_placed("orange")
    assert "orange" in ax.figure.axes[-1].get_ylabel()  # the color bar
    readable(ax.figure)
    with pytest.raises(ValueError, match="not a color"):
        analysis.plot_board_heatmap(game, color="blue")


def test_board_outlines_every_piece(game):
    ax = analysis.plot_board(game)
    assert ax.get_title() == f"duo board after {len(game.moves)} moves"
    from matplotlib.collections import LineCollection

    (outlines,) = [c for c in ax.collections if isinstance(c, LineCollection)]
    owner = {cell: i for i, move in enumerate(game.moves) for cell in move.coords}
    # Every unit edge between two pieces or between a piece and an empty cell, once.
    expected = sum(owner.get(neighbour, -1) != who and (neighbour not in owner or neighbour > cell)
                   for cell, who in owner.items()
                   for neighbour in [(cell[0] + 1, cell[1]), (cell[0] - 1, cell[1]),
                                     (cell[0], cell[1] + 1), (cell[0], cell[1] - 1)])
    assert len(outlines.get_segments()) == expected
    readable(ax.figure)
    _, given = plt.subplots()
    assert analysis.plot_board(game, given, legend=False).get_legend() is None


# ------------------------------------------------------------------- pieces, seats, report
@pytest.mark.slow
def test_piece_timing_and_seat_results(corpus, classic):
    ax = analysis.plot_piece_timing(classic)
    labelled(ax)
    assert len(ax.get_yticklabels()) == 21
    readable(ax.figure)
    ax = analysis.plot_seat_results(corpus, variant="duo")
    labelled(ax)
    summary = analysis.summarize(corpus)
    duo = summary[summary["variant"] == "duo"]
    heights = [bar.get_height() for bar in ax.patches[:2]]
    assert heights == pytest.approx([duo["won_1"].mean(), duo["won_2"].mean()])
    assert heights[0] + heights[1] == pytest.approx(1)
    readable(ax.figure)
    assert analysis.plot_seat_results(summary, variant="classic").get_xlabel()


@pytest.mark.slow
@pytest.mark.parametrize("which", ["duo", "classic"])
def test_match_report_reads_at_a_notebook_cells_width(which, game, classic_game):
    played = game if which == "duo" else classic_game
    figure = analysis.match_report(played)
    assert figure.get_figwidth() == FIGURE_WIDTH
    titles = [a.get_title() for a in figure.axes]
    assert titles[:3] == [f"Board after {len(played.moves)} moves", "Result", "Score"]
    assert {"Mobility", "Territory (solid), exclusive (dashed)"} <= set(titles)
    result = next(a for a in figure.axes if a.get_title() == "Result")
    assert any(played.result() in " ".join(t.get_text().split()) for t in result.texts)
    table = result.tables[0]
    assert [table[i, 0].get_text().get_text() for i in range(1, len(played.colors) + 1)] == list(played.colors)
    assert [t.get_text() for t in figure.legends[0].get_texts()] == list(played.colors)
    readable(figure)


def test_match_report_of_a_game_not_started():
    figure = analysis.match_report(bn.Game("duo"))
    result = next(a for a in figure.axes if a.get_title() == "Result")
    assert "not started" in result.texts[0].get_text()
    readable(figure)


# ------------------------------------------------------------------- conventions
@pytest.mark.slow
def test_plots_leave_rcparams_alone_and_never_show(monkeypatch, corpus, classic, game):
    before = dict(matplotlib.rcParams)
    monkeypatch.setattr(plt, "show", lambda *a, **k: pytest.fail("a plot called plt.show()"))
    for plot in CURVES:
        plot(classic)
        plot(game)
    analysis.plot_board_heatmap(classic)
    analysis.plot_board(game)
    analysis.plot_piece_timing(classic)
    analysis.plot_seat_results(corpus, variant="duo")
    analysis.match_report(game)
    after = dict(matplotlib.rcParams)
    assert {k for k in before if before[k] != after[k]} == set()


@pytest.mark.slow
def test_facets_of_one_game_on_request(classic_game):
    ax = analysis.plot_mobility(classic_game, facet=True)
    assert len(ax.child_axes) == 4
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["the panel's own curve", "the others'"]
    readable(ax.figure)


@pytest.mark.slow
@pytest.mark.parametrize("layout", [None, "tight"])
def test_panels_read_without_constrained_layout(layout, classic):
    for plot in (analysis.plot_board_heatmap, analysis.plot_mobility):
        fig, given = plt.subplots(figsize=(FIGURE_WIDTH, 5), layout=layout)
        assert len(plot(classic, ax=given).child_axes) == 4
        readable(fig)


def test_match_report_respects_the_palette(game):
    figure = analysis.match_report(game, palette=COLORBLIND_PALETTE)
    key = [to_hex(line.get_color()) for line in figure.legends[0].get_lines()]
    assert key == [COLORBLIND_PALETTE["purple"], COLORBLIND_PALETTE["orange"]]
    result = next(a for a in figure.axes if a.get_title() == "Result")
    assert to_hex(result.tables[0][1, 0].get_facecolor()) == COLORBLIND_PALETTE["purple"]


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["classic_2", "classic_3"])
def test_match_report_of_partners_and_a_shared_color(variant):
    from sample_games import random_game

    figure = analysis.match_report(random_game(variant, seed=3))
    lead = figure.axes[3]
    assert lead.get_title().replace("\n", " ") == (
        "Lead: blue + red ahead of yellow + green" if variant == "classic_2" else "Lead over the best other player")
    readable(figure)


# ------------------------------------------------------------------- issue 20, class 13: names shown as written
from figure_checks import drawn_texts  # noqa: E402
from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

#: Names as a hostile record may bring them: mathtext, TeX, unbalanced dollars, escapes.
NAMES = st.text(st.sampled_from("$\\^_{}%&#~ab1 ") | st.characters(blacklist_categories=("Cs",)),
                min_size=1, max_size=16).filter(lambda s: s.strip())


def _named_game(first: str, second: str, game_name: str) -> bn.Game:
    game = bn.Record("duo", players=[first, second])
    game.metadata["name"] = game_name
    for cells in ("d9,c10,d10,e10,d11", "j5,i6,j6,k6,j7", "e8,f8,f9", "i8,i9"):
        game.play(cells)
    return game


def _every_figure(game: bn.Game, evaluation) -> list:
    table = analysis.metrics(game)
    axes = [plot(game) for plot in CURVES] + [
        analysis.plot_board(game), analysis.plot_board_heatmap(game),
        analysis.plot_board_heatmap(game, color="orange"), analysis.plot_piece_timing(table),
        analysis.plot_seat_results(game), analysis.plot_evaluation(evaluation)]
    return [ax.figure for ax in axes] + [analysis.match_report(game)]


@pytest.fixture(scope="module")
def evaluation_frame():
    from blokus_nb.players import Limit

    return analysis.evaluate(_named_game("a", "b", "c"), limit=Limit(simulations=8), progress=False)


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore:Glyph .* missing from font")
@settings(max_examples=examples(5), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=NAMES, second=NAMES, game_name=NAMES)
@example(first="$\\frac{1}{$", second="$x^2$", game_name="$\\undefined{x}$")
@example(first="cost: $5 and $6", second="100%", game_name="a_b^c $$")
def test_names_from_records_are_drawn_as_written_in_every_figure(evaluation_frame, first, second, game_name):
    game = _named_game(first, second, game_name)
    evaluation = evaluation_frame.copy()
    evaluation.attrs = dict(evaluation_frame.attrs, player=first)
    shown = []
    for figure in _every_figure(game, evaluation):
        texts = [text for text, _ in drawn_texts(figure)]  # renders: a math text error would raise here
        assert not [t.get_text() for t in texts if t.get_parse_math() and "$" in t.get_text()]
        shown += [t.get_text() for t in texts]
        plt.close(figure)
    shown_text = "".join("".join(shown).split())  # titles are wrapped to the width of their Axes
    for name in (first, second, game_name):
        assert "".join(name.split()) in shown_text


# ------------------------------------------------------------------- issue 20: the heatmap's color bar
@pytest.mark.slow
@pytest.mark.parametrize("palette", [PALETTE, COLORBLIND_PALETTE])
def test_the_heatmap_color_bar_shows_each_colors_own_scale(palette, classic):
    ax = analysis.plot_board_heatmap(classic, palette=palette)
    fig = ax.figure
    (bar,) = [a for a in fig.axes if a.get_xlabel().startswith("share of the")]
    fig.canvas.draw()
    pixels = np.asarray(fig.canvas.buffer_rgba())[..., :3] / 255
    box = bar.get_window_extent()
    height = pixels.shape[0]
    inside = pixels[int(height - box.y1) + 2:int(height - box.y0) - 2, int(box.x0) + 2:int(box.x1) - 2]
    full = inside[:, -3]  # the 100% end, top to bottom
    for color in ("blue", "yellow", "red", "green"):
        wanted = np.array(matplotlib.colors.to_rgb(palette[color]))
        assert np.abs(full - wanted).max(axis=1).min() < 0.03, color  # a stripe ends in the color
    grey = np.abs(full - full.mean(axis=1, keepdims=True)).max(axis=1) < 0.03
    assert not grey.any(), "no grey scale under coloured panels"
    assert np.allclose(inside[:, 2], 1, atol=0.03)  # every stripe starts white, as the panels do
    readable(fig)


# ------------------------------------------------------------------- issue 20, class 15: a palette is checked
PLOTS_OF_A_GAME = [*[lambda g, p, plot=plot: plot(g, palette=p) for plot in CURVES],
                   lambda g, p: analysis.plot_board(g, palette=p),
                   lambda g, p: analysis.plot_board_heatmap(g, palette=p),
                   lambda g, p: analysis.plot_piece_timing(g, palette=p),
                   lambda g, p: analysis.plot_seat_results(g, palette=p),
                   lambda g, p: analysis.match_report(g, palette=p)]


@pytest.mark.parametrize("palette, error, message", [
    ({"purple": "notacolor"}, bn.BlokusError, "matplotlib cannot draw"),
    ({"pink": "red"}, bn.BlokusError, "which is no color"),
    ({"purple": (1, 2)}, bn.BlokusError, "matplotlib cannot draw"),
    ("sepia", bn.BlokusError, "none of 'standard', 'colorblind'"),
    (5, bn.ArgumentTypeError, "palette is 'standard', 'colorblind' or a dict"),
    (["red", "blue"], bn.ArgumentTypeError, "palette is"),
])
def test_a_bad_palette_is_refused_before_anything_is_drawn(game, palette, error, message):
    for plot in PLOTS_OF_A_GAME:
        before = plt.get_fignums()
        with pytest.raises(error, match=message):
            plot(game, palette)
        assert plt.get_fignums() == before


def test_a_palette_may_name_the_widgets_palettes_or_change_one_color(game):
    ax = analysis.plot_mobility(game, palette="colorblind")
    assert colors_drawn(ax) >= {COLORBLIND_PALETTE["purple"], COLORBLIND_PALETTE["orange"]}
    ax = analysis.plot_mobility(game, palette={"purple": "#000000"})
    assert colors_drawn(ax) >= {"#000000", PALETTE["orange"]}


@pytest.mark.parametrize("call, error, message", [
    (lambda g: analysis.plot_mobility(g, ax=5), bn.ArgumentTypeError, "ax is a matplotlib Axes"),
    (lambda g: analysis.plot_board_heatmap(g, ax="left"), bn.ArgumentTypeError, "ax is a matplotlib Axes"),
    (lambda g: analysis.plot_board("duo"), bn.ArgumentTypeError, "draws one Game"),
    (lambda g: analysis.match_report([g]), bn.ArgumentTypeError, "draws one Game"),
    (lambda g: analysis.match_report(g, figsize=(float("inf"), 3)), bn.BlokusError, "figsize is"),
    (lambda g: analysis.match_report(g, figsize=(-1, 3)), bn.BlokusError, "figsize is"),
    (lambda g: analysis.match_report(g, figsize="big"), bn.BlokusError, "figsize is"),
    (lambda g: analysis.plot_evaluation(g), bn.ArgumentTypeError, "the table that evaluate"),
    (lambda g: analysis.plot_evaluation(analysis.metrics(g)), bn.ArgumentTypeError, "the table that evaluate"),
], ids=["ax-number", "ax-text", "board-of-text", "report-of-list", "figsize-inf", "figsize-negative",
        "figsize-text", "evaluation-of-game", "evaluation-of-moves"])
def test_bad_plot_arguments_are_our_errors(game, call, error, message):
    with pytest.raises(error, match=message):
        call(game)


def _matplotlib_state() -> tuple:
    return dict(matplotlib.rcParams), matplotlib.is_interactive(), matplotlib.get_backend()


@pytest.mark.slow
def test_plots_leave_the_users_matplotlib_settings_as_they_were(game, evaluation_frame):
    """No setting, interactive mode or backend changes (a notebook showed no figure after ours)."""
    from blokus_nb.analysis.plots import plot_review
    from blokus_nb.analysis.review import review_frame

    plt.ion()
    try:
        before = _matplotlib_state()
        _every_figure(game, evaluation_frame)
        plot_review(review_frame(game, []))
        assert _matplotlib_state() == before
    finally:
        plt.ioff()


def test_a_plot_given_axes_keeps_the_users_current_figure(game):
    mine = plt.figure()
    _, theirs = plt.subplots()
    plt.figure(mine.number)
    for plot in CURVES:
        plot(game, ax=theirs)
    analysis.plot_board(game, ax=theirs)
    assert plt.gcf() is mine


@pytest.mark.parametrize("variant", ["duo", "classic"])
def test_the_seat_results_legend_covers_no_bar_label_or_error_bar(corpus, variant):
    ax = analysis.plot_seat_results(corpus, variant=variant)
    fig = ax.figure
    fig.canvas.draw()
    legend = ax.get_legend().get_window_extent()
    points = [a for a in fig.axes if a is not ax and a.bbox.bounds == ax.bbox.bounds][0]
    drawn = [t.get_window_extent() for t in ax.texts]  # the percentages over the bars
    drawn += [line.get_window_extent() for line in points.lines]  # markers and caps of the error bars
    drawn += [c.get_window_extent() for c in points.collections]  # the error bars themselves
    drawn += [bar.get_window_extent() for bar in ax.patches]
    drawn = [box for box in drawn if np.isfinite(box.bounds).all()]  # (an empty collection has no box)
    assert len(drawn) > 3 and [box for box in drawn if box.overlaps(legend)] == []
