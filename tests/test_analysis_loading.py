"""analysis.loading: every kind of source into the table, and bad records reported while the rest load."""

from __future__ import annotations

import json
import warnings

import pandas as pd
import pytest
from data_paths import DATA
from sample_games import random_game

import blokus_nb as bn
from blokus_nb import analysis
from blokus_nb.analysis.loading import AnalysisWarning

GAMES = DATA / "pentobi" / "games"


# ---------------------------------------------------------------- loading every kind of source
@pytest.fixture(scope="module")
def duo_games() -> list[bn.Game]:
    return [bn.read_sgf(path) for path in sorted((GAMES / "duo").glob("*.blksgf"))[:4]]


def quiet_load(source, **kwargs) -> pd.DataFrame:
    kwargs.setdefault("progress", False)
    kwargs.setdefault("n_jobs", 1)
    with warnings.catch_warnings():
        warnings.simplefilter("error", AnalysisWarning)
        return analysis.load_games(source, **kwargs)


def test_load_every_kind_of_source(tmp_path, duo_games):
    one = GAMES / "duo" / "duo_L1_0001.blksgf"
    moves = len(duo_games[0].history)
    assert quiet_load(one)["game_id"].unique().tolist() == ["duo_L1_0001"]
    assert quiet_load(str(one))["source"].iloc[0] == str(one)
    assert quiet_load(GAMES / "duo")["game_id"].nunique() == 20
    assert quiet_load(str(GAMES / "*" / "duo_L1_000[1-3].blksgf"))["game_id"].nunique() == 3
    assert quiet_load([one, GAMES / "classic" / "classic_L1_0001.blksgf"])["game_id"].nunique() == 2
    assert len(quiet_load(duo_games[0])) == moves
    from_games = quiet_load(duo_games)
    assert from_games["game_id"].unique().tolist() == ["game_1", "game_2", "game_3", "game_4"]
    assert len(quiet_load(one.read_text())) == moves
    assert len(quiet_load(bn.records.to_json(duo_games[0]))) == moves  # pretty-printed JSON text
    with open(one, encoding="utf-8") as handle:
        assert len(quiet_load(handle)) == moves

    collection = tmp_path / "many.blksgf"
    bn.write_games(duo_games, collection)
    table = quiet_load(collection)
    assert table["game_id"].unique().tolist() == [f"many#{k}" for k in range(1, 5)]
    for kind in ("jsonl", "json"):
        path = tmp_path / f"many.{kind}"
        bn.write_games(duo_games, path)
        again = quiet_load(path)
        assert again.drop(columns=["game_id", "source"]).equals(table.drop(columns=["game_id", "source"]))
    text = "".join(bn.records.to_sgf(g) for g in duo_games[:2])
    assert quiet_load(text)["game_id"].unique().tolist() == ["text#1", "text#2"]
    # Same file names in two folders: ids keep the folder to stay unique.
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    bn.save(duo_games[0], tmp_path / "a" / "g.blksgf")
    bn.save(duo_games[1], tmp_path / "b" / "g.blksgf")
    assert sorted(quiet_load([tmp_path / "a", tmp_path / "b"])["game_id"].unique()) == ["a/g", "b/g"]


def test_missing_paths_fail_at_once(tmp_path):
    with pytest.raises(FileNotFoundError, match="no such file"):
        analysis.load_games(tmp_path / "nope.blksgf", progress=False)
    with pytest.raises(FileNotFoundError, match="files match"):
        analysis.load_games(str(tmp_path / "*.blksgf"), progress=False)
    with pytest.raises(TypeError):
        analysis.load_games(42, progress=False)


def test_an_empty_path_is_refused_not_read_as_the_current_folder(tmp_path, monkeypatch):
    # Path("") is ".": without the check, "" would load every record under the working folder.
    (tmp_path / "stray.json").write_text("{}", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for empty in ("", [""], "   "):
        with pytest.raises(FileNotFoundError, match="empty path"):
            analysis.load_games(empty, progress=False)


def test_mixed_variants_keep_every_color(duo_games):
    table = quiet_load([duo_games[0], GAMES / "classic" / "classic_L1_0001.blksgf"])
    assert analysis.metrics  # noqa: B018
    colors = [c.split("_", 1)[1] for c in table.columns if c.startswith("squares_")]
    assert colors == ["blue", "yellow", "red", "green", "purple", "orange"]
    duo_rows = table[table["variant"] == "duo"]
    assert duo_rows["squares_blue"].isna().all() and duo_rows["squares_purple"].notna().all()


def test_malformed_records_are_reported_with_file_and_line_while_the_rest_loads(tmp_path, duo_games):
    good = tmp_path / "good.blksgf"
    bn.save(duo_games[0], good)
    # Game 2 of 3 has an illegal move on its third line; games 1 and 3 still load.
    collection = tmp_path / "collection.blksgf"
    texts = [bn.records.to_sgf(g) for g in duo_games[1:4]]
    lines = texts[1].splitlines()
    lines[3] = "; W[a1,a2]"
    texts[1] = "\n".join(lines) + "\n"
    collection.write_text("".join(texts))
    bad_line = texts[0].count("\n") + 4
    broken = tmp_path / "broken.blksgf"
    broken.write_text("(;GM[Blokus Duo]\n;B[e10]\n;W[j5")  # grammar: never closed
    lines_file = tmp_path / "games.jsonl"
    lines_file.write_text(bn.records.to_json(duo_games[0], indent=None) + "\n{not json}\n"
                          + bn.records.to_json(duo_games[1], indent=None) + "\n")
    with pytest.warns(AnalysisWarning, match="could not be read"):
        table = analysis.load_games(tmp_path, progress=False, n_jobs=1)
    errors = {(e["source"].rsplit("/", 1)[-1], e["line"], e["game"]) for e in table.attrs["errors"]}
    assert ("collection.blksgf", bad_line, 2) in errors
    assert ("games.jsonl", 2, 2) in errors
    assert any(name == "broken.blksgf" and line is not None for name, line, _ in errors)
    assert len(errors) == 3
    loaded = set(table["game_id"].unique())
    assert {"good", "collection#1", "collection#3", "games#1", "games#3"} <= loaded
    assert "collection#2" not in loaded
    message = next(e for e in table.attrs["errors"] if e["source"].endswith("collection.blksgf"))
    assert "a1" in message["message"] and message["column"] is not None


@pytest.mark.pools
def test_worker_processes_give_the_same_table():
    one = analysis.load_games(GAMES / "duo", n_jobs=1, progress=False)
    two = analysis.load_games(GAMES / "duo", n_jobs=2, progress=False)
    pd.testing.assert_frame_equal(one, two)


def test_progress_bar_goes_to_stderr(capsys):
    analysis.load_games(GAMES / "duo" / "duo_L1_0002.blksgf", n_jobs=1, progress=True)
    assert "analysing games" in capsys.readouterr().err


# ---------------------------------------------------------------- one bad record never spoils a corpus
def test_a_game_without_placements_loads_as_no_rows():
    table = quiet_load("(;GM[Blokus Duo])")
    assert len(table) == 0 and table.attrs["errors"] == []
    table = quiet_load(["(;GM[Blokus Duo])", "(;GM[Blokus Duo];B[e10])"])
    assert table["game_id"].tolist() == ["text_2"]


def _bad_records(good: dict) -> list[str]:
    annotations = dict(good, annotations=[1, 2])
    setup = dict(good, setup=5)
    version = json.dumps(good).replace('"version": 1', '"version": ' + "7" * 4300)
    return [json.dumps(annotations), json.dumps(setup), version]


def test_each_bad_record_is_reported_with_file_and_line_and_the_rest_load(tmp_path):
    game = random_game("duo", seed=9, moves=6)
    good = json.loads(bn.records.to_json(game))
    path = tmp_path / "corpus.jsonl"
    lines = [json.dumps(good)] + _bad_records(good) + [json.dumps(good)]
    path.write_bytes("\n".join(lines).encode() + b"\n{\"format\": \"blokus-nb\xff\"}\n" + lines[0].encode())
    with pytest.warns(AnalysisWarning, match="4 records could not be read"):
        table = analysis.load_games(path, progress=False, n_jobs=1)
    assert table["game_id"].unique().tolist() == ["corpus#1", "corpus#5", "corpus#7"]
    errors = table.attrs["errors"]
    assert [(e["line"], e["game"]) for e in errors] == [(2, 2), (3, 3), (4, 4), (6, 6)]
    assert all(e["source"] == str(path) for e in errors)
    assert "'annotations' must map" in errors[0]["message"]
    assert "'setup' must be a list" in errors[1]["message"]
    assert "UTF-8" in errors[3]["message"]


def test_bad_json_documents_in_a_folder_do_not_stop_the_others(tmp_path):
    game = random_game("duo", seed=9, moves=6)
    good = json.loads(bn.records.to_json(game))
    for number, text in enumerate(_bad_records(good)):
        (tmp_path / f"bad{number}.json").write_text(text)
    (tmp_path / "good.json").write_text("\ufeff" + json.dumps(good))  # a byte-order mark is fine
    (tmp_path / "empty.blksgf").write_text("(;GM[Blokus Duo])")
    with pytest.warns(AnalysisWarning, match="3 records"):
        table = analysis.load_games(tmp_path, progress=False, n_jobs=1)
    assert table["game_id"].unique().tolist() == ["good"]
    assert sorted(e["source"].rsplit("/", 1)[-1] for e in table.attrs["errors"]) == \
        ["bad0.json", "bad1.json", "bad2.json"]


def test_read_games_is_gone_in_0_4_0():
    from blokus_nb.analysis import loading

    with pytest.raises(AttributeError):
        loading.read_games  # noqa: B018 - removed: bn.iter_games(source, errors="collect") reads records
    assert "read_games" not in loading.__all__


def test_moved_table_functions_still_import_from_loading():
    from blokus_nb.analysis import tables

    with pytest.warns(DeprecationWarning, match="analysis.tables"):
        from blokus_nb.analysis.loading import summarize
    assert summarize is tables.summarize


def test_record_bytes_that_do_not_decode_are_reported_not_raised():
    good = b"(;GM[Blokus Duo];B[e10])"
    with pytest.warns(AnalysisWarning):
        table = analysis.load_games([good, b"(;GM[Blokus Duo]\n;C[\xff])"], progress=False, n_jobs=1)
    assert table["game_id"].tolist() == ["text_1"]
    assert table.attrs["errors"][0]["line"] == 2 and "not valid utf-8" in table.attrs["errors"][0]["message"]


def test_a_glob_skips_files_that_are_not_records(tmp_path):
    bn.save(random_game("duo", seed=1), tmp_path / "a.blksgf")
    (tmp_path / "notes.txt").write_text("the club's notes")
    table = analysis.load_games(str(tmp_path / "*"), progress=False, n_jobs=1)
    assert table["game_id"].nunique() == 1 and table.attrs["errors"] == []


# ---------------------------------------------------------------- symlink loops in folders and globs
@pytest.fixture
def looped(tmp_path, duo_games):
    """games/a.blksgf and games/sub/b.blksgf, with two links back up: games/loop -> . and sub/up -> .."""
    import os

    root = tmp_path / "games"
    (root / "sub").mkdir(parents=True)
    bn.save(duo_games[0], root / "a.blksgf")
    bn.save(duo_games[1], root / "sub" / "b.blksgf")
    os.symlink(".", root / "loop")
    os.symlink("..", root / "sub" / "up")
    return root


@pytest.fixture
def deadline():
    """Fail a test that takes more than 20 s (following two loops took exponential time)."""
    import signal

    def stop(*_):
        raise TimeoutError("still searching after 20 s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("how", ["glob", "folder"])
def test_symlink_loops_are_skipped_and_reported_and_each_file_read_once(looped, how, deadline):
    source = str(looped / "**" / "*.blksgf") if how == "glob" else looped
    with pytest.warns(AnalysisWarning, match="symlink loop"):
        table = analysis.load_games(source, n_jobs=1, progress=False)
    assert table.groupby("game_id", observed=True).ngroups == 2
    assert sorted(table["source"].astype(str).unique()) == [str(looped / "a.blksgf"),
                                                            str(looped / "sub" / "b.blksgf")]
    loops = sorted(e["source"] for e in table.attrs["errors"])
    assert loops == [str(looped / "loop"), str(looped / "sub" / "up")]


def test_a_file_named_twice_or_reached_through_a_link_is_read_once(looped, duo_games):
    import os

    os.symlink(looped / "sub", looped.parent / "elsewhere")
    table = quiet_load([looped / "a.blksgf", str(looped / "a.blksgf"),
                        looped.parent / "elsewhere" / "b.blksgf", looped / "sub" / "b.blksgf",
                        str(looped.parent / "elsewhere" / "*.blksgf")])
    assert table.groupby("game_id", observed=True).ngroups == 2


def test_globs_keep_their_meaning(tmp_path, duo_games):
    (tmp_path / "x" / "deep").mkdir(parents=True)
    (tmp_path / ".hidden").mkdir()
    for path in ["top.blksgf", "x/one.blksgf", "x/deep/two.sgf", ".hidden/three.blksgf", ".dot.blksgf"]:
        bn.save(duo_games[0], tmp_path / path)
    found = {pattern: sorted(analysis.files.glob_files(str(tmp_path / pattern))[0])
             for pattern in ["*.blksgf", "*/*.blksgf", "**/*.blksgf", "x/**/*.sgf", "**/*", ".*/*"]}
    import glob as std

    for pattern, files in found.items():
        expected = sorted(p for p in map(type(tmp_path), std.glob(str(tmp_path / pattern), recursive=True))
                          if p.is_file())
        assert files == expected, pattern


def test_the_opening_index_reads_grouped_files_and_reports_loops_as_load_games_does(looped, deadline):
    with pytest.warns(AnalysisWarning, match="symlink loop"):
        index = analysis.opening_index(looped, depth=1, progress=False)
    assert index.games == 2
