"""Where our levels stand on Pentobi's own Elo scale, measured against Pentobi's engine.

Pentobi gives each of its levels a rating (Duo: level 1 is 1000, level 5
1755, level 6 1945; :data:`PENTOBI_ELO`). A level of ours that scores ``s``
(wins plus half the draws, per game) against Pentobi level ``L`` gets the
rating ``elo(L) + 400 * log10(s / (1 - s))``, with the 95% Wilson interval of
``s`` carried over. In classic our one seat plays three Pentobi seats; the
score there is pairwise (against each of the three, who ended ahead), and the
scale is Pentobi's for two-player classic, so that rating is a rougher one.

Every figure comes from ``../shared/tools/pentobi_match.py`` (the command
is in :attr:`PentobiRating.command`); the README's strength table lists them.

>>> rating = pentobi_rating("medium")
>>> rating.opponent, rating.about
(3, 'about Pentobi level 4')
>>> pentobi_rating("hard").about
'about Pentobi level 6'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import BlokusError

__all__ = ["PentobiRating", "PENTOBI_ELO", "pentobi_rating", "RATINGS", "rating_from_score"]

#: Pentobi's own ratings of its levels 1-9 (Duo, and two-player classic).
PENTOBI_ELO: dict[str, tuple[int, ...]] = {
    "duo": (1000, 1189, 1378, 1567, 1755, 1945, 2134, 2185, 2209),
    "classic": (1000, 1142, 1283, 1425, 1567, 1708, 1850, 1951, 2030),
}
# classic_2 is the game that scale is Pentobi's for; classic_3 (pairwise, as classic) is rated on it too.
PENTOBI_ELO["classic_2"] = PENTOBI_ELO["classic_3"] = PENTOBI_ELO["classic"]


def _wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    p = score / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def _elo(base: float, share: float) -> float:
    share = min(max(share, 1e-3), 1 - 1e-3)
    return base + 400 * math.log10(share / (1 - share))


@dataclass(frozen=True)
class PentobiRating:
    """One level's measured standing against one Pentobi level."""

    level: str
    variant: str
    #: The Pentobi level played.
    opponent: int
    #: Points scored (wins + half the draws; in classic pairwise, see the module docstring).
    score: float
    #: Games (in classic: pairings, three a game).
    games: int
    #: The rating on Pentobi's scale, and its 95% interval (after no point scored: the
    #: interval's top, with ``low`` minus infinity; after every point: its bottom).
    elo: float
    low: float
    high: float
    #: What produced it.
    command: str

    @property
    def share(self) -> float:
        """The score as a share of the games."""
        return self.score / self.games

    @property
    def about(self) -> str:
        """The nearest Pentobi level by rating, for people: "about Pentobi level 5"."""
        scale = PENTOBI_ELO[self.variant]
        nearest = min(range(len(scale)), key=lambda k: abs(scale[k] - self.elo)) + 1
        if self.high < scale[0]:
            return "below Pentobi level 1"
        return f"about Pentobi level {nearest}"

    def __str__(self) -> str:
        if math.isinf(self.low):
            elo = f"Elo at most {self.high:.0f}"
        elif math.isinf(self.high):
            elo = f"Elo at least {self.low:.0f}"
        else:
            elo = f"Elo {self.elo:.0f} ({self.low:.0f}-{self.high:.0f})"
        return (f"{self.level} ({self.variant}): {self.score:g} of {self.games} against Pentobi level "
                f"{self.opponent} ({self.share:.0%}), {elo}, {self.about}")


def rating_from_score(level: str, variant: str, opponent: int, score: float, games: int,
                      command: str = "") -> PentobiRating:
    """The :class:`PentobiRating` of ``score`` points in ``games`` against Pentobi level ``opponent``.

    >>> rating_from_score("x", "duo", 5, 20, 40).elo
    1755.0
    """
    base = PENTOBI_ELO[variant][opponent - 1]
    low, high = _wilson(score, games)
    low_elo, high_elo = round(_elo(base, low), 1), round(_elo(base, high), 1)
    if score <= 0:  # no point estimate: the rating is at most the interval's top
        return PentobiRating(level, variant, opponent, score, games, high_elo, -math.inf, high_elo, command)
    if score >= games:  # at least the interval's bottom
        return PentobiRating(level, variant, opponent, score, games, low_elo, low_elo, math.inf, command)
    return PentobiRating(level, variant, opponent, score, games, round(_elo(base, score / games), 1),
                         low_elo, high_elo, command)


_MATCH = "python ../shared/tools/pentobi_match.py --variant {variant} --player {level} --level {opponent} " \
         "--games {games} --seed {seed} --jobs 1"


def _measured(level: str, variant: str, opponent: int, score: float, games: int, seed: int,
              pairs: int | None = None) -> PentobiRating:
    command = _MATCH.format(variant=variant, level=level, opponent=opponent, games=games, seed=seed)
    return rating_from_score(level, variant, opponent, score, pairs or games, command)


#: The measured ratings, by (level, variant). See the README's strength table.
RATINGS: dict[tuple[str, str], PentobiRating] = {
    # Duo: 0 of 20 against level 1, 0 of 20 against level 2.
    ("easy", "duo"): _measured("easy", "duo", 1, 0, 20, 11),
    # Duo: 12 wins, 2 draws, 6 losses against level 3 (0.3 s a move on a loaded machine).
    ("medium", "duo"): _measured("medium", "duo", 3, 13, 20, 11),
    # Duo: 19 wins, 2 draws, 19 losses against level 6 at 1.5 s a move, quiet core, exploring
    # with 2.5 and playouts answering the last move half the time; as orange 6.5 of 20. Before
    # (exploring with 1.5, uniform playouts): against level 6 10 wins, 2 draws, 28 losses (Elo
    # 1777, 1658-1895), as orange 0.5 of 20; against level 5 26 wins, 3 draws, 11 losses.
    ("hard", "duo"): _measured("hard", "duo", 6, 20, 40, 202),
    # Duo: 6 wins, 4 draws, 30 losses against level 7 at 5 s a move, quiet core (as purple 6.5
    # of 20, as orange 1.5 of 20), exploring with 2.5 and playouts answering the last move half
    # the time. Before (exploring with 1.5, uniform playouts): against level 6 39 wins, 8 draws,
    # 25 losses of 72 (Elo 2013); against level 7 the maintainers' 3.5 of 20.
    ("expert", "duo"): _measured("expert", "duo", 7, 8, 40, 202),
    # Classic, one seat against three level-1 seats: first in none of 40 games; ahead of 6 of
    # the 120 opponents.
    ("easy", "classic"): _measured("easy", "classic", 1, 6, 40, 202, pairs=120),
    # Classic against three level-3 seats, 0.3 s a move, quiet machine: first alone in 10 of 40
    # games (25%), shared in 3; ahead of 63.5 of the 120 opponents (ties half).
    ("medium", "classic"): _measured("medium", "classic", 3, 63.5, 40, 202, pairs=120),
    # Classic, one seat against three level-5 seats, 1.5 s a move: the classic network search
    # with playouts (weight 0.8) playing for rank (levels.GOAL), on a quiet core (1.46 CPU s a
    # move), measured as classic_players:hard_e4_rank, the same player with the shipped network
    # before it shipped: first alone in 16 of 40 games, shared in 3 (44% with shared firsts
    # half); ahead of 79.5 of the 120 opponents (ties half). With the first classic network (2
    # epochs), same seeds and conditions: playing for rank first alone in 9 of 40, shared in 2,
    # ahead of 57.5 of 120; playing for first place first alone in 5 of 40, ahead of 32.5. The
    # 0.2.0 search with seed 202 on a quiet machine: first alone in 4 of 40, ahead of 36 of 120.
    ("hard", "classic"): _measured("hard", "classic", 5, 79.5, 40, 303, pairs=120),
    # Classic, one seat against three level-6 seats at 5 s a move, quiet core (4.87 CPU s a move),
    # the network search playing for rank with the shipped classic network: first alone in 7 of 40
    # games, shared in 2 (20% with shared firsts half); ahead of 50 of the 120 opponents (ties
    # half); mean rank 2.75. With the first classic network, same seeds: first alone in 6, shared
    # in 6 (22.5%), ahead of 56; playing for first place with it: first alone in 6, shared in 4,
    # ahead of 44. The 0.2.0 search against level 5: first alone in none of 20, ahead of 13.5 of 60.
    ("expert", "classic"): _measured("expert", "classic", 6, 50, 40, 303, pairs=120),
    # classic_2, one player (two colors) against a level-1 player: no win in 40 games (random moves).
    ("easy", "classic_2"): _measured("easy", "classic_2", 1, 0, 40, 202),
    # classic_2 against a level-3 player, 0.3 s a move (the 0.2.0 search), quiet core: 17 wins, 4
    # draws, 19 losses; as player 1 12 wins and 2 draws of 20, as player 2 5 and 2.
    ("medium", "classic_2"): _measured("medium", "classic_2", 3, 19, 40, 202),
    # classic_2 (our player two colors, Pentobi the other two), 1.5 s a move, quiet core (1.47 CPU
    # s a move), the network search with the shipped classic network: 18 wins, 22 losses; as
    # player 1 14 of 20, as player 2 4 of 20. With the first classic network, same seeds: 17 wins
    # (12 and 5). The 0.2.0 search (0.3.0's "hard"), same seeds and conditions: 8 wins, 32 losses.
    ("hard", "classic_2"): _measured("hard", "classic_2", 5, 18, 40, 202),
    # classic_3, one player of three (the shared green in turn) against two level-1 players:
    # first in none of 40 games; ahead of 4 of its 80 opponents (ties half).
    ("easy", "classic_3"): _measured("easy", "classic_3", 1, 4, 40, 202, pairs=80),
    # classic_3 against two level-3 players, 0.3 s a move (the 0.2.0 search), quiet core: first
    # alone in 20 of 40 games, shared in 1; ahead of 50.5 of its 80 opponents (ties half).
    ("medium", "classic_3"): _measured("medium", "classic_3", 3, 50.5, 40, 202, pairs=80),
    # classic_3 against two level-5 players, 1.5 s a move, quiet core (1.48 CPU s a move), the
    # network search playing for rank with the shipped classic network: first alone in 19 of 40
    # games (as player 1 11 of 14, player 2 4 of 13, player 3 4 of 13), shared in 3; ahead of 50
    # of its 80 opponents (ties half); mean rank 1.75. With the first classic network, same
    # seeds: first alone in 15 of 40, ahead of 38; playing for first place with it: first alone
    # in 9, shared in 4, ahead of 31.5. The 0.2.0 search: first alone in 4 of 40, shared in 2.
    ("hard", "classic_3"): _measured("hard", "classic_3", 5, 50, 40, 202, pairs=80),
}


def pentobi_rating(level: str, variant: str = "duo") -> PentobiRating:
    """The measured rating of one of our levels (``"easy"`` ... ``"expert"``) in a variant
    (``"duo"``, ``"classic"``, ``"classic_2"``, ``"classic_3"``; see :data:`RATINGS`).

    >>> pentobi_rating("easy").about
    'below Pentobi level 1'
    """
    key = (str(level).strip().lower(), str(variant).strip().lower())
    if key not in RATINGS:
        known = ", ".join(f"{a} ({b})" for a, b in RATINGS)
        raise BlokusError(f"no Pentobi rating measured for {level!r} in {variant!r}; measured: {known}")
    return RATINGS[key]
