"""The ``blokus-nb`` command line.

Each command is one ``_add_<name>(subparsers)`` function that adds its
subparser and sets ``func`` (called with the parsed arguments, returning the
exit status); to add a command, write one and list it in :data:`COMMANDS`.

    blokus-nb analyze GAMES... --out DIR    per-move table, summary and plots of a corpus

Exit status (:data:`EXIT_STATUS`): 0 done, 1 done but some records could not
be read (or none could), 2 bad usage (an argument, a missing input), 3 the
output could not be written, 130 interrupted (in both, the last complete output
is left as it was).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import textwrap
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from . import atomic, validation
from .errors import BlokusError, PathError

__all__ = ["main", "build_parser", "COMMANDS", "EXIT_STATUS", "ANALYZE_OUTPUTS", "MANIFEST"]

EXIT_OK, EXIT_UNREADABLE, EXIT_USAGE, EXIT_CANNOT_WRITE, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
#: What each exit status means, as ``--help`` lists them.
EXIT_STATUS: dict[int, str] = {
    EXIT_OK: "done",
    EXIT_UNREADABLE: "done, but some records could not be read (or none could): see DIR/errors.csv",
    EXIT_USAGE: "bad usage: an argument, or an input that does not exist",
    EXIT_CANNOT_WRITE: "the output could not be written (DIR keeps its last complete output)",
    EXIT_INTERRUPTED: "interrupted (Ctrl-C; DIR keeps its last complete output)",
}
_EPILOG = "exit status:\n" + "\n".join(f"  {code:>3}  {meaning}" for code, meaning in EXIT_STATUS.items())

#: The manifest ``analyze`` writes last: a DIR with it holds one whole run, and nothing of another.
MANIFEST = "manifest.json"
#: Everything ``analyze`` writes in DIR (``plots`` is a folder); a new run replaces all of it.
ANALYZE_OUTPUTS = ("moves.parquet", "moves.csv", "summary.parquet", "summary.csv", "errors.csv", "plots",
                   MANIFEST)


def _paragraphs(*texts: str) -> str:
    return "\n\n".join(textwrap.fill(text, 79) for text in texts)


def _folder(text: str) -> Path:
    """A folder named on the command line (an empty name would quietly mean the current folder)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("name a folder, not an empty text")
    return Path(text)


def _jobs(text: str) -> int:
    """A number of worker processes: a whole number, 1 or more."""
    try:
        jobs = int(text)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"a number of worker processes is a whole number, 1 or more, not {text!r}")
    return jobs


def _add_analyze(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "analyze", help="analyse recorded games: per-move table, summary and plots",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=_EPILOG,
        description=_paragraphs(
            "Measure every move of every game (mobility, territory, score) and write "
            "DIR/moves.parquet and .csv (one row per move), DIR/summary.parquet and .csv "
            "(one row per game), DIR/errors.csv (records that could not be read), "
            "the standard plots as PNG in DIR/plots/ and, last, DIR/manifest.json.",
            "A run is made in a hidden folder inside DIR and replaces the last run's "
            "files only when it is whole: an interrupted run leaves the last one as it "
            "was, and a new run leaves nothing of an old one (its plots/ folder included). "
            "Other files in DIR are left alone.",
            "In the CSV files a text cell that starts with =, +, -, @, a tab or a carriage "
            "return gets a ' in front, so that a spreadsheet shows it instead of running "
            "it as a formula; the Parquet files keep every text as it is."))
    parser.add_argument("games", nargs="+", metavar="GAMES",
                        help="record files (.blksgf, .sgf, .json, .jsonl), folders or globs")
    parser.add_argument("--out", "-o", required=True, type=_folder, metavar="DIR",
                        help="folder to write into (created if needed)")
    parser.add_argument("--jobs", "-j", type=_jobs, default=None, metavar="N",
                        help="worker processes (default: every core; 1: no workers)")
    parser.add_argument("--engine", choices=("processes", "dask"), default="processes",
                        help="run on local processes (default) or a Dask cluster")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="Dask scheduler to connect to (with --engine dask; default: a local cluster)")
    parser.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    parser.set_defaults(func=_analyze)


def _analyze(args: argparse.Namespace) -> int:
    out = Path(args.out)
    try:
        validation.path(out, "--out", "write")
    except BlokusError as error:
        return _fail(str(error), EXIT_USAGE)
    if os.path.lexists(out) and not out.is_dir():
        what = "a file" if out.exists() else "a symbolic link that leads nowhere or round a loop"
        return _fail(f"--out {out} is {what}; name a folder (it is created if needed)", EXIT_USAGE)
    if args.scheduler and args.engine != "dask":
        return _fail("--scheduler needs --engine dask", EXIT_USAGE)
    try:
        client = _dask_client(args.scheduler)
    except (ImportError, OSError) as error:  # distributed missing, or no scheduler at that address
        return _fail(f"cannot use the Dask scheduler {args.scheduler}: {error}", EXIT_USAGE)
    try:
        with _staged_output(out) as staging:
            status = _analyze_into(staging, args, client)
    except _RunError as error:
        return _fail(str(error), EXIT_USAGE)
    except PathError as error:  # the output: its folder cannot be made, or the last run's cannot be moved
        reason = error.__cause__ if isinstance(error.__cause__, OSError) else error
        return _fail(f"cannot write the output in --out {out}: {reason.strerror or error} "
                     f"({reason.filename or out}); name a folder you can write to. "
                     "DIR keeps its last complete output", EXIT_CANNOT_WRITE)
    except KeyboardInterrupt:
        return _fail("interrupted; nothing of this run was kept", EXIT_INTERRUPTED)
    except OSError as error:
        if error.filename and not _within(error.filename, out):  # an input that cannot be read
            return _fail(str(error), EXIT_USAGE)
        return _fail(f"cannot write the output in --out {out}: {error.strerror or error} "
                     f"({error.filename or out}); name a folder you can write to. "
                     "DIR keeps its last complete output", EXIT_CANNOT_WRITE)
    finally:
        if client is not None:
            client.close()
    print(f"wrote {', '.join(n for n in ANALYZE_OUTPUTS if (out / n).exists())} in {out}")
    return status


def _dask_client(address: str | None):
    """A client of the Dask scheduler at ``address`` (None without one: analyze_corpus decides)."""
    if not address:
        return None
    from distributed import Client

    return Client(address, timeout="10s")


def _within(path: str | os.PathLike[str], folder: Path) -> bool:
    def resolved(where: str | os.PathLike[str]) -> Path:
        try:
            return Path(where).resolve()
        except (OSError, RuntimeError):  # a loop of symbolic links: compare the names as given
            return Path(os.path.abspath(where))
    return resolved(path).is_relative_to(resolved(folder))


class _UsageError(Exception):
    """Bad usage found once the run has started (an input that does not exist): nothing is kept."""


def _fail(message: str, status: int) -> int:
    print(f"blokus-nb analyze: {message}", file=sys.stderr)
    return status


def _analyze_into(staging: Path, args: argparse.Namespace, client: Any) -> int:
    """Analyse ``args.games`` (on ``client``, if any) and write every output into ``staging``;
    return the exit status."""
    import pandas as pd

    from .analysis import analyze_corpus, files, read_corpus, summarize
    from .analysis.csv_output import write_csv
    from .analysis.loading import AnalysisWarning, format_error

    try:
        with warnings.catch_warnings(), files.skipping(_own_files(staging.parent), rule=_is_manifest):
            warnings.simplefilter("ignore", AnalysisWarning)  # each unreadable record is printed below
            report = analyze_corpus(args.games, out=staging / "moves.parquet", n_jobs=args.jobs,
                                    engine=args.engine, client=client, progress=not args.quiet)
    except FileNotFoundError as error:
        if error.filename and Path(error.filename).is_relative_to(staging):
            raise  # our own output went missing: a write error
        raise _UsageError(str(error)) from None
    table = read_corpus(report.out)
    write_csv(table, staging / "moves.csv")
    summary = summarize(table)
    summary.to_parquet(staging / "summary.parquet", index=False)
    write_csv(summary, staging / "summary.csv")
    errors = pd.DataFrame(report.errors, columns=["source", "line", "column", "game", "message"])
    write_csv(errors, staging / "errors.csv")
    if not args.no_plots and len(table):
        _write_plots(table, summary, staging / "plots")
    from . import __version__

    manifest = {"blokus-nb": __version__, "command": args.argv, "games": report.games, "moves": report.moves,
                "unreadable records": len(report.errors),
                "files": sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file())}
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    for skipped in report.errors:
        print(f"blokus-nb analyze: skipped {format_error(skipped)}", file=sys.stderr)
    print(replace(report, out=args.out / "moves.parquet"))
    if not report.games:
        print("blokus-nb analyze: no game could be read", file=sys.stderr)
        return EXIT_UNREADABLE
    return EXIT_UNREADABLE if report.errors else EXIT_OK


def _own_files(out: Path) -> list[Path]:
    """What a search of the inputs must not read: ``out`` (when it lies inside an input folder),
    and what ``analyze`` writes in it (when ``out`` is an input folder itself): the outputs, the
    manifest (a ``.json`` file), and the hidden folders of this run and of runs that were killed."""
    return [out, *(out / name for name in ANALYZE_OUTPUTS),
            *(path for prefix in (atomic.STAGING_PREFIX, atomic.TRASH_PREFIX) for path in out.glob(f"{prefix}*"))]


def _is_manifest(path: Path) -> bool:
    """Whether ``path`` is the manifest of an ``analyze`` run (into another DIR, or killed midway)."""
    if path.name != MANIFEST:
        return False
    try:
        with open(path, "rb") as handle:
            manifest = json.loads(handle.read(1 << 20))
    except (OSError, ValueError):
        return False
    return isinstance(manifest, dict) and {"blokus-nb", "command", "files"} <= manifest.keys()


@contextlib.contextmanager
def _staged_output(out: Path) -> Iterator[Path]:
    """A hidden folder inside ``out`` to write a run into; when the block ends without an error,
    its files replace the last run's (:data:`ANALYZE_OUTPUTS`, the manifest last), all or nothing,
    through the one atomic writer. An error of the run comes out as :class:`_RunError`; any other
    error is the output's (it cannot be written, or the last run's cannot be moved aside)."""
    with atomic.replaced_entries(out, lambda name: name in ANALYZE_OUTPUTS or name == MANIFEST,
                                 marker=MANIFEST) as staging:
        try:
            yield staging
        except (_UsageError, BlokusError) as error:
            raise _RunError(error) from error


class _RunError(Exception):
    """What stopped a run before its output was written (an input, an argument): ``error`` says it."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


def _write_plots(table, summary, folder: Path) -> list[str]:
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure

    from . import analysis

    folder.mkdir()
    names = []

    def save(ax: Any, name: str) -> None:
        figure = ax.figure
        assert isinstance(figure, Figure)  # each plot draws on a figure of its own, not on a subfigure
        figure.savefig(folder / name, dpi=110)
        plt.close(figure)
        names.append(name)

    variants = sorted(set(table["variant"].astype(str)))
    plots: dict[str, Callable] = {
        "score_curves": analysis.plot_score_curves, "mobility": analysis.plot_mobility,
        "territory": analysis.plot_territory, "board_heatmap": analysis.plot_board_heatmap,
        "piece_timing": analysis.plot_piece_timing,
    }
    for variant in variants:
        part = table[table["variant"].astype(str) == variant]
        suffix = "" if len(variants) == 1 else f"_{variant}"
        for name, plot in plots.items():
            save(plot(part, variant=variant), f"{name}{suffix}.png")
        save(analysis.plot_seat_results(summary, variant=variant), f"seat_results{suffix}.png")
    return names


#: The commands, in the order ``--help`` lists them.
COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [_add_analyze]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every command of :data:`COMMANDS`.

    >>> build_parser().parse_args(["analyze", "games/", "--out", "report"]).jobs is None
    True
    """
    parser = argparse.ArgumentParser(prog="blokus-nb", description="blokus-nb: Blokus in notebooks",
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=_EPILOG)
    from . import __version__

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for add in COMMANDS:
        add(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``) and return the exit status.

    >>> main(["--version"])  # prints "blokus-nb" and blokus_nb.__version__, then exits with status 0
    Traceback (most recent call last):
    SystemExit: 0
    """
    args = build_parser().parse_args(argv)
    args.argv = sys.argv[1:] if argv is None else list(argv)
    return args.func(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
