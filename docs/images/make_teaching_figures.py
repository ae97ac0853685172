"""Draw the README's teaching figures: `.venv/bin/python docs/images/make_teaching_figures.py` from the repository root.

teaching.png is a notebook cell wide (7.5 in) at 100 dpi; worksheet.png is the
first page of a worksheet rendered by pdftoppm (poppler-utils) at 40 dpi.
"""

import subprocess
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

import blokus_nb as bn  # noqa: E402
from blokus_nb.puzzles import Puzzle, generate, generate_set  # noqa: E402

HERE = Path(__file__).parent


def main() -> None:
    puzzle = generate("pentominoes", "random", difficulty=2, seed=7)
    why = Puzzle((5, 4), "tetrominoes").explain()
    fig, axes = plt.subplots(1, 3, figsize=(7.5, 2.3), layout="constrained", width_ratios=[1, 1, 0.8])
    puzzle.plot(ax=axes[0], title=f"level {puzzle.difficulty().level}, one solution")
    puzzle.solve().plot(ax=axes[1], title="its solution")
    why.plot(ax=axes[2], title="why 5x4 cannot be done")
    fig.savefig(HERE / "teaching.png", dpi=100)
    with tempfile.TemporaryDirectory() as folder:
        pdf = bn.worksheet(generate_set(3, "pentominoes", "random", difficulty=2, seed=0), Path(folder) / "w.pdf")
        subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "1", "-singlefile", str(pdf),
                        str(HERE / "worksheet")], check=True)
    print(HERE / "teaching.png", HERE / "worksheet.png")


if __name__ == "__main__":
    main()
