"""The ``blokus-nb`` command line.

Each command is one ``_add_<name>(subparsers)`` function that adds its
subparser and sets ``func`` (called with the parsed arguments, returning the
exit status); to add a command, write one and list it in :data:`COMMANDS`.

    blokus-nb analyze GAMES... --out DIR    per-move table, summary and plots of a corpus

Exit status: 0 done, 1 done but some records could not be read (or none
could), 2 bad usage.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path
from typing import Callable, Sequence

__all__ = ["main", "build_parser", "COMMANDS"]


def _add_analyze(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "analyze", help="analyse recorded games: per-move table, summary and plots",
        description="Measure every move of every game (mobility, territory, score) and write "
                    "DIR/moves.parquet and .csv (one row per move), DIR/summary.parquet and .csv "
                    "(one row per game), DIR/errors.csv (records that could not be read) and "
                    "the standard plots as PNG in DIR/plots/.")
    parser.add_argument("games", nargs="+", metavar="GAMES",
                        help="record files (.blksgf, .sgf, .json, .jsonl), folders or globs")
    parser.add_argument("--out", "-o", required=True, type=Path, metavar="DIR",
                        help="folder to write into (created if needed)")
    parser.add_argument("--jobs", "-j", type=int, default=None, metavar="N",
                        help="worker processes (default: every core; 1: no workers)")
    parser.add_argument("--engine", choices=("processes", "dask"), default="processes",
                        help="run on local processes (default) or a Dask cluster")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="Dask scheduler to connect to (with --engine dask; default: a local cluster)")
    parser.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    parser.set_defaults(func=_analyze)


def _analyze(args: argparse.Namespace) -> int:
    import pandas as pd

    from .analysis import analyze_corpus, read_corpus, summarize
    from .analysis.loading import AnalysisWarning, format_error

    out: Path = args.out
    if out.exists() and not out.is_dir():
        print(f"blokus-nb analyze: --out {out} is a file; name a folder (it is created if needed)",
              file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    client = None
    if args.scheduler:
        if args.engine != "dask":
            print("blokus-nb analyze: --scheduler needs --engine dask", file=sys.stderr)
            return 2
        from distributed import Client

        client = Client(args.scheduler)
    try:
        try:
            with warnings.catch_warnings():  # each unreadable record is printed below instead
                warnings.simplefilter("ignore", AnalysisWarning)
                report = analyze_corpus(args.games, out=out / "moves.parquet", n_jobs=args.jobs,
                                        engine=args.engine, client=client,
                                        progress=not args.quiet)
        except FileNotFoundError as error:
            print(f"blokus-nb analyze: {error}", file=sys.stderr)
            return 2
    finally:
        if client is not None:
            client.close()
    table = read_corpus(report.out)
    table.to_csv(out / "moves.csv", index=False)
    summary = summarize(table)
    summary.to_parquet(out / "summary.parquet", index=False)
    summary.to_csv(out / "summary.csv", index=False)
    errors = pd.DataFrame(report.errors, columns=["source", "line", "column", "game", "message"])
    errors.to_csv(out / "errors.csv", index=False)
    written = ["moves.parquet", "moves.csv", "summary.parquet", "summary.csv", "errors.csv"]
    if not args.no_plots and len(table):
        written += [f"plots/{name}" for name in _write_plots(table, summary, out / "plots")]
    for error in report.errors:
        print(f"blokus-nb analyze: skipped {format_error(error)}", file=sys.stderr)
    print(report)
    print(f"wrote {', '.join(written)} in {out}")
    if not report.games:
        print("blokus-nb analyze: no game could be read", file=sys.stderr)
        return 1
    return 1 if report.errors else 0


def _write_plots(table, summary, folder: Path) -> list[str]:
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    from . import analysis

    folder.mkdir(parents=True, exist_ok=True)
    names = []
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
            ax = plot(part, variant=variant)
            ax.figure.savefig(folder / f"{name}{suffix}.png", dpi=110)
            plt.close(ax.figure)
            names.append(f"{name}{suffix}.png")
        ax = analysis.plot_seat_results(summary, variant=variant)
        ax.figure.savefig(folder / f"seat_results{suffix}.png", dpi=110)
        plt.close(ax.figure)
        names.append(f"seat_results{suffix}.png")
    return names


#: The commands, in the order ``--help`` lists them.
COMMANDS: list[Callable[[argparse._SubParsersAction], None]] = [_add_analyze]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every command of :data:`COMMANDS`.

    >>> build_parser().parse_args(["analyze", "games/", "--out", "report"]).jobs is None
    True
    """
    parser = argparse.ArgumentParser(prog="blokus-nb", description="blokus-nb: Blokus in notebooks")
    from . import __version__

    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for add in COMMANDS:
        add(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``) and return the exit status.

    >>> main(["--version"])  # doctest: +SKIP
    blokus-nb 0.2.0
    """
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
