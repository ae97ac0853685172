"""Static SVG pictures of a position."""

from __future__ import annotations

import threading
from xml.etree import ElementTree

import pytest

import blokus_nb as bn
from blokus_nb.render import COLORBLIND_PALETTE, PALETTE, board_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_a_picture_of_the_board():
    game = bn.Game("duo")
    game.play("d9,c10,d10,e10,d11")
    root = ElementTree.fromstring(board_svg(game, size=280))
    assert root.get("width") == "280" and root.get("aria-label") == repr(game)
    cells = root.findall(f"{SVG}rect")[1:]
    assert len(cells) == 14 * 14
    assert sum(rect.get("fill") == PALETTE["purple"] for rect in cells) == 5
    circles = root.findall(f"{SVG}circle")
    assert len(circles) == 1 + 5  # orange's start ring, a dot on each cell of the last move
    texts = [t.text for t in root.findall(f"{SVG}text")]
    assert texts[:14] == list("abcdefghijklmn") and texts[14:] == [str(n) for n in range(14, 0, -1)]


def test_options_leave_out_marks_and_change_colors():
    game = bn.Game("duo")
    game.play("d9,c10,d10,e10,d11")
    svg = board_svg(game, last_move=False, coordinates=False, palette=COLORBLIND_PALETTE)
    root = ElementTree.fromstring(svg)
    assert not root.findall(f"{SVG}text") and len(root.findall(f"{SVG}circle")) == 1
    assert COLORBLIND_PALETTE["purple"] in svg and PALETTE["purple"] not in svg


@pytest.mark.parametrize("size", ["x", 0, -5, float("inf"), float("nan"), True, None])
def test_bad_sizes_are_refused(size):
    with pytest.raises(bn.BlokusError, match="positive number"):
        board_svg(bn.Game("duo"), size=size)


def test_a_palette_missing_a_color_is_refused():
    with pytest.raises(bn.BlokusError, match="no fill for orange"):
        board_svg(bn.Game("duo"), palette={"purple": "#000"})


def test_the_picture_is_of_one_position_while_another_thread_plays():
    game = bn.Game("duo")
    done = threading.Event()

    def play():
        import random

        rng = random.Random(1)
        while not done.is_set():
            with game.lock:
                if game.is_over or len(game.moves) > 20:
                    while game.can_undo:
                        game.undo()
                else:
                    game.play(rng.choice(game.legal_moves()))

    thread = threading.Thread(target=play)
    thread.start()
    try:
        for _ in range(40):
            root = ElementTree.fromstring(board_svg(game, size=200))
            label = root.get("aria-label")  # "<Game duo: N moves, ...>"
            placed = int(label.split(": ")[1].split()[0])
            squares = sum(rect.get("fill") in (PALETTE["purple"], PALETTE["orange"])
                          for rect in root.findall(f"{SVG}rect"))
            dots = len(root.findall(f"{SVG}circle"))
            assert (placed == 0) == (squares == 0)
            assert squares >= placed and (placed == 0 or dots >= 1)
    finally:
        done.set()
        thread.join()
