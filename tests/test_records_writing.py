"""records.writing: saving games, and never destroying a file on a failed save."""

from __future__ import annotations

import os

import pytest
from budget import examples
from data_paths import DATA
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sample_games import random_game

import blokus_nb as bn

GAMES = DATA / "pentobi" / "games"


def test_save_load_and_many_games(tmp_path):
    games = [random_game("duo", seed=s) for s in range(3)]
    for suffix in (".blksgf", ".json"):
        bn.save(games[0], tmp_path / f"one{suffix}")
        assert bn.load(tmp_path / f"one{suffix}").history == games[0].history
    for suffix in (".blksgf", ".jsonl", ".json"):
        assert bn.write_games(games, tmp_path / f"many{suffix}") == 3
        assert [g.history for g in bn.iter_games(tmp_path / f"many{suffix}")] == [g.history for g in games]
    with pytest.raises(bn.BlokusError, match="unknown record type"):
        bn.save(games[0], tmp_path / "game.txt")


# ---------------------------------------------------------------- saving never destroys a file
def _stale(game: bn.Game) -> None:
    game.metadata["sgf:xx"] = "v"  # not an SGF identifier


def _surrogate(game: bn.Game) -> None:
    game.player_names[0] = "Ann\udc80"


def _number(game: bn.Game) -> None:
    game.metadata["round"] = 3


def _not_json(game: bn.Game) -> None:
    game.metadata["when"] = object()


def _lying_property(game: bn.Game) -> None:
    game.metadata["sgf:GM"] = "Chess"


@pytest.mark.parametrize("suffix", [".blksgf", ".json", ".jsonl"])
@pytest.mark.parametrize("spoil", [_stale, _surrogate, _number, _not_json, _lying_property])
def test_a_failed_save_leaves_the_old_file_untouched(tmp_path, suffix, spoil):
    game = random_game("duo", seed=3, moves=6)
    path = tmp_path / f"a{suffix}"
    bn.write_games([game], path)
    before = path.read_bytes()
    spoil(game)
    with pytest.raises(bn.BlokusError):
        bn.write_games([game], path)
    with pytest.raises(bn.BlokusError):
        bn.save(game, path) if suffix != ".jsonl" else bn.save(game, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left behind


@pytest.mark.parametrize("suffix", [".blksgf", ".json", ".jsonl"])
def test_a_game_source_that_fails_halfway_leaves_the_old_file_untouched(tmp_path, suffix):
    path = tmp_path / f"corpus{suffix}"
    bn.write_games([random_game("duo", seed=1, moves=4)], path)
    before = path.read_bytes()

    def games():
        yield random_game("duo", seed=2, moves=4)
        raise RuntimeError("the database went away")

    with pytest.raises(RuntimeError):
        bn.write_games(games(), path)
    assert path.read_bytes() == before and len(list(tmp_path.iterdir())) == 1


def test_a_new_file_keeps_the_old_files_mode(tmp_path):
    path = tmp_path / "a.json"
    bn.save(bn.Game("duo"), path)
    path.chmod(0o640)
    bn.save(bn.Game("duo"), path)
    assert path.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize("suffix", [".blksgf", ".json"])
def test_what_save_accepts_load_reads_back(tmp_path, suffix):
    game = random_game("duo", seed=5, moves=6)
    game.metadata.update(round="3", event="Cup", date="2026-11-30")
    bn.save(game, tmp_path / f"g{suffix}")
    again = bn.load(tmp_path / f"g{suffix}")
    assert again.history == game.history
    assert {k: v for k, v in again.metadata.items() if k != "application"} == game.metadata


TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=8)


@given(metadata=st.dictionaries(st.sampled_from(["date", "event", "round", "comment", "sgf:XY", "sgf:GM",
                                                 "sgf:x", "notes", "name"]),
                                TEXT | st.integers() | st.none(), max_size=4),
       suffix=st.sampled_from([".blksgf", ".json"]))
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_what_save_accepts_load_reads_back_for_any_metadata(tmp_path, metadata, suffix):
    game = random_game("duo", seed=7, moves=4)
    path = tmp_path / f"m{suffix}"
    bn.save(random_game("duo", seed=8, moves=2), path)
    before = path.read_bytes()
    game.metadata.update(metadata)
    try:
        bn.save(game, path)
    except bn.BlokusError:
        assert path.read_bytes() == before  # refused before the file was touched
        return
    again = bn.load(path)
    if suffix == ".blksgf":  # SGF keeps the keys it has a property for (see the README)
        expected = {k: v.replace("\r\n", "\n").replace("\r", "\n") for k, v in game.metadata.items()
                    if k != "notes"}
    else:
        expected = game.metadata
    assert {k: v for k, v in again.metadata.items() if k != "application"} == expected


@pytest.mark.parametrize("suffix", [".blksgf", ".json", ".jsonl"])
def test_saving_through_a_symlink_writes_its_target_and_keeps_the_link(tmp_path, suffix):
    target = tmp_path / "real" / f"game{suffix}"
    target.parent.mkdir()
    bn.write_games([bn.Game("duo")], target)
    link = tmp_path / f"link{suffix}"
    link.symlink_to(os.path.relpath(target, tmp_path))
    game = random_game("duo", seed=3, moves=4)
    bn.write_games([game], link)
    assert link.is_symlink() and os.readlink(link) == os.path.relpath(target, tmp_path)
    assert next(iter(bn.iter_games(target))).history == game.history
    assert sorted(p.name for p in tmp_path.rglob("*")) == sorted(["real", f"game{suffix}", f"link{suffix}"])


def test_a_long_but_valid_file_name_can_be_saved(tmp_path):
    limit = os.pathconf(tmp_path, "PC_NAME_MAX")
    for name in ["g" * (limit - 7) + ".blksgf", "é" * ((limit - 5) // 2) + ".json"]:
        assert len(os.fsencode(name)) <= limit
        path = tmp_path / name
        game = random_game("duo", seed=3, moves=2)
        bn.save(game, path)
        bn.save(game, path)  # over an existing file too
        assert bn.load(path).history == game.history
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("."))  == []


def test_saving_onto_a_named_pipe_is_refused_as_onto_a_folder(tmp_path):
    import stat

    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    with pytest.raises(bn.PathError, match="not a regular file"):
        bn.save(bn.Game("duo"), pipe)
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
