"""Worksheets: rendered with pdftoppm and checked as a teacher would (pages, paper size, ink on every page)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import matplotlib
import numpy as np
import pytest

import blokus_nb as bn
from blokus_nb.puzzles import Puzzle, generate_set
from blokus_nb.worksheets import PAPER, WorksheetError

matplotlib.use("Agg")

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "worksheet"
needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None or shutil.which("pdfinfo") is None,
                                   reason="poppler-utils (pdftoppm, pdfinfo) is not installed: make test installs it")


def pdf_info(path: Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return dict(line.split(":", 1) for line in out.splitlines() if ":" in line)


def render(path: Path, name: str, dpi: int = 60) -> list[np.ndarray]:
    """Every page as a PNG in test-artifacts/worksheet/ (to look at), read back as pixels."""
    import matplotlib.image

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTIFACTS.glob(f"{name}-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", str(path), str(ARTIFACTS / name)], check=True)
    return [matplotlib.image.imread(p) for p in sorted(ARTIFACTS.glob(f"{name}-*.png"))]


def ink(page: np.ndarray) -> float:
    """The share of the page that is not white."""
    return float((page[..., :3].min(axis=2) < 0.9).mean())


def margins_are_clear(page: np.ndarray, dpi: int) -> bool:
    """Nothing is drawn in the outer 0.4 inch of the page (so nothing is cut off by a printer)."""
    edge = int(0.4 * dpi)
    dark = page[..., :3].min(axis=2) < 0.9
    return not (dark[:edge].any() or dark[-edge:].any() or dark[:, :edge].any() or dark[:, -edge:].any())


@pytest.fixture(scope="module")
def class_set() -> list[Puzzle]:
    puzzles = generate_set(3, "pentominoes", "random", difficulty=2, seed=0)
    return puzzles + [Puzzle((10, 6), "pentominoes")]


@pytest.mark.slow
@needs_poppler
@pytest.mark.parametrize("paper, points", [("a4", (595, 842)), ("letter", (612, 792))])
def test_a_worksheet_renders_on_its_paper_with_ink_on_every_page(class_set, tmp_path, paper, points):
    path = bn.worksheet(class_set, tmp_path / f"sheet-{paper}.pdf", paper=paper, title="Class 4B")
    info = pdf_info(path)
    width, height = (float(v) for v in re.findall(r"[\d.]+", info["Page size"])[:2])
    assert (round(width), round(height)) == points
    pages = render(path, f"one-sheet-{paper}")
    assert len(pages) == int(info["Pages"]) >= 3  # puzzles on two pages or more, then the answers
    for page in pages:
        assert 0.005 < ink(page) < 0.5
        assert margins_are_clear(page, 60)


@pytest.mark.slow
@needs_poppler
def test_thirty_students_get_thirty_different_sheets_then_the_answers(class_set, tmp_path):
    path = bn.worksheet(class_set[:2], tmp_path / "class.pdf", students=30, seed=5)
    pages = render(path, "thirty-students", dpi=30)
    assert len(pages) == int(pdf_info(path)["Pages"])
    # Every sheet is one page here (two small puzzles), so the first 30 pages are the sheets.
    sheets = [page for page in pages[:30]]
    assert len({page.tobytes() for page in sheets}) == 30
    assert all(ink(page) > 0.005 for page in pages)


def test_the_same_seed_gives_the_same_sheets_and_pieces_are_drawn_at_the_regions_scale(class_set):
    from blokus_nb.worksheets import _sheets

    small = class_set[:3]  # (the 6x10 takes seconds to count)
    one = _sheets(small, 5, 1)
    again = _sheets(small, 5, 1)
    assert [[p.cells for p in s] for s in one] == [[p.cells for p in s] for s in again]
    for sheet in one:
        # The same puzzles turned or flipped: the same pieces, the same number of squares, one solution.
        assert sorted(sorted(p.counts.items()) for p in sheet) == sorted(sorted(p.counts.items()) for p in small)
        assert all(p.count(unique=True) == 1 for p in sheet)


def test_a_recipe_gives_each_student_puzzles_of_their_own():
    from blokus_nb.worksheets import _sheets

    sheets = _sheets({"count": 2, "pieces": "pentominoes", "difficulty": 1}, 3, 0)
    keys = [tuple(p.cells for p in sheet) for sheet in sheets]
    assert len(set(keys)) == 3 and all(p.count(unique=True) == 1 for s in sheets for p in s)


def test_pieces_and_region_share_one_scale():
    from matplotlib.figure import Figure

    from blokus_nb.worksheets import _block, _draw_puzzle

    fig = Figure(figsize=PAPER["a4"])
    puzzle = Puzzle((5, 3), "L P V")
    _draw_puzzle(fig, puzzle, 1, 0.6, 1.6, 0.4, 7.0)
    region, tray = fig.axes
    inches = [ax.get_position().width * 8.27 / (ax.get_xlim()[1] - ax.get_xlim()[0]) for ax in (region, tray)]
    assert inches[0] == pytest.approx(0.4) and inches[1] == pytest.approx(0.4)
    assert _block(puzzle, 0.4, 7.0)["fits"]


@pytest.mark.parametrize("kwargs, words", [
    ({"puzzles": []}, "no puzzles"),
    ({"paper": "a5"}, "paper is"),
    ({"students": 0}, "students is"),
    ({"students": 1000}, "students is"),
    ({"per_page": 0}, "per_page"),
    ({"seed": "x"}, "seed"),
    ({"puzzles": [[Puzzle((2, 1), "2")], [5]]}, "puzzles is"),
    ({"puzzles": {"count": 2, "colour": "red"}}, "a recipe takes count and"),
    ({"puzzles": {"count": 2, "seed": 3}}, "give the seed to worksheet"),
])
def test_bad_arguments_are_refused(kwargs, words):
    arguments = {"puzzles": [Puzzle((2, 1), "2")], **kwargs}
    with pytest.raises(WorksheetError, match=words):
        bn.worksheet(arguments.pop("puzzles"), **arguments)


def test_a_title_from_anywhere_is_printed_as_text_not_math(tmp_path):
    path = bn.worksheet([Puzzle((2, 1), "2")], tmp_path / "t.pdf", title="$x^2$ & {braces} \\n")
    assert path.read_bytes()[:5] == b"%PDF-"


# -- print-ready or refused ----------------------------------------------------------------------

def drawn_inside(page: np.ndarray, dpi: int, margin: float) -> bool:
    """Nothing is drawn within ``margin`` inches of the page's edges."""
    edge = int(margin * dpi)
    dark = page[..., :3].min(axis=2) < 0.9
    return not (dark[:edge].any() or dark[-edge:].any() or dark[:, :edge].any() or dark[:, -edge:].any())


@pytest.mark.slow
@needs_poppler
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_largest_regions_accepted_and_a_long_title_stay_inside_the_margins(tmp_path, paper):
    from blokus_nb.worksheets import _MARGIN

    wide = Puzzle((30, 1), {"I5": 6})
    tall = Puzzle((1, 35), {"I5": 7})
    title = "A very long worksheet title that a teacher might well type for the class, and then some more"
    path = bn.worksheet([wide, tall], tmp_path / "edges.pdf", paper=paper, title=title, students=2)
    dpi = 50
    pages = render(path, f"edges-{paper}", dpi=dpi)
    assert len(pages) == int(pdf_info(path)["Pages"]) >= 3
    for page in pages:
        assert ink(page) > 0.002
        assert drawn_inside(page, dpi, _MARGIN - 0.08)


@pytest.mark.parametrize("region, pieces, words", [
    ((40, 1), {"I5": 8}, "40 squares wide"),
    ((1, 45), {"I5": 9}, "45 squares tall"),
])
def test_a_region_too_big_for_the_page_is_refused(region, pieces, words):
    with pytest.raises(WorksheetError, match=words):
        bn.worksheet([Puzzle((5, 3), "L P V"), Puzzle(region, pieces)])


def test_a_puzzle_with_no_solution_is_refused_not_given_an_empty_answer():
    with pytest.raises(WorksheetError, match=r"puzzle 2 has no solution.*Colour the region like a chessboard"):
        bn.worksheet([Puzzle((5, 3), "L P V"), Puzzle((5, 4), "tetrominoes")])
    with pytest.raises(WorksheetError, match="no solution"):
        bn.worksheet([Puzzle((5, 4), "tetrominoes")], answers=False)


def test_fewer_different_sheets_than_students_warns_and_uses_every_one():
    from blokus_nb.worksheets import WorksheetWarning, _sheets

    square = Puzzle((2, 2), "2 2")  # every turn of a square is the same square
    with pytest.warns(WorksheetWarning, match="only 1 different sheet for 30 students"):
        sheets = _sheets([square], 30, 0)
    assert len(sheets) == 30
    # Two puzzles with two ways each to be drawn, in two orders: 8 different sheets, all used.
    pair = [Puzzle((5, 3), "L P V"), Puzzle((2, 1), "2")]
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error", WorksheetWarning)
        sheets = _sheets(pair, 8, 0)
    assert len({tuple(p.cells for p in sheet) for sheet in sheets}) == 8
    with pytest.warns(WorksheetWarning, match="only 8 different sheets for 9 students"):
        sheets = _sheets(pair, 9, 0)
    assert len({tuple(p.cells for p in sheet) for sheet in sheets}) == 8


def test_a_recipe_that_gives_students_the_same_sheet_warns():
    from blokus_nb.worksheets import WorksheetWarning, _sheets

    recipe = {"count": 1, "pieces": "pentominoes", "region": "#\n#\n#\n##", "difficulty": None}
    with pytest.warns(WorksheetWarning, match="only 1 different sheet for 3 students"):
        _sheets(recipe, 3, 0)


# -- one layout for a class set -----------------------------------------------------------------

def sheet_pages(puzzles, monkeypatch, **kwargs) -> dict[str, list]:
    """Render ``puzzles`` as a worksheet; each sheet's pages (matplotlib figures), by the label they print."""
    from matplotlib.backends.backend_pdf import PdfPages

    figures = []
    save = PdfPages.savefig
    monkeypatch.setattr(PdfPages, "savefig", lambda pdf, fig=None, **kw: (figures.append(fig), save(pdf, fig, **kw)))
    bn.worksheet(puzzles, **kwargs)
    sheets: dict[str, list] = {}
    for fig in figures:
        label = next(t.get_text() for t in fig.texts if t.get_text().startswith(("Sheet", "Answers")))
        sheets.setdefault(label, []).append(fig)
    sheets.pop("Answers", None)
    return sheets


def printed_squares(fig) -> set[float]:
    """The size of a square, in inches, of every region and tray drawn on a page."""
    return {round(ax.get_position().width * fig.get_figwidth() / (ax.get_xlim()[1] - ax.get_xlim()[0]), 4)
            for ax in fig.axes}


@pytest.mark.slow
def test_every_sheet_of_a_class_set_has_the_same_pages_and_squares(monkeypatch):
    # The lesson notebook's set: turned for student 1, its 10x6 regions could not share a page, and
    # that sheet ran to 4 pages at 1 cm squares while the others had 1 page at 5.6 mm.
    lesson = (generate_set(2, "pentominoes", "random", difficulty=1, seed=10)
              + generate_set(2, "pentominoes", "random", difficulty=2, seed=20))
    sheets = sheet_pages(lesson, monkeypatch, students=3, seed=1)
    assert list(sheets) == ["Sheet 1 of 3", "Sheet 2 of 3", "Sheet 3 of 3"]
    assert len({len(pages) for pages in sheets.values()}) == 1
    squares = set().union(*(printed_squares(fig) for pages in sheets.values() for fig in pages))
    assert len(squares) == 1
    # Each page holds as many puzzles as the others (the last page may hold fewer).
    layouts = {tuple(len(fig.axes) // 2 for fig in pages) for pages in sheets.values()}
    assert len(layouts) == 1


@pytest.mark.slow
def test_a_recipe_set_shares_one_layout_and_per_page_is_kept(monkeypatch):
    recipe = {"count": 3, "pieces": "pentominoes", "difficulty": 1}
    sheets = sheet_pages(recipe, monkeypatch, students=4, seed=2, per_page=2)
    assert {tuple(len(fig.axes) // 2 for fig in pages) for pages in sheets.values()} == {(2, 1)}
    assert len(set().union(*(printed_squares(fig) for pages in sheets.values() for fig in pages))) == 1
