"""The example notebooks with their outputs, for the documentation site (``make docs``).

examples/*.ipynb are stored without outputs. The site shows them run, so this script runs each one
(nbclient, a fresh kernel, two at a time) and writes the result to ``docs/examples/`` (generated,
not committed), where Sphinx reads it with MyST-NB's execution off.

Running them costs minutes, so a run is kept in ``build/docs/executed/`` under a key: the
notebook's own bytes, every file of the package, every file the notebook reads (each ``"../..."``
path written in its code, such as ``../tests/data/pentobi/games``: a folder's files, read whole)
and the value of every environment variable its code reads (``BLOKUS_SHARED``; a variable naming
a folder counts with its files' names, sizes and times). A later build whose key matches copies the
kept run instead of running it again; a change to any of these runs it again.
tests/test_notebooks.py keeps the runs it makes the same way, so ``make test``, which builds the
site after pytest, runs no notebook twice.

Each notebook runs as tests/test_notebooks.py runs it: in a scratch folder beside a link to the
tests' data (what a notebook writes, such as a worksheet PDF, stays out of the clone), with the
inline backend and ``BLOKUS_NB_QUICK`` (07_learning_agent trains on fewer games).

For the page, the live widgets' view and their saved state are dropped from the outputs: a
widget already carries an SVG picture of its board (``_repr_mimebundle_``), which the page shows,
so the site loads no widget JavaScript from a CDN.

    python tools/docs_notebooks.py              # docs/examples/*.ipynb, from the kept runs where they match
    python tools/docs_notebooks.py --jobs 1     # one notebook at a time

A page in ``docs/examples/`` is written or removed only when this script wrote it (its
``blokus_nb_docs_key`` metadata): a notebook of one's own there is refused, untouched.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import re
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
PACKAGE = ROOT / "blokus_nb"
KEPT = ROOT / "build" / "docs" / "executed"
OUT = ROOT / "docs" / "examples"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
KEY_FIELD = "blokus_nb_docs_key"
SEARCHING = ("03_analysis", "08_review")
#: A path a notebook reads, written from ``examples/`` (where it runs) as ``"../..."``.
PATH_READ = re.compile(r"""["'](\.\./[^"'\n]+)["']""")
#: An environment variable a notebook reads.
SETTING_READ = re.compile(r"""(?:environ\.get\(|environ\[|getenv\()\s*["']([A-Za-z_]\w*)["']""")
#: Variables every kept run has the same: the quick mode is on in each (``BLOKUS_NB_QUICK`` here,
#: ``PYTEST_CURRENT_TEST`` in the tests' runs, which 07_learning_agent reads alike).
SAME_IN_EVERY_RUN = {"BLOKUS_NB_QUICK", "PYTEST_CURRENT_TEST"}


def kernel_environment() -> dict[str, str]:
    """The environment a notebook's kernel gets: this one with the runs' settings (as the tests set them)."""
    env = dict(os.environ)
    env["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    env["BLOKUS_NB_QUICK"] = "1"
    env.setdefault("BLOKUS_SHARED", str(ROOT.parent / "shared"))
    # One BLAS thread a kernel: the networks multiply small matrices, and with two kernels on a
    # shared machine BLAS's threads wait on each other. Measured: a review of 29 Duo positions
    # took 156 s with the default threads and 25 s with one, under a load of 9 on 2 cores.
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        env.setdefault(variable, "1")
    return env


def code_of(notebook: Path) -> str:
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    except ValueError:
        return ""  # not JSON: nbformat names the problem when it runs
    return "\n".join("".join(cell.get("source", "")) for cell in cells if cell.get("cell_type") == "code")


def reads(notebook: Path) -> tuple[list[str], list[str]]:
    """The ``../`` paths and the environment variables ``notebook``'s code reads."""
    code = code_of(notebook)
    return sorted(set(PATH_READ.findall(code))), sorted(set(SETTING_READ.findall(code)) - SAME_IN_EVERY_RUN)


def _files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    return sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else []


def inputs_digest(notebook: Path, env: dict[str, str] | None = None) -> str:
    """One digest of what ``notebook`` reads: the files of its ``../`` paths (their bytes) and the
    environment variables it reads (their values; a folder's listing with sizes and times)."""
    env = kernel_environment() if env is None else env
    base = notebook.resolve().parent.parent
    paths, settings = reads(notebook)
    digest = hashlib.sha256()
    for written in paths:
        target = (base / "examples" / written).resolve()
        digest.update(f"path {written}\n".encode())
        for path in _files(target):
            digest.update(f"{path.relative_to(target).as_posix()}\n".encode() + path.read_bytes())
    for name in settings:
        value = env.get(name)
        digest.update(f"setting {name}={value!r}\n".encode())
        if value and Path(value).is_dir():
            for path in _files(Path(value)):
                stat = path.stat()
                digest.update(f"{path.relative_to(value).as_posix()} {stat.st_size} {stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def package_digest() -> str:
    """One digest of every file the package is made of (code, weights, built front-end)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def key(notebook: Path, package: str) -> str:
    """The key of a run of ``notebook``: its bytes, the package's digest and what it reads."""
    return hashlib.sha256(notebook.read_bytes() + package.encode() + inputs_digest(notebook).encode()).hexdigest()


def key_of(path: Path) -> str | None:
    """The key a notebook this script wrote carries (``None``: not one of ours, or unreadable)."""
    try:
        metadata = json.loads(path.read_text(encoding="utf-8")).get("metadata", {})
    except (ValueError, OSError, AttributeError):  # cut short by a stopped build, or not a notebook
        return None
    return metadata.get(KEY_FIELD) if isinstance(metadata, dict) else None


def kept_run(notebook: Path, wanted: str, kept_in: Path | None = None) -> Path | None:
    """The kept run of ``notebook`` made under the key ``wanted``, if there is one."""
    kept = (kept_in or KEPT) / notebook.name
    return kept if kept.is_file() and key_of(kept) == wanted else None


def not_ours(folder: Path, names: list[str]) -> list[Path]:
    """The notebooks of ``folder`` this script would write or remove that it did not write."""
    return [path for path in sorted(folder.glob("*.ipynb")) if path.name in names and key_of(path) is None]


def for_the_page(notebook) -> None:
    """Drop what only a live kernel can show: widget views (their SVG stays) and widget state."""
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data")
            if data and WIDGET_VIEW in data and len(data) > 1:
                del data[WIDGET_VIEW]


def run(notebook: Path, wanted: str, kept_in: Path | None = None) -> tuple[str, float]:
    """Execute ``notebook`` as the tests do and keep the result under ``wanted``; its seconds."""
    import nbformat
    from nbclient import NotebookClient

    start = time.perf_counter()
    os.environ.update(kernel_environment())
    book = nbformat.read(notebook, as_version=4)
    base = notebook.resolve().parent.parent
    # Beside examples/, what its "../" paths name (the tests' data always), as links.
    linked = {"tests", *(written.split("/")[1] for written in reads(notebook)[0])}
    with tempfile.TemporaryDirectory(prefix="blokus-docs-") as scratch:
        for name in sorted(linked - {"examples"}):
            if (base / name).exists():
                (Path(scratch) / name).symlink_to(base / name, target_is_directory=(base / name).is_dir())
        (Path(scratch) / "examples").mkdir()
        client = NotebookClient(book, timeout=900, kernel_name="python3",
                                resources={"metadata": {"path": str(Path(scratch) / "examples")}})
        client.execute()  # raises CellExecutionError, naming the cell, on any error
    keep(notebook, book, wanted, kept_in)
    return notebook.name, time.perf_counter() - start


def keep(notebook: Path, executed, wanted: str | None = None, kept_in: Path | None = None) -> None:
    """Keep ``executed``, a run of ``notebook``, for the site (tests/test_notebooks.py calls it too).

    A run kept by the tests is one ``make docs`` need not make again: in ``make test`` the
    site's build reuses every notebook the suite ran.
    """
    import nbformat

    if wanted is None:
        wanted = key(notebook, package_digest())
    kept = kept_in or KEPT
    target = kept / notebook.name
    if target.exists() and key_of(target) is None:
        raise SystemExit(f"{target} was not written by tools/docs_notebooks.py: it is left as it is")
    for_the_page(executed)
    executed.metadata[KEY_FIELD] = wanted
    kept.mkdir(parents=True, exist_ok=True)
    partial = kept / (notebook.name + f".{os.getpid()}.partial")
    nbformat.write(executed, partial)
    partial.replace(target)  # whole or not at all: a stopped build keeps no half run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="notebooks run at once (default 2)")
    parser.add_argument("--examples", type=Path, default=EXAMPLES, help=argparse.SUPPRESS)  # for the tests
    parser.add_argument("--kept", type=Path, default=KEPT, help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=OUT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    examples, kept, out = args.examples.resolve(), args.kept.resolve(), args.out.resolve()
    # Everything checked before anything runs or is written.
    missing = [name for name in ("nbclient", "nbformat", "ipykernel") if importlib.util.find_spec(name) is None]
    if missing:
        sys.exit(f"{', '.join(missing)} not installed here: run `make docs-env`")
    notebooks = sorted(examples.glob("*.ipynb"))
    names = [path.name for path in notebooks]
    strays = [path.name for path in out.glob("*.ipynb") if path.name not in names]
    refused = not_ours(out, names + strays) + not_ours(kept, names)
    if refused:
        sys.exit(f"{', '.join(map(str, refused))}: not written by tools/docs_notebooks.py (no {KEY_FIELD} "
                 f"in its metadata), so not replaced or removed; move it away first")
    package = package_digest()
    wanted = {path: key(path, package) for path in notebooks}
    # The notebooks that search (an evaluation curve, a whole review) take most of the time:
    # started first, they run beside each other and the short ones fill in around them.
    stale = sorted((path for path in notebooks if kept_run(path, wanted[path], kept) is None),
                   key=lambda path: (path.stem not in SEARCHING, path.name))
    for path in notebooks:
        if path not in stale:
            print(f"{path.name}: kept run", flush=True)
    if stale:
        with ProcessPoolExecutor(max_workers=max(1, min(args.jobs, len(stale)))) as pool:
            for name, seconds in pool.map(run, stale, [wanted[p] for p in stale], [kept] * len(stale)):
                print(f"{name}: ran in {seconds:.0f} s", flush=True)
    out.mkdir(parents=True, exist_ok=True)
    for stray in strays:
        (out / stray).unlink()  # a notebook removed from examples/ leaves the site too (checked ours above)
    for path in notebooks:
        target = out / path.name
        source = kept / path.name
        if not target.is_file() or target.read_bytes() != source.read_bytes():
            shutil.copyfile(source, target)  # untouched copies keep their time: Sphinx rereads none
    return 0


if __name__ == "__main__":
    sys.exit(main())
