"""The blokus-nb command line: ``analyze`` writes its tables and plots."""

from __future__ import annotations

import shutil

import pandas as pd
import pytest

from blokus_nb import cli
from data_paths import DATA

GAMES = DATA / "pentobi" / "games"


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
    assert pd.read_csv(tmp_path / "out" / "summary.csv")["game_id"].tolist() == ["duo_L1_0001"]
