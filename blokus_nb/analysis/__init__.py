"""Analysis: recorded games into pandas, metrics, plots, evaluation and corpus scale-out."""

from .corpus import CorpusReport, analyze_corpus, read_corpus
from .evaluation import evaluate, plot_evaluation
from .loading import load_games, summarize, to_long, to_wide
from .metrics import METRICS, metrics, position_metrics
from .plots import (match_report, plot_board, plot_board_heatmap, plot_mobility, plot_piece_timing,
                    plot_score_curves, plot_seat_results, plot_territory)

__all__ = ["METRICS", "CorpusReport", "analyze_corpus", "evaluate", "load_games", "match_report", "metrics", "plot_board", "plot_board_heatmap",
           "plot_evaluation", "plot_mobility", "plot_piece_timing", "plot_score_curves", "plot_seat_results",
           "plot_territory", "position_metrics", "read_corpus", "summarize", "to_long", "to_wide"]
