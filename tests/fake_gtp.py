"""A fake GTP engine for the tests of outside engines, run as
``python tests/fake_gtp.py [MODE] [--game VARIANT] [FLAGS]``.

tests/test_engines.py, tests/test_label_games.py and tests/widgets/test_review.py start
it as a program. It imports only blokus_nb and the standard library, so a copy of this
file runs from anywhere blokus_nb imports (the tests set ``PYTHONPATH``).

Modes (``legal`` when none is given):

- ``legal``: answers a search with a legal move (blokus-nb's own greedy choice). Its root
  (``move_values``) is that move and the next two legal moves, with visits 9, 6, 3 and
  values 0.6, 0.5, 0.4; ``get_value`` is 0.55.
- ``first-three``: answers a search with its first legal move. Its root is its first three
  legal moves, with visits 30, 20, 10 and values 1.0404, 0.9404, 0.8404 (above 1, as
  Pentobi's fold in the score); ``get_value`` is 0.5 + 0.01 a placement played so far.
- ``illegal``: answers a search with a well-formed move that breaks the rules.
- ``hang``: never answers a search.
- ``die``: at its second search, writes two lines on stderr and exits with status 3.
- ``garbage``: does not speak GTP: every line it reads gets the same greeting.
- ``silent``: lists no search estimate (neither ``get_value`` nor ``move_values``) and no
  ``reg_genmove``, so it plays by ``genmove``.
- ``slow``: ``legal``, taking a second a search.
- ``flood-stderr``: ``legal``, and from its start writes ``y`` on stderr without end and
  without a newline.
- ``endless-line``: answers a search with ``= `` and then ``x`` without end, never a newline.
- ``flood-lines``: answers a search with ``= yes`` and then lines ``yes`` as fast as it can,
  never the empty line that ends an answer.
- ``fifo``: ``legal``, but answers ``savesgf PATH`` by making a named pipe at PATH.
- ``lost-end``: Pentobi's numbers near the end of a decided Duo game (level 8, duo_L1_0003.blksgf,
  moves 17 and 18). Purple has won: its root values are 1.013, 1.033, 0.921 (a win with the score
  folded in), orange's -0.053, -0.053, -0.052 (a loss). It answers its *last* legal move, as Pentobi
  at level 8 answers a lost position with a move it hardly searched: listed after the root's three
  with 0 visits and a prior value of 0.9. ``get_value`` answers the search before the last one's
  value (stale, and the other color's), as Pentobi does after ``reg_genmove``.

Flags:

- ``--game VARIANT``: the variant it plays, ``duo`` by default.
- ``--no-savesgf``: leaves ``savesgf`` out of its commands (the variant is then checked
  by ``all_legal``).
- ``--no-move-values``: leaves ``move_values`` out of its commands.
- ``--over``: ``legal``'s estimates a little above 1: ``get_value`` 1.04, the root's values
  1.039, 0.939, 0.839.
- ``--book``: lists ``param``, and its opening book is on (``param`` answers ``use_book 1``).
- ``--visits WORD``, ``--value WORD``: the first ``move_values`` line has WORD (such as
  ``inf`` or ``1e999``) as its visits or its value.

``play`` refuses a color that is not to move (Pentobi takes the color named, a pass in
between). Every command received is appended to ``$FAKE_GTP_LOG``, when it is set, as a
line ``PID COMMAND``, so tests see what was sent and to which process; :func:`read_log`
reads it back.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import blokus_nb as bn
from blokus_nb.players import make_player

#: This file, to start as ``[sys.executable, str(SCRIPT), MODE, ...]``.
SCRIPT = Path(__file__).resolve()
MODES = ("legal", "first-three", "illegal", "hang", "die", "garbage", "silent", "slow", "flood-stderr",
         "endless-line", "flood-lines", "fifo", "lost-end")
#: Pentobi's names of the colors: Duo's ``b`` and ``w``, the four-color boards' ``1`` to ``4``.
COLORS = {"b": 0, "w": 1, "1": 0, "2": 1, "3": 2, "4": 3}


def read_log(path: Path) -> list[tuple[int, str]]:
    """The commands a ``$FAKE_GTP_LOG`` holds, in order, each with the id of the process that got it."""
    entries = []
    for line in Path(path).read_text().splitlines():
        pid, command = line.split(" ", 1)
        entries.append((int(pid), command))
    return entries


def answer(text: str = "", ok: bool = True) -> None:
    sys.stdout.write(("= " if ok else "? ") + text + "\n\n")
    sys.stdout.flush()


class FakeEngine:
    """The engine's board and what it answers, for one ``MODE`` and its flags."""

    def __init__(self, mode: str, variant: str, flags: list[str]) -> None:
        self.mode, self.variant = mode, variant
        self.over = "--over" in flags
        self.words = {flag: flags[flags.index(flag) + 1] for flag in ("--visits", "--value") if flag in flags}
        self.commands = ["name", "version", "list_commands", "clear_board", "play", "reg_genmove", "genmove",
                         "quit", "all_legal", "savesgf", "loadsgf", "get_value", "move_values", "set_random_seed",
                         "time_settings"]
        if "--no-savesgf" in flags:
            self.commands.remove("savesgf")
        if "--no-move-values" in flags:
            self.commands.remove("move_values")
        if "--book" in flags:
            self.commands.append("param")
        if mode == "silent":
            for command in ("get_value", "move_values", "reg_genmove"):
                self.commands.remove(command)
        self.game = bn.Game(variant)
        self.searches = 0
        self.root: list[bn.Move] = []  # the last search's root moves, best first
        self.chosen: bn.Move | None = None  # lost-end: the move answered, outside the root's best three
        self.values = [0.0, 0.0]  # lost-end: the values of the last two searches' best moves

    def respond(self, command: str, rest: list[str]) -> bool:
        """Answer one command; False once it is ``quit``."""
        if command not in self.commands:
            answer("unknown command", ok=False)
        elif command == "name":
            answer("Fake")
        elif command == "version":
            answer("1.0")
        elif command == "list_commands":
            answer("\n".join(self.commands))
        elif command == "quit":
            answer()
            return False
        elif command == "clear_board":
            self.game = bn.Game(self.variant)
            answer()
        elif command == "play":
            played = self.play(*rest)
            answer("" if played else "invalid move", ok=played)
        elif command == "savesgf" and self.mode == "fifo":
            os.mkfifo(rest[0])
            answer()
        elif command == "savesgf":
            with open(rest[0], "w") as handle:
                handle.write(bn.records.to_sgf(self.game))
            answer()
        elif command == "loadsgf":
            self.game = bn.read_sgf(rest[0])
            answer()
        elif command == "all_legal":
            color = self.game.colors[COLORS[rest[0]]]
            answer("\n".join(str(m) for m in self.game.legal_moves(color)))
        elif command in ("reg_genmove", "genmove"):
            answer(self.search(rest[0], play=command == "genmove"))
        elif command == "get_value":
            answer(self.value())
        elif command == "move_values":
            answer(self.move_values())
        elif command == "param":
            answer("use_book 1" if not rest else "")
        else:  # set_random_seed, time_settings: taken, and nothing changes
            answer()
        return True

    def play(self, color: str, text: str) -> bool:
        """Play ``text`` for Pentobi's ``color``; False for a move it cannot read or play now."""
        try:
            move = self.game.parse_move(text, self.game.colors[COLORS[color]])
            if self.game.to_play != move.color:
                raise bn.BlokusError("not its turn")
            self.game.play(move)
            return True
        except (bn.BlokusError, KeyError, IndexError):
            return False

    def search(self, color_name: str, play: bool) -> str:
        """The answer to ``reg_genmove`` (or ``genmove``, which ``play``s it) in this mode."""
        self.searches += 1
        if self.mode == "hang":
            time.sleep(3600)
        if self.mode == "slow":
            time.sleep(1.0)
        if self.mode == "endless-line":
            sys.stdout.write("= ")
            while True:
                sys.stdout.write("x" * 65536)
        if self.mode == "flood-lines":
            sys.stdout.write("= yes\n")
            while True:
                sys.stdout.write("yes\n" * 1000)
        if self.mode == "die" and self.searches >= 2:
            sys.stderr.write("fake: something went badly wrong\nfake: giving up\n")
            sys.stderr.flush()
            sys.exit(3)
        if self.mode == "illegal":
            return "a1,a2"  # a domino in the corner: never at a start square
        color = self.game.colors[COLORS[color_name]]
        moves = list(self.game.legal_moves(color))
        if not moves:
            return "pass"
        if self.mode == "lost-end":
            self.root = moves[:3]
            move = moves[-1]
            self.chosen = move
            self.values = [self.values[1], 1.013 if color == self.game.colors[0] else -0.053]
            if play:
                self.game.play(move)
            return str(move)
        if self.mode == "first-three":
            move = moves[0]
        else:
            position = self.game.copy()
            if position.to_play != color:
                position = bn.Game(self.variant)  # not reached in the tests: they always ask the color to move
            move = make_player("greedy", seed=0).choose_move(position)
        self.root = [move] + [m for m in moves if m != move][:2]
        if play:
            self.game.play(move)
        return str(move)

    def value(self) -> str:
        """The answer to ``get_value``."""
        if self.mode == "first-three":
            return f"{0.5 + 0.01 * len(self.game.moves):.4f}"
        if self.mode == "lost-end":
            return f"{self.values[0]:.4f}"
        return "1.04" if self.over else "0.55"

    def move_values(self) -> str:
        """The answer to ``move_values``: the last search's root, as Pentobi writes it."""
        if self.mode == "lost-end":
            won = self.values[1] > 0.5
            values = (1.013, 1.033, 0.921) if won else (-0.053, -0.053, -0.052)
            rows = [(n, value, move) for n, value, move in zip((582773, 310049, 271388), values, self.root)]
            if self.chosen not in self.root:
                rows.append((0, 0.9, self.chosen))
            return "\n".join(f"{n} {n + 3.5} {value:.3f} [{move.piece.name}]{move}" for n, value, move in rows)
        if self.mode == "first-three":
            visits, best = (30, 20, 10), 1.0404
        else:
            visits, best = (9, 6, 3), 1.039 if self.over else 0.6
        lines = [[str(n), f"{n}.0", f"{best - 0.1 * k:.4f}", f"[{move.piece.name}]{move}"]
                 for k, (n, move) in enumerate(zip(visits, self.root))]
        lines[0][0] = self.words.get("--visits", lines[0][0])
        lines[0][2] = self.words.get("--value", lines[0][2])
        return "\n".join(" ".join(line) for line in lines)


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else "legal"
    if mode not in MODES:
        sys.exit(f"fake_gtp: no mode {mode!r}; the modes are {', '.join(MODES)}")
    if mode == "garbage":
        for _ in sys.stdin:
            sys.stdout.write("hello, I am not an engine\n\n")
            sys.stdout.flush()
        return
    if mode == "flood-stderr":
        def flood() -> None:
            while True:
                sys.stderr.write("y" * 65536)
        threading.Thread(target=flood, daemon=True).start()
    engine = FakeEngine(mode, argv[argv.index("--game") + 1] if "--game" in argv else "duo", argv[1:])
    log = os.environ.get("FAKE_GTP_LOG")
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if log:
            with open(log, "a") as handle:
                handle.write(f"{os.getpid()} {line.strip()}\n")
        if not engine.respond(words[0], words[1:]):
            break


if __name__ == "__main__":
    main(sys.argv[1:])
