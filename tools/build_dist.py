"""The release files (``make dist``): the sdist and the wheel of blokus-nb in ``dist/``, checked.

    python tools/build_dist.py [--out dist]

Both are built by hatchling in this environment, offline (no build isolation, no npm: the
front-end bundles, built before by ``make js``, go in as they are, which hatch-jupyter-builder's
``skip-if-exists`` allows), then checked: each carries the bundles and the networks, and
``twine check`` passes them. ``dist/`` is replaced only when this script made it, so an upload
of ``dist/*`` (``.github/workflows/release.yml``) carries these two files and nothing older.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import owned  # noqa: E402  (tools/ is not a package)

ROOT = Path(__file__).resolve().parent.parent
TOOL = "tools/build_dist.py"
#: What a release must carry: the front-end bundles (built, not their sources) and the networks' weights.
SHIPPED = ("blokus_nb/static/widget.js", "blokus_nb/static/widget.css", "blokus_nb/static/puzzle.js",
           "blokus_nb/static/puzzle.css", "blokus_nb/players/data/net_duo.npz",
           "blokus_nb/players/data/net_classic.npz", "blokus_nb/py.typed")


def version() -> str:
    text = (ROOT / "blokus_nb" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'^__version__ = "([^"]+)"', text, re.M).group(1)


def check_prerequisites(out: Path) -> None:
    # On a tag (release.yml), the tag must be the version: v0.4.0 publishes 0.4.0 and nothing else.
    if os.environ.get("GITHUB_REF_TYPE") == "tag" and os.environ.get("GITHUB_REF_NAME") != f"v{version()}":
        sys.exit(f"the tag is {os.environ.get('GITHUB_REF_NAME')}, and blokus_nb/__init__.py says version "
                 f"{version()}: tag v{version()}, or set __version__ (RELEASING.md)")
    missing = [name for name in SHIPPED if not (ROOT / name).is_file()]
    if missing:
        sys.exit(f"the release would lack {', '.join(missing)}: run `make js` (or `make dist`) first")
    for module in ("hatchling", "hatch_jupyter_builder", "twine"):
        if importlib.util.find_spec(module) is None:
            sys.exit(f"{module} is not installed in {sys.prefix}: run `make env`")
    if ROOT.is_relative_to(out):
        sys.exit(f"{out} is emptied first: name a folder of its own for the release files")
    owned.check([out], TOOL)


def names_in(path: Path) -> set[str]:
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as archive:
            return set(archive.namelist())
    with tarfile.open(path) as archive:
        return {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}


def build(out: Path) -> list[Path]:
    out = out.resolve()
    check_prerequisites(out)
    owned.replace(out, TOOL)
    env = {**os.environ, "HATCH_JUPYTER_BUILDER_SKIP_NPM": "1"}
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-d", str(out)], check=True, cwd=ROOT, env=env)
    files = [*out.glob("*.tar.gz"), *out.glob("*.whl")]
    if sorted(path.suffix for path in files) != [".gz", ".whl"] or len(list(out.iterdir())) != 3:
        sys.exit(f"hatchling built {[path.name for path in files]}, not one sdist and one wheel")
    for path in files:
        absent = set(SHIPPED) - names_in(path)
        if absent:
            sys.exit(f"{path.name} lacks {', '.join(sorted(absent))}")
    subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, files)], check=True)
    # The mark stays out of the files twine uploads (dist/* is those two and this hidden file).
    return files


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="the release files' folder")
    args = parser.parse_args(argv)
    for path in build(args.out):
        print(path)


if __name__ == "__main__":
    main()
