"""Matches between AI players: seats rotated fairly, games spread over processes.

>>> from blokus_nb.players import arena
>>> match = arena.play_match(["greedy", "random"], variant="duo", games=4, seed=1, progress=False)
>>> match.results.groupby("player")["win"].sum().to_dict()
{'greedy': 4.0, 'random': 0.0}
>>> float(match.summary().loc["greedy", "win_rate"])
1.0
"""

from __future__ import annotations

import itertools
import math
import os
import random
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pandas as pd

from .. import validation
from ..errors import BlokusError, PlayerError
from ..game import SCORINGS, Game
from ..processes import ENGINES, run_jobs, worker_count
from ..records import Record, game_from_json, game_to_json, write_games
from ..validation import choice, job_count, positive_count, sequence
from ..variants import Variant, get_variant
from .base import Limit, Player, check_limit
from .levels import make_player

_PLAYERS = "a list of players (names or Players), like ['greedy', 'random']"

__all__ = ["MatchResult", "play_game", "play_match", "round_robin", "ratings", "standings",
           "seat_order", "seat_orders", "MAX_GAMES"]

#: The most games one match may plan; more is surely a mistake (a typo'd exponent).
MAX_GAMES = 10_000_000

#: Columns of :attr:`MatchResult.results`, one row per game and seat.
RESULT_COLUMNS = ["game", "seat", "player", "colors", "points", "squares", "pieces_left",
                  "win", "rank", "moves", "seconds", "seed"]


# ------------------------------------------------------------------------------ one game
def play_game(players: Sequence[str | Player], variant: str | Variant = "classic", *,
              seed: int | None = None, limit: Limit | None = None) -> Game:
    """Play one game to the end; ``players[k]`` plays for player ``k + 1`` (all of its colors).

    ``seed`` seeds every player (each differently); ``limit`` overrides the
    players' own thinking budgets.

    >>> game = play_game(["greedy", "random"], "duo", seed=3)
    >>> game.is_over, game.player_names
    (True, ['greedy', 'random'])
    """
    players = sequence(players, "players", what=_PLAYERS)
    seed = validation.seed(seed)
    check_limit(limit, none="the players' own")
    game, _, _ = _play(players, get_variant(variant), seed, limit)
    return game


def _play(specs: list, variant: Variant, seed: int | None, limit: Limit | None,
          labels: Sequence[str] | None = None, index: int | None = None
          ) -> tuple[Game, list[float], list[int]]:
    if len(specs) != variant.n_players:
        raise BlokusError(f"{variant.name} is a game for {variant.n_players} players; "
                         f"got {len(specs)}")
    players = [make_player(spec, seed=None if seed is None else _derive(seed, k))
               for k, spec in enumerate(specs)]
    names = [p.name if isinstance(s, Player) else str(s) for p, s in zip(players, specs)]
    game = Game(variant, players=names)
    seconds = [0.0] * len(players)
    moves = [0] * len(players)
    while not game.is_over:
        player = game.player_to_play
        assert player is not None  # the game goes on
        seat = player - 1
        start = time.perf_counter()
        try:
            move = players[seat].choose_move(game, limit)
        except Exception as error:
            raise _player_error(players[seat], (labels or names)[seat], seat, game, index, seed,
                                f"raised {type(error).__name__}: {error}") from error
        seconds[seat] += time.perf_counter() - start
        moves[seat] += 1
        try:
            game.play(move)
        except Exception as error:  # an illegal move, or something that is not a move at all
            raise _player_error(players[seat], (labels or names)[seat], seat, game, index, seed,
                                f"returned {_short(move)}, which cannot be played: {error}") from error
    return game, seconds, moves


def _short(value: object) -> str:
    from ..errors import short_repr

    return str(value) if type(value).__name__ == "Move" else short_repr(value)


def _player_error(player: Player, label: str, seat: int, game: Game, index: int | None,
                  seed: int | None, what: str) -> PlayerError:
    """The error naming who failed, where, and how to replay it alone."""
    where = f"game {index} of the match" if index is not None else "the game"
    replay = f" (seed {seed}; bn.arena.play_game(..., seed={seed}) replays it)" if seed is not None else ""
    return PlayerError(f"player {label!r} ({type(player).__name__}, seat {seat + 1}) in {where}{replay}, "
                       f"at move {len(game.history) + 1} for {game.to_play}: {what}",
                       player=label, game=index, seed=seed)


def _derive(seed: int, *keys: int) -> int:
    """An independent-looking 63-bit seed for ``keys`` under ``seed``."""
    return random.Random("/".join(map(str, (seed,) + keys))).getrandbits(63)


# ------------------------------------------------------------------------------ seats
def seat_orders(n_entrants: int, games: int) -> list[tuple[int, ...]]:
    """For each game, which entrant sits in each seat: ``order[seat] = entrant``.

    Seats rotate every game; with three or more seats the order around the
    table also changes every ``n`` games, so that over ``n!`` games every
    entrant meets every arrangement exactly once.

    >>> seat_orders(2, 4)
    [(0, 1), (1, 0), (0, 1), (1, 0)]
    >>> seat_orders(3, 6)[:4]
    [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1)]
    """
    n_entrants = validation.positive_count(n_entrants, "n_entrants", high=8)
    games = validation.count(games, "games", high=10 ** 6)
    return [seat_order(n_entrants, g) for g in range(games)]


def seat_order(n_entrants: int, game: int) -> tuple[int, ...]:
    """The seats of game number ``game`` (0-based) in :func:`seat_orders`, without listing the others.

    >>> seat_order(3, 3)
    (0, 2, 1)
    """
    n_entrants = validation.positive_count(n_entrants, "n_entrants", high=8)
    game = validation.count(game, "game")
    arrangements = _arrangements(n_entrants)
    base = arrangements[(game // n_entrants) % len(arrangements)]
    shift = game % n_entrants
    return base[shift:] + base[:shift]


@cache
def _arrangements(n_entrants: int) -> tuple[tuple[int, ...], ...]:
    return tuple((0,) + rest for rest in itertools.permutations(range(1, n_entrants)))


# ------------------------------------------------------------------------------ matches
@dataclass
class _Task:
    index: int
    variant: str
    lineup: list          # Player per seat
    labels: list          # entrant label per seat
    seed: int
    limit: Limit | None


def _run(task: _Task) -> dict:
    """Play one game (in a worker process) and return a picklable record of it."""
    game, seconds, moves = _play(task.lineup, get_variant(task.variant), task.seed, task.limit,
                                 task.labels, task.index)
    record = Record.from_game(game, metadata={"event": "blokus-nb arena", "round": str(task.index + 1)})
    record.player_names = list(task.labels)
    return {"index": task.index, "json": game_to_json(record, indent=None), "seconds": seconds,
            "moves": moves, "labels": list(task.labels), "seed": task.seed}


def _labels(players: Sequence[str | Player]) -> list[str]:
    """A unique label per entrant: its name, numbered when names repeat."""
    names = [p.name if isinstance(p, Player) else str(p).strip().lower() for p in players]
    out = []
    for k, name in enumerate(names):
        count = names[:k].count(name)
        out.append(name if not count else f"{name} ({count + 1})")
    return out


def _execute(tasks: Iterable[_Task], count: int, n_jobs: int | None, progress: bool,
             description: str, engine: str = "processes", client: Any = None) -> Iterator[dict]:
    """Play the tasks (``count`` of them) and yield their records in task order.

    The games run through :func:`blokus_nb.processes.run_jobs` (this process,
    worker processes, or Dask), drawn from ``tasks`` as workers free up; each
    record is yielded as soon as the ones before it are in.
    """
    from tqdm.auto import tqdm

    jobs = worker_count(n_jobs, count)
    records: list[dict] = []
    waiting: dict[int, dict] = {}  # finished records not yet in order, by task index
    following = [0]
    bar = tqdm(total=count, desc=description, unit="game", disable=not progress)

    def done(index: int, record: dict) -> None:
        waiting[index] = record
        bar.update()
        while following[0] in waiting:
            records.append(waiting.pop(following[0]))
            following[0] += 1

    try:
        run_jobs(_run, tasks, jobs, done=done, engine=engine, client=client,
                 preload=("blokus_nb.players.arena",))
    finally:
        bar.close()
    yield from records


def _rows(record: dict, index: int, labels: list[str], seed: int, game: Game, scoring: str) -> list[dict]:
    variant = game.variant
    points = game.player_scores("points")
    scores = game.player_scores(scoring)
    squares = {p: sum(game.squares_placed(c) for c in variant.colors_of(p)) for p in points}
    left = {p: sum(len(game.remaining_pieces(c)) for c in variant.colors_of(p)) for p in points}
    winners = game.winners(scoring)
    higher_better = scoring != "basic"
    rows = []
    for seat in range(1, variant.n_players + 1):
        better = sum(1 for s in scores.values() if (s > scores[seat] if higher_better else s < scores[seat]))
        rows.append({
            "game": index,
            "seat": seat,
            "player": labels[seat - 1],
            "colors": ",".join(variant.colors_of(seat)),
            "points": points[seat],
            "squares": squares[seat],
            "pieces_left": left[seat],
            "win": 1.0 / len(winners) if seat in winners else 0.0,
            "rank": 1 + better,
            "moves": record["moves"][seat - 1],
            "seconds": record["seconds"][seat - 1],
            "seed": seed,
        })
    return rows


def _match(lineups: Iterable[tuple[Sequence[int], int]], count: int, entrants: list[Player],
           labels: list[str], variant: Variant, seed: int, limit: Limit | None, n_jobs: int | None,
           progress: bool, scoring: str, description: str, engine: str = "processes",
           client: Any = None) -> MatchResult:
    tasks = (_Task(index, variant.name, [entrants[e] for e in order], [labels[e] for e in order],
                   game_seed, limit)
             for index, (order, game_seed) in enumerate(lineups))
    games: list[Game] = []
    rows: list[dict] = []
    for record in _execute(tasks, count, n_jobs, progress, description, engine, client):
        task_index = record["index"]
        game = game_from_json(record["json"], source=f"<arena game {task_index}>")
        games.append(game)
        rows += _rows(record, task_index, record["labels"], record["seed"], game, scoring)
    results = pd.DataFrame(rows, columns=RESULT_COLUMNS)
    return MatchResult(variant=variant.name, players=labels, games=games, results=results,
                       seed=seed, scoring=scoring)


def play_match(players: Sequence[str | Player], variant: str | Variant = "classic", games: int = 100, *,
               seed: int | None = None, n_jobs: int | None = 1, progress: bool = True,
               limit: Limit | None = None, scoring: str = "points", engine: str = "processes",
               client: Any = None) -> MatchResult:
    """Play ``games`` games between ``players`` (names or :class:`Player` objects), one per seat.

    There must be one entrant per player of the variant (2 in ``duo`` and
    ``classic_2``, 3 in ``classic_3``, 4 in ``classic``); the same name may
    appear more than once. Seats rotate fairly (:func:`seat_orders`). Games are
    played in ``n_jobs`` processes (1: in this process; ``None`` or -1: one per
    core), with a progress bar. ``seed`` makes the match reproducible for players with a
    ``simulations``/``nodes`` budget (or none); it is drawn at random if not
    given and kept in the result. ``limit`` overrides every player's budget.
    Wins are decided by ``scoring`` (Pentobi's ``points`` by default; ties split).
    ``engine="dask"`` or a ``client`` (a ``distributed.Client``) plays the games on a
    Dask cluster instead, as :func:`blokus_nb.analysis.load_games` does; the same
    seed gives the same games there. A player that raises or returns an illegal
    move stops the match with a :class:`~blokus_nb.errors.PlayerError` naming it
    and the game; Ctrl-C stops the workers at once.

    >>> match = play_match(["greedy", "random", "random", "random"], "classic", games=4,
    ...                    seed=2, progress=False)
    >>> match.results.groupby("player").size().to_dict()
    {'greedy': 4, 'random': 4, 'random (2)': 4, 'random (3)': 4}
    """
    players = sequence(players, "players", what=_PLAYERS)
    variant = get_variant(variant)
    if len(players) != variant.n_players:
        raise BlokusError(f"{variant.name} is played by {variant.n_players} players; got "
                         f"{len(players)} ({', '.join(map(str, players))}). Repeat a name to fill seats, "
                         "e.g. ['mcts', 'greedy', 'greedy', 'greedy']")
    games = _check_match(games, scoring, n_jobs, engine=engine, client=client)
    seed = validation.seed(seed)
    check_limit(limit, none="the players' own")
    seed = random.randrange(2 ** 31) if seed is None else seed
    labels = _labels(players)
    entrants = [make_player(p) for p in players]
    n = len(players)
    lineups = ((seat_order(n, g), _derive(seed, g)) for g in range(games))
    return _match(lineups, games, entrants, labels, variant, seed, limit, n_jobs, progress, scoring,
                  " vs ".join(labels), engine, client)


def round_robin(players: Sequence[str | Player], variant: str | Variant = "duo", games: int = 10, *,
                seed: int | None = None, n_jobs: int | None = 1, progress: bool = True,
                limit: Limit | None = None, scoring: str = "points", engine: str = "processes",
                client: Any = None) -> MatchResult:
    """Every group of players that fills a table plays ``games`` games; one combined result.

    In two-player variants that is every pair; in ``classic`` every group of
    four. Use :meth:`MatchResult.ratings` to put them all on one scale.

    >>> match = round_robin(["random", "greedy", "easy"], "duo", games=2, seed=0, progress=False)
    >>> len(match.games), sorted(match.ratings().index)
    (6, ['easy', 'greedy', 'random'])
    """
    players = sequence(players, "players", what=_PLAYERS)
    variant = get_variant(variant)
    n = variant.n_players
    if len(players) < n:
        raise BlokusError(f"a round robin in {variant.name} needs at least {n} players, got {len(players)}")
    groups = list(itertools.combinations(range(len(players)), n))
    games = _check_match(games, scoring, n_jobs, len(groups), engine=engine, client=client)
    seed = validation.seed(seed)
    check_limit(limit, none="the players' own")
    seed = random.randrange(2 ** 31) if seed is None else seed
    labels = _labels(players)
    entrants = [make_player(p) for p in players]

    def lineups() -> Iterator[tuple[list[int], int]]:
        count = 0
        for group in groups:
            for g in range(games):
                yield [group[k] for k in seat_order(n, g)], _derive(seed, count)
                count += 1

    return _match(lineups(), games * len(groups), entrants, labels, variant, seed, limit, n_jobs,
                  progress, scoring, f"round robin of {len(players)}", engine, client)


def _check_match(games: int, scoring: str, n_jobs: int | None, tables: int = 1, *,
                 engine: str = "processes", client: Any = None) -> int:
    """Refuse bad arguments before any game is played (scores are only read at the end)."""
    games = positive_count(games, "games", what="a whole number of games, 1 or more, like 20")
    if games * tables > MAX_GAMES:
        raise BlokusError(f"{games * tables:,} games is more than one match may play "
                          f"({MAX_GAMES:,}); play it as several matches and add them with +")
    job_count(n_jobs)
    choice(scoring, "scoring", SCORINGS)
    choice(engine, "engine", ENGINES)
    validation.dask_client(client)
    return games


# ------------------------------------------------------------------------------ results
def _wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a win rate (ties count as half wins)."""
    if n == 0:
        return (math.nan, math.nan)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def standings(results: pd.DataFrame) -> pd.DataFrame:
    """Per player: games, wins, win rate with a 95% (Wilson) interval, mean points with a 95% interval.

    (Called ``summarize`` before 0.2.0; :func:`blokus_nb.analysis.summarize` is
    something else: one row per game of a corpus.)

    >>> match = play_match(["greedy", "random"], "duo", games=2, seed=0, progress=False)
    >>> list(standings(match.results).columns)  # doctest: +NORMALIZE_WHITESPACE
    ['games', 'wins', 'win_rate', 'win_low', 'win_high', 'mean_points', 'points_low',
     'points_high', 'mean_rank', 'seconds_per_move']
    """
    validation.instance(results, "results", pd.DataFrame, "a pandas DataFrame: a match's results")
    rows = {}
    for player, group in results.groupby("player", sort=False):
        n = len(group)
        wins = float(group["win"].sum())
        low, high = _wilson(wins, n)
        mean = float(group["points"].mean())
        spread = 1.96 * float(group["points"].std(ddof=1)) / math.sqrt(n) if n > 1 else math.nan
        moves = int(group["moves"].sum())
        rows[player] = {
            "games": n, "wins": wins, "win_rate": wins / n, "win_low": low, "win_high": high,
            "mean_points": mean, "points_low": mean - spread, "points_high": mean + spread,
            "mean_rank": float(group["rank"].mean()),
            "seconds_per_move": float(group["seconds"].sum()) / moves if moves else math.nan,
        }
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "player"
    return table.sort_values("win_rate", ascending=False)


#: The most rounds of the rating update :func:`ratings` may be asked for (a thousand settle it).
MAX_ITERATIONS = 1_000_000


def ratings(results: pd.DataFrame, *, anchor: str | None = None, anchor_rating: float = 1500.0,
            iterations: int = 1000) -> pd.DataFrame:
    """Bradley-Terry ratings on the Elo scale from every pair of players at each table.

    Each game counts as a win, loss or draw between every two players at the
    table, by their ``rank`` in it. Each pair that met also gets one virtual draw, so
    that a perfect record gives a large but finite rating. Ratings are
    anchored so that ``anchor`` (default: their mean) is ``anchor_rating``; a
    difference of 400 means ten-to-one odds.

    >>> match = play_match(["greedy", "random"], "duo", games=4, seed=0, progress=False)
    >>> table = ratings(match.results, anchor="random", anchor_rating=0)
    >>> bool(table.loc["greedy", "rating"] > 200)
    True
    """
    validation.instance(results, "results", pd.DataFrame, "a pandas DataFrame: a match's results")
    missing = [column for column in ("game", "player", "rank") if column not in results.columns]
    if missing:
        raise BlokusError(f"results is a match's results table (MatchResult.results); this one has no "
                          f"{', '.join(missing)} column")
    anchor = validation.instance(anchor, "anchor", str, "a player's label, like 'greedy'", none="their mean")
    anchor_rating = validation.number(anchor_rating, "anchor_rating", low=-1e6, high=1e6)
    iterations = validation.positive_count(iterations, "iterations", high=MAX_ITERATIONS)
    players = list(dict.fromkeys(results["player"]))
    if anchor is not None and anchor not in players:
        raise BlokusError(f"anchor {anchor!r} is not one of the players: {', '.join(map(str, players))}")
    index = {p: k for k, p in enumerate(players)}
    k = len(players)
    wins = [[0.0] * k for _ in range(k)]
    for _, game in results.groupby("game", sort=False):
        table = list(zip(game["player"], game["rank"]))
        for (a, ra), (b, rb) in itertools.combinations(table, 2):
            i, j = index[a], index[b]
            if ra < rb:
                wins[i][j] += 1
            elif rb < ra:
                wins[j][i] += 1
            else:
                wins[i][j] += 0.5
                wins[j][i] += 0.5
    met = [[wins[i][j] + wins[j][i] > 0 for j in range(k)] for i in range(k)]
    for i in range(k):
        for j in range(k):
            if met[i][j]:
                wins[i][j] += 0.5
    strength = [1.0] * k
    for _ in range(iterations):  # the minorization-maximization update of Hunter (2004)
        new = []
        for i in range(k):
            total = sum(wins[i])
            denominator = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j])
                              for j in range(k) if j != i and met[i][j])
            new.append(total / denominator if denominator else strength[i])
        mean_log = sum(math.log(s) for s in new) / k
        new = [s / math.exp(mean_log) for s in new]
        change = max(abs(a - b) for a, b in zip(new, strength))
        strength = new
        if change < 1e-10:
            break
    elo = [400 * math.log10(s) for s in strength]
    shift = anchor_rating - (elo[index[anchor]] if anchor is not None else sum(elo) / k)
    games = results.groupby("player", sort=False).size()
    table = pd.DataFrame({"rating": [e + shift for e in elo],
                          "games": [int(games[p]) for p in players]}, index=players)
    table.index.name = "player"
    return table.sort_values("rating", ascending=False)


@dataclass
class MatchResult:
    """The games of a match and their results, one row per game and seat.

    ``results`` has the columns of :data:`RESULT_COLUMNS`: ``game`` (index
    into ``games``), ``seat`` (player number in the variant, 1 moves first),
    ``player`` (entrant label), ``colors``, ``points`` (Pentobi's),
    ``squares``, ``pieces_left``, ``win`` (1, 0, or ``1/k`` in a ``k``-way
    tie for the best score under ``scoring``), ``rank`` (1 is best; tied
    players share the better rank), ``moves`` and ``seconds`` (thinking time),
    and the game's ``seed``.
    """

    variant: str
    players: list[str]
    games: list[Game]
    results: pd.DataFrame
    seed: int
    scoring: str = "points"
    notes: dict = field(default_factory=dict)

    def summary(self) -> pd.DataFrame:
        """Per player: win rate with a 95% interval, mean points with a 95% interval (:func:`standings`)."""
        return standings(self.results)

    def ratings(self, **options: Any) -> pd.DataFrame:
        """Bradley-Terry ratings on the Elo scale (:func:`ratings`)."""
        return ratings(self.results, **options)

    def by_seat(self) -> pd.DataFrame:
        """Win rate of each player in each seat (seat 1 moves first)."""
        return self.results.pivot_table(index="player", columns="seat", values="win", aggfunc="mean")

    def save(self, path: str | os.PathLike[str]) -> int:
        """Write every game to one file (``.blksgf``, ``.jsonl`` or ``.json``); returns how many.

        Read them back with :func:`blokus_nb.iter_games`.
        """
        return write_games(self.games, path)

    def __add__(self, other: MatchResult) -> MatchResult:
        if other.variant != self.variant:
            raise BlokusError(f"cannot add a {other.variant} match to a {self.variant} match")
        shifted = other.results.assign(game=other.results["game"] + len(self.games))
        return MatchResult(self.variant, list(dict.fromkeys(self.players + other.players)),
                           self.games + other.games, pd.concat([self.results, shifted], ignore_index=True),
                           self.seed, self.scoring)

    def __repr__(self) -> str:
        rates = ", ".join(f"{p} {r:.0%}" for p, r in self.summary()["win_rate"].items())
        return f"<MatchResult {self.variant}: {len(self.games)} games; win rates {rates}>"

    def _repr_html_(self) -> str:
        table = self.summary().to_html(float_format=lambda x: f"{x:.3g}")
        return (f"<p><b>{self.variant}</b>: {len(self.games)} games, seed {self.seed}, "
                f"scoring {self.scoring}</p>{table}")
