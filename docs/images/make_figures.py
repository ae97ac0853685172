"""Draw the README's figures: `.venv/bin/python docs/images/make_figures.py` from the repository root.

Each is a notebook cell wide (7.5 in) at 100 dpi, as a notebook shows it.
"""

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import blokus_nb as bn  # noqa: E402
from blokus_nb import analysis, pieces  # noqa: E402

HERE = Path(__file__).parent
GAMES = HERE.parent.parent / "tests" / "data" / "pentobi" / "games"


def main() -> None:
    corpus = analysis.load_games(GAMES / "classic", n_jobs=1, progress=False)
    game = bn.read_sgf(GAMES / "classic" / "classic_L1_0001.blksgf")
    figures = {
        "match_report.png": analysis.match_report(game),
        "heatmap.png": analysis.plot_board_heatmap(corpus).figure,
        "lead.png": analysis.plot_lead(corpus).figure,
        "pieces.png": pieces.show().figure,
    }
    for name, figure in figures.items():
        figure.savefig(HERE / name, dpi=100)
        print(HERE / name)


if __name__ == "__main__":
    main()
