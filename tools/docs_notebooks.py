"""The example notebooks with their outputs, for the documentation site (``make docs``).

examples/*.ipynb are stored without outputs. The site shows them run, so this script runs each one
(nbclient, a fresh kernel, two at a time) and writes the result to ``docs/examples/`` (generated,
not committed), where Sphinx reads it with MyST-NB's execution off.

Running them costs minutes, so a run is kept in ``build/docs/executed/`` under a key: the
notebook's own bytes and every file of the package. A later build whose key matches copies the
kept run instead of running it again; a change to the notebook or to the package runs it again.
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
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
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


def package_digest() -> str:
    """One digest of every file the package is made of (code, weights, built front-end)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def key(notebook: Path, package: str) -> str:
    return hashlib.sha256(notebook.read_bytes() + package.encode()).hexdigest()


def kept_run(notebook: Path, wanted: str) -> Path | None:
    """The kept run of ``notebook`` made under the key ``wanted``, if there is one."""
    kept = KEPT / notebook.name
    if not kept.is_file():
        return None
    try:
        metadata = json.loads(kept.read_text(encoding="utf-8")).get("metadata", {})
    except ValueError:  # cut short by a stopped build: run it again
        return None
    return kept if metadata.get(KEY_FIELD) == wanted else None


def for_the_page(notebook) -> None:
    """Drop what only a live kernel can show: widget views (their SVG stays) and widget state."""
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data")
            if data and WIDGET_VIEW in data and len(data) > 1:
                del data[WIDGET_VIEW]


def run(notebook: Path, wanted: str) -> tuple[str, float]:
    """Execute ``notebook`` as the tests do and keep the result under ``wanted``; its seconds."""
    import nbformat
    from nbclient import NotebookClient

    start = time.perf_counter()
    os.environ["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    os.environ["BLOKUS_NB_QUICK"] = "1"
    os.environ.setdefault("BLOKUS_SHARED", str(ROOT.parent / "shared"))
    # One BLAS thread a kernel: the networks multiply small matrices, and with two kernels on a
    # shared machine BLAS's threads wait on each other. Measured: a review of 29 Duo positions
    # took 156 s with the default threads and 25 s with one, under a load of 9 on 2 cores.
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(variable, "1")
    book = nbformat.read(notebook, as_version=4)
    with tempfile.TemporaryDirectory(prefix="blokus-docs-") as scratch:
        (Path(scratch) / "tests").symlink_to(ROOT / "tests", target_is_directory=True)
        (Path(scratch) / "examples").mkdir()
        client = NotebookClient(book, timeout=900, kernel_name="python3",
                                resources={"metadata": {"path": str(Path(scratch) / "examples")}})
        client.execute()  # raises CellExecutionError, naming the cell, on any error
    keep(notebook, book, wanted)
    return notebook.name, time.perf_counter() - start


def keep(notebook: Path, executed, wanted: str | None = None) -> None:
    """Keep ``executed``, a run of ``notebook``, for the site (tests/test_notebooks.py calls it too).

    A run kept by the tests is one ``make docs`` need not make again: in ``make test`` the
    site's build reuses every notebook the suite ran.
    """
    import nbformat

    if wanted is None:
        wanted = key(notebook, package_digest())
    for_the_page(executed)
    executed.metadata[KEY_FIELD] = wanted
    KEPT.mkdir(parents=True, exist_ok=True)
    partial = KEPT / (notebook.name + f".{os.getpid()}.partial")
    nbformat.write(executed, partial)
    partial.replace(KEPT / notebook.name)  # whole or not at all: a stopped build keeps no half run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="notebooks run at once (default 2)")
    args = parser.parse_args(argv)
    package = package_digest()
    notebooks = sorted(EXAMPLES.glob("*.ipynb"))
    wanted = {path: key(path, package) for path in notebooks}
    # The notebooks that search (an evaluation curve, a whole review) take most of the time:
    # started first, they run beside each other and the short ones fill in around them.
    stale = sorted((path for path in notebooks if kept_run(path, wanted[path]) is None),
                   key=lambda path: (path.stem not in SEARCHING, path.name))
    for path in notebooks:
        if path not in stale:
            print(f"{path.name}: kept run", flush=True)
    if stale:
        with ProcessPoolExecutor(max_workers=max(1, min(args.jobs, len(stale)))) as pool:
            for name, seconds in pool.map(run, stale, [wanted[p] for p in stale]):
                print(f"{name}: ran in {seconds:.0f} s", flush=True)
    OUT.mkdir(parents=True, exist_ok=True)
    for stray in set(OUT.glob("*.ipynb")) - {OUT / p.name for p in notebooks}:
        stray.unlink()  # a notebook removed from examples/ leaves the site too
    for path in notebooks:
        target = OUT / path.name
        source = KEPT / path.name
        if not target.is_file() or target.read_bytes() != source.read_bytes():
            shutil.copyfile(source, target)  # untouched copies keep their time: Sphinx rereads none
    return 0


if __name__ == "__main__":
    sys.exit(main())
