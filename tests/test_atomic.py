"""The one atomic writer's folder swap (atomic.replaced_entries), used by analyze_corpus and the CLI."""

from __future__ import annotations

import os

import pytest

from blokus_nb import atomic
from blokus_nb.errors import PathError


def _fill(folder, names, text):
    for name in names:
        (folder / name).write_text(text)


def test_the_marker_leaves_first_and_arrives_last(tmp_path, monkeypatch):
    _fill(tmp_path, ["a.csv", "manifest.json", "z.csv"], "old")
    moves, real = [], os.replace

    def replace(source, target):
        moves.append((os.path.basename(os.path.dirname(target)) == tmp_path.name, os.path.basename(source)))
        real(source, target)

    monkeypatch.setattr(atomic.os, "replace", replace)
    with atomic.replaced_entries(tmp_path, lambda name: True, marker="manifest.json") as staging:
        _fill(staging, ["a.csv", "manifest.json", "z.csv"], "new")
    monkeypatch.undo()
    out = [name for into_folder, name in moves if not into_folder]
    into = [name for into_folder, name in moves if into_folder]
    assert out[0] == "manifest.json" and into[-1] == "manifest.json" and sorted(into) == sorted(out)
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == dict.fromkeys(["a.csv", "manifest.json",
                                                                                 "z.csv"], "new")


def test_an_old_entry_that_cannot_be_moved_leaves_the_folder_as_it_was(tmp_path, monkeypatch):
    _fill(tmp_path, ["a.csv", "b.csv", "mine.txt"], "old")
    real = os.replace

    def replace(source, target):
        if os.path.basename(source) == "b.csv" and os.path.dirname(source) == str(tmp_path):
            raise PermissionError(1, "Operation not permitted", source)
        real(source, target)

    monkeypatch.setattr(atomic.os, "replace", replace)
    with pytest.raises(PathError, match="not permitted"):
        with atomic.replaced_entries(tmp_path, lambda name: name.endswith(".csv"), marker="a.csv") as staging:
            _fill(staging, ["a.csv", "b.csv", "c.csv"], "new")
    monkeypatch.undo()
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == dict.fromkeys(["a.csv", "b.csv", "mine.txt"], "old")
