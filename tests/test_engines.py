"""Outside engines over GTP: the fake engine's modes (tests/fake_gtp.py) stand for every way an engine can
fail; Pentobi, where it is here (../shared/tools/pentobi/pentobi-gtp or $PENTOBI_GTP), for the real thing."""

from __future__ import annotations

import gc
import os
import pickle
import sys
import time
from pathlib import Path

import fake_gtp
import pytest

import blokus_nb as bn
from blokus_nb.engines import EngineError, EngineTerminatedError, GTPEngine
from blokus_nb.players import Limit

ROOT = Path(__file__).resolve().parent.parent
PENTOBI = Path(os.environ.get("PENTOBI_GTP") or ROOT.parent / "shared" / "tools" / "pentobi" / "pentobi-gtp")
X_AT_E10 = "e9,d10,e10,f10,e11"

@pytest.fixture
def script() -> Path:
    """The fake engine, tests/fake_gtp.py (its docstring says what each mode and flag does)."""
    return fake_gtp.SCRIPT


@pytest.fixture
def log(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "commands.log"
    monkeypatch.setenv("FAKE_GTP_LOG", str(path))
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # the fake uses this worktree's blokus_nb
    return path


def fake(script: Path, mode: str = "legal", *extra: str, timeout: float = 10.0, **options) -> GTPEngine:
    # The environment goes with the engine, so that workers' copies log and import as this one does.
    return GTPEngine([sys.executable, str(script), mode, *extra], timeout=timeout, name=f"fake {mode}",
                     env=dict(os.environ), **options)


def sent(log: Path) -> list[str]:
    """The commands the fake engines received, without their process ids."""
    return [command for _, command in fake_gtp.read_log(log)]


def pids(log: Path) -> set[int]:
    return {pid for pid, _ in fake_gtp.read_log(log)}


def gone(pid: int, within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        try:  # a child of ours: reap it, or it stays a zombie that kill(0) still finds
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return True
        except ChildProcessError:
            pass
        time.sleep(0.05)
    return False


def duo_after(*moves: str) -> bn.Game:
    game = bn.Game("duo")
    for move in moves:
        game.play(move)
    return game


# ------------------------------------------------------------------------------ a working engine
def test_a_legal_engine_answers_checked_moves_and_leaves_the_game_alone(script, log):
    with fake(script) as engine:
        assert engine.id == {"name": "Fake", "version": "1.0"} and "reg_genmove" in engine.commands
        game = duo_after(X_AT_E10)
        before = bn.records.to_json(game)
        move = engine.choose_move(game)
        assert game.is_legal(move) and move.color == "orange" and bn.records.to_json(game) == before
        game.play(move)
        assert game.is_legal(engine.choose_move(game))
    commands = sent(log)
    assert commands[:3] == ["name", "version", "list_commands"] and commands[-1] == "quit"
    # the variant checked from the engine's own record, then the position sent as its moves
    assert any(c.startswith("savesgf ") for c in commands)
    plays = [c for c in commands if c.startswith("play ")]
    assert plays == [f"play b {X_AT_E10}", f"play w {move}"]  # the grown game got only its new move


def test_a_position_that_is_not_a_continuation_is_sent_afresh(script, log):
    with fake(script) as engine:
        engine.choose_move(duo_after(X_AT_E10))
        engine.choose_move(duo_after("e10,d11,e11,f11,e12"))
    commands = sent(log)
    last_clear = len(commands) - 1 - commands[::-1].index("clear_board")
    assert commands[last_clear + 1] == "play b e10,d11,e11,f11,e12"


def test_passes_are_not_sent_and_the_colors_are_pentobis(script, log):
    game = bn.Game("classic")
    game.play("a20")
    with fake(script, "legal", "--game", "classic", variant="classic") as engine:
        assert engine.choose_move(game).color == "yellow"
    assert "play 1 a20" in sent(log) and not any("pass" in c for c in sent(log))


@pytest.mark.slow
def test_the_search_reports_the_engines_value_and_root_moves(script, log):
    with fake(script) as engine:
        result = engine.search(duo_after(X_AT_E10))
    assert result.move.color == "orange" and result.win_rate == pytest.approx(0.6)  # the move's, not get_value's
    assert result.chances == pytest.approx((0.4, 0.6))  # orange is player 2
    assert [a.visits for a in result.alternatives] == [9, 6, 3] and result.alternatives[0].move == result.move
    assert result.simulations == 18
    with fake(script, "legal", "--no-move-values") as engine:
        result = engine.search(duo_after(X_AT_E10))
    assert result.win_rate == pytest.approx(0.55) and [a.visits for a in result.alternatives] == [0]


def test_a_decided_game_keeps_its_chances_when_the_engine_plays_a_move_it_hardly_searched(script, log):
    # Pentobi at level 8 answers a lost position with a move it hardly searched, and its get_value
    # after reg_genmove is another search's: the mover's chance is its root's best value, in 0..1.
    record = bn.load(ROOT / "tests" / "data" / "pentobi" / "games" / "duo" / "duo_L1_0003.blksgf")
    with fake(script, "lost-end") as engine:
        purple = engine.search(duo_after(*map(str, record.moves[:16])))
        orange = engine.search(duo_after(*map(str, record.moves[:17])))
        again = engine.search(duo_after(*map(str, record.moves[:18])))
    assert orange.move.color == "orange" and orange.alternatives[0].move == orange.move
    assert orange.alternatives[0].visits == 0  # the engine's own numbers, its move not tried
    assert (purple.win_rate, orange.win_rate, again.win_rate) == (1.0, 0.0, 1.0)
    assert purple.chances == orange.chances == again.chances == (1.0, 0.0)


def test_a_hint_from_an_engine_on_a_finished_game_says_so_as_our_players_do(script, log):
    record = bn.load(ROOT / "tests" / "data" / "pentobi" / "games" / "duo" / "duo_L1_0003.blksgf")
    with pytest.raises(bn.IllegalMoveError) as ours:
        bn.hint(record, player="greedy")
    with fake(script) as engine:
        with pytest.raises(bn.IllegalMoveError) as theirs:
            bn.hint(record, player=engine)
    assert str(theirs.value) == str(ours.value) == "the game is over: there is no move to suggest"


def test_a_review_by_an_engine_has_no_swing_across_a_lost_end(script, log):
    from blokus_nb.analysis import review

    record = bn.load(ROOT / "tests" / "data" / "pentobi" / "games" / "duo" / "duo_L1_0003.blksgf")
    with fake(script, "lost-end") as engine:
        frame = review(record, player=engine, progress=False)
    chances = frame[["chance_1", "chance_2"]].to_numpy()
    assert ((chances >= 0) & (chances <= 1)).all()
    assert (frame["chance_1"] == 1.0).all()  # purple has won from the start, by the engine's numbers
    assert (frame["loss"].fillna(0) == 0).all() and "blunder" not in set(frame["class"])
    # The played move was not tried where the engine answered another: no estimate, not a 0.
    assert frame["played_win_rate"].isna().any()


def test_the_root_statistics_are_the_engines_own_numbers_in_its_order(script, log):
    game = duo_after(X_AT_E10)
    before = bn.records.to_json(game)
    with fake(script, "legal", "--over") as engine:
        statistics = engine.root_statistics(game)
        result = engine.search(game)
    assert bn.records.to_json(game) == before
    assert statistics.value == pytest.approx(1.04)  # as the engine answered get_value, not clipped
    assert [(visits, value) for visits, value, _ in statistics.moves] == \
        [(9, pytest.approx(1.039)), (6, pytest.approx(0.939)), (3, pytest.approx(0.839))]
    assert statistics.moves[0][2] == statistics.move == result.move
    assert all(game.is_legal(move) for *_, move in statistics.moves)
    assert result.win_rate == 1.0  # search() keeps its chances within 0..1
    with fake(script, "legal", "--no-move-values") as engine:
        with pytest.raises(EngineError, match="move_values"):
            engine.root_statistics(game)


def test_an_opening_book_is_off_while_the_engine_evaluates_and_on_while_it_plays(script, log):
    with fake(script, "legal", "--book") as engine:
        engine.choose_move(bn.Game("duo"))
        engine.search(bn.Game("duo"))
        engine.search(duo_after(X_AT_E10))
        engine.choose_move(duo_after(X_AT_E10))
    switches = [c for c in sent(log) if c.startswith("param")]
    assert switches == ["param", "param use_book 0", "param use_book 1"]


def test_a_limit_with_time_becomes_time_settings_and_a_seed_set_random_seed(script, log):
    with fake(script, seed=4) as engine:
        engine.choose_move(bn.Game("duo"), Limit(time=2.5))
    commands = sent(log)
    assert "time_settings 0 3 1" in commands
    assert any(c.startswith("set_random_seed ") for c in commands)


def test_a_game_with_setup_pieces_goes_by_loadsgf(script, log):
    game = bn.Game("duo", setup={"purple": [X_AT_E10]}, to_play="orange")
    with fake(script) as engine:
        move = engine.choose_move(game)
    assert game.is_legal(move) and any(c.startswith("loadsgf ") for c in sent(log))


# ------------------------------------------------------------------------------ every failure
def test_an_illegal_move_is_an_error_naming_the_engine_and_the_move(script, log):
    game = bn.Game("duo")
    with fake(script, "illegal") as engine:
        with pytest.raises(EngineError, match=r"engine 'fake illegal' answered 'reg_genmove b' with the move "
                                              r"'a1,a2', which our rules refuse") as info:
            engine.choose_move(game)
        assert info.value.engine == "fake illegal" and info.value.command == "reg_genmove b"
        with pytest.raises(EngineError):
            engine.search(game)
    assert game.history == [] and isinstance(info.value, bn.BlokusError)


@pytest.mark.slow
def test_a_hung_engine_is_stopped_within_its_timeout(script, log):
    game = duo_after(X_AT_E10)
    engine = fake(script, "hang", timeout=2.0)
    pid = engine._shared.connection.pid
    start = time.monotonic()
    with pytest.raises(EngineTerminatedError, match=r"did not answer 'reg_genmove w' within 2 s, so it was stopped"):
        engine.choose_move(game)
    assert time.monotonic() - start < 2.0 + 3.0  # the timeout, then at most the grace period to end it
    assert gone(pid) and len(game.history) == 1
    with pytest.raises(EngineTerminatedError, match="was closed"):
        engine.choose_move(game)


def _resident_megabytes() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    pytest.skip("no /proc/self/status here to measure our memory")


@pytest.mark.slow
def test_an_engine_that_writes_stderr_without_end_does_not_fill_our_memory(script, log):
    before = _resident_megabytes()
    with fake(script, "flood-stderr") as engine:
        time.sleep(2.0)  # the old reader kept the whole "line": about 300 MB by now
        engine.choose_move(bn.Game("duo"))
        grown = _resident_megabytes() - before
        connection = engine._shared.connection
        assert all(len(line) <= 500 for line in connection.stderr()) and len(connection.stderr()) <= 20
    assert grown < 100, f"we grew by {grown:.0f} MB while the engine flooded its stderr"


def test_an_answer_without_end_is_an_engine_error_not_a_memory_error(script, log):
    before = _resident_megabytes()
    engine = fake(script, "endless-line", timeout=60.0)
    pid = engine._shared.connection.pid
    start = time.monotonic()
    with pytest.raises(EngineError, match=r"answered 'reg_genmove b' with a line longer than \d+ bytes, so it "
                                          r"was stopped") as info:
        engine.choose_move(bn.Game("duo"))
    assert info.value.engine == "fake endless-line"
    assert time.monotonic() - start < 20  # the bound, not the timeout, ended it
    assert _resident_megabytes() - before < 200 and gone(pid)


def test_a_flood_of_lines_that_never_ends_an_answer_is_stopped_in_time(script, log):
    before = _resident_megabytes()
    engine = fake(script, "flood-lines")
    engine.timeout = 1.5  # only for the search: a loaded machine may take longer to start the fake
    start = time.monotonic()
    with pytest.raises(EngineTerminatedError, match=r"(did not answer 'reg_genmove b' within 1.5 s|answered "
                                                    r"'reg_genmove b' with more than \d+ bytes)"):
        engine.choose_move(bn.Game("duo"))
    assert time.monotonic() - start < 1.5 + 5.0  # the timeout, then at most the grace period to end it
    assert _resident_megabytes() - before < 200


def test_a_named_pipe_for_a_record_does_not_hang_the_start(script, log):
    start = time.monotonic()
    with pytest.raises(EngineError, match=r"savesgf.*not a regular file"):
        fake(script, "fifo", timeout=3.0)
    assert time.monotonic() - start < 3.0 + 3.0


@pytest.mark.slow
def test_closing_an_engine_behind_a_wrapper_ends_the_engine_too(script, log):
    wrapper = f"{sys.executable} {script} hang; exit 0"
    engine = GTPEngine(["sh", "-c", wrapper], timeout=2.0, name="wrapped", env=dict(os.environ))
    with pytest.raises(EngineTerminatedError, match="did not answer"):
        engine.choose_move(bn.Game("duo"))
    assert all(gone(pid) for pid in pids(log))  # the engine the wrapper started, not only the wrapper
    engine = GTPEngine(["sh", "-c", f"{sys.executable} {script} legal & {sys.executable} {script} hang; exit 0"],
                       timeout=5.0, name="wrapped", env=dict(os.environ))
    engine.close()
    assert all(gone(pid) for pid in pids(log))


@pytest.mark.parametrize("flag, word", [("--visits", "inf"), ("--visits", "1e999"), ("--value", "inf"),
                                        ("--visits", "nan"), ("--value", "1e999")])
def test_numbers_an_engine_writes_that_we_cannot_read_are_an_engine_error(script, log, flag, word):
    game = duo_after(X_AT_E10)
    with fake(script, "legal", flag, word) as engine:
        for call in (engine.search, engine.root_statistics, lambda g: bn.hint(g, player=engine)):
            with pytest.raises(EngineError, match=r"engine 'fake legal' answered 'move_values' with the line "
                                                  rf"'.*{word}.*'"):
                call(game)
        with pytest.raises(EngineError, match="move_values"):
            bn.analysis.review(game, player=engine)


def test_an_engine_that_dies_mid_game_says_so_with_its_last_words(script, log):
    game = bn.Game("duo")
    engine = fake(script, "die")
    game.play(engine.choose_move(game))
    with pytest.raises(EngineTerminatedError) as info:
        engine.choose_move(game)
    error = info.value
    assert "ended while answering 'reg_genmove w' (exit status 3)" in str(error)
    assert error.stderr == ("fake: something went badly wrong", "fake: giving up") and error.returncode == 3
    assert "fake: giving up" in str(error) and len(game.history) == 1
    restored = pickle.loads(pickle.dumps(error))
    assert restored.stderr == error.stderr and restored.returncode == 3


@pytest.mark.slow
def test_an_engine_for_another_variant_is_refused_when_it_starts(script, log):
    with pytest.raises(EngineError, match="engine 'fake legal' plays classic, not duo"):
        fake(script, "legal", "--game", "classic")
    with pytest.raises(EngineError, match="does not play duo: its first moves for purple are not the rules'"):
        fake(script, "legal", "--game", "classic", "--no-savesgf")
    assert all(gone(pid) for pid in pids(log))  # a refused engine is not left running


def test_a_program_that_does_not_speak_gtp_or_does_not_start_is_our_error(script, log, tmp_path):
    with pytest.raises(EngineError, match="which is not GTP"):
        fake(script, "garbage", timeout=5.0)
    with pytest.raises(EngineTerminatedError, match="could not be started"):
        GTPEngine(str(tmp_path / "no-such-engine"))
    spaced = tmp_path / "an engine" / "fake gtp"  # a program's path with spaces is the program
    spaced.parent.mkdir()
    spaced.write_text(f"#!{sys.executable}\n" + script.read_text(encoding="utf-8"), encoding="utf-8")
    spaced.chmod(0o755)
    with GTPEngine(str(spaced)) as engine:
        assert engine.command == [str(spaced)]
    # The program ends at once: before 'name' is sent on a busy machine, while it is answered on a quiet one.
    with pytest.raises(EngineTerminatedError, match=r"ended (while answering|before it could be sent) 'name'"
                       r"[\s\S]*no way"):
        GTPEngine([sys.executable, "-c", "import sys; sys.stderr.write('no way\\n')"])


def test_bad_arguments_are_refused_before_anything_starts(script):
    with pytest.raises(bn.ArgumentTypeError, match="an engine's command"):
        GTPEngine(42)
    with pytest.raises(bn.BlokusError, match="names the program"):
        GTPEngine("")
    for timeout in (0, -1, float("nan"), float("inf")):
        with pytest.raises(bn.BlokusError, match="timeout is a number of seconds > 0"):
            GTPEngine([sys.executable, str(script)], timeout=timeout)
    with pytest.raises(bn.BlokusError, match="unknown variant|variant"):
        GTPEngine([sys.executable, str(script)], variant="hexagonal")
    for env in ({"PATH": 5}, "x", ["PATH"]):
        with pytest.raises(bn.ArgumentTypeError, match="env is the engine's environment"):
            GTPEngine([sys.executable, str(script)], env=env)
    with pytest.raises(bn.BlokusError, match="cannot be split into words .*close its quotes"):
        GTPEngine("'pentobi-gtp --game duo")
    with pytest.raises(bn.BlokusError, match="level is a whole number from 1 to 9"):
        bn.engines.pentobi(level=12, path="pentobi-gtp")


def test_an_engine_that_reports_no_estimate_plays_but_does_not_evaluate(script, log):
    with fake(script, "silent") as engine:
        assert engine.choose_move(bn.Game("duo")).color == "purple"  # by genmove
        with pytest.raises(EngineError, match="reports no win estimate"):
            engine.search(bn.Game("duo"))


def test_a_game_of_another_variant_is_refused_and_the_engine_goes_on(script, log):
    with fake(script) as engine:
        with pytest.raises(EngineError, match="was started for duo, not classic"):
            engine.choose_move(bn.Game("classic"))
        assert engine.choose_move(bn.Game("duo")).color == "purple"


@pytest.mark.slow
def test_an_interrupted_search_leaves_the_engine_in_step(script, log):
    import signal

    def interrupt(*_):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        with fake(script, "slow") as engine:
            signal.setitimer(signal.ITIMER_REAL, 0.3)  # Ctrl-C while the engine thinks
            with pytest.raises(KeyboardInterrupt):
                engine.choose_move(bn.Game("duo"))
            game = duo_after(X_AT_E10)
            move = engine.choose_move(game)  # the first search's late answer is not taken for this one
            assert move.color == "orange" and game.is_legal(move)
            assert engine._shared.connection.is_running
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ------------------------------------------------------------------------------ closing
@pytest.mark.slow
def test_an_engine_closes_by_close_by_with_and_when_forgotten(script, log):
    engine = fake(script)
    pid = engine._shared.connection.pid
    engine.close()
    engine.close()  # again: nothing happens
    assert gone(pid) and sent(log)[-1] == "quit"
    with fake(script) as engine:
        pid = engine._shared.connection.pid
    assert gone(pid)
    engine = fake(script)
    pid = engine._shared.connection.pid
    del engine
    gc.collect()
    assert gone(pid)


def test_copies_share_the_process_and_pickles_start_their_own(script, log):
    with fake(script, seed=1) as engine:
        copy = engine.with_seed(2)
        assert copy._shared is engine._shared and copy.seed == 2
        travelled = pickle.loads(pickle.dumps(engine))
        assert travelled._shared.connection is None  # started when first asked
        assert travelled.choose_move(bn.Game("duo")).color == "purple"
        assert len(pids(log)) == 2
        travelled.close()


# ------------------------------------------------------------------------------ where players go
@pytest.mark.pools
@pytest.mark.slow
def test_an_engine_plays_matches_in_this_process_and_in_workers(script, log):
    with fake(script) as engine:
        match = bn.arena.play_match([engine, "random"], "duo", games=2, seed=1, progress=False)
        assert len(match.games) == 2 and all(g.is_over for g in match.games)
        assert set(match.results["player"]) == {"fake legal", "random"}
        assert len(pids(log)) == 1  # one process for both games
        parallel = bn.arena.play_match([engine, "random"], "duo", games=2, seed=1, n_jobs=2, progress=False)
        assert [bn.records.to_json(g) for g in parallel.games] == [bn.records.to_json(g) for g in match.games]
    workers = pids(log) - {next(iter(pids(log)))}
    assert workers and all(gone(pid) for pid in pids(log))  # the workers' engines ended with their games


def test_an_engine_in_a_round_robin_and_in_self_play(script, log, tmp_path):
    with fake(script) as engine:
        match = bn.arena.round_robin([engine, "random", "greedy"], "duo", games=2, seed=0, progress=False)
        assert len(match.games) == 6
        from blokus_nb.players.selfplay import self_play

        report = self_play(engine, "duo", games=1, out=tmp_path / "selfplay", seed=0, progress=False)
    files = list((tmp_path / "selfplay").glob("*.blksgf"))
    assert len(files) == 1 and bn.read_sgf(files[0]).is_over and report is not None


def test_a_failing_engine_in_a_match_is_a_player_error_naming_it(script, log):
    with fake(script, "illegal") as engine:
        with pytest.raises(bn.errors.PlayerError, match="fake illegal.*which our rules refuse"):
            bn.arena.play_match([engine, "random"], "duo", games=2, seed=1, progress=False)


@pytest.mark.pools
@pytest.mark.slow
def test_hint_and_review_take_an_engine(script, log):
    game = duo_after(X_AT_E10, "j5,i6,j6,k6,j7")
    game.play(game.legal_moves()[0])
    with fake(script) as engine:
        advice = bn.hint(game, player=engine)
        assert advice.win_rate == pytest.approx(0.6) and len(advice.alternatives) == 2
        assert advice.player == "fake legal" and game.is_legal(advice.move)
        frame = bn.analysis.review(game, player=engine, progress=False)
    assert len(frame) == 3 and frame["win_before"].tolist() == pytest.approx([0.6] * 3)
    # the last move's class waits for the next position's search (the game goes on)
    assert frame.attrs["player"] == "fake legal" and frame["class"].notna().tolist() == [True, True, False]
    longer = bn.Game("duo")
    for _ in range(8):  # more positions than one worker's share (review.CHUNK)
        longer.play(longer.legal_moves()[0])
    with fake(script) as engine:  # on worker processes: each starts its own engine from the command
        here = bn.analysis.review(longer, player=engine, progress=False)
        spread = bn.analysis.review(longer, player=engine, progress=False, n_jobs=2)
    assert len(pids(log)) > 2  # this process's engines and the workers'
    assert spread["best_move"].tolist() == here["best_move"].tolist() and len(spread) == 8


def test_an_engine_takes_a_widget_seat_and_reviews_on_the_review_board(script, log):
    from widgets.helpers import wait_for

    from blokus_nb.widgets import BlokusWidget

    with fake(script) as engine:
        widget = BlokusWidget("duo", players={"orange": engine}, ai_pause=0.0)
        try:
            widget.game.play(X_AT_E10)
            wait_for(lambda: len(widget.game.history) == 2)
            assert widget.game.history[1].color == "orange" and widget.seats["orange"] == "fake legal"
        finally:
            widget.close()
        game = duo_after(X_AT_E10, "j5,i6,j6,k6,j7")
        board = BlokusWidget(game=game, mode="review", review_player=engine)
        try:
            wait_for(lambda: board.review.get("status") == "done")
            assert board.review["status"] == "done"
        finally:
            board.close()


# ------------------------------------------------------------------------------ Pentobi itself
@pytest.fixture(scope="module")
def pentobi_path() -> Path:
    if not (PENTOBI.is_file() and os.access(PENTOBI, os.X_OK)):
        pytest.skip(f"no pentobi-gtp at {PENTOBI} and $PENTOBI_GTP is not set: build it as the README says")
    return PENTOBI


def test_pentobi_plays_a_short_match_against_easy(pentobi_path):
    with bn.engines.pentobi(level=1, variant="duo", path=pentobi_path, seed=1) as pentobi:
        assert pentobi.id["name"] == "Pentobi"
        match = bn.arena.play_match([pentobi, "easy"], "duo", games=2, seed=3, progress=False)
    assert len(match.games) == 2 and all(game.is_over for game in match.games)
    assert set(match.results["player"]) == {"pentobi level 1", "easy"}


def test_pentobi_reviews_a_short_game(pentobi_path):
    game = bn.arena.play_game(["greedy", "random"], "duo", seed=2)
    while len(game.history) > 8:
        game.undo()
    game = bn.records.game_from_json(bn.records.to_json(game))
    with bn.engines.pentobi(level=1, variant="duo", path=pentobi_path) as pentobi:
        frame = bn.analysis.review(game, player=pentobi, progress=False)
    assert len(frame) == 8 and frame["win_before"].between(0, 1).all()
    assert frame["best_move"].notna().all() and frame["class"].iloc[:-1].notna().all()
