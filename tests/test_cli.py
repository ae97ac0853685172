"""The blokus-nb command line: ``analyze`` writes its tables and plots."""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest
from budget import examples
from data_paths import DATA

from blokus_nb import cli

GAMES = DATA / "pentobi" / "games"


@pytest.mark.slow
def test_analyze_writes_tables_and_plots(tmp_path, capsys):
    status = cli.main(["analyze", str(GAMES / "duo" / "duo_L1_000*.blksgf"),
                       str(GAMES / "classic" / "classic_L1_0001.blksgf"), "--out", str(tmp_path),
                       "--jobs", "1", "--quiet"])
    assert status == 0
    moves = pd.read_csv(tmp_path / "moves.csv")
    assert moves["game_id"].nunique() == 10
    assert len(pd.read_parquet(tmp_path / "moves.parquet")) == len(moves)
    summary = pd.read_csv(tmp_path / "summary.csv")
    assert len(summary) == 10 and len(pd.read_parquet(tmp_path / "summary.parquet")) == 10
    assert pd.read_csv(tmp_path / "errors.csv").empty
    plots = sorted(p.name for p in (tmp_path / "plots").glob("*.png"))
    assert len(plots) == 12 and "mobility_duo.png" in plots and "seat_results_classic.png" in plots
    assert "10 games" in capsys.readouterr().out


def test_analyze_reports_bad_records_and_still_writes(tmp_path, capsys):
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(GAMES / "duo" / "duo_L1_0001.blksgf", games)
    (games / "bad.blksgf").write_text("(;GM[Blokus Duo]\n;B[z99])\n")
    status = cli.main(["analyze", str(games), "--out", str(tmp_path / "out"), "-j", "1", "-q",
                       "--no-plots"])
    assert status == 1
    errors = pd.read_csv(tmp_path / "out" / "errors.csv")
    assert errors["source"].str.endswith("bad.blksgf").all() and errors["line"].tolist() == [2]
    assert "bad.blksgf, line 2" in capsys.readouterr().err
    assert pd.read_csv(tmp_path / "out" / "summary.csv")["game_id"].tolist() == ["duo_L1_0001"]
    assert not (tmp_path / "out" / "plots").exists()


def test_usage_errors(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["analyze", "x.blksgf"])  # no --out
    assert stop.value.code == 2
    assert cli.main(["analyze", str(tmp_path / "missing.blksgf"), "--out", str(tmp_path)]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main([])


def test_analyze_out_naming_a_file_is_a_clear_usage_error(tmp_path, capsys):
    out = tmp_path / "report.txt"
    out.write_text("keep me")
    status = cli.main(["analyze", str(GAMES / "duo" / "duo_L1_0001.blksgf"), "--out", str(out), "-q"])
    assert status == 2 and out.read_text() == "keep me"
    assert "is a file; name a folder" in capsys.readouterr().err


def test_analyze_reads_past_records_that_used_to_stop_it(tmp_path, capsys):
    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(GAMES / "duo" / "duo_L1_0001.blksgf", games)
    (games / "empty.blksgf").write_text("(;GM[Blokus Duo])")
    (games / "lines.jsonl").write_bytes(b'{"format": "blokus-nb", "version": ' + b"9" * 4300 + b"}\n\xff\n")
    status = cli.main(["analyze", str(games), "--out", str(tmp_path / "out"), "-j", "1", "-q",
                       "--no-plots"])
    assert status == 1
    errors = pd.read_csv(tmp_path / "out" / "errors.csv")
    assert errors["line"].tolist() == [1, 2]
    assert "lines.jsonl, line 2" in capsys.readouterr().err
    summary = pd.read_csv(tmp_path / "out" / "summary.csv")
    assert summary["game_id"].tolist() == ["duo_L1_0001", "empty"]  # a game with no moves has its row
    assert summary["moves"].tolist()[1] == 0 and len(pd.read_parquet(tmp_path / "out" / "summary.parquet")) == 2


# ------------------------------------------------------------------ issue 20, class 12: formulas in CSV cells
import csv  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402

from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import blokus_nb as bn  # noqa: E402
from blokus_nb.analysis.csv_output import FORMULA_STARTS, neutralize, write_csv  # noqa: E402

HOSTILE = ['=HYPERLINK("http://example.com/x","click")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1:A9)",
           "\t=1", "\r=1", "=1\n+2"]
NAMES = st.one_of(st.sampled_from(HOSTILE), st.text(st.sampled_from("=+-@\t\r\n\"',;$ ab1") | st.characters(
    blacklist_categories=("Cs",)), min_size=1, max_size=12))


def csv_cells(path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def assert_no_formula(path) -> None:
    """No cell a spreadsheet would run: a text cell starting with = + - @ tab or CR (numbers are values)."""
    for row in csv_cells(path):
        assert not [cell for cell in row if cell.startswith(FORMULA_STARTS) and not is_number(cell)], path


@pytest.mark.slow
@given(st.lists(NAMES, min_size=1, max_size=8), st.lists(st.integers(-100, 100), min_size=8, max_size=8))
def test_write_csv_neutralizes_every_text_cell_and_keeps_numbers(tmp_path_factory, names, numbers):
    path = tmp_path_factory.mktemp("csv") / "t.csv"
    frame = pd.DataFrame({"name": names, "category": pd.Categorical(names),
                          "score": numbers[:len(names)]})
    write_csv(frame, path)
    rows = csv_cells(path)
    assert rows[0] == ["name", "category", "score"]
    assert [r[0] for r in rows[1:]] == [neutralize(n) for n in names]
    assert [r[1] for r in rows[1:]] == [neutralize(n) for n in names]
    assert [int(r[2]) for r in rows[1:]] == numbers[:len(names)]  # -27 is a number, not a formula
    assert_no_formula(path)


def test_neutralize_changes_only_what_a_spreadsheet_would_run():
    assert [neutralize(s) for s in HOSTILE] == ["'" + s for s in HOSTILE]
    assert [neutralize(s) for s in ("Ann", "'=x", " =x", "", "a=b", "1-2")] == ["Ann", "'=x", " =x", "", "a=b", "1-2"]


def hostile_corpus(folder, first: str, second: str):
    games = []
    for names in ((first, second), (second, first)):
        game = bn.Record("duo", players=list(names))
        game.metadata["event"] = first
        game.play("d9,c10,d10,e10,d11")
        game.play("j5,i6,j6,k6,j7")
        games.append(game)
    path = folder / "=corpus.jsonl"
    bn.write_games(games, path)
    (folder / "-bad.jsonl").write_text('{"format": "blokus-nb", "version": 1, "variant": "duo", "players": ["=x"]}\n')
    return path


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=NAMES, second=NAMES)
@example(first=HOSTILE[0], second=HOSTILE[1])
def test_names_from_records_cannot_become_formulas_in_the_cli_tables(tmp_path_factory, first, second):
    folder = tmp_path_factory.mktemp("hostile")
    hostile_corpus(folder, first, second)
    out = folder / "out"
    assert cli.main(["analyze", str(folder), "--out", str(out), "-j", "1", "-q", "--no-plots"]) == 1
    for name in ("moves.csv", "summary.csv", "errors.csv"):
        assert_no_formula(out / name)
    moves = pd.read_parquet(out / "moves.parquet")  # Parquet keeps the text as it is
    assert set(moves["player_name"]) == {first, second}
    shown = pd.read_csv(out / "moves.csv", dtype=str, keep_default_na=False)
    assert shown["player_name"].tolist() == [neutralize(n) for n in moves["player_name"]]
    summary = pd.read_csv(out / "summary.csv", dtype=str, keep_default_na=False)
    assert summary["player_1"].tolist() == [neutralize(first), neutralize(second)]
    errors = csv_cells(out / "errors.csv")
    assert len(errors) == 2 and errors[1][0] == neutralize(str(folder / "-bad.jsonl"))


# ------------------------------------------------------------------ issue 20, class 13: names in the CLI's plots
@pytest.mark.slow
def test_the_cli_plots_names_written_as_math(tmp_path):
    path = hostile_corpus(tmp_path, "$\\frac{1}{$", "$x^2$")
    (tmp_path / "-bad.jsonl").unlink()
    out = tmp_path / "out"
    assert cli.main(["analyze", str(path), "--out", str(out), "-j", "1", "-q"]) == 0
    assert len(list((out / "plots").glob("*.png"))) == 6


# ------------------------------------------------------------------ issue 20, class 16: the output folder
def outputs(out) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def run(games, out, *more) -> int:
    return cli.main(["analyze", *map(str, games), "--out", str(out), "-j", "1", "-q", *more])


DUO = GAMES / "duo" / "duo_L1_0001.blksgf"
CLASSIC = GAMES / "classic" / "classic_L1_0001.blksgf"


@pytest.mark.slow
def test_a_second_run_leaves_nothing_of_the_first(tmp_path):
    out = tmp_path / "out"
    assert run([DUO, CLASSIC], out) == 0
    (out / "notes.txt").write_text("mine")
    first = outputs(out)
    assert "plots/mobility_duo.png" in first and "manifest.json" in first
    assert run([DUO], out, "--no-plots") == 0
    second = outputs(out)
    assert not (out / "plots").exists()
    assert sorted(second) == ["errors.csv", "manifest.json", "moves.csv", "moves.parquet", "notes.txt",
                              "summary.csv", "summary.parquet"]
    assert second["notes.txt"] == b"mine"  # files that are not ours stay
    manifest = json.loads(second["manifest.json"])
    assert manifest["games"] == 1 and manifest["files"] == sorted(set(second) - {"manifest.json", "notes.txt"})
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == []


@pytest.mark.slow
def test_an_interrupted_run_leaves_the_last_whole_one(tmp_path, monkeypatch, capsys):
    out = tmp_path / "out"
    assert run([DUO, CLASSIC], out) == 0
    before = outputs(out)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_write_plots", interrupted)
    assert run([DUO], out) == 130
    assert "interrupted; nothing of this run was kept" in capsys.readouterr().err
    assert outputs(out) == before
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize("stop_after", [0, 2, 5, 9])
def test_a_run_stopped_while_its_files_move_in_never_looks_whole_or_mixed(tmp_path, monkeypatch, stop_after):
    out = tmp_path / "out"
    assert run([DUO, CLASSIC], out, "--no-plots") == 0
    old = outputs(out)
    real_replace, calls, stopped = os.replace, [], []

    def replace(source, target):
        if len(calls) == stop_after and not stopped:  # one Ctrl-C; the renames that undo the run go through
            stopped.append(target)
            raise KeyboardInterrupt
        calls.append(target)
        real_replace(source, target)

    monkeypatch.setattr(cli.os, "replace", replace)
    assert run([DUO], out, "--no-plots") == 130
    monkeypatch.undo()
    now = outputs(out)
    if "manifest.json" in now:  # stopped before anything moved: the last run, whole
        assert now == old
    else:  # part of one run, never a mix of two (errors.csv is empty in both, so it tells nothing)
        from_old = {name for name in now if old.get(name) == now[name] and name != "errors.csv"}
        from_new = {name for name in now if old.get(name) != now[name]}
        assert not (from_old and from_new), (from_old, from_new)
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == []


def test_an_out_folder_that_cannot_be_made_is_a_clear_error_with_its_own_status(tmp_path, capsys):
    blocker = tmp_path / "file.txt"
    blocker.write_text("keep")
    assert run([DUO], blocker / "out") == 3
    error = capsys.readouterr().err
    assert "cannot write the output in --out" in error and "name a folder you can write to" in error
    assert "Traceback" not in error and blocker.read_text() == "keep"


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_out_folder_is_a_clear_error(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o500)
    try:
        assert run([DUO], out) == 3
    finally:
        out.chmod(0o700)
    assert "Permission denied" in capsys.readouterr().err and list(out.iterdir()) == []


@pytest.mark.slow
def test_a_write_that_fails_midway_keeps_the_last_output(tmp_path, monkeypatch, capsys):
    out = tmp_path / "out"
    assert run([DUO], out) == 0
    before = outputs(out)

    def full(table, summary, folder):
        raise OSError(28, "No space left on device", str(folder / "mobility.png"))

    monkeypatch.setattr(cli, "_write_plots", full)
    assert run([DUO, CLASSIC], out) == 3
    assert "No space left on device" in capsys.readouterr().err
    assert outputs(out) == before and [p.name for p in out.iterdir() if p.name.startswith(".")] == []


@pytest.mark.slow
@pytest.mark.parametrize("stuck", ["summary.csv", "plots", "moves.csv"])
def test_an_old_output_that_cannot_be_moved_leaves_the_last_run_whole(tmp_path, monkeypatch, capsys, stuck):
    out = tmp_path / "out"
    assert run([DUO], out) == 0
    before = outputs(out)
    real_replace = os.replace

    def replace(source, target):  # as for an immutable file, or a read-only plots/ for a normal user
        if Path(source) == out / stuck:
            raise PermissionError(1, "Operation not permitted", str(source))
        real_replace(source, target)

    monkeypatch.setattr(cli.os, "replace", replace)
    assert run([DUO, CLASSIC], out) == 3
    monkeypatch.undo()
    assert "DIR keeps its last complete output" in capsys.readouterr().err
    assert outputs(out) == before  # manifest.json, moves.parquet... all still there, as the message says
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == []


def test_an_out_that_is_a_symlink_loop_is_a_usage_error_not_a_traceback(tmp_path, capsys):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    assert run([DUO], loop) == 2
    error = capsys.readouterr().err
    assert "round a loop" in error and "Traceback" not in error


def test_a_missing_input_leaves_no_empty_out_folder(tmp_path):
    assert run([tmp_path / "missing.blksgf"], tmp_path / "new") == 2
    assert not (tmp_path / "new").exists()


def test_help_lists_the_exit_statuses(capsys):
    for argv in (["--help"], ["analyze", "--help"]):
        with pytest.raises(SystemExit):
            cli.main(argv)
        shown = capsys.readouterr().out
        assert all(f"{code:>3}  {meaning}" in shown for code, meaning in cli.EXIT_STATUS.items())


def test_an_empty_out_is_a_usage_error_not_the_current_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        run([DUO], "")
    assert stop.value.code == 2 and "name a folder" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("raised, status, said", [
    (PermissionError(13, "Permission denied", "/elsewhere/games.blksgf"), 2, "Permission denied"),
    (bn.BlokusError("n_jobs is a whole number"), 2, "n_jobs is a whole number"),
    (OSError(28, "No space left on device"), 3, "cannot write the output"),
], ids=["unreadable-input", "our-error", "disk-full"])
def test_what_stops_a_run_decides_its_status(tmp_path, monkeypatch, capsys, raised, status, said):
    def analyze_corpus(*args, **kwargs):
        raise raised

    monkeypatch.setattr("blokus_nb.analysis.analyze_corpus", analyze_corpus)
    assert run([DUO], tmp_path / "out") == status
    error = capsys.readouterr().err
    assert said in error and "Traceback" not in error
    assert not (tmp_path / "out").exists()  # made for this run, and nothing came of it


def test_a_dask_scheduler_that_cannot_be_reached_is_a_usage_error(tmp_path, monkeypatch, capsys):
    def unreachable(address):
        raise OSError(f"Timed out trying to connect to {address} after 10 s")

    monkeypatch.setattr(cli, "_dask_client", unreachable)
    assert run([DUO], tmp_path / "out", "--engine", "dask", "--scheduler", "tcp://10.0.0.1:8786") == 2
    assert "cannot use the Dask scheduler tcp://10.0.0.1:8786: Timed out" in capsys.readouterr().err


@pytest.mark.parametrize("jobs", ["0", "-3", "two", "1.5"])
def test_a_number_of_jobs_that_is_no_count_is_a_usage_error(tmp_path, capsys, jobs):
    with pytest.raises(SystemExit) as stop:
        cli.main(["analyze", str(DUO), "--out", str(tmp_path / "out"), "--jobs", jobs])
    assert stop.value.code == 2 and "whole number, 1 or more" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


# ------------------------------------------------------------------ issue 26, classes 18 and 19
def corpus(folder):
    """A folder of two records, one of them JSON (the suffix of our own manifest.json)."""
    import blokus_nb as bn

    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(DUO, folder)
    bn.save(bn.read_sgf(CLASSIC), folder / "classic.json")
    return folder


@pytest.mark.parametrize("where", ["inside", "the input", "inside a glob", "the input of a glob"])
def test_an_out_folder_among_the_inputs_is_never_read_as_records(tmp_path, capsys, where):
    games = corpus(tmp_path / "games")
    out = games if where.startswith("the input") else games / "report"
    inputs = [games] if "glob" not in where else [games / "**" / "*.json", games / "*.blksgf"]
    for _ in range(3):
        assert run(inputs, out, "--no-plots") == 0, capsys.readouterr().err
        summary = pd.read_csv(out / "summary.csv")
        assert sorted(summary["game_id"]) == ["classic", "duo_L1_0001"]
        assert pd.read_csv(out / "errors.csv").empty
        assert json.loads((out / "manifest.json").read_text())["games"] == 2
    assert "manifest" not in capsys.readouterr().err


def test_what_a_killed_run_left_in_out_is_not_read_either(tmp_path, capsys):
    games = corpus(tmp_path / "games")
    out = games / "report"
    assert run([games], out, "--no-plots") == 0
    left = out / ".partial-killed"  # a run killed while its staging folder held its manifest
    left.mkdir()
    shutil.copy(out / "manifest.json", left / "manifest.json")
    assert run([games], out, "--no-plots") == 0, capsys.readouterr().err
    assert sorted(pd.read_csv(out / "summary.csv")["game_id"]) == ["classic", "duo_L1_0001"]


def test_records_beside_the_out_folder_are_still_read(tmp_path):
    games = corpus(tmp_path / "games")
    shutil.copy(GAMES / "duo" / "duo_L1_0002.blksgf", games / "report.blksgf")  # named like out
    assert run([games], games / "report", "--no-plots") == 0
    assert run([games], games / "report", "--no-plots") == 0
    assert len(pd.read_csv(games / "report" / "summary.csv")) == 3


@pytest.mark.parametrize("pattern", ["missing/*.blksgf", "missing/deeper/**/*.sgf", "file.blksgf/*.blksgf",
                                     "nothing/*.json"])
def test_a_glob_under_a_folder_that_is_not_there_is_bad_usage_and_writes_nothing(tmp_path, capsys, pattern):
    (tmp_path / "file.blksgf").write_text("(;GM[Blokus Duo])")
    (tmp_path / "nothing").mkdir()
    new = tmp_path / "new"
    assert run([tmp_path / pattern], new) == 2
    assert "match" in capsys.readouterr().err
    assert not new.exists()
    old = tmp_path / "old"
    assert run([DUO], old, "--no-plots") == 0
    before = outputs(old)
    assert run([tmp_path / pattern], old) == 2
    assert outputs(old) == before


def test_a_corpus_of_one_game_with_no_moves_gets_its_summary_row(tmp_path, capsys):
    record = tmp_path / "empty.blksgf"
    record.write_text("(;GM[Blokus Duo]PB[Ann]PW[Bob])")
    assert run([record], tmp_path / "out") == 0, capsys.readouterr().err
    summary = pd.read_csv(tmp_path / "out" / "summary.csv")
    assert summary[["game_id", "moves", "player_1", "winners"]].values.tolist() == [["empty", 0, "Ann", "1,2"]]


def test_the_manifest_of_a_run_into_another_folder_is_not_read_as_a_record(tmp_path, capsys):
    games = corpus(tmp_path / "games")
    assert run([games], games / "first", "--no-plots") == 0
    for inputs in ([games], [games / "**" / "*.json"]):
        assert run(inputs, games / "second", "--no-plots") == 0, capsys.readouterr().err
        assert pd.read_csv(games / "second" / "errors.csv").empty
    (games / "manifest.json").write_text('{"format": "blokus-nb"}')  # a record of that name is read
    assert run([games], games / "third", "--no-plots") == 1
    assert pd.read_csv(games / "third" / "errors.csv")["source"].str.endswith("games/manifest.json").all()
