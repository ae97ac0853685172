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
  each student gets puzzles of their own, made from ``seed + student``
  (its ``time_budget`` bounds each student's set).

Every sheet of a set is laid out alike: the same number of pages, the same
number of puzzles on each, and squares of one size, chosen for the whole set
(the fewest pages, then the largest squares that still fit), so a class set
prints alike whatever each student's puzzles look like turned.

When fewer different sheets exist than students (one square puzzle looks
the same however it is turned), every different sheet is used before any
repeats, and a :class:`WorksheetWarning` says how many there are.

Only what can be printed and answered is accepted: a puzzle with no
solution, or one too big for a page even at the smallest square (5.6 mm;
about 32 squares across an A4 page and 41 down), is refused with a
:class:`WorksheetError` saying which and why; a long title is set smaller,
then cut short, so nothing is drawn in the margins.
"""

from __future__ import annotations

import io
import math
import random
import warnings
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from . import validation
from .atomic import replace_file, writable_file
from .errors import BlokusError
from .pieces import move_cell

if TYPE_CHECKING:  # pragma: no cover
    from matplotlib.figure import Figure

    from .puzzles import Puzzle, Tiling

__all__ = ["worksheet", "WorksheetError", "WorksheetWarning", "PAPER", "MAX_STUDENTS"]

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
_SQUARE_STEP = 0.02  # inches: the sizes tried between the two
_ANSWER_SQUARE = 0.16  # inches: answer keys are smaller
# Up to this many different sheets, all are listed and drawn from, so every one is used before any repeats.
_LISTED_SHEETS = 2000

# What a recipe may hold besides "count": generate_set's other arguments.
_RECIPE_KEYS = frozenset({"pieces", "region", "difficulty", "solutions", "time_budget"})

Puzzles = Union["Puzzle", Sequence["Puzzle"], Sequence[Sequence["Puzzle"]], Mapping[str, Any]]


class WorksheetError(BlokusError):
    """A worksheet that cannot be made: no puzzles, an unknown paper size, too many students, a puzzle
    with no solution or too big for the page."""


class WorksheetWarning(UserWarning):
    """Fewer different sheets exist than students: some students get the same sheet."""


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


def _sheets(puzzles: Puzzles, students: int | None, seed: int, fits: Callable[[Puzzle], bool] | None = None
            ) -> list[list[Puzzle]]:
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
        sheets = [generate_set(count, seed=(seed + student) * 1000, **recipe) for student in range(students or 1)]
        _warn_if_repeated(len({_sheet_key(sheet) for sheet in sheets}), students, "the recipe made no more", 4)
        return sheets
    if isinstance(puzzles, Puzzle):
        puzzles = [puzzles]
    puzzles = validation.sequence(puzzles, "puzzles", what="a Puzzle, a list of them or a recipe (a dict)")
    if not puzzles:
        raise WorksheetError("no puzzles to put on the worksheet")
    if all(isinstance(p, Puzzle) for p in puzzles):
        if students is None:
            return [puzzles]
        return _different_sheets(puzzles, students, random.Random(seed), fits)
    sheets = [[sheet] if isinstance(sheet, Puzzle) else validation.sequence(sheet, "a sheet", what="a list of Puzzles")
              for sheet in puzzles]
    if not all(sheet and all(isinstance(p, Puzzle) for p in sheet) for sheet in sheets):
        raise WorksheetError("puzzles is a Puzzle, a list of them (one sheet), a list of such lists "
                             "(a sheet each) or a dict of generate_set() arguments")
    if students is not None and students != len(sheets):
        raise WorksheetError(f"{len(sheets)} sheets given but students={students}")
    return sheets


def _drawn(puzzle: Puzzle) -> tuple:
    """What a student sees of a puzzle: its region where it sits on the page, and its pieces."""
    from .pieces import normalize

    return normalize(puzzle.cells), tuple(sorted(puzzle.counts.items()))


def _sheet_key(sheet: Sequence[Puzzle]) -> tuple:
    return tuple(_drawn(p) for p in sheet)


def _turns(puzzle: Puzzle, fits: Callable[[Puzzle], bool] | None) -> list[int]:
    """One symmetry of the square for each different way the puzzle can be drawn turned or flipped
    (and still fit the page: a tall region turned may be too wide)."""
    from .pieces import normalize

    seen: dict[tuple, int] = {}
    for t in range(8):
        seen.setdefault(normalize(move_cell(cell, t) for cell in puzzle.cells), t)
    return [t for t in seen.values() if t == 0 or fits is None or fits(_turned(puzzle, t))]


def _different_sheets(puzzles: list[Puzzle], students: int, rng: random.Random,
                      fits: Callable[[Puzzle], bool] | None) -> list[list[Puzzle]]:
    """A sheet per student, each the puzzles turned or flipped and reordered, all different where they can be."""
    from .puzzles.generation import identity

    # Puzzles that are one another turned make the same sheets in either order: count them as one kind.
    kinds: dict[tuple, list[int]] = {}
    for index, puzzle in enumerate(puzzles):
        kinds.setdefault(identity(puzzle), []).append(index)
    turns = {key: _turns(puzzles[members[0]], fits) for key, members in kinds.items()}
    arrangements = math.factorial(len(puzzles))
    for members in kinds.values():
        arrangements //= math.factorial(len(members))
    possible = arrangements * math.prod(len(turns[key]) ** len(members) for key, members in kinds.items())
    if possible <= _LISTED_SHEETS:
        every = _every_sheet(puzzles, kinds, turns)
        rng.shuffle(every)
        _warn_if_repeated(len(every), students, "the puzzles turned, flipped and reordered make no more", 5)
        return [every[student % len(every)] for student in range(students)]
    # Many more sheets than students (at least ten for each): drawing at random rarely repeats one.
    kind_of = {index: key for key, members in kinds.items() for index in members}
    sheets: list[list[Puzzle]] = []
    seen: set[tuple] = set()
    for _ in range(students):
        for _attempt in range(50):
            order = rng.sample(range(len(puzzles)), len(puzzles))
            sheet = [_turned(puzzles[kinds[key][0]], rng.choice(turns[key]))
                     for key in (kind_of[i] for i in order)]
            key = _sheet_key(sheet)
            if key not in seen:
                break
        seen.add(key)
        sheets.append(sheet)
    return sheets


def _every_sheet(puzzles: list[Puzzle], kinds: dict[tuple, list[int]], turns: dict[tuple, list[int]]
                 ) -> list[list[Puzzle]]:
    """Every different sheet: each order of the kinds of puzzle, each way to turn each one."""
    keys = list(kinds)
    drawn = {key: [_turned(puzzles[kinds[key][0]], t) for t in turns[key]] for key in keys}
    left = {key: len(members) for key, members in kinds.items()}
    out: list[list[Puzzle]] = []

    def place(sheet: list[Puzzle]) -> None:
        if len(sheet) == len(puzzles):
            out.append(list(sheet))
            return
        for key in keys:
            if left[key]:
                left[key] -= 1
                for puzzle in drawn[key]:
                    sheet.append(puzzle)
                    place(sheet)
                    sheet.pop()
                left[key] += 1

    place([])
    return out


def _warn_if_repeated(different: int, students: int | None, why: str, stacklevel: int) -> None:
    # stacklevel: how many calls down from worksheet()'s caller, so the warning names the user's line.
    if students is not None and different < students:
        sheets = "sheet" if different == 1 else "sheets"
        warnings.warn(f"only {different} different {sheets} for {students} students ({why}): some students "
                      "get the same sheet; give more puzzles, less symmetric ones, or a recipe",
                      WorksheetWarning, stacklevel=stacklevel)


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
    assert best is not None  # a puzzle has pieces, and one column always does
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


def _layout(sheets: Sequence[Sequence[Puzzle]], usable: tuple[float, float], per_page: int | None
            ) -> tuple[float, int]:
    """One layout for every sheet of a set: the square's size (inches) and the puzzles on a page.

    The fewest pages first, then the largest squares: every student's sheet
    has as many pages as the others, the same number of puzzles on each, and
    squares of one size, so a class set prints alike whatever each student's
    puzzles look like turned. A puzzle too big for a page even alone at the
    smallest square is refused (:class:`WorksheetError`).
    """
    width, height = usable
    longest = max(len(sheet) for sheet in sheets)
    cap = min(longest, per_page or longest)
    fewest = -(-longest // cap)
    best: tuple[int, float, int] | None = None  # pages, square, puzzles a page
    steps = int(round((_LARGEST_SQUARE - _SMALLEST_SQUARE) / _SQUARE_STEP))
    for square in (_LARGEST_SQUARE - _SQUARE_STEP * i for i in range(steps + 1)):
        rooms = [[_block(p, square, width) for p in sheet] for sheet in sheets]
        if not all(b["fits"] and b["height"] <= height for blocks in rooms for b in blocks):
            continue
        on_page = next(k for k in range(cap, 0, -1) if all(
            sum(b["height"] + _GAP for b in blocks[start:start + k]) <= height + _GAP
            for blocks in rooms for start in range(0, len(blocks), k)))
        pages = -(-longest // on_page)
        if best is None or pages < best[0]:
            best = (pages, square, on_page)
        if pages == fewest:
            break
    if best is None:
        for sheet in sheets:
            _refuse_too_big(sheet, usable)
        raise WorksheetError("the puzzles do not fit on a page")  # pragma: no cover (one of them does not)
    return best[1], best[2]


def _fits_alone(puzzle: Puzzle, usable: tuple[float, float]) -> bool:
    """Does the puzzle fit a page on its own at the smallest square?"""
    block = _block(puzzle, _SMALLEST_SQUARE, usable[0])
    return block["fits"] and block["height"] <= usable[1]


def _refuse_too_big(sheet: Sequence[Puzzle], usable: tuple[float, float]) -> None:
    """Say which puzzle of ``sheet`` cannot be printed on a page even at the smallest square, and why."""
    width, height = usable
    square = _SMALLEST_SQUARE
    across = int(width / square + 1e-9)
    down = int((height - _CAPTION) / square + 1e-9)
    at = f"at {square * 25.4:.1f} mm a square, the smallest that is easy to count and cut out"
    for number, puzzle in enumerate(sheet, start=1):
        block = _block(puzzle, square, width)
        if block["fits"] and block["height"] <= height:
            continue
        if puzzle.width > across:
            why = f"its region is {puzzle.width} squares wide; a page holds {across} across {at}"
        elif puzzle.height > down:
            why = f"its region is {puzzle.height} squares tall; a page holds {down} down {at}"
        else:
            why = f"its region and its pieces do not fit on one page {at}"
        raise WorksheetError(f"puzzle {number} cannot be printed: {why}")


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


def _text_width(text: str, size: float, weight: str = "normal") -> float:
    """How wide ``text`` is drawn, in inches."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    width, _, _ = TextToPath().get_text_width_height_descent(text, FontProperties(size=size, weight=weight),
                                                             ismath=False)
    return width / 72


def _fitted(text: str, size: float, width: float, weight: str = "normal") -> tuple[str, float]:
    """``text`` and a font size at which it fits in ``width`` inches: smaller type, then cut short with '...'."""
    drawn = _text_width(text, size, weight)
    if drawn <= width:
        return text, size
    smallest = 9.0
    if drawn * smallest / size <= width:
        return text, size * width / drawn
    while len(text) > 1 and _text_width(text + "...", smallest, weight) > width:
        text = text[:max(1, int(len(text) * 0.9))]
    return text.rstrip() + "...", smallest


def _header(fig: Figure, title: str, sheet: int, sheets: int, answers: bool) -> None:
    page_w, page_h = fig.get_size_inches()
    right = (page_w - _MARGIN) / page_w
    label = "Answers" if answers else f"Sheet {sheet} of {sheets}" if sheets > 1 else ""
    # The title stays left of the label on the right, and inside the margins.
    room = page_w - 2 * _MARGIN - (_text_width(label, 11) + 0.3 if label else 0.0)
    title, size = _fitted(" ".join(title.split()), 16, room, "bold")  # one line, above the name line
    fig.text(_MARGIN / page_w, 1 - _MARGIN / page_h, title, fontsize=size, weight="bold", va="top", ha="left",
             parse_math=False)
    if label:
        fig.text(right, 1 - _MARGIN / page_h, label, fontsize=11, va="top", ha="right", parse_math=False)
    if answers:
        return
    fig.text(_MARGIN / page_w, 1 - (_MARGIN + 0.55) / page_h, "Name: " + "_" * 40, fontsize=12, va="top",
             ha="left", parse_math=False)


def _answer_pages(sheets: list[list[Puzzle]], paper: tuple[float, float], title: str,
                  solved: dict[int, Tiling]) -> list[Figure]:
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
            tiling = solved[id(puzzle)]
            ax = _axes(fig, left, top + _CAPTION, puzzle.width * square, puzzle.height * square,
                       (puzzle.width, puzzle.height))
            owner, colors = _tiling_owners(puzzle.cells, [(p.piece, p.cells) for p in tiling.placements])
            _draw_cells(ax, owner, colors)
            x += w + _GAP
            row = max(row, h)
    return figures


def _pages(sheet: list[Puzzle], number: int, sheets: int, paper: tuple[float, float], title: str,
           square: float, on_page: int) -> list[Figure]:
    """A student's sheet: the header and name line on every page, ``on_page`` puzzles a page."""
    from matplotlib.figure import Figure

    page_w, page_h = paper
    width = page_w - 2 * _MARGIN
    figures: list[Figure] = []
    for start in range(0, len(sheet), on_page):
        fig = Figure(figsize=paper)
        _header(fig, title, number, sheets, False)
        figures.append(fig)
        used = 0.0
        for index, puzzle in enumerate(sheet[start:start + on_page], start=start + 1):
            used += _draw_puzzle(fig, puzzle, index, _MARGIN, _MARGIN + _HEADER + used, square, width) + _GAP
    return figures


def _solutions(sheets: list[list[Puzzle]]) -> dict[int, Tiling]:
    """A tiling of every puzzle (by ``id``), or :class:`WorksheetError` for one that has none."""
    solved: dict[int, Tiling] = {}
    for number, sheet in enumerate(sheets, start=1):
        for index, puzzle in enumerate(sheet, start=1):
            if id(puzzle) in solved:
                continue
            tiling = puzzle.solve()
            if tiling is None:
                where = f"sheet {number}, puzzle {index}" if len(sheets) > 1 else f"puzzle {index}"
                raise WorksheetError(f"{where} has no solution ({puzzle.explain()}); a worksheet's puzzles "
                                     "can be done, and its answer key shows how")
            solved[id(puzzle)] = tiling
    return solved


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
    target = None if path is None else writable_file(path)  # before the work, not after
    if not isinstance(title, str):
        raise WorksheetError(f"title is text, not {type(title).__name__}")
    size = PAPER[paper]
    usable = (size[0] - 2 * _MARGIN, size[1] - 2 * _MARGIN - _HEADER)
    sheets = _sheets(puzzles, students, seed, lambda puzzle: _fits_alone(puzzle, usable))
    square, on_page = _layout(sheets, usable, per_page)  # each puzzle fits a page, or none is drawn
    solved = _solutions(sheets)
    buffer = io.BytesIO()
    with PdfPages(buffer, metadata={"Title": title, "Creator": "blokus-nb"}) as pdf:
        for number, sheet in enumerate(sheets, start=1):
            for fig in _pages(sheet, number, len(sheets), size, title, square, on_page):
                pdf.savefig(fig)
        if answers:
            for fig in _answer_pages(sheets, size, title, solved):
                pdf.savefig(fig)
    data = buffer.getvalue()
    if target is None:  # no path given
        return data
    replace_file(target, lambda handle: handle.write(data), binary=True)
    return target
