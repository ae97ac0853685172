"""Where our levels stand on Pentobi's own Elo scale, measured against Pentobi's engine.

Pentobi gives each of its levels a rating (Duo: level 1 is 1000, level 5
1755, level 6 1945; :data:`PENTOBI_ELO`). A level of ours that scores ``s``
(wins plus half the draws, per game) against Pentobi level ``L`` gets the
rating ``elo(L) + 400 * log10(s / (1 - s))``, with the 95% Wilson interval of
``s`` carried over. In classic our one seat plays three Pentobi seats; the
score there is pairwise (against each of the three, who ended ahead), and the
scale is Pentobi's for two-player classic, so that rating is a rougher one.

Every figure comes from a match through the Pentobi match harness (not
shipped: an instrument of the maintainers; its arguments are in
:attr:`PentobiRating.command`); the README's strength table lists them.

>>> rating = pentobi_rating("medium")
>>> rating.opponent, rating.about
(3, 'about Pentobi level 3')
>>> pentobi_rating("hard").about
'about Pentobi level 6'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .. import validation
from ..errors import BlokusError

__all__ = ["PentobiRating", "PENTOBI_ELO", "pentobi_rating", "RATINGS", "rating_from_score"]

#: Pentobi's own ratings of its levels 1-9 (Duo, and two-player classic).
PENTOBI_ELO: dict[str, tuple[int, ...]] = {
    "duo": (1000, 1189, 1378, 1567, 1755, 1945, 2134, 2185, 2209),
    "classic": (1000, 1142, 1283, 1425, 1567, 1708, 1850, 1951, 2030),
}
# classic_2 is the game that scale is Pentobi's for; classic_3 (pairwise, as classic) is rated on it too.
PENTOBI_ELO["classic_2"] = PENTOBI_ELO["classic_3"] = PENTOBI_ELO["classic"]


def _checked_match(level: object, variant: object, opponent: object, score: object, games: object,
                   ) -> tuple[str, str, int, float, int]:
    """The match a rating is of, each argument checked with the project's validators: ``level``
    a name, ``variant`` one of :data:`PENTOBI_ELO`'s, ``opponent`` one of its Pentobi levels, ``games``
    at least 1 and ``score`` from 0 to ``games``."""
    name: str = validation.instance(level, "level", str, "the name of the level rated (text)")
    if not name.strip():
        raise BlokusError("level is the name of the level rated, not empty text")
    known: str = validation.choice(variant, "variant", tuple(PENTOBI_ELO))
    scale = PENTOBI_ELO[known]
    pentobi: int = validation.whole_number(opponent, "opponent", low=1, high=len(scale),
                                           what=f"a Pentobi level from 1 to {len(scale)}")
    played: int = validation.positive_count(games, "games")
    points: float = validation.number(score, "score", low=0, high=played,
                                      what=f"the points scored, a number from 0 to games ({played})")
    return name, known, pentobi, points, played


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
    #: What produced it: one harness command a seed, joined by " ; ".
    command: str
    #: What the figure is of, when it is not the level as shipped (e.g. a level measured at the
    #: wall-clock budget it had before it became a number of simulations).
    note: str = ""

    def __post_init__(self) -> None:
        _checked_match(self.level, self.variant, self.opponent, self.score, self.games)
        for name in ("elo", "low", "high"):
            validation.instance(getattr(self, name), name, (int, float), "a rating (a number)")
        if math.isnan(self.elo) or math.isnan(self.low) or math.isnan(self.high) or math.isinf(self.elo):
            raise BlokusError(f"elo, low and high are ratings (low may be -inf, high inf), not "
                              f"{self.elo}, {self.low} and {self.high}")
        validation.instance(self.command, "command", str, "text")
        validation.instance(self.note, "note", str, "text")

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
        note = f" ({self.note})" if self.note else ""
        return (f"{self.level} ({self.variant}): {self.score:g} of {self.games} against Pentobi level "
                f"{self.opponent} ({self.share:.0%}), {elo}, {self.about}{note}")


def rating_from_score(level: str, variant: str, opponent: int, score: float, games: int,
                      command: str = "", note: str = "") -> PentobiRating:
    """The :class:`PentobiRating` of ``score`` points in ``games`` against Pentobi level ``opponent``.

    Each argument is checked (``variant`` one of :data:`PENTOBI_ELO`'s, ``opponent`` a Pentobi level
    from 1 to 9, ``games`` at least 1, ``score`` from 0 to ``games``): a bad one raises a
    :class:`~blokus_nb.errors.BlokusError` naming it and what it may be.

    >>> rating_from_score("x", "duo", 5, 20, 40).elo
    1755.0
    >>> rating_from_score("x", "duo", 10, 20, 40)
    Traceback (most recent call last):
    ...
    blokus_nb.errors.BlokusError: opponent is a Pentobi level from 1 to 9, not 10
    """
    level, variant, opponent, score, games = _checked_match(level, variant, opponent, score, games)
    base = PENTOBI_ELO[variant][opponent - 1]
    low, high = _wilson(score, games)
    low_elo, high_elo = round(_elo(base, low), 1), round(_elo(base, high), 1)
    if score <= 0:  # no point estimate: the rating is at most the interval's top
        return PentobiRating(level, variant, opponent, score, games, high_elo, -math.inf, high_elo, command,
                             note)
    if score >= games:  # at least the interval's bottom
        return PentobiRating(level, variant, opponent, score, games, low_elo, low_elo, math.inf, command, note)
    return PentobiRating(level, variant, opponent, score, games, round(_elo(base, score / games), 1),
                         low_elo, high_elo, command, note)


_MATCH = "pentobi_match.py --variant {variant} --player {level} --level {opponent} " \
         "--games {games} --seed {seed} --jobs 1"


def _measured(level: str, variant: str, opponent: int, score: float, games: int, seeds: int | tuple[int, ...],
              pairs: int | None = None, note: str = "") -> PentobiRating:
    """A rating from ``score`` in ``games`` (``pairs`` in classic and classic_3) over matches of equal
    length, one a seed."""
    seeds = (seeds,) if isinstance(seeds, int) else seeds
    command = " ; ".join(_MATCH.format(variant=variant, level=level, opponent=opponent,
                                       games=games // len(seeds), seed=seed) for seed in seeds)
    return rating_from_score(level, variant, opponent, score, pairs or games, command, note)


#: The measured ratings, keyed by level and variant, as the README's strength table gives them. Each
#: is one match or more through the Pentobi match harness (their arguments are the rating's
#: ``command``), our seat alternating, one match per core with nothing else on it. A rating with a
#: ``note`` is not of the level as shipped (see :attr:`PentobiRating.note`).
RATINGS: dict[tuple[str, str], PentobiRating] = {
    # Duo against level 1, two seeds: no win in 40 games.
    ("easy", "duo"): _measured("easy", "duo", 1, 0, 40, (801, 901)),
    # Duo against level 3, two seeds: 17 wins, 2 draws, 21 losses (45%, Wilson 31-60%); 0.12 s a move.
    # (At the old 0.3 s, seed 11: 13 of 20.)
    ("medium", "duo"): _measured("medium", "duo", 3, 18, 40, (801, 901)),
    # Duo at 3200 simulations against level 6, two seeds: 38 wins, 4 draws, 38 losses (50%, Wilson
    # 39-61%); as purple 29 of 40, as orange 11 of 40; 1.49 s a move with the compiled playouts. At
    # 2100 simulations, seeds 801 and 901: 33 of 80 (41%); at 900, the same seeds: 21.5 of 80.
    ("hard", "duo"): _measured("hard", "duo", 6, 40, 80, (3301, 3401)),
    # Duo at 10500 simulations against level 7, two fresh seeds: 15 wins, 5 draws, 60 losses (21.9%, Wilson
    # 14-32%; seed 7701 10 of 40, seed 7801 7.5); as purple 17.5 of 40, as orange 0 of 40; 4.9-5.3 s a move
    # with the compiled accelerator. (At 7000 simulations, seeds 801 and 901: 4.5 of 40, 4.28 s a move
    # without it; at the old 5 s, seed 202: 8 of 40.)
    ("expert", "duo"): _measured("expert", "duo", 7, 17.5, 80, (7701, 7801)),
    # Classic, one seat against three level-1 seats, two seeds: first in none of 40; ahead of 10.5 of 120.
    ("easy", "classic"): _measured("easy", "classic", 1, 10.5, 40, (801, 901), pairs=120),
    # Classic against three level-3 seats, two seeds: first alone in 10 of 40 (25%, Wilson 14-40%); ahead
    # of 58.5 of 120. 0.14 s a move. (At the old 0.3 s, seed 202: first in 11.5 of 40, ahead of 63.5.)
    ("medium", "classic"): _measured("medium", "classic", 3, 58.5, 40, (801, 901), pairs=120),
    # Classic against three level-5 seats, two fresh seeds, its playouts answering the move before half
    # the time (LEVEL_LOCAL): first alone in 26 of 80, shared in 5 (first in 28.5, 35.6%, Wilson 26-47%);
    # ahead of 136 of 240 opponents; as blue 15.5 of 20, yellow 4.5, red 5.5, green 3 (15%); 0.42 s a move
    # with the compiled accelerator. Uniform playouts on the same seeds (the level before): first in 22.5,
    # ahead of 123; on seeds 7101 and 7201 (which chose the setting): first in 20.5 against 16, ahead of
    # 129 against 115.5.
    ("hard", "classic"): _measured("hard", "classic", 5, 136, 80, (7501, 7601), pairs=240),
    # Classic against three level-6 seats, two fresh seeds, its playouts answering the move before half
    # the time: first alone in 9 of 80, shared in 8 (first in 13, 16.3%, Wilson 10-26%); ahead of 96 of
    # 240 opponents; as blue 5, yellow 6, red 1, green 1 of 20; 1.46 s a move with the compiled accelerator.
    # Uniform playouts on the same seeds (the level before): first in 12.5, ahead of 100.5. (Uniform, on
    # seeds 7101 and 7201: first in 15.5 of 80, ahead of 101.5.)
    ("expert", "classic"): _measured("expert", "classic", 6, 96, 80, (7501, 7601), pairs=240),
    # classic_2, one player (two colors) against a level-1 player, two seeds: no win in 40.
    ("easy", "classic_2"): _measured("easy", "classic_2", 1, 0, 40, (801, 901)),
    # classic_2 against a level-3 player, two seeds: 15 wins, 2 draws, 23 losses (40%, Wilson 26-55%);
    # 0.13 s a move. (At the old 0.3 s, seed 202: 19 of 40.)
    ("medium", "classic_2"): _measured("medium", "classic_2", 3, 16, 40, (801, 901)),
    # classic_2 against a level-5 player, two fresh seeds, at 850 simulations with the network trained on
    # 5,065 games: 41 wins, 2 draws, 37 losses (52.5%, Wilson 42-63%); as player 1 28 of 40, as player 2
    # 14 of 40; 0.65 s a move with the compiled accelerator. (At 550 simulations with the previous
    # network, seeds 801 and 901: 28.5 of 80; at the old 1.5 s, seed 202: 18 of 40.)
    ("hard", "classic_2"): _measured("hard", "classic_2", 5, 42, 80, (7301, 7401)),
    # classic_3, one player of three against two level-1 players, two seeds: first in 1 of 40; ahead of
    # 3.5 of 80.
    ("easy", "classic_3"): _measured("easy", "classic_3", 1, 3.5, 40, (801, 901), pairs=80),
    # classic_3 against two level-3 players, two seeds: first alone in 9 of 40, shared in 1 (23.8%, Wilson
    # 13-39%); ahead of 32.5 of 80. 0.11 s a move. (At the old 0.3 s, seed 202: first alone in 20 of 40.)
    ("medium", "classic_3"): _measured("medium", "classic_3", 3, 32.5, 40, (801, 901), pairs=80),
    # classic_3 against two level-5 players, two fresh seeds, at 800 simulations with the network trained
    # on 5,065 games: first alone in 27 of 80, shared in 3 (first in 28.5, 35.6%, Wilson 26-47%); ahead of
    # 88 of 160 opponents; 0.61 s a move with the compiled accelerator. (At 500 simulations with the
    # previous network, seeds 801 and 901: first in 30, ahead of 76.5; at the old 1.5 s, seed 202: first
    # alone in 19 of 40, ahead of 50 of 80.)
    ("hard", "classic_3"): _measured("hard", "classic_3", 5, 88, 80, (7301, 7401), pairs=160),
}


def pentobi_rating(level: str, variant: str = "duo") -> PentobiRating:
    """The measured rating of one of our levels (``"easy"`` ... ``"expert"``) in a variant
    (``"duo"``, ``"classic"``, ``"classic_2"``, ``"classic_3"``; see :data:`RATINGS`).

    >>> pentobi_rating("easy").about
    'below Pentobi level 1'
    """
    validation.instance(level, "level", str, "the name of a level (text)")
    validation.instance(variant, "variant", str, "the name of a variant (text)")
    key = (level.strip().lower(), variant.strip().lower())
    if key not in RATINGS:
        known = ", ".join(f"{a} ({b})" for a, b in RATINGS)
        raise BlokusError(f"no Pentobi rating measured for {level!r} in {variant!r}; measured: {known}")
    return RATINGS[key]
