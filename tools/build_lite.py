"""Build the JupyterLite site (``make lite``): blokus-nb in a browser with nothing installed.

    python tools/build_lite.py [--out build/lite] [--wheels build/lite-wheels] [--pyodide FOLDER] [--offline]
    python tools/build_lite.py --fetch [--wheels build/lite-wheels]     # the wheels only (make lite-env)

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
Given ``--pyodide FOLDER`` (a full Pyodide distribution, with numpy, pandas and
matplotlib, of the version the kernel was made for), the site carries that
Pyodide in ``pyodide/`` and loads nothing from anywhere else: a classroom with
no internet. ``--offline`` never downloads: a wheel missing from the cache is
an error (``make lite-env`` fetches them with ``--fetch``).

Every prerequisite is checked before anything is touched, and the site's folder
(and ``<out>-src`` beside it) is replaced only when this script made it
(``tools/owned.py``): any other folder given as ``--out`` is refused, untouched.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))

import owned  # noqa: E402  (tools/ is not a package)

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
#: What marks the site's folders as this script's (``tools/owned.py``).
TOOL = "tools/build_lite.py"
#: Where the kernel finds the site's own Pyodide: relative, as JupyterLite resolves a ``...Url`` setting
#: against the folder of ``jupyter-lite.json``, so the site works at a host's root or under a path.
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
SITE_PYODIDE = "./pyodide/pyodide.js"

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
    env = {**os.environ, "HATCH_JUPYTER_BUILDER_SKIP_NPM": "1"}
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", into, ROOT],
        env=env)
    (wheel,) = into.glob("blokus_nb-*.whl")
    return wheel


def _cached(cache: Path, name: str) -> list[Path]:
    version = metadata.version(name)
    stem = re.sub(r"[-_.]+", "_", name).lower()
    return [p for p in cache.glob("*.whl") if p.name.lower().startswith(f"{stem}-{version}-")]


def missing_wheels(cache: Path) -> list[str]:
    """The wheels of :data:`SITE_WHEELS` (as ``name==version``) that ``cache`` does not hold."""
    return [f"{name}=={metadata.version(name)}" for name in SITE_WHEELS if not _cached(cache, name)]


def site_wheels(cache: Path, offline: bool = False) -> list[Path]:
    """The wheels of :data:`SITE_WHEELS` at the versions installed here: from ``cache``, else PyPI
    (``offline``: never PyPI)."""
    cache.mkdir(parents=True, exist_ok=True)
    wheels = []
    for name in SITE_WHEELS:
        version = metadata.version(name)
        found = _cached(cache, name)
        if not found and not offline:
            run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                 "--platform", "any", "--implementation", "py", "--python-version", PYODIDE_PYTHON,
                 "-d", cache, f"{name}=={version}"])
            found = _cached(cache, name)
        if len(found) != 1 or not found[0].name.endswith("-none-any.whl"):
            sys.exit(f"no single pure-Python wheel of {name} {version} in {cache}: {found}")
        wheels.append(found[0])
    return wheels


def kernel_pyodide() -> str:
    """The Pyodide version the installed kernel extension loads by default (from its bundle)."""
    folder = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / EXTENSIONS[0]
    for path in sorted(folder.rglob("*.js")):
        found = re.search(r"cdn\.jsdelivr\.net/pyodide/v(\d+\.\d+\.\d+)", path.read_text(encoding="utf-8",
                                                                                        errors="replace"))
        if found:
            return found.group(1)
    sys.exit(f"cannot tell which Pyodide the kernel in {folder} loads")


def pyodide_version(folder: Path) -> str:
    """The version of the Pyodide distribution in ``folder`` (its ``pyodide-lock.json``), checked whole."""
    for name in ("pyodide.js", "pyodide.asm.wasm", "pyodide-lock.json"):
        if not (folder / name).is_file():
            sys.exit(f"{folder} is not a Pyodide distribution: it has no {name}")
    try:
        lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))
        version, packages = lock["info"]["version"], lock["packages"]
    except (ValueError, KeyError, TypeError) as error:
        sys.exit(f"{folder / 'pyodide-lock.json'} cannot be read: {error!r}")
    absent = [name for name in RUNTIME[:3]
              if name not in packages or not (folder / packages[name]["file_name"]).is_file()]
    if absent:
        sys.exit(f"the Pyodide in {folder} lacks {', '.join(absent)} (a full distribution carries them)")
    return version


def check_pyodide(folder: Path) -> None:
    """Stop unless ``folder`` holds a Pyodide of the release the installed kernel was made for."""
    given, wanted = pyodide_version(folder), kernel_pyodide()
    if given.split(".")[:2] != wanted.split(".")[:2]:
        sys.exit(f"the Pyodide in {folder} is {given}; the kernel installed here (jupyterlite-pyodide-kernel "
                 f"{metadata.version('jupyterlite-pyodide-kernel')}) was made for Pyodide {wanted}: "
                 f"give a {'.'.join(wanted.split('.')[:2])}.x distribution")


def give_pyodide(site: Path, folder: Path) -> None:
    """Copy the Pyodide of ``folder`` to ``site/pyodide`` and point the site's kernel at it, never PyPI."""
    shutil.copytree(folder, site / "pyodide")
    config_file = site / "jupyter-lite.json"
    config = json.loads(config_file.read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"].setdefault("litePluginSettings", {})
    # Added to what the build wrote there (pipliteUrls: the site's wheels), never in its place.
    settings.setdefault(KERNEL_SETTINGS, {}).update(pyodideUrl=SITE_PYODIDE, disablePyPIFallback=True)
    config_file.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


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


def installed_extensions() -> Path:
    """This environment's labextensions folder, every one of :data:`EXTENSIONS` checked to be there."""
    installed = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    for name in EXTENSIONS:
        if not (installed / name / "package.json").exists():
            sys.exit(f"the {name} extension is not installed in {sys.prefix}: run `make lite`")
    return installed


def extensions(into: Path) -> None:
    """Copy the front-end extensions of :data:`EXTENSIONS` from this environment."""
    installed = installed_extensions()
    for name in EXTENSIONS:
        shutil.copytree(installed / name, into / name)


def built_before_marks(folder: Path) -> bool:
    """A site (or its ``-src``) this script built before it marked its folders: a ``jupyter-lite.json``
    naming the app blokus-nb, with nothing but a JupyterLite site's entries beside it."""
    try:
        config = json.loads((folder / "jupyter-lite.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    names = {path.name for path in folder.iterdir()}
    known = {"jupyter-lite.json", "pypi", "labextensions", "files", "api", "build", "extensions", "lab",
             "notebooks", "tree", "edit", "repl", "consoles", "doc", "index.html", "pyodide", "bootstrap.js",
             "config-utils.js", "service-worker.js", "package.json", "manifest.webmanifest", "jupyter-lite.ipynb",
             "jupyterlite.schema.v0.json", "icon-120x120.png", "icon-512x512.png", ".jupyterlite.doit.db", ".cache"}
    return (isinstance(config, dict) and config.get("jupyter-config-data", {}).get("appName") == "blokus-nb"
            and all(name in known or name.startswith("rspack.config") for name in names))


def check_prerequisites(out: Path, source: Path, cache: Path, pyodide: Path | None, offline: bool) -> None:
    """Everything the build needs, checked before it touches anything (each failure names what to do)."""
    if Path(sys.prefix).resolve().is_relative_to(out) or ROOT.is_relative_to(out):
        sys.exit(f"{out} is emptied first: name a folder of its own for the site")
    for given, what in ((pyodide, "--pyodide"), (cache, "--wheels")):
        if given is not None and (given.is_relative_to(out) or given.is_relative_to(source)):
            sys.exit(f"{what} {given} is inside {out if given.is_relative_to(out) else source}, which the build "
                     f"empties first: copy it elsewhere and name that")
    if not (ROOT / "blokus_nb" / "static" / "widget.js").exists():
        sys.exit("the front-end is not built: run `make js` (or `make lite`) first")
    installed_extensions()
    if not (Path(sys.executable).parent / "jupyter").exists():
        sys.exit(f"jupyter is not installed in {sys.prefix}: run `make lite-env`")
    if offline and missing_wheels(cache):
        sys.exit(f"--offline, and {cache} lacks {', '.join(missing_wheels(cache))}: "
                 f"fetch them first (`make lite-env`, or this script with --fetch)")
    if pyodide is not None:
        check_pyodide(pyodide)
    owned.check([out, source], TOOL, built_before_marks)


def build(out: Path, wheels: Path | None = None, pyodide: Path | None = None, offline: bool = False) -> None:
    """Build the site into ``out``; ``<out>-src`` beside it holds what goes in, ``wheels`` (default
    ``<out>-wheels``) the downloaded wheels, kept for the next build; ``pyodide``, a Pyodide folder the
    site then carries and loads."""
    out = out.resolve()
    source = out.parent / f"{out.name}-src"
    cache = (wheels or out.parent / f"{out.name}-wheels").resolve()
    pyodide = pyodide.resolve() if pyodide is not None else None
    check_prerequisites(out, source, cache, pyodide, offline)
    for folder in (out, source):
        owned.replace(folder, TOOL, built_before_marks)
    (source / "pypi").mkdir(parents=True)
    our_wheel(source / "pypi")
    for wheel in site_wheels(cache, offline):
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
    if pyodide is not None:
        give_pyodide(out, pyodide)
    owned.mark(out, TOOL)  # the build may have rewritten the folder: the mark goes last as well as first
    print(f"the site is in {out}: serve it with `python -m http.server -d {out.relative_to(Path.cwd())}`"
          if out.is_relative_to(Path.cwd()) else f"the site is in {out}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite", help="the site's folder")
    parser.add_argument("--wheels", type=Path, default=None,
                        help="where downloaded wheels are kept between builds (default: <out>-wheels)")
    parser.add_argument("--pyodide", type=Path, default=None,
                        help="a Pyodide distribution the site carries and loads instead of Pyodide's CDN")
    parser.add_argument("--offline", action="store_true", help="never download: every wheel is in the cache")
    parser.add_argument("--fetch", action="store_true", help="only download the wheels into the cache")
    args = parser.parse_args(argv)
    if args.fetch:
        out = args.out.resolve()
        site_wheels((args.wheels or out.parent / f"{out.name}-wheels").resolve())
        return
    build(args.out, args.wheels, args.pyodide, args.offline)


if __name__ == "__main__":
    main()
