"""Analysis: recorded games into pandas, metrics, plots, the evaluation curve and corpus scale-out.

One module per job:

* :mod:`~blokus_nb.analysis.metrics` -- the metrics (squares, score, mobility,
  territory, exclusive territory), defined once, and the per-move table of a
  game: :func:`metrics`, :func:`position_metrics`;
* :mod:`~blokus_nb.analysis.loading` -- any source of games into that table,
  with unreadable records reported: :func:`load_games`;
* :mod:`~blokus_nb.analysis.tables` -- the table reshaped: one row per game
  (:func:`summarize`), long and wide layouts (:func:`to_long`, :func:`to_wide`);
* :mod:`~blokus_nb.analysis.plots` -- matplotlib plots of one game or many;
* :mod:`~blokus_nb.analysis.evaluation` -- win chances from MCTS searches and
  the blunders: :func:`evaluate`, :func:`plot_evaluation`;
* :mod:`~blokus_nb.analysis.review` -- a game reviewed as chess players review
  theirs: each move's win chance lost, its class, a summary per player:
  :func:`review`, :func:`review_summary`, :func:`plot_review`;
* :mod:`~blokus_nb.analysis.openings` -- the openings of a corpus, transpositions
  and mirror images merged, each side's score: :func:`openings`, :func:`opening_index`;
* :mod:`~blokus_nb.analysis.corpus` -- corpora to Parquet on every core or a
  Dask cluster: :func:`analyze_corpus`, :func:`read_corpus`.

>>> import blokus_nb as bn
>>> table = bn.analysis.load_games("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11])", progress=False)
>>> table[["color", "piece", "mobility_purple", "territory_orange"]].values.tolist()
[['purple', 'X', 696, 41]]
"""

from .corpus import CorpusReport, analyze_corpus, read_corpus
from .evaluation import evaluate, plot_evaluation
from .loading import AnalysisWarning, load_games
from .metrics import METRICS, metrics, position_metrics
from .openings import OpeningIndex, opening_index, openings
from .plots import (
                    match_report,
                    plot_board,
                    plot_board_heatmap,
                    plot_lead,
                    plot_mobility,
                    plot_piece_timing,
                    plot_review,
                    plot_score_curves,
                    plot_seat_results,
                    plot_territory,
)
from .review import review, review_summary
from .tables import summarize, to_long, to_wide

__all__ = [
    "METRICS", "AnalysisWarning", "CorpusReport", "OpeningIndex", "analyze_corpus", "evaluate", "load_games",
    "match_report", "metrics", "opening_index", "openings", "plot_board", "plot_board_heatmap", "plot_evaluation", "plot_lead",
    "plot_mobility", "plot_piece_timing", "plot_score_curves", "plot_seat_results",
    "plot_review", "plot_territory", "position_metrics", "read_corpus", "review", "review_summary",
    "summarize", "to_long", "to_wide",
]
