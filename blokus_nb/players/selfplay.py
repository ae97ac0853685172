"""Self-play: our players play themselves, and every game is saved with what the search saw.

:func:`self_play` writes a folder in the layout of Pentobi's self-play data
(``../shared/data/pentobi/selfplay/duo_L6_policy/``), so what reads one reads
the other:

* ``<prefix>_0001.blksgf``, ... : one game a file;
* ``index.csv``: ``file``, ``variant``, ``gm``, ``level`` (the player),
  ``seed`` (the run's), ``game``, ``moves`` (placements), ``final_score``
  (Duo ``B+3``, ``W+6`` or ``0``; otherwise Pentobi's points per color),
  ``seconds``, ``mean_genmove_s``, ``max_genmove_s`` and ``values``: after
  each placement, the search's win estimate for the color that moved
  (``0.000`` where no search was made: a player that does not search);
* ``policy.jsonl.gz``: one JSON line per game, ``file`` and ``positions``:
  for each placement its ``move_number``, the move ``played`` and ``root``,
  the most visited root moves as ``[visits, value, move]``, most visited first.

Games run through :func:`blokus_nb.processes.run_jobs` (this process, worker
processes, or a Dask cluster with ``client=``) and are written as they finish,
in game order; ``index.csv`` is written last for each game, so a stopped run
keeps what it finished, and ``resume=True`` plays only the games not in it,
with the seed it records. What a stop left half-written is dropped, what
cannot be read is refused, and one run at a time holds the folder (see
:mod:`blokus_nb.players.selfplay_files`). Game ``k`` depends only on
``seed`` and ``k`` (with a ``simulations`` or ``nodes`` limit), whatever
the backend.

>>> import blokus_nb as bn, tempfile
>>> from blokus_nb.players import Limit
>>> report = self_play("mcts", "duo", games=2, out=tempfile.mkdtemp(), seed=1,
...                    limit=Limit(simulations=10), progress=False)
>>> report.games, sorted(p.name for p in report.out.iterdir())
(2, ['duo_mcts_0001.blksgf', 'duo_mcts_0002.blksgf', 'index.csv', 'policy.jsonl.gz'])
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import validation
from ..errors import BlokusError
from ..game import Game
from ..processes import run_jobs, worker_count
from ..records import game_from_json, game_to_json, save
from ..validation import count, path_errors, path_to_write, positive_count, sequence
from ..variants import get_variant
from .arena import _check_match, _derive, _player_error
from .base import Limit, Player, check_limit
from .levels import make_player
from .selfplay_files import INDEX, INDEX_COLUMNS, append_game, final_score, folder_lock, read_folder

__all__ = ["self_play", "SelfPlayReport", "INDEX_COLUMNS"]


@dataclass
class SelfPlayReport:
    """What :func:`self_play` did: where, how many games it played now and how many were already there."""

    out: Path
    games: int
    skipped: int
    seconds: float

    def __str__(self) -> str:
        return (f"{self.games} games played in {self.seconds:.1f} s ({self.skipped} already there) "
                f"-> {self.out}")


def self_play(players: str | Player | Sequence[str | Player] = "hard", variant: str = "duo",
              games: int = 100, out: str | os.PathLike[str] = "selfplay", *, seed: int | None = None,
              limit: Limit | None = None, n_jobs: int | None = 1, engine: str = "processes",
              client: Any = None, resume: bool = False, top: int = 16, explore: int = 8,
              prefix: str | None = None, progress: bool = True) -> SelfPlayReport:
    """Play ``games`` games of ``players`` against themselves and write them to the folder ``out``.

    ``players`` is one player (name or :class:`Player`) for every seat, or one
    per seat. Each seat gets its own copy, seeded from ``seed`` and the game.
    ``limit`` overrides the players' budgets (``Limit(simulations=...)`` makes
    the games repeatable anywhere). ``top`` root moves are kept per position.
    A search with a fixed budget finds the same move every time, so the first
    ``explore`` placements of each game are drawn in proportion to their root
    visits (AlphaZero's temperature 1), from the game's seed: the games differ,
    and later moves are the most visited ones (``explore=0``: always).
    ``n_jobs`` processes, or ``engine="dask"`` / ``client``, as in
    :func:`blokus_nb.arena.play_match`. An existing ``index.csv`` is refused
    unless ``resume=True``, which plays only the games not in it, with the
    seed it records (the run as it would have been; a ``seed`` given must be
    that one). A folder another run is writing into is refused. See the module
    docstring for the files.

    >>> self_play("hard", "duo", games=1000, out="selfplay/duo_hard", n_jobs=2)  # doctest: +SKIP
    """
    variant_ = get_variant(variant)
    seats = ([players] * variant_.n_players if isinstance(players, (str, Player))
             else sequence(players, "players", what="a player (a name or a Player) or a list of them, one a seat"))
    if len(seats) != variant_.n_players:
        raise BlokusError(f"{variant_.name} has {variant_.n_players} seats; got {len(seats)} players")
    games = _check_match(games, "points", n_jobs, engine=engine, client=client)
    top = positive_count(top, "top", what="a whole number of root moves, 1 or more")
    explore = count(explore, "explore", what="a whole number of placements, 0 or more")
    seed = validation.seed(seed)
    check_limit(limit, none="the players' own")
    entrants = [make_player(p) for p in seats]  # checks the names before anything is written
    level = "+".join(dict.fromkeys(p.name if isinstance(s, Player) else str(s).strip().lower()
                                   for p, s in zip(entrants, seats)))
    out = path_to_write(out, "out", folder=True)
    index_path = out / INDEX
    if index_path.exists() and not resume:
        raise BlokusError(f"{index_path} exists: pass resume=True to add the games it lacks, "
                          "or choose another folder")
    with path_errors(out):
        out.mkdir(parents=True, exist_ok=True)
    with folder_lock(out):
        if index_path.exists() and not resume:  # made by a run that ended since the check above
            raise BlokusError(f"{index_path} exists: pass resume=True to add the games it lacks, "
                              "or choose another folder")
        folder = read_folder(out, seed, level=level)
        seed = seed if seed is not None else folder.seed
        seed = random.randrange(2 ** 31) if seed is None else seed
        prefix = prefix or f"{variant_.name}_{level}"
        names = [f"{prefix}_{k + 1:04d}.blksgf" for k in range(games)]
        done_files = set(folder.finished)
        todo = [k for k in range(games) if names[k] not in done_files]
        start = time.perf_counter()
        tasks = ((k, variant_.name, entrants, _derive(seed, k), limit, top, explore) for k in todo)
        writer = _Writer(out, names, level, seed, todo)
        from tqdm.auto import tqdm

        with tqdm(total=len(todo), desc=f"self-play {level}", unit="game", disable=not progress) as bar:
            def done(_: int, record: dict) -> None:
                writer.add(record)
                bar.update()

            run_jobs(_play_one, tasks, worker_count(n_jobs, len(todo) or 1), done=done, engine=engine,
                     client=client, preload=("blokus_nb.players.selfplay",))
    return SelfPlayReport(out, writer.written, games - len(todo), time.perf_counter() - start)


def _play_one(task: tuple) -> dict:
    """Play game ``index`` in a worker: the record, and per placement what the search saw."""
    index, variant, entrants, seed, limit, top, explore = task
    players = [make_player(p, seed=_derive(seed, k)) for k, p in enumerate(entrants)]
    rng = random.Random(_derive(seed, len(entrants)))
    game = Game(variant, players=[p.name for p in players])
    positions: list[dict[str, Any]] = []
    values: list[float] = []
    times: list[float] = []
    started = time.perf_counter()
    while not game.is_over:
        number = game.player_to_play
        assert number is not None  # the game goes on
        seat = number - 1
        player = players[seat]
        color = game.to_play
        search = getattr(player, "search", None)
        begin = time.perf_counter()
        root: list = []
        value = 0.0
        try:
            if search is not None and game.board.has_legal(game.colors.index(color)):
                result = search(game.copy(), limit)
                move, value = result.move, result.win_rate
                if len(positions) < explore and result.alternatives[0].visits:
                    tried = [a for a in result.alternatives if a.visits]
                    chosen = rng.choices(tried, weights=[a.visits for a in tried])[0]
                    move, value = chosen.move, chosen.win_rate
                root = [[s.visits, round(s.win_rate, 3), str(s.move)]
                        for s in result.alternatives[:top]]
            else:
                move = player.choose_move(game, limit)
        except Exception as error:
            raise _player_error(player, player.name, seat, game, index, seed,
                                f"raised {type(error).__name__}: {error}") from error
        spent = time.perf_counter() - begin
        try:
            game.play(move)
        except Exception as error:
            raise _player_error(player, player.name, seat, game, index, seed,
                                f"returned {move!s}, which cannot be played: {error}") from error
        if not move.is_pass:
            times.append(spent)
            values.append(value)
            positions.append({"move_number": len(positions) + 1, "played": str(move), "root": root})
    return {"index": index, "json": game_to_json(game, indent=None), "positions": positions,
            "values": values, "times": times, "seconds": time.perf_counter() - started}


class _Writer:
    """Writes finished games in game order: the record, its policy line, then its index row."""

    def __init__(self, out: Path, names: list[str], level: str, seed: int, todo: list[int]) -> None:
        self.out, self.names, self.level, self.seed = out, names, level, seed
        self.order: Iterator[int] = iter(todo)
        self.next = next(self.order, None)
        self.waiting: dict[int, dict] = {}
        self.written = 0

    def add(self, record: dict) -> None:
        self.waiting[record["index"]] = record
        while self.next is not None and self.next in self.waiting:
            self._write(self.waiting.pop(self.next))
            self.next = next(self.order, None)

    def _write(self, record: dict) -> None:
        name = self.names[record["index"]]
        game = game_from_json(record["json"], source=name)
        save(game, self.out / name)
        times = record["times"]
        row = {"file": name, "variant": game.variant.name, "gm": game.variant.sgf_name,
               "level": self.level, "seed": self.seed, "game": record["index"] + 1,
               "moves": len(record["positions"]), "final_score": final_score(game),
               "seconds": round(record["seconds"], 3),
               "mean_genmove_s": round(sum(times) / len(times), 5) if times else 0.0,
               "max_genmove_s": round(max(times), 5) if times else 0.0,
               "values": " ".join(f"{v:.3f}" for v in record["values"])}
        append_game(self.out, row, record["positions"])
        self.written += 1

