"""Corpus scale-out: Parquet out as one file or a folder of parts, on processes or a Dask cluster."""

from __future__ import annotations

import shutil

import pandas as pd
import pytest
from data_paths import DATA

from blokus_nb import analysis
from blokus_nb.analysis.loading import AnalysisWarning

DUO = DATA / "pentobi" / "games" / "duo"


@pytest.fixture(scope="module")
def reference() -> pd.DataFrame:
    return analysis.load_games(DUO, n_jobs=1, progress=False)


@pytest.mark.pools
@pytest.mark.slow
def test_one_parquet_file_on_processes(tmp_path, reference):
    report = analysis.analyze_corpus(DUO, out=tmp_path / "corpus.parquet", n_jobs=2, progress=False)
    assert (report.games, report.files, report.moves, report.errors) == (20, 20, len(reference), [])
    assert report.games_per_second > 0 and "20 games" in str(report)
    pd.testing.assert_frame_equal(analysis.read_corpus(report.out), reference)


def test_a_folder_of_parts_with_a_bad_record(tmp_path, reference):
    games = tmp_path / "games"
    shutil.copytree(DUO, games)
    (games / "zz_bad.blksgf").write_text("(;GM[Blokus Duo]\n;B[e10]\n;W[e11])\n")
    with pytest.warns(AnalysisWarning, match="zz_bad.blksgf, line 3"):
        report = analysis.analyze_corpus(games, out=tmp_path / "parts", n_jobs=1, progress=False)
    assert report.games == 20 and len(report.errors) == 1
    assert report.errors[0]["line"] == 3
    # One part per unit of work: small files are read in groups (loading.GROUP_BYTES).
    parts = len(list((tmp_path / "parts").glob("part-*.parquet")))
    assert 1 < parts <= len(analysis.loading.plan(games)) < 21
    table = analysis.read_corpus(tmp_path / "parts")
    assert table.attrs["errors"] == report.errors
    pd.testing.assert_frame_equal(table.drop(columns="source"), reference.drop(columns="source"))


@pytest.mark.pools
@pytest.mark.slow
def test_dask_engine_on_a_local_cluster(tmp_path, reference):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        report = analysis.analyze_corpus(DUO, out=tmp_path / "dask.parquet", engine="dask",
                                         client=client, progress=False)
        parts = analysis.analyze_corpus(DUO, out=tmp_path / "dask-parts", engine="dask",
                                        progress=False)  # finds the current client
    assert report.engine == "dask" and report.games == parts.games == 20
    pd.testing.assert_frame_equal(analysis.read_corpus(report.out), reference)
    pd.testing.assert_frame_equal(analysis.read_corpus(parts.out), reference)


def test_unknown_engine():
    with pytest.raises(ValueError, match="engine"):
        analysis.analyze_corpus(DUO, out="x.parquet", engine="spark")


def test_a_parquet_file_that_cannot_be_written_whole_keeps_the_old_one(tmp_path, monkeypatch):
    import errno

    from blokus_nb.errors import PathError

    out = tmp_path / "c.parquet"
    analysis.analyze_corpus(DUO / "duo_L1_0002.blksgf", out=out, n_jobs=1, progress=False)
    old = out.read_bytes()

    def full_disk(self, handle, *args, **kwargs):
        handle.write(b"PAR1 half a table")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pd.DataFrame, "to_parquet", full_disk)
    with pytest.raises(PathError, match="no space left on device"):
        analysis.analyze_corpus(DUO / "duo_L1_0002.blksgf", out=out, n_jobs=1, progress=False)
    assert out.read_bytes() == old and [p.name for p in tmp_path.iterdir()] == ["c.parquet"]


def _contents(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _failing_at(monkeypatch, n):
    """Make the ``n``-th unit of work analysed fail (a worker's error midway through a corpus)."""
    from blokus_nb.analysis import corpus

    real, calls = corpus.analyze_unit, []

    def analyze(unit):
        calls.append(unit)
        if len(calls) == n:
            raise OSError(28, "No space left on device")
        return real(unit)

    monkeypatch.setattr(corpus, "analyze_unit", analyze)


def test_a_folder_of_parts_that_fails_midway_keeps_the_last_run_whole(tmp_path, monkeypatch):
    out = tmp_path / "parts"
    analysis.analyze_corpus(DUO, out=out, n_jobs=1, progress=False)
    (out / "notes.txt").write_text("mine")  # a file of the user's beside the parts
    before = _contents(out)
    _failing_at(monkeypatch, 3)
    with pytest.raises(OSError):
        analysis.analyze_corpus(DUO, out=out, n_jobs=1, progress=False)
    assert _contents(out) == before and [p.name for p in tmp_path.iterdir()] == ["parts"]
    assert sorted(p.name for p in out.iterdir()) == sorted(before)  # nothing hidden left behind


def test_a_new_folder_of_parts_that_fails_midway_is_not_left_half_made(tmp_path, monkeypatch):
    _failing_at(monkeypatch, 2)
    with pytest.raises(OSError):
        analysis.analyze_corpus(DUO, out=tmp_path / "parts", n_jobs=1, progress=False)
    assert list(tmp_path.iterdir()) == []


def test_a_new_run_replaces_the_parts_and_keeps_the_users_files(tmp_path):
    out = tmp_path / "parts"
    analysis.analyze_corpus(DUO, out=out, n_jobs=1, progress=False)
    (out / "notes.txt").write_text("mine")
    report = analysis.analyze_corpus(DUO / "duo_L1_0002.blksgf", out=out, n_jobs=1, progress=False)
    assert sorted(p.name for p in out.iterdir()) == ["errors.json", "notes.txt", "part-00000.parquet"]
    assert len(analysis.read_corpus(out)) == report.moves
