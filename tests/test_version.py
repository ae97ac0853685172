"""One version, told the same everywhere: the package, pyproject.toml, the front end's package.json,
the CHANGELOG, the command line and the records we write."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

import blokus_nb as bn

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent
# A release (0.3.0) or work toward one (0.4.0.dev0), as PEP 440 writes them.
VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:\.dev(\d+))?")
SECTION = re.compile(r"^## (\d+\.\d+\.\d+) \((unreleased|\d{4}-\d{2}-\d{2})\)$", re.M)


def _parts(version: str) -> tuple[int, int, int]:
    match = VERSION.fullmatch(version)
    assert match, f"{version!r} is not a version like 0.3.0 or 0.4.0.dev0"
    return tuple(int(part) for part in match.groups()[:3])


def test_pyproject_reads_the_version_from_the_package():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if tomllib is not None:
        config = tomllib.loads(text)
        assert "version" not in config["project"] and config["project"]["dynamic"] == ["version"]
        assert config["tool"]["hatch"]["version"] == {"path": "blokus_nb/__init__.py"}
    # hatch's default pattern, as it reads the file
    source = (ROOT / "blokus_nb" / "__init__.py").read_text(encoding="utf-8")
    found = re.findall(r"(?im)^__version__ *= *(['\"])v?(.+?)\1", source)
    assert [version for _, version in found] == [bn.__version__]


def test_the_changelog_top_section_is_this_version():
    sections = SECTION.findall((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    assert sections, "CHANGELOG.md has sections like '## 0.3.0 (2026-12-01)'"
    top, date = sections[0]
    match = VERSION.fullmatch(bn.__version__)
    assert match
    if match.group(4) is None:  # a release: its section is dated
        assert (top, date != "unreleased") == (bn.__version__, True)
    else:  # work toward the release the top section collects
        assert (top, date) == (bn.__version__.split(".dev")[0], "unreleased")
    released = [version for version, date in sections if date != "unreleased"]
    assert released and len(set(released)) == len(released)
    assert all(_parts(a) > _parts(b) for a, b in zip(released, released[1:])), "newest release first"
    assert all(date != "unreleased" for _, date in sections[1:]), "only the top section is unreleased"
    assert _parts(released[0]) <= _parts(bn.__version__)


def test_records_name_the_version_that_wrote_them():
    assert f"AP[blokus-nb:{bn.__version__}]" in bn.records.to_sgf(bn.Game("duo"))


def test_the_readme_shows_records_as_this_version_writes_them():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.findall(r"AP\[blokus-nb:([^\]]*)\]", readme) == [bn.__version__]


def _npm_version(version: str) -> str:
    """A PEP 440 version as npm (semver) writes it: 0.3.0 stays, 0.4.0.dev0 is 0.4.0-dev.0."""
    match = VERSION.fullmatch(version)
    assert match, version
    release = ".".join(match.groups()[:3])
    return release if match.group(4) is None else f"{release}-dev.{match.group(4)}"


def test_the_front_end_package_is_this_version():
    import json

    assert _npm_version("0.3.0") == "0.3.0" and _npm_version("0.4.0.dev0") == "0.4.0-dev.0"
    package = json.loads((ROOT / "js" / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "js" / "package-lock.json").read_text(encoding="utf-8"))
    assert package["version"] == lock["version"] == lock["packages"][""]["version"] == _npm_version(bn.__version__)


def test_the_command_line_tells_this_version(capsys):
    from blokus_nb.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0 and capsys.readouterr().out == f"blokus-nb {bn.__version__}\n"
