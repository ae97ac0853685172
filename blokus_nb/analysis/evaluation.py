"""A Pentobi-style evaluation curve: each side's win chance before every move, and the blunders.

Before every placement the searching player (``"hard"`` by default:
:meth:`PUCTPlayer.search <blokus_nb.players.puct.PUCTPlayer.search>` where
the levels search with a network, :meth:`MCTSPlayer.search
<blokus_nb.players.MCTSPlayer.search>` on the other boards) searches the
position, as :func:`~blokus_nb.analysis.review` does (the same searches,
seeded the same way). The *win chance* of the player to move is its chance
of finishing first after the search's chosen move (a k-way tie for first
counts 1/k of a win): its share of every player's chances where the search
gives them (:attr:`SearchResult.chances
<blokus_nb.players.mcts.SearchResult.chances>`), else the search's own
win rate (:func:`~blokus_nb.players.mcts.mover_chance`).

In Duo that chance is calibrated: the network search's value is mapped to a
win chance fitted on Pentobi level-7 games 1-70 (``training/calibrate_net.py``).
On 600 positions of the level-7 games 71-140, which it was not fitted on
(300 simulations a search, the network mixed with playouts), the Brier
score is 0.040 (the linear models' search: 0.062); positions called 0-20%
were won 4% of the time (261 positions), 20-40% 22% (34), 40-60% 56% (9),
80-100% 96% (256), but those called 60-80% were won 84% (40), outside their
bin (``benchmarks/bench_ai.py --only calibration``). Level-7 games are
decided early, so few positions fall in the middle bins.

In the four-color ``classic`` game "hard" and "expert" give each color's
chance of finishing first from the classic network, calibrated on held-out
Pentobi level-6 games (``training/calibrate_classic.py``, figures in
``training/README.md``): on the 21,000 chances of held-out games 20, 40,
60, ... the network's Brier score is 0.126, against 0.170 for always 25%,
and every 20-point bin is finished first at a rate inside it (measured on
the network's own chances; the search calibrates its mean of them after the
move in the same way). On the other boards the chances come from the
Monte Carlo search's simulations with the linear value model, and are not
calibrated this way.
A search is optimistic for the side it searches for, so each
player's curve is made of its own turns: the estimates are comparable along
one curve, and a curve holds its value while the others move.

A move's *drop* is the mover's win chance before it minus its chance at its
own next turn (the opponents' replies in between count too), or minus the
final result (1 win, 1/k tie, 0 loss) when it never moves again. Moves that
drop at least ``threshold`` are the *blunders*.

Searches are seeded per position (``seed + move_number``), and the levels
are simulation budgets, so a level or a ``Limit(simulations=...)`` gives the
same curve on every machine and with any ``n_jobs`` (unless a level's time
cap binds on a very slow machine).

>>> import blokus_nb as bn
>>> from blokus_nb.players import Limit
>>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5];B[e8,f8])")
>>> curve = bn.analysis.evaluate(game, limit=Limit(simulations=20), progress=False)
>>> curve[["move_number", "color"]].values.tolist()
[[1, 'purple'], [2, 'orange'], [3, 'purple']]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from .. import validation
from ..errors import ArgumentTypeError
from ..game import Game
from ..variants import get_variant
from .plots import literal_text, resolve_palette
from .review import BLUNDER, final_shares, movers, placements, search_positions

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.axes import Axes

    from ..players import Limit, Player

__all__ = ["evaluate", "plot_evaluation"]


def evaluate(game: Game, player: str | Player = "hard", *, limit: Limit | None = None,
             seed: int | None = 0, threshold: float = BLUNDER, n_jobs: int | None = 1,
             progress: bool = True) -> pd.DataFrame:
    """Each side's win chance before every placement of ``game``, with the drops and blunders.

    ``player`` is a searching player or its name (``"hard"``, ``"medium"``,
    ``"mcts"``); ``limit`` overrides its thinking per position (e.g.
    ``Limit(simulations=200)``: ``"hard"`` alone makes 3200 simulations a position in Duo).
    ``n_jobs`` spreads positions over worker processes (``None``: every core).

    One row per placement (passes decide nothing): ``move_number`` (as in
    the per-move table), ``color``, ``player``, ``cells``, ``win_chance``
    (the mover's, before the move), ``best_move`` (the search's choice),
    ``played_win_rate`` and ``played_visits`` (the search's estimate for the
    move played and the simulations behind it; NaN and 0 if it was not tried),
    ``after`` and ``drop`` (see the module docstring), ``blunder``,
    ``simulations``, and ``win_<color>`` for every color: the chance of the
    player scoring it, on that player's turns (NaN otherwise).

    >>> import blokus_nb as bn
    >>> from blokus_nb.players import Limit
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> curve = bn.analysis.evaluate(game, limit=Limit(simulations=20), progress=False)
    >>> curve["win_orange"].isna().tolist()
    [True, False]
    """
    from tqdm.auto import tqdm

    from ..players.base import check_limit

    if not isinstance(game, Game):
        raise ArgumentTypeError(f"evaluate needs a Game, not {type(game).__name__}")
    check_limit(limit, none="the review's")
    seed = validation.seed(seed)
    threshold = validation.fraction(threshold, "threshold")
    validation.job_count(n_jobs)
    game = game.copy()  # a snapshot: another thread (a widget, a notebook cell) may play on meanwhile
    variant = game.variant
    positions = placements(game)
    with tqdm(total=len(positions), desc="evaluating positions", unit="position",
              disable=not progress) as bar:
        estimates = search_positions(game, player, limit, seed, n_jobs, positions,
                               on_estimate=lambda _: bar.update(1), stop=None)
    history = game.history
    rows = []
    for estimate, mover in zip(estimates, movers(game)):
        move = history[estimate.index]
        rows.append({"move_number": estimate.index + 1, "color": move.color, "player": mover,
                     "cells": str(move), "win_chance": estimate.win_chance,
                     "best_move": estimate.best_move, "played_win_rate": estimate.played_win_rate,
                     "played_visits": estimate.played_visits, "simulations": estimate.simulations})
    table = pd.DataFrame(rows, columns=["move_number", "color", "player", "cells", "win_chance",
                                        "best_move", "played_win_rate", "played_visits",
                                        "simulations"])
    # Each player's chance where it is known: on its own turns.
    known = np.full((len(table), variant.n_players), np.nan)
    for row, (mover, win) in enumerate(zip(table["player"], table["win_chance"])):
        known[row, mover - 1] = win
    final = final_shares(game) if game.is_over else None
    after = []
    for row, mover in enumerate(table["player"]):
        later = known[row + 1:, mover - 1]
        found = later[~np.isnan(later)]
        if len(found):
            after.append(found[0])
        else:
            after.append(final[mover - 1] if final is not None else np.nan)
    table["after"] = after
    table["drop"] = table["win_chance"] - table["after"]
    table["blunder"] = table["drop"] >= threshold
    colors = variant.colors
    for color in colors:
        scored_by = [p for p in range(1, variant.n_players + 1) if color in variant.colors_of(p)]
        table[f"win_{color}"] = known[:, scored_by[0] - 1] if scored_by else np.nan
    table["color"] = pd.Categorical(table["color"], categories=list(colors))
    table.attrs.update({"player": getattr(player, "name", player), "limit": repr(limit),
                        "threshold": threshold, "variant": variant.name})
    return table


@literal_text
def plot_evaluation(evaluation: pd.DataFrame, ax: Axes | None = None, *,
                    palette: Mapping[str, str] | str | None = None, label_blunders: int = 5) -> Axes:
    """The win chance curves of :func:`evaluate`, one per color, with the blunders marked.

    The ``label_blunders`` worst blunders are labelled with their move number and drop.

    >>> import blokus_nb as bn
    >>> from blokus_nb.players import Limit
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> curve = bn.analysis.evaluate(game, limit=Limit(simulations=20), progress=False)
    >>> bn.analysis.plot_evaluation(curve).get_ylabel()
    'win chance'
    """
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    if not isinstance(evaluation, pd.DataFrame) or not {"color", "move_number", "blunder"} <= set(evaluation.columns):
        raise ArgumentTypeError("plot_evaluation draws the table that evaluate(game) returns, "
                                f"not {type(evaluation).__name__}")
    palette = resolve_palette(palette)
    ax = validation.axes(ax)
    label_blunders = validation.count(label_blunders, "label_blunders", what="how many blunders to label, 0 or more")
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4), layout="constrained")
    colors = [c for c in evaluation["color"].cat.categories if f"win_{c}" in evaluation.columns]
    name = evaluation.attrs.get("variant")
    variant = None if name is None else get_variant(name)
    two_sided = variant is not None and variant.n_players == 2
    if variant is not None and two_sided:  # one curve per side, named by the colors it scores
        sides = [variant.colors_of(p) for p in (1, 2)]
        curves = [(side[0], " + ".join(side)) for side in sides]
    else:
        curves = [(color, color) for color in colors]
    for color, label in curves:
        values = evaluation[f"win_{color}"]
        mask = values.notna()
        ax.step(evaluation.loc[mask, "move_number"], values[mask], where="post",
                color=palette[color], lw=1.8, label=label)
    blunders = evaluation[evaluation["blunder"]]
    for row in blunders.itertuples():
        ax.plot(row.move_number, row.win_chance, "v", color=palette[str(row.color)], ms=9,
                mec="black", mew=0.8)
    for row in blunders.nlargest(label_blunders, "drop").itertuples():
        ax.annotate(f"{row.move_number}: −{row.drop:.0%}", (row.move_number, row.win_chance),
                    textcoords="offset points", xytext=(4, 6), fontsize="small")
    ax.axhline(0.5 if two_sided else 1 / max(len(colors), 1), color="grey", lw=0.8, ls=":")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("move number")
    ax.set_ylabel("win chance")
    player = evaluation.attrs.get("player", "search")
    simulations = int(evaluation["simulations"].mean()) if len(evaluation) else 0
    ax.set_title(f"Win chance before each move ({player}, ~{simulations} simulations a position)")
    handles, _ = ax.get_legend_handles_labels()
    handles.append(Line2D([], [], ls="", marker="v", color="grey", mec="black",
                          label=f"blunder (drop ≥ {evaluation.attrs.get('threshold', BLUNDER):.0%})"))
    ax.legend(handles=handles, fontsize="small", frameon=False)
    ax.grid(True, alpha=0.3)
    return ax
