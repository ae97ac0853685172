"""An outside engine as a player and an evaluator: :class:`GTPEngine`.

The engine is started and checked once: it must answer ``name`` and
``list_commands``, know ``clear_board``, ``play`` and ``reg_genmove`` (or
``genmove``), and play our variant: the ``GM`` of the record it writes with
``savesgf`` (read by our record reader), or else its legal first moves
(``all_legal``) against ours.

A position is sent as its moves: ``clear_board`` and one ``play COLOR MOVE``
per placement (a game that only grew since the last position gets only its
new moves). Passes are not sent: every ``play`` names its color, and Pentobi
refuses ``play COLOR pass``. A game with setup pieces is sent with
``loadsgf`` of a temporary record of the setup. Colors are named as Pentobi
names them: ``b`` and ``w`` in Duo, ``1`` to ``4`` on the classic board.

Every move the engine answers is read and checked by our rules before anyone
may play it: a move our rules refuse is an
:class:`~blokus_nb.errors.EngineError` naming the engine and the move.

A :class:`~blokus_nb.players.Limit` maps to the engine's controls where GTP
has them: ``time`` to ``time_settings 0 T 1`` (whole seconds a move) when the
engine lists that command, and it also lengthens the wait for the answer.
GTP has no command for a number of simulations: there the strength is the
engine's own (Pentobi's ``--level``), and ``stop`` cannot interrupt a search
that the engine runs.

>>> import blokus_nb as bn
>>> engine_colors(bn.Game("duo")), engine_colors(bn.Game("classic_3"))
(('b', 'w'), ('1', '2', '3', '4'))
"""

from __future__ import annotations

import io
import math
import os
import random
import re
import shlex
import stat
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import validation
from ..errors import ArgumentTypeError, BlokusError, EngineError, IllegalMoveError, short_repr
from ..game import Game
from ..move import Move
from ..players.base import Limit, Player, check_limit
from ..players.mcts import MoveStatistics, SearchResult
from ..variants import Variant, get_variant
from .gtp import GTPConnection

__all__ = ["GTPEngine", "RootStatistics", "engine_colors"]

#: How long the engine may take to answer a command, in seconds, when not told otherwise.
DEFAULT_TIMEOUT = 30.0

#: The largest record of an empty board read back from ``savesgf``, in bytes.
RECORD_BYTES = 1024 * 1024

#: One line of ``move_values``: visits, value count, value, then the move (Pentobi prefixes ``[piece]``).
_MOVE_VALUE = re.compile(r"^\s*(\S+)\s+(\S+)\s+(\S+)\s+(?:\[[^\]]*\])?(\S+)\s*$")


def engine_colors(game: Game) -> tuple[str, ...]:
    """The engine's names of ``game``'s colors, in the game's order (Pentobi's names).

    >>> import blokus_nb as bn
    >>> engine_colors(bn.Game("classic"))
    ('1', '2', '3', '4')
    """
    validation.instance(game, "game", Game, "a blokus_nb.Game")
    return ("b", "w") if len(game.colors) == 2 else tuple(str(k + 1) for k in range(len(game.colors)))


def _command_line(command: Any) -> list[str]:
    """The program and its arguments: a command line as text (split as a shell would), or a list."""
    if isinstance(command, (str, os.PathLike)):
        # A path of a program (which may have spaces) is the program; other text is a command line.
        path = os.fspath(validation.path(command, "an engine's command")) if isinstance(command, os.PathLike) \
            else command
        try:
            parts = shlex.split(path) if isinstance(command, str) and not os.path.isfile(path) else [path]
        except ValueError as error:  # an unbalanced quote
            raise BlokusError(f"an engine's command line {short_repr(command)} cannot be split into words "
                              f"({error}): close its quotes, or give the words as a list") from None
    elif isinstance(command, Sequence) and all(isinstance(part, (str, os.PathLike)) for part in command):
        parts = [os.fspath(validation.path(part, "a word of an engine's command", "run"))
                 if isinstance(part, os.PathLike) else part for part in command]
    else:
        raise ArgumentTypeError("an engine's command is a command line like 'pentobi-gtp --game duo' or a "
                                f"list of its words, not {short_repr(command)}")
    if not parts or not parts[0]:
        raise BlokusError("an engine's command names the program to start, like 'pentobi-gtp --game duo'")
    return parts


def _environment(env: Any) -> dict[str, str] | None:
    """``env`` as the engine's environment: None (ours), or a mapping of names to values, all text."""
    if env is None:
        return None
    if not isinstance(env, Mapping) or not all(isinstance(k, str) and isinstance(v, str) and k and "=" not in k
                                               and "\0" not in k + v for k, v in env.items()):
        raise ArgumentTypeError("env is the engine's environment, a dict of names to values, all text (like "
                                f"dict(os.environ, LANG='C')), or None for ours, not {short_repr(env)}")
    return dict(env)


@dataclass(frozen=True)
class RootStatistics:
    """One search of an engine as it reported it (:meth:`GTPEngine.root_statistics`): training data.

    ``move`` is the engine's choice, ``value`` its ``get_value`` answer (``None``
    when it lists no such command) and ``moves`` its ``move_values`` lines as
    ``(visits, value, move)``, in the engine's order (Pentobi's: most visited
    first). Numbers are as the engine wrote them: Pentobi's values fold in the
    score, so they may stray a little outside 0..1.
    """

    move: Move
    value: float | None
    moves: list[tuple[int, float, Move]]


class _Shared:
    """The running engine that a player and its copies (``with_seed``) share; none after pickling."""

    __slots__ = ("connection", "starting")

    def __init__(self) -> None:
        self.connection: GTPConnection | None = None
        self.starting = threading.Lock()  # two threads asking a fresh copy at once start one engine

    def __reduce__(self) -> tuple:
        return (_Shared, ())  # never the process: the receiver starts its own


class GTPEngine(Player):
    """An outside engine speaking GTP, started as ``command``, for games of ``variant``.

    It is a player (``choose_move``, so it takes a seat in the board widget,
    ``play_match``, ``round_robin`` and ``self_play``) and an evaluator
    (``search``, so ``bn.hint``, ``bn.analysis.review`` and the review board
    take it). Every command waits at most ``timeout`` seconds for its answer
    (a search: that plus the limit's time); an engine that crashes or hangs
    raises :class:`~blokus_nb.errors.EngineTerminatedError` with its last lines
    on standard error. ``seed`` is sent with ``set_random_seed`` before each
    search (mixed with the move number) when the engine knows the command.

    Close it with :meth:`close` or a ``with`` block; one left open is closed
    when it is garbage-collected and at interpreter exit (``quit``, then a
    kill after ``grace`` seconds). Copies made by ``with_seed`` (as matches
    make them) share the one process. A pickled engine travels as its command
    and options: a worker process (``play_match(..., n_jobs=2)``) starts its own
    engine when first asked, and it ends with the worker's games.

    See :func:`blokus_nb.engines.pentobi` for Pentobi's command line.
    """

    name = "gtp"

    def __init__(self, command: str | os.PathLike[str] | Sequence[str], *, variant: str | Variant = "duo",
                 timeout: float = DEFAULT_TIMEOUT, name: str | None = None, seed: int | None = None,
                 limit: Limit | None = None, grace: float = 2.0,
                 cwd: str | os.PathLike[str] | None = None, env: dict[str, str] | None = None) -> None:
        if name is not None and not isinstance(name, str):
            raise ArgumentTypeError(f"name is text, not {short_repr(name)}")
        super().__init__(seed=seed, limit=limit)
        self.command = _command_line(command)
        self.variant = get_variant(variant)
        self.timeout = float(validation.seconds(timeout, "timeout"))
        self.grace = float(validation.seconds(grace, "grace"))
        self.cwd = None if cwd is None else validation.path(cwd, "cwd", "run in")
        self.env = _environment(env)
        self.name = name or Path(self.command[0]).name
        #: The engine's answers to ``name`` and ``version`` (empty until it has started).
        self.id: dict[str, str] = {}
        #: The commands the engine lists (``list_commands``).
        self.commands: frozenset[str] = frozenset()
        self._shared = _Shared()
        self._connect()

    # -- the process ------------------------------------------------------------------
    def _connect(self) -> GTPConnection:
        """The running engine: started and checked on first use (after pickling, in the worker)."""
        with self._shared.starting:
            return self._shared.connection or self._start()

    def _start(self) -> GTPConnection:
        connection = GTPConnection(self.command, name=self.name, grace=self.grace, cwd=self.cwd, env=self.env)
        try:
            self._handshake(connection)
        except BaseException:
            connection.close()  # a refused engine is not left running
            raise
        self._shared.connection = connection
        return connection

    def _handshake(self, connection: GTPConnection) -> None:
        ok, answer = connection.ask("name", self.timeout)
        if not ok:
            raise self._error(f"does not answer the GTP command 'name' ({short_repr(answer)}): is it a "
                              "GTP engine?", "name", connection)
        self.id = {"name": answer}
        ok, answer = connection.ask("version", self.timeout)
        if ok:
            self.id["version"] = answer
        ok, answer = connection.ask("list_commands", self.timeout)
        if not ok:
            raise self._error("does not list its commands (list_commands), as GTP engines do", "list_commands",
                              connection)
        self.commands = frozenset(line.strip() for line in answer.splitlines() if line.strip())
        missing = [c for c in ("clear_board", "play") if c not in self.commands]
        if not {"reg_genmove", "genmove"} & self.commands:
            missing.append("reg_genmove")
        if missing:
            raise self._error(f"lacks the GTP commands {', '.join(missing)}, which a player needs",
                              "list_commands", connection)
        # Pentobi's opening book: on for play, off while it evaluates (a book move comes with no estimate).
        connection.book = None
        if "param" in self.commands:
            ok, answer = connection.ask("param", self.timeout)
            if ok and "use_book 1" in answer.splitlines():
                connection.book = True
        self._check_variant(connection)

    def _check_variant(self, connection: GTPConnection) -> None:
        """Refuse an engine that plays another game than ``self.variant``."""
        from ..records import read_sgf

        self._ask(connection, "clear_board")
        connection.position = ("", ())
        with tempfile.TemporaryDirectory(prefix="blokus-nb-engine-") as folder:
            path = os.path.join(folder, "variant.blksgf")
            if "savesgf" in self.commands and not any(c.isspace() for c in path):
                self._ask(connection, f"savesgf {path}")
                try:
                    played = read_sgf(self._record(path, connection)).variant
                except (BlokusError, OSError) as error:
                    raise self._error(f"writes a record of its game that we cannot read ({error}): it does "
                                      f"not play {self.variant.name}", "savesgf", connection) from None
                if played.name != self.variant.name:
                    raise self._error(f"plays {played.name}, not {self.variant.name} (start it for "
                                      f"{self.variant.name}, e.g. pentobi-gtp --game {self.variant.name})",
                                      "savesgf", connection)
                return
        if "all_legal" not in self.commands:
            raise self._error("cannot tell which game it plays: it lists neither savesgf nor all_legal",
                              "list_commands", connection)
        game = Game(self.variant)
        command = f"all_legal {engine_colors(game)[0]}"
        answer = self._ask(connection, command)
        try:
            theirs = {game.parse_move(text).placement for text in answer.split()}
        except BlokusError:
            theirs = None
        if theirs != {move.placement for move in game.legal_moves()}:
            raise self._error(f"does not play {self.variant.name}: its first moves for "
                              f"{game.colors[0]} are not the rules' ({short_repr(answer)})", command, connection)

    def _record(self, path: str, connection: GTPConnection) -> io.StringIO:
        """The text of the record the engine wrote at ``path`` (``savesgf``), read without waiting:
        a named pipe or a device there would block us past every timeout, so only a regular file
        of at most :data:`RECORD_BYTES` is read."""
        try:
            descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError as error:
            raise self._error(f"was asked to write a record (savesgf) and left none we can open: "
                              f"{error.strerror or error}", "savesgf", connection) from None
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(descriptor).st_mode):
                raise self._error("answered savesgf with something that is not a regular file (a named "
                                  "pipe or a device?), which we do not read", "savesgf", connection)
            data = handle.read(RECORD_BYTES + 1)
        if len(data) > RECORD_BYTES:
            raise self._error(f"wrote a record (savesgf) of more than {RECORD_BYTES} bytes for an empty "
                              "board", "savesgf", connection)
        return io.StringIO(data.decode("utf-8", errors="replace"))

    def _ask(self, connection: GTPConnection, command: str, timeout: float | None = None) -> str:
        """The answer to ``command``; an engine that refuses it is an :class:`EngineError`."""
        ok, answer = connection.ask(command, self.timeout if timeout is None else timeout)
        if not ok:
            raise self._error(f"refused {short_repr(command)}: {short_repr(answer, 200)}", command, connection)
        return answer

    def _error(self, what: str, command: str, connection: GTPConnection | None = None) -> EngineError:
        stderr = connection.stderr() if connection is not None else ()
        return EngineError(f"engine {self.name!r} {what}", engine=self.name, command=command, stderr=stderr)

    def close(self) -> None:
        """Quit the engine (and its copies', which share it); using it afterwards is an error.

        A copy that arrived by pickling has not started an engine yet and stays so.
        """
        connection = self._shared.connection
        if connection is not None:
            connection.close()

    def __enter__(self) -> GTPEngine:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __copy__(self) -> GTPEngine:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)  # the same _Shared: one process for the copies
        return other

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        state["_shared"] = _Shared()  # a process cannot travel: the receiver starts its own (copies too)
        return state

    def __repr__(self) -> str:
        parts = [repr(shlex.join(self.command)), f"variant={self.variant.name!r}"]
        if self.seed is not None:
            parts.append(f"seed={self.seed!r}")
        return f"GTPEngine({', '.join(parts)})"

    # -- positions and moves -----------------------------------------------------------
    def _send_position(self, connection: GTPConnection, game: Game) -> None:
        """Make the engine's position ``game``'s: only the new moves if it merely grew."""
        if game.variant.name != self.variant.name:
            raise EngineError(f"engine {self.name!r} was started for {self.variant.name}, not "
                              f"{game.variant.name}: start another for that game", engine=self.name)
        colors = dict(zip(game.colors, engine_colors(game)))
        from ..records import to_sgf  # the engine's position as a record (records sit below engines)

        setup = ""
        if game.setup:
            start = game.copy()
            while start.can_undo:
                start.undo()
            setup = to_sgf(start)
        plays = tuple(f"play {colors[m.color]} {m}" for m in game.history if not m.is_pass)
        key = (setup, plays)
        known = connection.position
        if (isinstance(known, tuple) and known[0] == setup and len(known[1]) <= len(plays)
                and plays[:len(known[1])] == known[1]):
            todo = plays[len(known[1]):]
        else:
            connection.position = None  # unknown until every command below is accepted
            self._ask(connection, "clear_board")
            if setup:
                self._load_setup(connection, setup)
            todo = plays
            connection.position = (setup, ())
        for number, command in enumerate(todo):
            connection.position = None  # an interruption now leaves the engine's position unknown
            ok, answer = connection.ask(command, self.timeout)
            if not ok:
                connection.position = None
                raise self._error(f"refused the position's move {command!r}: {short_repr(answer, 200)}",
                                  command, connection)
            connection.position = (setup, plays[:len(plays) - len(todo) + number + 1])
        connection.position = key

    def _load_setup(self, connection: GTPConnection, record: str) -> None:
        if "loadsgf" not in self.commands:
            raise EngineError(f"engine {self.name!r} cannot be given a game with setup pieces: it does not "
                              "list loadsgf", engine=self.name, command="loadsgf")
        with tempfile.TemporaryDirectory(prefix="blokus-nb-engine-") as folder:
            path = os.path.join(folder, "setup.blksgf")
            if any(c.isspace() for c in path):
                raise EngineError(f"no temporary file name without spaces for engine {self.name!r}'s "
                                  "loadsgf", engine=self.name, command="loadsgf")
            Path(path).write_text(record, encoding="utf-8")
            self._ask(connection, f"loadsgf {path}")

    def _move(self, game: Game, text: str, command: str, connection: GTPConnection) -> Move:
        """The engine's answer ``text`` as a move for ``game.to_play``, if our rules allow it."""
        color = game.to_play
        assert color is not None  # asked only of a game that goes on (_searchable)
        word = text.strip().lower()
        if word == "pass":
            if game.board.has_legal(game.colors.index(color)):
                raise self._error(f"passed for {color}, who has legal moves (the engine's position may "
                                  "differ from ours)", command, connection)
            return Move.pass_move(color, game.size)
        if word == "resign":
            raise self._error(f"resigned for {color}; Blokus games are played to the end (start Pentobi with "
                              "--noresign)", command, connection)
        try:
            move = game.parse_move(word, color)
            if not game.is_legal(move):
                game.copy().play(move)  # raises, with the rule the move breaks
        except BlokusError as error:
            raise self._error(f"answered {short_repr(command)} with the move {short_repr(text)}, which our "
                              f"rules refuse: {error}", command, connection) from None
        return move

    def _genmove(self, connection: GTPConnection, game: Game, limit: Limit | None, book: bool = True) -> Move:
        """The engine's move for ``game`` (searched, not played on its board); ``book=False``: a search
        even where the engine has a book move."""
        self._send_position(connection, game)
        if connection.book is not None and connection.book != book:
            self._ask(connection, f"param use_book {int(book)}")
            connection.book = book
        color = engine_colors(game)[game.colors.index(game.to_play)]
        if self.seed is not None and "set_random_seed" in self.commands:
            seed = random.Random(f"{self.seed}/{len(game.history)}").getrandbits(31)
            self._ask(connection, f"set_random_seed {seed}")
        wait = self.timeout
        if limit is not None and limit.time is not None:
            wait += limit.time
            if "time_settings" in self.commands:
                self._ask(connection, f"time_settings 0 {max(1, math.ceil(limit.time))} 1")
        if "reg_genmove" in self.commands:
            command = f"reg_genmove {color}"
            return self._move(game, self._ask(connection, command, wait), command, connection)
        command = f"genmove {color}"  # it plays the move on its board too: resend the position next time
        connection.position = None
        return self._move(game, self._ask(connection, command, wait), command, connection)

    def _choose(self, game: Game, limit: Limit | None) -> Move:
        connection = self._connect()
        with connection.lock:
            return self._genmove(connection, game, limit)

    # -- the evaluator -----------------------------------------------------------------
    def search(self, game: Game, limit: Limit | None = None) -> SearchResult:
        """The engine's move for ``game.to_play``, its win estimate and its other root moves.

        ``win_rate`` is the chosen move's value in ``move_values`` (the chance
        after the move, as our searches report it), kept within 0..1; where
        the engine did not try that move (Pentobi, in a position it has lost,
        may answer a move it hardly searched), the value of its most visited
        move, its estimate of the position. ``get_value`` is read only from an
        engine that lists no ``move_values``: Pentobi answers it after
        ``reg_genmove`` with another search's value (0 in its first moves,
        then the search before, for the other color). An opening
        book (Pentobi's ``use_book``) is off while it searches here, so every
        position is searched; ``choose_move`` plays from the book. ``alternatives`` are the
        moves of ``move_values`` (visits and value; ``heuristic`` is NaN: the
        engine reports no prior), the chosen move first. ``chances`` are each
        player's in two-player games, empty with three or four players.
        Raises :class:`~blokus_nb.errors.EngineError` for an engine that
        reports no estimate at all (neither ``get_value`` nor ``move_values``).
        """
        game = self._searchable(game)
        limit = check_limit(limit) if limit is not None else self.limit_for(game)
        connection = self._connect()
        if not {"get_value", "move_values"} & self.commands:
            raise self._error("reports no win estimate (it lists neither get_value nor move_values): it "
                              "can play, not evaluate", "list_commands", connection)
        with connection.lock:
            start = time.perf_counter()
            move = self._genmove(connection, game, limit, book=False)
            seconds = time.perf_counter() - start
            value = None
            if "move_values" in self.commands:
                statistics = self._move_values(connection, game)
            else:
                statistics = []
                if "get_value" in self.commands:
                    value = self._number(self._ask(connection, "get_value"), "get_value", connection)
        chosen = next((s for s in statistics if s.move == move), None)
        if chosen is None:
            chosen = MoveStatistics(move, 0, math.nan if value is None else value,
                                    math.nan if value is None else value, math.nan)
        else:
            statistics.remove(chosen)
        tried = [s for s in (chosen, *statistics) if s.visits]
        if tried:
            # the chance after the move, as our searches report it; else the engine's best estimate
            value = chosen.value if chosen.visits else max(tried, key=lambda s: s.visits).value
        if value is None:
            value = 0.5  # no move tried and no get_value: nothing is known
        win_rate = min(1.0, max(0.0, value))
        chances: tuple[float, ...] = ()
        if game.variant.n_players == 2:
            player = game.player_to_play
            assert player is not None  # a game that goes on (_searchable)
            mover = player - 1
            chances = tuple(win_rate if p == mover else 1.0 - win_rate for p in range(2))
        visits = sum(s.visits for s in statistics) + chosen.visits
        return SearchResult(move=move, win_rate=win_rate, simulations=visits, nodes=visits,
                            seconds=seconds, alternatives=[chosen, *statistics], chances=chances)

    def root_statistics(self, game: Game, limit: Limit | None = None) -> RootStatistics:
        """The engine's search of ``game``'s position, its numbers as it wrote them (see :class:`RootStatistics`).

        As :meth:`search`, it searches (``reg_genmove``, the opening book off)
        without playing, checks every move by our rules and leaves ``game``
        alone; then it asks ``get_value`` and ``move_values``. An engine that
        does not list ``move_values`` is an :class:`~blokus_nb.errors.EngineError`.

        >>> engine.root_statistics(bn.Game("classic")).moves[0]  # doctest: +SKIP
        (243, 0.583, Move('blue', 'b18,c18,b19,a20,b20'))
        """
        game = self._searchable(game)
        limit = check_limit(limit) if limit is not None else self.limit_for(game)
        connection = self._connect()
        if "move_values" not in self.commands:
            raise self._error("does not list move_values, so it reports no root statistics",
                              "list_commands", connection)
        with connection.lock:
            move = self._genmove(connection, game, limit, book=False)
            value = None
            if "get_value" in self.commands:
                value = self._finite(self._ask(connection, "get_value"), "get_value", connection)
            moves = self._root_moves(connection, game)
        return RootStatistics(move, value, moves)

    @staticmethod
    def _searchable(game: Game) -> Game:
        """A copy of ``game`` with a color to move that has a legal move, or the project's error."""
        validation.instance(game, "game", Game, "a blokus_nb.Game")
        game = game.copy()
        color = game.to_play
        if color is None:
            raise IllegalMoveError("the game is over: there is nothing to search", rule="game-over")
        if not game.board.has_legal(game.colors.index(color)):
            raise BlokusError(f"{color} has no legal move: there is nothing to search")
        return game

    def _finite(self, text: str, command: str, connection: GTPConnection) -> float:
        try:
            value = float(text.split()[0])
        except (ValueError, IndexError):
            value = math.nan
        if not math.isfinite(value):
            raise self._error(f"answered {command!r} with {short_repr(text)}, which is not a number",
                              command, connection)
        return value

    def _number(self, text: str, command: str, connection: GTPConnection) -> float:
        return min(1.0, max(0.0, self._finite(text, command, connection)))

    def _move_values(self, connection: GTPConnection, game: Game) -> list[MoveStatistics]:
        """The last search's root moves from ``move_values`` as statistics, values within 0..1."""
        statistics = []
        for visits, value, move in self._root_moves(connection, game):
            value = min(1.0, max(0.0, value))
            statistics.append(MoveStatistics(move, visits, value, value, math.nan))
        return statistics

    def _root_moves(self, connection: GTPConnection, game: Game) -> list[tuple[int, float, Move]]:
        """The last search's ``move_values`` lines as ``(visits, value, move)``, each move checked by our rules."""
        answer = self._ask(connection, "move_values")
        moves = []
        for line in answer.splitlines():
            if not line.strip():
                continue
            found = _MOVE_VALUE.match(line)
            try:
                if found is None:
                    raise ValueError(line)
                visits, value = float(found.group(1)), float(found.group(3))
                if not (math.isfinite(visits) and math.isfinite(value)) or visits < 0:
                    raise ValueError(line)  # int(inf) would be an OverflowError
            except ValueError:
                raise self._error(f"answered 'move_values' with the line {short_repr(line)}, which is not "
                                  "'visits count value move'", "move_values", connection) from None
            moves.append((int(visits), value, self._move(game, found.group(4), "move_values", connection)))
        return moves
