"""Printable worksheets of tiling puzzles: a PDF for a class, one sheet per student, answers at the end.

>>> import blokus_nb as bn
>>> puzzles = bn.puzzles.generate_set(2, "pentominoes", "random", difficulty=1, seed=0)
>>> pdf = bn.worksheet(puzzles)
>>> pdf[:5]
b'%PDF-'

Each puzzle is drawn as its empty region, squares ruled, with the pieces to
use beside it *at the same scale*, so the pieces can be cut out and laid on
the region, and a student can count every square. Every page of a sheet has
a name line; the answer key (each sheet's solutions, drawn filled) follows
on pages of its own, so it can be kept back. Only matplotlib's PDF backend
is used: no LaTeX, no other program.

``students=30`` gives every student a different sheet from one ``seed``:

* given puzzles, each student gets them turned or flipped (a symmetry of the
  square drawn from the seed) and in another order: the same puzzles and the
  same difficulty, but a neighbour's answer does not fit;
* given a recipe, a :class:`dict` of :func:`~blokus_nb.puzzles.generate_set`
  arguments (``{"count": 4, "pieces": "pentominoes", "difficulty": 2}``),
  each student gets puzzles of their own, made from ``seed + student``.
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from . import validation
from .errors import BlokusError
from .pieces import move_cell

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from .puzzles import Puzzle

__all__ = ["worksheet", "WorksheetError", "PAPER", "MAX_STUDENTS"]

#: Paper sizes in inches (width, height), portrait.
PAPER: dict[str, tuple[float, float]] = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
#: The most sheets one call makes.
MAX_STUDENTS = 200

_MARGIN = 0.6  # inches round the page
_HEADER = 1.0  # inches at the top of a sheet's page: title, name line
_GAP = 0.35  # inches between a region and its pieces, and between puzzles
_CAPTION = 0.3  # inches above each puzzle for its caption
_LARGEST_SQUARE = 0.40  # inches (1 cm): the biggest a square is drawn
_SMALLEST_SQUARE = 0.22  # inches (5.6 mm): still easy to count and to cut out
_ANSWER_SQUARE = 0.16  # inches: answer keys are smaller

# What a recipe may hold besides "count": generate_set's other arguments.
_RECIPE_KEYS = frozenset({"pieces", "region", "difficulty", "solutions", "time_budget"})

Puzzles = Union["Puzzle", Sequence["Puzzle"], Sequence[Sequence["Puzzle"]], Mapping[str, Any]]


class WorksheetError(BlokusError):
    """A worksheet that cannot be made: no puzzles, an unknown paper size, too many students."""


# -- which puzzles go on which sheet -----------------------------------------------------------

def _turned(puzzle: Puzzle, transform: int) -> Puzzle:
    """The puzzle with its region turned or flipped by one of the square's symmetries (same pieces)."""
    from .puzzles import Puzzle

    if transform == 0:
        return puzzle
    moved = [move_cell(cell, transform) for cell in puzzle.cells]
    min_x = min(x for x, _ in moved)
    min_y = min(y for _, y in moved)
    turned = Puzzle({(x - min_x, y - min_y) for x, y in moved}, dict(puzzle.counts) if all(
        name in _piece_names() for name in puzzle.counts) else [puzzle.shapes[n] for n, c in puzzle.counts.items()
                                                                for _ in range(c)])
    turned.rating = puzzle.rating
    turned.origin = puzzle.origin
    return turned


def _piece_names() -> set[str]:
    from .pieces import NAMES

    return set(NAMES)


def _sheets(puzzles: Puzzles, students: int | None, seed: int) -> list[list[Puzzle]]:
    from .puzzles import Puzzle, generate_set

    students = validation.positive_count(students, "students", high=MAX_STUDENTS, none="one sheet",
                                         what=f"how many different sheets, 1 to {MAX_STUDENTS}",
                                         error=WorksheetError)
    seed = validation.seed(seed, none="", error=WorksheetError)
    if isinstance(puzzles, Mapping):
        recipe = dict(puzzles)
        count = recipe.pop("count", 4)
        if "seed" in recipe:
            raise WorksheetError("give the seed to worksheet(), not in the recipe: each student gets seed + student")
        unknown = sorted(map(str, set(recipe) - _RECIPE_KEYS))
        if unknown:
            raise WorksheetError(f"a recipe takes count and {', '.join(sorted(_RECIPE_KEYS))} "
                                 f"(generate_set's arguments), not {', '.join(unknown)}")
        return [generate_set(count, seed=(seed + student) * 1000, **recipe) for student in range(students or 1)]
    if isinstance(puzzles, Puzzle):
        puzzles = [puzzles]
    puzzles = validation.sequence(puzzles, "puzzles", what="a Puzzle, a list of them or a recipe (a dict)")
    if not puzzles:
        raise WorksheetError("no puzzles to put on the worksheet")
    if all(isinstance(p, Puzzle) for p in puzzles):
        if students is None:
            return [puzzles]
        rng = random.Random(seed)
        sheets: list[list[Puzzle]] = []
        seen: set[tuple] = set()
        for _ in range(students):
            for _attempt in range(50):
                order = rng.sample(range(len(puzzles)), len(puzzles))
                turns = [rng.randrange(8) for _ in puzzles]
                sheet = [_turned(puzzles[i], t) for i, t in zip(order, turns)]
                key = tuple(p.cells for p in sheet)
                if key not in seen:
                    break
            seen.add(key)
            sheets.append(sheet)
        return sheets
    sheets = [[sheet] if isinstance(sheet, Puzzle) else validation.sequence(sheet, "a sheet", what="a list of Puzzles")
              for sheet in puzzles]
    if not all(sheet and all(isinstance(p, Puzzle) for p in sheet) for sheet in sheets):
        raise WorksheetError("puzzles is a Puzzle, a list of them (one sheet), a list of such lists "
                             "(a sheet each) or a dict of generate_set() arguments")
    if students is not None and students != len(sheets):
        raise WorksheetError(f"{len(sheets)} sheets given but students={students}")
    return sheets


# -- laying a puzzle out -----------------------------------------------------------------------

def _tray(puzzle: Puzzle, width_squares: float) -> tuple[list[tuple[float, float]], float, float, list]:
    """The pieces laid out in a table no wider than ``width_squares``: offsets, width, height, shapes."""
    from .piece_plots import _CHAR_WIDTH, _layout, _size

    shapes = [puzzle.shapes[name] for name, count in puzzle.counts.items() for _ in range(count)]
    labels = [name for name, count in puzzle.counts.items() for _ in range(count)]
    sizes = [_size(s) for s in shapes]
    label_widths = [len(t) * _CHAR_WIDTH * 0.8 for t in labels]
    best = None
    for columns in range(len(shapes), 0, -1):
        offsets, width, height, _ = _layout(sizes, columns, label_widths)
        if width <= width_squares or columns == 1:
            best = (offsets, width, height, list(zip(shapes, labels)))
            break
    return best


def _block(puzzle: Puzzle, square: float, width: float) -> dict[str, Any]:
    """Where a puzzle's region and pieces go at ``square`` inches a square, in ``width`` inches."""
    region_w, region_h = puzzle.width, puzzle.height
    beside = width / square - region_w - _GAP / square
    choices = []
    if beside >= 3:
        offsets, tray_w, tray_h, shapes = _tray(puzzle, beside)
        if tray_w <= beside:
            choices.append((max(region_h, tray_h) * square, (region_w * square + _GAP, 0.0), offsets,
                            tray_w, tray_h, shapes))
    # Or the pieces below the region, when that is shorter (a wide region) or the only way.
    offsets, tray_w, tray_h, shapes = _tray(puzzle, width / square)
    choices.append((region_h * square + _GAP + tray_h * square, (0.0, region_h * square + _GAP), offsets,
                    tray_w, tray_h, shapes))
    height, tray_at, offsets, tray_w, tray_h, shapes = min(choices, key=lambda c: c[0])
    fits = region_w * square <= width and tray_w * square <= width
    return {"height": height + _CAPTION, "tray_at": tray_at, "offsets": offsets, "tray": (tray_w, tray_h),
            "shapes": shapes, "fits": fits}


def _scale(sheet: Sequence[Puzzle], usable: tuple[float, float]) -> float:
    """The square's size (inches) for a sheet: the largest at which the whole sheet fits on one page,
    else the largest at which every puzzle fits a page on its own."""
    width, height = usable
    sizes = [_LARGEST_SQUARE - 0.02 * i for i in range(int((_LARGEST_SQUARE - _SMALLEST_SQUARE) / 0.02) + 1)]
    each_fits = None
    for square in sizes:
        blocks = [_block(p, square, width) for p in sheet]
        if not all(b["fits"] and b["height"] <= height for b in blocks):
            continue
        if sum(b["height"] + _GAP for b in blocks) <= height + _GAP:
            return square
        if each_fits is None:
            each_fits = square
    return each_fits if each_fits is not None else _SMALLEST_SQUARE


def _caption(number: int, puzzle: Puzzle) -> str:
    pieces = sum(puzzle.counts.values())
    text = f"Puzzle {number}: cover the {len(puzzle.cells)} squares with these {pieces} pieces."
    if puzzle.rating is not None:
        text += f"  Level {puzzle.rating.level} ({puzzle.rating.name})."
    return text


# -- drawing ---------------------------------------------------------------------------------------

def _axes(fig: Figure, left: float, top: float, width: float, height: float, squares: tuple[float, float]):
    """Axes at ``left``, ``top`` (inches from the page's top left) whose data units are squares, y down."""
    page_w, page_h = fig.get_size_inches()
    ax = fig.add_axes((left / page_w, 1 - (top + height) / page_h, width / page_w, height / page_h))
    ax.set_xlim(0, squares[0])
    ax.set_ylim(squares[1], 0)
    ax.axis("off")
    return ax


def _draw_puzzle(fig: Figure, puzzle: Puzzle, number: int, left: float, top: float, square: float,
                 width: float) -> float:
    """Draw one puzzle: its empty region and, at the same scale, its pieces; returns the height used in inches."""
    from .piece_plots import _draw_cells, _tiling_owners, color_of

    fig.text(left / fig.get_figwidth(), 1 - (top + 0.05) / fig.get_figheight(), _caption(number, puzzle),
             fontsize=10, va="top", ha="left", parse_math=False)
    top += _CAPTION
    block = _block(puzzle, square, width)
    ax = _axes(fig, left, top, puzzle.width * square, puzzle.height * square, (puzzle.width, puzzle.height))
    owner, colors = _tiling_owners(puzzle.cells, [])
    colors[None] = "#ffffff"
    _draw_cells(ax, owner, colors)
    tray_w, tray_h = block["tray"]
    tx, ty = block["tray_at"]
    tray = _axes(fig, left + tx, top + ty, tray_w * square, tray_h * square, (tray_w, tray_h))
    for i, ((shape, label), (ox, oy)) in enumerate(zip(block["shapes"], block["offsets"])):
        _draw_cells(tray, {cell: i for cell in shape}, {i: color_of(label, i)}, ox, oy)
        bottom = 1 + max(y for _, y in shape)
        tray.text(ox, oy + bottom + 0.12, label, va="top", ha="left", fontsize=max(6.0, min(9.0, square * 22)),
                  parse_math=False)
    return block["height"]


def _header(fig: Figure, title: str, sheet: int, sheets: int, answers: bool) -> None:
    page_w, page_h = fig.get_size_inches()
    fig.text(_MARGIN / page_w, 1 - _MARGIN / page_h, title, fontsize=16, weight="bold", va="top", ha="left",
             parse_math=False)
    right = (page_w - _MARGIN) / page_w
    label = f"Sheet {sheet} of {sheets}" if sheets > 1 else ""
    if answers:
        fig.text(right, 1 - _MARGIN / page_h, "Answers", fontsize=11, va="top", ha="right", parse_math=False)
        return
    if label:
        fig.text(right, 1 - _MARGIN / page_h, label, fontsize=11, va="top", ha="right", parse_math=False)
    fig.text(_MARGIN / page_w, 1 - (_MARGIN + 0.55) / page_h, "Name: " + "_" * 40, fontsize=12, va="top",
             ha="left", parse_math=False)


def _answer_pages(sheets: list[list[Puzzle]], paper: tuple[float, float], title: str) -> list[Figure]:
    """The answer key: every sheet's puzzles solved, small, left to right and page after page."""
    from matplotlib.figure import Figure

    from .piece_plots import _draw_cells, _tiling_owners

    page_w, page_h = paper
    width = page_w - 2 * _MARGIN
    height = page_h - 2 * _MARGIN - _HEADER
    square = _ANSWER_SQUARE
    figures: list[Figure] = []
    fig = None
    x = y = row = 0.0
    for number, sheet in enumerate(sheets, start=1):
        for index, puzzle in enumerate(sheet, start=1):
            w = max(puzzle.width * square, 1.3)
            h = _CAPTION + puzzle.height * square
            if x > 0 and x + w > width:
                x, y, row = 0.0, y + row + _GAP, 0.0
            if fig is None or y + h > height:
                fig = Figure(figsize=paper)
                _header(fig, title, 1, 1, True)
                figures.append(fig)
                x = y = row = 0.0
            left, top = _MARGIN + x, _MARGIN + _HEADER + y
            label = f"Sheet {number}, puzzle {index}" if len(sheets) > 1 else f"Puzzle {index}"
            fig.text(left / page_w, 1 - top / page_h, label, fontsize=8, va="top", ha="left", parse_math=False)
            tiling = puzzle.solve()
            ax = _axes(fig, left, top + _CAPTION, puzzle.width * square, puzzle.height * square,
                       (puzzle.width, puzzle.height))
            owner, colors = _tiling_owners(puzzle.cells, [(p.piece, p.cells) for p in tiling.placements]
                                           if tiling else [])
            _draw_cells(ax, owner, colors)
            x += w + _GAP
            row = max(row, h)
    return figures


def _pages(sheet: list[Puzzle], number: int, sheets: int, paper: tuple[float, float], title: str,
           per_page: int | None) -> list[Figure]:
    """A student's sheet: the header and name line on every page, the puzzles as many a page as fit."""
    from matplotlib.figure import Figure

    page_w, page_h = paper
    width = page_w - 2 * _MARGIN
    height = page_h - 2 * _MARGIN - _HEADER
    square = _scale(sheet, (width, height))
    needed = [_block(p, square, width)["height"] + _GAP for p in sheet]
    figures: list[Figure] = []
    fig = None
    used = height + 1
    on_page = 0
    for index, (puzzle, room) in enumerate(zip(sheet, needed), start=1):
        if fig is None or used + room > height + _GAP or (per_page is not None and on_page >= per_page):
            fig = Figure(figsize=paper)
            _header(fig, title, number, sheets, False)
            figures.append(fig)
            used, on_page = 0.0, 0
        used += _draw_puzzle(fig, puzzle, index, _MARGIN, _MARGIN + _HEADER + used, square, width) + _GAP
        on_page += 1
    return figures


def worksheet(puzzles: Puzzles, path: str | Path | None = None, *, paper: str = "a4",
              title: str = "Tiling puzzles", students: int | None = None, seed: int = 0,
              per_page: int | None = None, answers: bool = True) -> bytes | Path:
    """A print-ready PDF of ``puzzles``: bytes, or written to ``path`` (whole or not at all) and its Path.

    ``paper`` is ``"a4"`` or ``"letter"``; ``per_page`` caps the puzzles on
    a page (as many as fit by default); ``answers`` adds the answer key at the
    end. See the module's documentation for ``students`` and ``seed``.

    >>> from blokus_nb.puzzles import Puzzle
    >>> worksheet([Puzzle((5, 3), "L P V")], paper="letter")[:5]
    b'%PDF-'
    """
    from matplotlib.backends.backend_pdf import PdfPages

    paper = validation.choice(paper, "paper", PAPER, error=WorksheetError)
    per_page = validation.positive_count(per_page, "per_page", none="as many as fit", error=WorksheetError)
    target = None if path is None else validation.path_to_write(path)  # before the work, not after
    if not isinstance(title, str):
        raise WorksheetError(f"title is text, not {type(title).__name__}")
    sheets = _sheets(puzzles, students, seed)
    size = PAPER[paper]
    buffer = io.BytesIO()
    with PdfPages(buffer, metadata={"Title": title, "Creator": "blokus-nb"}) as pdf:
        for number, sheet in enumerate(sheets, start=1):
            for fig in _pages(sheet, number, len(sheets), size, title, per_page):
                pdf.savefig(fig)
        if answers:
            for fig in _answer_pages(sheets, size, title):
                pdf.savefig(fig)
    data = buffer.getvalue()
    if path is None:
        return data
    from .records.writing import replace_file

    replace_file(target, lambda handle: handle.write(data), binary=True)
    return target
