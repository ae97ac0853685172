"""The published site (``make pages``): the JupyterLite site at the root, the manual under ``docs/``.

    python tools/build_pages.py --lite build/lite --docs build/docs/html --out build/pages

One folder of static files, as GitHub Pages (``.github/workflows/pages.yml``) or any web host serves
it: ``index.html`` opens JupyterLab in the browser with the play, teach and analyse notebooks in its
file browser, ``lab/index.html?path=examples/01_play.ipynb`` is the board against the computer, and
``docs/index.html`` is the manual, whose front page links back to ``../``. Both parts are built before
(``make lite``, ``make docs``); this copies them and downloads nothing. The lite site must be one
``tools/build_lite.py`` made, and ``--out`` is replaced only when this script made it.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import owned  # noqa: E402  (tools/ is not a package)

ROOT = Path(__file__).resolve().parent.parent
TOOL = "tools/build_pages.py"
DOCS = "docs"


def check_prerequisites(lite: Path, docs: Path, out: Path) -> None:
    if owned.made_by(lite) != "tools/build_lite.py" or not (lite / "index.html").is_file():
        sys.exit(f"{lite} is not a site tools/build_lite.py built: run `make lite` first")
    if (lite / DOCS).exists():
        sys.exit(f"{lite} has its own {DOCS}/, where the manual goes")
    if not (docs / "index.html").is_file():
        sys.exit(f"{docs} has no index.html: run `make docs` first")
    if out in (lite, docs) or lite.is_relative_to(out) or docs.is_relative_to(out) or ROOT.is_relative_to(out):
        sys.exit(f"{out} is emptied first: name a folder of its own for the published site")
    owned.check([out], TOOL)


def build(lite: Path, docs: Path, out: Path) -> None:
    lite, docs, out = lite.resolve(), docs.resolve(), out.resolve()
    check_prerequisites(lite, docs, out)
    owned.replace(out, TOOL)
    shutil.copytree(lite, out, dirs_exist_ok=True, ignore=shutil.ignore_patterns(owned.MARK))
    shutil.copytree(docs, out / DOCS, ignore=shutil.ignore_patterns(".buildinfo", owned.MARK))
    # Sphinx's _static and _images: a host that runs Jekyll (GitHub Pages from a branch) would drop them.
    (out / ".nojekyll").write_text("", encoding="utf-8")
    print(f"the published site is in {out}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lite", type=Path, default=ROOT / "build" / "lite", help="the JupyterLite site")
    parser.add_argument("--docs", type=Path, default=ROOT / "build" / "docs" / "html", help="the manual")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "pages", help="the published site's folder")
    args = parser.parse_args(argv)
    build(args.lite, args.docs, args.out)


if __name__ == "__main__":
    main()
