"""Checks on drawn matplotlib figures: is every text readable, inside the figure, clear of the others?

The texts are those matplotlib really draws (recorded while the figure is
rendered), so hidden tick labels and ticks outside the view do not count.
"""

from __future__ import annotations

from contextlib import contextmanager
from unittest import mock

from matplotlib.figure import Figure
from matplotlib.table import Table
from matplotlib.text import Text
from matplotlib.transforms import Bbox

#: The smallest font a figure may use, in points: at 100 dpi, 8 pt is 11 pixels.
MIN_POINTS = 8
#: A notebook cell's output width in inches at 100 dpi; a wider figure is shown scaled down to it.
CELL_INCHES = 8.0


@contextmanager
def _recording():
    drawn: list[Text] = []
    original = Text.draw

    def draw(self, renderer):
        if self.get_visible() and self.get_text().strip():
            drawn.append(self)
        return original(self, renderer)

    with mock.patch.object(Text, "draw", draw):
        yield drawn


def drawn_texts(fig: Figure, dpi: float = 100) -> list[tuple[Text, Bbox]]:
    """Every non-empty text the figure draws at ``dpi``, with its extent in pixels."""
    fig.set_dpi(dpi)
    with _recording() as drawn:
        fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    return [(text, text.get_window_extent(renderer)) for text in dict.fromkeys(drawn)]


def _allowed_over(ax, text: Text, inside: dict) -> bool:
    """Whether ``text`` may lie over ``ax``: it is drawn by ``ax`` (its title, a table cell, the tick
    labels of a panel inside the frame ``ax``) or by a twin of ``ax`` (the same box)."""
    if id(text) in inside[ax]:
        return True
    return any(id(text) in inside[other] and tuple(other.bbox.bounds) == tuple(ax.bbox.bounds)
               for other in inside)


def text_problems(fig: Figure, dpi: float = 100, min_points: float = MIN_POINTS) -> list[str]:
    """What is wrong with the figure's text in a notebook cell at ``dpi``: too small (after a figure
    wider than the cell is scaled down to it), outside the figure, overlapping another text or another
    Axes (a color bar over tick labels), overflowing a table cell."""
    texts = drawn_texts(fig, dpi)
    problems = []
    whole = fig.bbox
    shrink = min(1.0, CELL_INCHES / fig.get_figwidth())
    for text, box in texts:
        if text.get_fontsize() * shrink < min_points:
            problems.append(f"{text.get_text()!r} is {text.get_fontsize() * shrink:.1f} pt in a notebook cell")
        if box.x0 < whole.x0 - 1 or box.y0 < whole.y0 - 1 or box.x1 > whole.x1 + 1 or box.y1 > whole.y1 + 1:
            problems.append(f"{text.get_text()!r} sticks out of the figure: {box.bounds}")
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            width = min(box_a.x1, box_b.x1) - max(box_a.x0, box_b.x0)
            height = min(box_a.y1, box_b.y1) - max(box_a.y0, box_b.y0)
            if width > 1 and height > 1:
                problems.append(f"{a.get_text()!r} overlaps {b.get_text()!r}")
    inside = {ax: {id(t) for t in ax.findobj(Text)}  # a table cell keeps its text out of findobj
              | {id(cell.get_text()) for table in ax.tables for cell in table.get_celld().values()}
              for ax in fig.axes}
    for text, box in texts:
        for ax in fig.axes:
            if not ax.get_visible() or _allowed_over(ax, text, inside):
                continue
            width = min(box.x1, ax.bbox.x1) - max(box.x0, ax.bbox.x0)
            height = min(box.y1, ax.bbox.y1) - max(box.y0, ax.bbox.y0)
            if width > 1 and height > 1:
                problems.append(f"{text.get_text()!r} is drawn over another Axes ({ax.get_label() or ax})")
    renderer = fig.canvas.get_renderer()
    for table in fig.findobj(Table):
        for cell in table.get_celld().values():
            inner = cell.get_window_extent(renderer)
            box = cell.get_text().get_window_extent(renderer)
            if box.x0 < inner.x0 or box.x1 > inner.x1 or box.y0 < inner.y0 or box.y1 > inner.y1:
                problems.append(f"table text {cell.get_text().get_text()!r} overflows its cell")
    return problems
