"""Build the JupyterLite site (``make lite``): blokus-nb in a browser with nothing installed.

    python tools/build_lite.py [--out build/lite] [--wheels build/lite-wheels]

What goes in:

* blokus-nb's own wheel, built from this clone (the front-end bundles must be
  built first: ``make js``);
* the pure-Python wheels it needs that Pyodide does not ship (anywidget,
  ipywidgets and theirs), at the versions installed here, downloaded once into
  ``build/lite-wheels`` and reused from there (a second build needs no network);
* the front-end extensions the widgets need (the Pyodide kernel's, ipywidgets'
  manager, anywidget's), taken from this environment, and nothing else from it;
* the notebooks in :data:`NOTEBOOKS`, each with a first code cell that
  installs blokus-nb from the site's wheels when it runs under Pyodide (and
  does nothing elsewhere), and the game records the analysis notebook reads.

The site is static files. When a notebook runs, the browser loads Pyodide,
numpy, pandas and matplotlib from Pyodide's CDN; the rest comes from the site.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The notebooks of the site, and what each installs beyond :data:`RUNTIME` under Pyodide.
NOTEBOOKS: dict[str, tuple[str, ...]] = {
    "01_play.ipynb": (),
    "04_tiling_class.ipynb": (),
    "06_tiling_lesson.ipynb": (),
    "03_analysis.ipynb": ("pyarrow",),  # its corpus section writes Parquet
}
#: Game records that notebooks read (``../tests/data/...`` from ``examples/``), copied beside them.
DATA = ("tests/data/pentobi/games",)
#: What every notebook installs under Pyodide before blokus-nb (which goes in without its dependencies,
#: so that pyarrow, needed for Parquet only and tens of megabytes in a browser, is left out).
RUNTIME = ("numpy", "pandas", "matplotlib", "anywidget", "ipywidgets", "tqdm")
#: Pure-Python wheels the site carries: those of RUNTIME that Pyodide does not ship, with theirs.
SITE_WHEELS = ("anywidget", "psygnal", "typing_extensions", "ipywidgets", "jupyterlab_widgets", "comm",
               "traitlets", "tqdm")
#: The front-end extensions of the site (from this environment's share/jupyter/labextensions).
EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")
#: The Python of the Pyodide that jupyterlite-pyodide-kernel loads: the wheels must suit it.
PYODIDE_PYTHON = "3.14"

INSTALL_CELL = """\
# In a browser (JupyterLite, on Pyodide) this installs blokus-nb from the wheels the site carries;
# anywhere else it does nothing.
import sys

if sys.platform == "emscripten":
    import piplite

    await piplite.install({requirements!r})
    await piplite.install("blokus-nb", deps=False)"""


def run(command: list[str], **options) -> None:
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], check=True, **options)


def our_wheel(into: Path) -> Path:
    """blokus-nb's wheel, built from this clone into ``into`` (without fetching build tools)."""
    for old in into.glob("blokus_nb-*.whl"):
        old.unlink()
    if not (ROOT / "blokus_nb" / "static" / "widget.js").exists():
        sys.exit("the front-end is not built: run `make js` (or `make lite`) first")
    env = {**os.environ, "HATCH_JUPYTER_BUILDER_SKIP_NPM": "1"}
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", into, ROOT],
        env=env)
    (wheel,) = into.glob("blokus_nb-*.whl")
    return wheel


def site_wheels(cache: Path) -> list[Path]:
    """The wheels of :data:`SITE_WHEELS` at the versions installed here: from ``cache``, else PyPI."""
    cache.mkdir(parents=True, exist_ok=True)
    wheels = []
    for name in SITE_WHEELS:
        version = metadata.version(name)
        stem = re.sub(r"[-_.]+", "_", name).lower()
        found = [p for p in cache.glob("*.whl") if p.name.lower().startswith(f"{stem}-{version}-")]
        if not found:
            run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                 "--platform", "any", "--implementation", "py", "--python-version", PYODIDE_PYTHON,
                 "-d", cache, f"{name}=={version}"])
            found = [p for p in cache.glob("*.whl") if p.name.lower().startswith(f"{stem}-{version}-")]
        if len(found) != 1 or not found[0].name.endswith("-none-any.whl"):
            sys.exit(f"no single pure-Python wheel of {name} {version} in {cache}: {found}")
        wheels.append(found[0])
    return wheels


def notebook_for_the_site(source: Path, extra: tuple[str, ...]) -> dict:
    """``source`` with the install cell first (after its title), its outputs kept."""
    notebook = json.loads(source.read_text(encoding="utf-8"))
    text = INSTALL_CELL.format(requirements=[*RUNTIME, *extra])
    cell = {"cell_type": "code", "execution_count": None, "id": "install-in-the-browser", "metadata": {},
            "outputs": [], "source": text.splitlines(keepends=True)}
    cells = notebook["cells"]
    cells.insert(1 if cells and cells[0]["cell_type"] == "markdown" else 0, cell)
    return notebook


def contents(into: Path) -> None:
    """The files a visitor sees: ``examples/`` with the notebooks, and the records they read."""
    for name, extra in NOTEBOOKS.items():
        target = into / "examples" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        notebook = notebook_for_the_site(ROOT / "examples" / name, extra)
        target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for folder in DATA:
        shutil.copytree(ROOT / folder, into / folder)


def extensions(into: Path) -> None:
    """Copy the front-end extensions of :data:`EXTENSIONS` from this environment."""
    installed = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    for name in EXTENSIONS:
        if not (installed / name / "package.json").exists():
            sys.exit(f"the {name} extension is not installed in {sys.prefix}: run `make lite`")
        shutil.copytree(installed / name, into / name)


def build(out: Path, wheels: Path | None = None) -> None:
    """Build the site into ``out``; ``<out>-src`` beside it holds what goes in, ``wheels`` (default
    ``<out>-wheels``) the downloaded wheels, kept for the next build."""
    out = out.resolve()
    source = out.parent / f"{out.name}-src"
    cache = (wheels or out.parent / f"{out.name}-wheels").resolve()
    if Path(sys.prefix).resolve().is_relative_to(out) or ROOT.is_relative_to(out):
        sys.exit(f"{out} is emptied first: name a folder of its own for the site")
    for folder in (out, source):
        shutil.rmtree(folder, ignore_errors=True)
    (source / "pypi").mkdir(parents=True)
    shutil.copy2(our_wheel(cache), source / "pypi")
    for wheel in site_wheels(cache):
        shutil.copy2(wheel, source / "pypi")
    extensions(source / "labextensions")
    contents(source / "files")
    (source / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"appName": "blokus-nb"},
    }, indent=2) + "\n", encoding="utf-8")
    # --ignore-sys-prefix: only the extensions copied above, not whatever else this environment has.
    run([Path(sys.executable).parent / "jupyter", "lite", "build", "--ignore-sys-prefix", "--no-sourcemaps",
         f"--FederatedExtensionAddon.extra_labextensions_path={source / 'labextensions'}",
         "--lite-dir", source, "--contents", source / "files", "--output-dir", out], cwd=source)
    print(f"the site is in {out}: serve it with `python -m http.server -d {out.relative_to(Path.cwd())}`"
          if out.is_relative_to(Path.cwd()) else f"the site is in {out}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite", help="the site's folder")
    parser.add_argument("--wheels", type=Path, default=None,
                        help="where downloaded wheels are kept between builds (default: <out>-wheels)")
    args = parser.parse_args(argv)
    build(args.out, args.wheels)


if __name__ == "__main__":
    main()
