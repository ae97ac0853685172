"""The GTP connection: one engine process, one command at a time, every answer within a timeout.

GTP (the Go Text Protocol, which Pentobi's ``pentobi-gtp`` speaks for Blokus)
is a line protocol. A command is one line; the answer starts with ``=``
(success) or ``?`` (failure) and ends with an empty line. The engine's
standard output is read by a thread into a queue, so that waiting for an
answer can time out; its standard error is kept, its last lines only, by
another thread, so that an error can say what the engine said before it
failed. Neither thread holds the connection, so a connection nobody uses any
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
import subprocess
import threading
import time
import weakref
from typing import IO, Sequence

from ..errors import EngineError, EngineTerminatedError, short_repr
from ..runtime import require_threads

__all__ = ["GTPConnection", "parse_answer"]

#: Lines of the engine's standard error kept for error messages.
STDERR_LINES = 20


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


def _read_lines(stream: IO[str], answers: "queue.Queue[str | None]") -> None:
    """Move the engine's output lines into ``answers``; ``None`` once it has ended."""
    try:
        for line in stream:
            answers.put(line.rstrip("\r\n"))
    except (OSError, ValueError):  # the pipe was closed under us: the engine is gone either way
        pass
    finally:
        answers.put(None)
        try:
            stream.close()
        except OSError:
            pass


def _keep_lines(stream: IO[str], kept: "collections.deque[str]") -> None:
    """Keep the engine's last lines on standard error."""
    try:
        for line in stream:
            line = line.rstrip("\r\n")
            if line.strip():
                kept.append(line[:500])  # a line of megabytes would flood every message
    except (OSError, ValueError):
        pass
    finally:
        try:
            stream.close()
        except OSError:
            pass


def _shut_down(process: subprocess.Popen, grace: float) -> None:
    """Ask the engine to quit, and kill it if it has not after ``grace`` seconds."""
    if process.poll() is None:
        try:
            process.stdin.write("quit\n")
            process.stdin.flush()
        except (OSError, ValueError):
            pass
    try:
        process.stdin.close()
    except (OSError, ValueError):
        pass
    try:
        process.wait(grace)
    except subprocess.TimeoutExpired:
        process.kill()
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
                 cwd: "str | os.PathLike[str] | None" = None, env: "dict[str, str] | None" = None) -> None:
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
                text=True, encoding="utf-8", errors="replace", bufsize=1, cwd=cwd, env=env, **options)
        except (OSError, ValueError, TypeError) as error:  # no such program, or a bad cwd= or env=
            why = getattr(error, "strerror", None) or str(error)
            raise EngineTerminatedError(f"engine {name!r} could not be started ({self.command_line}): {why}",
                                        engine=name, command=self.command_line) from None
        self._answers: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=_read_lines, args=(self._process.stdout, self._answers), daemon=True,
                         name=f"blokus-nb engine {name} stdout").start()
        self._stderr_thread = threading.Thread(target=_keep_lines, args=(self._process.stderr, self._stderr),
                                               daemon=True, name=f"blokus-nb engine {name} stderr")
        self._stderr_thread.start()
        self._closed = False
        self._finalizer = weakref.finalize(self, _shut_down, self._process, grace)

    @property
    def pid(self) -> int:
        """The engine's process id."""
        return self._process.pid

    @property
    def is_running(self) -> bool:
        """Whether the engine process is still there and not closed."""
        return not self._closed and self._process.poll() is None

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
                self._process.stdin.write(command + "\n")
                self._process.stdin.flush()
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
        while True:
            try:
                line = self._answers.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self._process.kill()  # hung: no grace period for a quit it will not read
                self.close()
                raise EngineTerminatedError(
                    f"engine {self.name!r} did not answer {short_repr(command)} within {timeout:g} s, "
                    "so it was stopped (give the engine a longer timeout= if it needs more)",
                    engine=self.name, command=command, stderr=self.stderr(),
                    returncode=self._process.poll()) from None
            if line is None:
                self._answers.put(None)  # every later read sees the end too
                raise self._ended(command, "ended while answering")
            if not line.strip():
                if lines:
                    return lines
                continue  # blank lines before an answer
            lines.append(line)

    def _ended(self, command: str, how: str) -> EngineTerminatedError:
        try:
            code = self._process.wait(1.0)
        except subprocess.TimeoutExpired:
            code = None
        self._stderr_thread.join(0.5)  # its last words may still be in the pipe
        status = "" if code is None else f" (exit status {code})"
        self.close()
        return EngineTerminatedError(f"engine {self.name!r} {how} {short_repr(command)}{status}",
                                     engine=self.name, command=command, stderr=self.stderr(), returncode=code)

    def close(self) -> None:
        """Quit the engine (``quit``, then a kill after the grace period); closing again does nothing."""
        self._closed = True
        self._finalizer()

    def __repr__(self) -> str:
        state = "running" if self.is_running else "closed"
        return f"<GTPConnection {self.name!r} pid {self._process.pid} {state}>"
