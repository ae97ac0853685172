"""The GTP connection: one engine process, one command at a time, every answer within a timeout.

GTP (the Go Text Protocol, which Pentobi's ``pentobi-gtp`` speaks for Blokus)
is a line protocol. A command is one line; the answer starts with ``=``
(success) or ``?`` (failure) and ends with an empty line. The engine's
standard output is read by a thread into a queue, so that waiting for an
answer can time out; its standard error is kept, its last lines only, by
another thread, so that an error can say what the engine said before it
failed. Both read in chunks and keep a bounded amount (:data:`ANSWER_BYTES`
of an answer, :data:`STDERR_LINES` lines of :data:`STDERR_LINE` characters):
an engine that writes without end cannot fill our memory. The engine runs in
a process group of its own, which closing it ends whole. Neither thread holds the connection, so a connection nobody uses any
more is closed by the garbage collector, and every open one at interpreter
exit (:func:`weakref.finalize`): ``quit``, a grace period, then a kill. Where
no thread or program can start (a browser kernel), a connection is refused
with :class:`~blokus_nb.errors.UnavailableError`.

>>> parse_answer(["= e8,d9,e9,f9,e10"])
(True, 'e8,d9,e9,f9,e10')
>>> parse_answer(["? unknown command"])
(False, 'unknown command')
"""

from __future__ import annotations

import collections
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from typing import IO

from ..errors import EngineError, EngineTerminatedError, short_repr
from ..runtime import require_threads

__all__ = ["GTPConnection", "parse_answer", "STDERR_LINES", "STDERR_LINE", "ANSWER_BYTES"]

#: Lines of the engine's standard error kept for error messages.
STDERR_LINES = 20
#: Characters kept of one stderr line (the rest of a longer line is read and dropped).
STDERR_LINE = 500
#: The most one answer may hold, in bytes (a line that never ends included): past it, the engine
#: is stopped and the command is an :class:`~blokus_nb.errors.EngineError`.
ANSWER_BYTES = 8 * 1024 * 1024
#: Lines read ahead of the command that waits for them (the engine waits while this many are unread).
_QUEUED_LINES = 4096
_CHUNK = 65536


class _TooLong:
    """What the reader puts in the queue for a line longer than :data:`ANSWER_BYTES`."""


_TOO_LONG = _TooLong()


def parse_answer(lines: Sequence[str]) -> tuple[bool, str]:
    """``(success, text)`` of one GTP answer given as its lines (without the empty line that ends it).

    Raises :class:`ValueError` when the first line is not a GTP answer (the
    connection turns it into an :class:`~blokus_nb.errors.EngineError`).

    >>> parse_answer(["= 2 5.0 0.81 i4,h5,i5,j5,i6", "1 4.0 0.50 j5,i6,j6,k6,j7"])[1].splitlines()[1]
    '1 4.0 0.50 j5,i6,j6,k6,j7'
    """
    first = lines[0]
    status = first[:1]
    if status not in ("=", "?"):
        raise ValueError(first)
    # "=id text": we send no ids, but an engine may still echo digits before the text.
    rest = first[1:].lstrip("0123456789").strip()
    return status == "=", "\n".join([rest, *lines[1:]]).strip()


def _decoded(line: bytes) -> str:
    return line.decode("utf-8", errors="replace").rstrip("\r")


def _lines(stream: IO[bytes], longest: int, on_line: Callable[[str], None], on_too_long: Callable[[str], None]) -> None:
    """Call ``on_line`` with each line of ``stream``, never holding more than ``longest`` bytes of one.

    A longer line goes to ``on_too_long`` (its first ``longest`` bytes, decoded) and the rest of
    it is read and dropped: an engine that writes without newlines cannot fill our memory.
    """
    pending = bytearray()
    skipping = False
    try:
        while True:
            chunk = stream.read1(_CHUNK) if hasattr(stream, "read1") else stream.read(_CHUNK)
            if not chunk:
                break
            start = 0
            while True:
                end = chunk.find(b"\n", start)
                if end < 0:
                    break
                if not skipping:
                    pending += chunk[start:end]
                    on_line(_decoded(bytes(pending)))
                pending.clear()
                skipping = False
                start = end + 1
            if not skipping:
                pending += chunk[start:]
                if len(pending) > longest:
                    on_too_long(_decoded(bytes(pending[:longest])))
                    pending.clear()
                    skipping = True
        if pending and not skipping:
            on_line(_decoded(bytes(pending)))
    except (OSError, ValueError):  # the pipe was closed under us: the engine is gone either way
        pass
    finally:
        try:
            stream.close()
        except OSError:
            pass


def _read_lines(stream: IO[bytes], answers: queue.Queue[object], closed: threading.Event) -> None:
    """Move the engine's output lines into ``answers``; ``None`` once it has ended.

    The queue is bounded: an engine that floods lines nobody asked for waits
    until they are read (or the connection is closed).
    """
    def put(item: object) -> None:
        while not closed.is_set():
            try:
                answers.put(item, timeout=0.2)
                return
            except queue.Full:
                continue
        raise ValueError("closed")  # stop reading: nobody will take it

    try:
        _lines(stream, ANSWER_BYTES, put, lambda _: put(_TOO_LONG))
    finally:
        try:
            answers.put_nowait(None)
        except queue.Full:
            pass


def _keep_lines(stream: IO[bytes], kept: collections.deque[str]) -> None:
    """Keep the engine's last lines on standard error, each cut to :data:`STDERR_LINE` characters."""
    def keep(line: str) -> None:
        if line.strip():
            kept.append(line[:STDERR_LINE])

    _lines(stream, STDERR_LINE * 4, keep, keep)


def _still_running(pid: int) -> bool | None:
    """Whether process ``pid`` (our child) has not exited; it is not reaped, so its process group
    stays ours to signal. None where the system cannot tell without reaping it."""
    if not hasattr(os, "waitid"):
        return None
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None
    except ChildProcessError:
        return False


def _kill_group(process: subprocess.Popen) -> None:
    """Kill the engine and everything it started (a wrapper script's children): its whole process
    group, which is its own (it was started in a new session). Called before the engine is reaped,
    so the group's id is still its own."""
    if os.name == "posix" and process.returncode is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
            return
        except ProcessLookupError:
            return
        except OSError:
            pass
    try:
        process.kill()
    except OSError:  # pragma: no cover - already gone
        pass


def _wait(process: subprocess.Popen, seconds: float) -> bool:
    """Wait up to ``seconds`` for the engine to exit, without reaping it where we can; whether it did."""
    deadline = time.monotonic() + seconds
    while True:
        running = _still_running(process.pid) if process.returncode is None else False
        if running is None:
            try:
                process.wait(seconds)
                return True
            except subprocess.TimeoutExpired:
                return False
        if not running:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)


def _stdin(process: subprocess.Popen) -> IO[bytes]:
    """The engine's standard input: a pipe, as every engine here is started with one."""
    stdin = process.stdin
    assert stdin is not None  # started with stdin=PIPE
    return stdin


def _shut_down(process: subprocess.Popen, grace: float, closed: threading.Event) -> None:
    """Ask the engine to quit, and kill it if it has not after ``grace`` seconds; then end whatever
    it started that is still running (its process group)."""
    closed.set()
    stdin = _stdin(process)
    if process.returncode is None and _still_running(process.pid) is not False:
        try:
            stdin.write(b"quit\n")
            stdin.flush()
        except (OSError, ValueError):
            pass
    try:
        stdin.close()
    except (OSError, ValueError):
        pass
    _wait(process, grace)
    _kill_group(process)  # what a wrapper started, and the engine itself if it did not quit
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:  # pragma: no cover - a process that survives SIGKILL
        pass


class GTPConnection:
    """A running engine: :meth:`ask` sends one command and returns its answer within a timeout.

    ``command`` is the program and its arguments; ``name`` names the engine
    in error messages. A command not answered within its timeout ends the
    engine (an answer that comes later would be taken for the next one's), as
    does a closed pipe; both raise
    :class:`~blokus_nb.errors.EngineTerminatedError`. A wait interrupted by
    Ctrl-C leaves the engine running: its late answer is read and dropped
    before the next command.
    """

    def __init__(self, command: Sequence[str], *, name: str, grace: float = 2.0,
                 cwd: str | os.PathLike[str] | None = None, env: dict[str, str] | None = None) -> None:
        require_threads("an outside engine", "it is a program beside this one; play the built-in levels "
                        "('easy' to 'expert') instead")
        self.name = name
        self.command_line = shlex.join(command)
        #: Held for a whole exchange that must not be interleaved (a position and its search).
        self.lock = threading.RLock()
        #: What the player last sent (its own business: see ``player.py``); None when unknown.
        self.position: object = None
        #: Whether the engine's opening book is on (None: it has none we know of); the player's too.
        self.book: bool | None = None
        self._owed = 0  # answers still to come for commands whose wait was interrupted
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        options: dict = {}
        if os.name == "posix":
            options["start_new_session"] = True  # Ctrl-C in a terminal is ours to handle, not the engine's
        elif hasattr(subprocess, "CREATE_NEW_PROCESS_GROUP"):  # pragma: no cover - Windows
            options["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP
        try:
            self._process = subprocess.Popen(
                list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                bufsize=0, cwd=cwd, env=env, **options)
        except (OSError, ValueError, TypeError) as error:  # no such program, or a bad cwd= or env=
            why = getattr(error, "strerror", None) or str(error)
            raise EngineTerminatedError(f"engine {name!r} could not be started ({self.command_line}): {why}",
                                        engine=name, command=self.command_line) from None
        # Lines, None once the output has ended, _TOO_LONG for a line past ANSWER_BYTES.
        self._answers: queue.Queue[object] = queue.Queue(maxsize=_QUEUED_LINES)
        self._closing = threading.Event()
        threading.Thread(target=_read_lines, args=(self._process.stdout, self._answers, self._closing),
                         daemon=True, name=f"blokus-nb engine {name} stdout").start()
        self._stderr_thread = threading.Thread(target=_keep_lines, args=(self._process.stderr, self._stderr),
                                               daemon=True, name=f"blokus-nb engine {name} stderr")
        self._stderr_thread.start()
        self._closed = False
        self._finalizer = weakref.finalize(self, _shut_down, self._process, grace, self._closing)

    @property
    def pid(self) -> int:
        """The engine's process id."""
        return self._process.pid

    @property
    def is_running(self) -> bool:
        """Whether the engine process is still there and not closed."""
        if self._closed or self._process.returncode is not None:
            return False
        running = _still_running(self._process.pid)  # not reaped: its process group stays ours to end
        return self._process.poll() is None if running is None else running

    def stderr(self) -> tuple[str, ...]:
        """The engine's last lines on standard error."""
        return tuple(self._stderr)

    def ask(self, command: str, timeout: float) -> tuple[bool, str]:
        """Send ``command``; ``(success, text)`` of its answer, waited for at most ``timeout`` seconds."""
        if "\n" in command or "\r" in command:
            raise EngineError(f"a GTP command is one line, not {short_repr(command)}", engine=self.name,
                              command=command)
        with self.lock:
            if self._closed:
                raise EngineTerminatedError(f"engine {self.name!r} was closed; start a new one to go on",
                                            engine=self.name, command=command)
            deadline = time.monotonic() + timeout
            while self._owed:  # the late answers of interrupted commands
                self._read_answer(command, deadline, timeout)
                self._owed -= 1
            self._owed += 1  # before sending: an interruption from here on leaves an answer to drop
            try:
                stdin = _stdin(self._process)
                stdin.write(command.encode("utf-8", errors="replace") + b"\n")
                stdin.flush()
            except (OSError, ValueError):
                raise self._ended(command, "had ended before it could be sent") from None
            lines = self._read_answer(command, deadline, timeout)
            self._owed -= 1
            try:
                return parse_answer(lines)
            except ValueError:
                raise EngineError(f"engine {self.name!r} answered {short_repr(command)} with "
                                  f"{short_repr(lines[0])}, which is not GTP (an answer starts with '=' "
                                  "or '?'): is this a GTP engine?", engine=self.name, command=command,
                                  stderr=self.stderr()) from None

    def _read_answer(self, command: str, deadline: float, timeout: float) -> list[str]:
        lines: list[str] = []
        size = 0
        while True:
            # The deadline is checked at every line, not only when none is waiting: an engine
            # that floods lines must not outlive its timeout.
            left = deadline - time.monotonic()
            try:
                if left <= 0:
                    raise queue.Empty
                line = self._answers.get(timeout=min(left, threading.TIMEOUT_MAX))
            except queue.Empty:
                raise self._stopped(command, f"did not answer {short_repr(command)} within {timeout:g} s, "
                                    "so it was stopped (give the engine a longer timeout= if it needs more)"
                                    ) from None
            if line is None:
                try:
                    self._answers.put_nowait(None)  # every later read sees the end too
                except queue.Full:  # pragma: no cover - the reader has stopped: there is room
                    pass
                raise self._ended(command, "ended while answering")
            if line is _TOO_LONG:
                raise self._stopped(command, f"answered {short_repr(command)} with a line longer than "
                                    f"{ANSWER_BYTES} bytes, so it was stopped")
            assert isinstance(line, str)
            if not line.strip():
                if lines:
                    return lines
                continue  # blank lines before an answer
            size += len(line) + 1
            if size > ANSWER_BYTES:
                raise self._stopped(command, f"answered {short_repr(command)} with more than {ANSWER_BYTES} "
                                    "bytes, so it was stopped")
            lines.append(line)

    def _stopped(self, command: str, why: str) -> EngineTerminatedError:
        """End an engine that is out of step (whatever it says next would be taken for the next
        answer), with no grace period for a ``quit`` it will not read; the error says ``why``."""
        _kill_group(self._process)
        self.close()
        return EngineTerminatedError(f"engine {self.name!r} {why}", engine=self.name, command=command,
                                     stderr=self.stderr(), returncode=self._process.returncode)

    def _ended(self, command: str, how: str) -> EngineTerminatedError:
        exited = _wait(self._process, 1.0)  # not reaped yet: close() ends what it started too
        self._stderr_thread.join(0.5)  # its last words may still be in the pipe
        self.close()
        code = self._process.returncode if exited else None
        status = "" if code is None else f" (exit status {code})"
        return EngineTerminatedError(f"engine {self.name!r} {how} {short_repr(command)}{status}",
                                     engine=self.name, command=command, stderr=self.stderr(), returncode=code)

    def close(self) -> None:
        """Quit the engine (``quit``, then a kill after the grace period) and end what it started
        (its process group: a wrapper script's engine too); closing again does nothing."""
        self._closed = True
        self._finalizer()

    def __repr__(self) -> str:
        state = "running" if self.is_running else "closed"
        return f"<GTPConnection {self.name!r} pid {self._process.pid} {state}>"
