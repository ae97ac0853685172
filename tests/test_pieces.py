"""The 21 pieces, the square's eight symmetries, and the JS copy of them pinned by a fixture."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from blokus_nb import pieces
from blokus_nb.pieces import PIECES, SYMMETRIES, TRANSFORM_NAMES, move_cell, normalize, transform

FIXTURE = Path(__file__).resolve().parent.parent / "js" / "test" / "fixtures" / "symmetries.json"
F = pieces.get("F").cells  # no symmetry maps F onto itself, so its eight images all differ


def quarter_turn(cell):
    x, y = cell
    return (-y, x)  # clockwise, with y pointing down


def by_definition(cell, t):
    """Transform t as TRANSFORM_NAMES says: t % 4 quarter turns clockwise, then a flip when t >= 4."""
    for _ in range(t % 4):
        cell = quarter_turn(cell)
    return (-cell[0], cell[1]) if t >= 4 else cell


def test_the_matrices_are_the_named_transforms():
    assert len(SYMMETRIES) == len(TRANSFORM_NAMES) == 8
    for t in range(8):
        for cell in [(1, 0), (0, 1), (2, 3), (-1, 5)]:
            assert move_cell(cell, t) == by_definition(cell, t)
        assert transform(F, t) == normalize(by_definition(c, t) for c in F)


def test_the_symmetries_form_the_square_group():
    images = {tuple(move_cell(c, t) for c in F) for t in range(8)}
    assert len(images) == 8
    for s in range(8):  # closed under composition, each has an inverse
        for t in range(8):
            composed = tuple(move_cell(move_cell(c, s), t) for c in F)
            assert composed in images
        assert any(tuple(move_cell(move_cell(c, s), t) for c in F) == F for t in range(8))


def test_21_pieces_and_91_orientations():
    assert len(PIECES) == 21 and pieces.TOTAL_SQUARES == 89
    assert {p.name: len(p.orientations) for p in PIECES if p.name in ("1", "O", "X", "F", "I5")} == \
        {"1": 1, "O": 1, "X": 1, "F": 8, "I5": 2}
    assert sum(len(p.orientations) for p in PIECES) == 91
    for piece in PIECES:
        assert len(piece.orientations) * len(piece.symmetries) == 8
        for t in range(8):
            assert piece.orientations[piece.orientation_of(t)] == transform(piece.cells, t)


def test_identify_every_orientation_anywhere():
    for piece in PIECES:
        for k, shape in enumerate(piece.orientations):
            moved = [(x + 7, y + 3) for x, y in shape]
            assert pieces.identify(moved) == (piece, k)
    assert pieces.identify([(0, 0), (2, 0)]) is None


def test_get_is_case_insensitive_and_names_the_pieces_on_a_miss():
    assert pieces.get("f") is pieces.get("F")
    with pytest.raises(KeyError, match="pieces are 1 2 I3"):
        pieces.get("Q")


def test_drawing():
    assert pieces.get("T4").drawing() == "###\n.#."


def symmetry_fixture() -> str:
    # each image as pieces.normalize (and geometry.ts normalize) gives it: min x = min y = 0,
    # sorted by (y, x)
    images = [normalize(move_cell(c, t) for c in F) for t in range(8)]
    lines = ",\n".join(f"    {json.dumps([list(c) for c in image])}" for image in images)
    return (f'{{\n  "shape": {json.dumps([list(c) for c in F])},\n'
            f'  "images": [\n{lines}\n  ]\n}}\n')


def test_the_js_symmetry_fixture_matches_python():
    """js/test reads this file to check js/src/geometry.ts against Python's one table."""
    text = symmetry_fixture()
    if os.environ.get("BLOKUS_REGENERATE_FIXTURES") == "1":
        FIXTURE.write_text(text, encoding="utf-8")
    assert FIXTURE.exists(), f"run BLOKUS_REGENERATE_FIXTURES=1 pytest {__file__} to write {FIXTURE}"
    assert FIXTURE.read_text(encoding="utf-8") == text, \
        f"{FIXTURE} differs from Python's symmetries: regenerate with BLOKUS_REGENERATE_FIXTURES=1"
    data = json.loads(text)
    assert data["shape"] == [list(c) for c in F] and len(data["images"]) == 8
    assert len({json.dumps(image) for image in data["images"]}) == 8
