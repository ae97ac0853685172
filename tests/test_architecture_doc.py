"""docs/architecture.md stays a true map: every module and front-end file appears in it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _rows() -> list[str]:
    return [line for line in DOC.splitlines() if line.startswith("| ")]


def test_every_python_module_has_a_row():
    named = set(re.findall(r"`(blokus_nb/[\w/]+\.py)`", DOC))
    modules = {path.relative_to(ROOT).as_posix() for path in (ROOT / "blokus_nb").rglob("*.py")}
    assert modules - named == set(), "add these files to docs/architecture.md"
    assert named - modules == set(), "docs/architecture.md names files that are gone"


def test_every_front_end_module_is_named_in_its_folder_row():
    sources = sorted(p for p in (ROOT / "js" / "src").rglob("*") if p.suffix in (".ts", ".css"))
    assert sources
    rows = {folder: row for row in _rows() for folder in re.findall(r"^\| `(\w+)/`", row)}
    missing = []
    for path in sources:
        if path.name == "css.d.ts":  # a type declaration, not a module
            continue
        row = rows.get(path.parent.name, "")
        name = path.name if path.suffix == ".css" else path.stem
        if f"`{name}`" not in row and f"`{name} `" not in row and f"`{name}` (" not in row:
            missing.append(path.relative_to(ROOT).as_posix())
    assert missing == [], "add these files to the js/src table in docs/architecture.md"


def test_every_script_outside_the_package_is_covered():
    scripts = [p.relative_to(ROOT).as_posix() for folder in ("training", "benchmarks")
               for p in (ROOT / folder).glob("*.py")]
    assert scripts
    for script in scripts:
        folder, name = script.split("/")
        assert f"`{script}`" in DOC or (folder == "benchmarks" and name.startswith("bench_")
                                         and "`benchmarks/bench_*.py`" in DOC), script
