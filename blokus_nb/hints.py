"""Hints for learners: a suggested move, and why it is good, in words.

>>> import blokus_nb as bn
>>> from blokus_nb.hints import hint
>>> advice = hint(bn.Game("duo"), player="greedy", seed=0)
>>> advice.squares, advice.color
(5, 'purple')
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from .errors import ArgumentTypeError, IllegalMoveError
from .game import Game
from .geometry import mask_names
from .move import Move
from .players.base import Limit, Player, check_limit, teams
from .players.features import heuristic_scores, placement_features
from .players.levels import make_player
from .players.mcts import Searcher, mover_chance
from .players.search import Steps, finish, move_steps_of, search_steps_of
from .validation import count

__all__ = ["Hint", "Alternative", "hint", "hint_steps"]


@dataclass(frozen=True)
class Alternative:
    """Another good move, with the search's estimate (``None`` when the player does not search)."""

    move: Move
    win_rate: float | None = None
    visits: int | None = None
    #: The score that ranked the move: the greedy heuristic's, or the search's prior (the move
    #: model's or, in Duo for "hard" and "expert", the network's logit) for a searching player.
    heuristic: float | None = None


@dataclass(frozen=True)
class Hint:
    """A suggested move for ``color`` and what it does. ``str(hint)`` explains it in words.

    Corner points are the cells where a color's next piece may attach.
    """

    color: str
    move: Move
    #: The name of the player that chose the move (``"hard"``, ``"greedy"``...).
    player: str
    #: Squares the move places (0 for a pass).
    squares: int = 0
    #: New corner points the color gets, as cell names.
    corners_opened: tuple[str, ...] = ()
    #: The change in the color's number of corner points (new ones minus covered or blocked ones).
    corners_gained: int = 0
    #: Corner points covered, per opponent color, as cell names.
    corners_taken: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Estimated chance that the color's player wins after the move (searching players only).
    win_rate: float | None = None
    simulations: int | None = None
    alternatives: tuple[Alternative, ...] = ()
    #: Whether the search ended on its time limit before its simulation budget (a level's time cap on
    #: a slow or busy machine): the hint is then weaker than the level.
    time_capped: bool = False

    @property
    def corners_taken_count(self) -> int:
        """How many opponents' corner points the move covers."""
        return sum(len(cells) for cells in self.corners_taken.values())

    def reasons(self) -> list[str]:
        """The explanation as a list of short sentences."""
        piece = self.move.piece
        if piece is None:  # a pass
            return [f"{self.color} has no legal move and must pass"]
        out = [f"places {self.squares} square{'s' if self.squares != 1 else ''} "
               f"(the {piece.name} piece)"]
        opened = len(self.corners_opened)
        if opened:
            out.append(f"opens {opened} new corner point{'s' if opened != 1 else ''} "
                       f"({_list(self.corners_opened)}); {self.color} has {self.corners_gained:+d} in all")
        else:
            out.append(f"opens no new corner points; {self.color} has {self.corners_gained:+d} in all")
        for color, cells in self.corners_taken.items():
            out.append(f"takes {len(cells)} corner point{'s' if len(cells) != 1 else ''} "
                       f"from {color} ({_list(cells)})")
        if self.win_rate is not None:
            capped = "; the time cap ended the search" if self.time_capped else ""
            out.append(f"estimated win chance {self.win_rate:.0%} ({_simulations(self.simulations)}{capped})")
        return out

    def __str__(self) -> str:
        lines = [f"Hint for {self.color}: {self.move}"]
        lines += [f"  - {reason}" for reason in self.reasons()]
        if self.alternatives:
            lines.append("  Also good:")
            for alt in self.alternatives:
                lines.append(f"    {alt.move} ({_estimate(alt)})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        estimate = "" if self.win_rate is None else f", win chance {self.win_rate:.0%}"
        return f"<Hint for {self.color}: {self.move} ({self.player}{estimate})>"

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(r)}</li>" for r in self.reasons())
        alternatives = ""
        if self.alternatives:
            rows = "".join(f"<tr><td><code>{html.escape(str(a.move))}</code></td>"
                           f"<td>{html.escape(a.move.piece.name if a.move.piece else 'pass')}</td>"
                           f"<td>{html.escape(_estimate(a))}</td></tr>" for a in self.alternatives)
            alternatives = ("<details><summary>Also good</summary><table>"
                            "<tr><th>move</th><th>piece</th><th>estimate</th></tr>"
                            f"{rows}</table></details>")
        return (f"<div class='blokus-hint'><b>Hint for {html.escape(self.color)}</b> "
                f"({html.escape(self.player)}): <code>{html.escape(str(self.move))}</code>"
                f"<ul>{items}</ul>{alternatives}</div>")


def _simulations(count: int | None) -> str:
    """A search's size in the one unit hints use everywhere: ``"1 simulation"``, ``"30 simulations"``."""
    return f"{count} simulation{'' if count == 1 else 's'}"


def _estimate(alternative: Alternative) -> str:
    if alternative.win_rate is not None:
        return f"win chance {alternative.win_rate:.0%}, {_simulations(alternative.visits)}"
    return f"heuristic score {alternative.heuristic:.1f}"


def _list(cells: tuple[str, ...], most: int = 6) -> str:
    if len(cells) <= most:
        return ", ".join(cells)
    return ", ".join(cells[:most]) + f" and {len(cells) - most} more"


def hint(game: Game, player: str | Player = "hard", *, limit: Limit | None = None,
         seed: int | None = None, alternatives: int = 3) -> Hint:
    """Suggest a move for the color to move in ``game``, with an explanation.

    ``player`` is a name (``"hard"``, ``"greedy"``...) or a :class:`Player`;
    ``limit`` overrides its thinking budget. A searching player (MCTS) adds
    its estimated win chance and up to ``alternatives`` other good moves; other
    players add the next best moves by the greedy heuristic. The game is not
    changed. The win chance is the mover's chance of finishing first after the
    move, read from the search as :func:`~blokus_nb.analysis.evaluate` reads it
    (:func:`~blokus_nb.players.mcts.mover_chance`); for "hard" and "expert"
    it is calibrated in Duo on Pentobi level-7 games and in classic on
    level-6 games (see :mod:`blokus_nb.analysis.evaluation` for how well).

    >>> import blokus_nb as bn
    >>> print(hint(bn.Game("duo"), "mcts", limit=Limit(simulations=30), seed=1))  # doctest: +ELLIPSIS
    Hint for purple: ...
      - places 5 squares (the ... piece)
    ...
    """
    return finish(hint_steps(game, player, limit=limit, seed=seed, alternatives=alternatives))


def hint_steps(game: Game, player: str | Player = "hard", *, limit: Limit | None = None,
               seed: int | None = None, alternatives: int = 3) -> Steps[Hint]:
    """:func:`hint` in steps (see :mod:`blokus_nb.players.search`): a generator that gives the caller
    control back between slices of the search, and returns the same hint.

    >>> import blokus_nb as bn
    >>> from blokus_nb.players.search import finish
    >>> finish(hint_steps(bn.Game("duo"), "mcts", limit=Limit(simulations=30), seed=1)).color
    'purple'
    """
    if not isinstance(game, Game):
        raise ArgumentTypeError(f"hint needs a Game, not {type(game).__name__}")
    alternatives = count(alternatives, "alternatives")
    check_limit(limit)
    game = game.copy()  # a snapshot: another thread (a widget, a notebook cell) may play on meanwhile
    color = game.to_play
    if color is None:
        raise IllegalMoveError("the game is over: there is no move to suggest", rule="game-over")
    chooser = make_player(player, seed=seed)
    name = chooser.name if isinstance(player, Player) else str(player).strip().lower()
    board = game.board
    ci = game.colors.index(color)
    if not board.has_legal(ci):
        return Hint(color, Move.pass_move(color, game.size), name)
    win_rate = simulations = None
    time_capped = False
    others: list[Alternative] = []
    if isinstance(chooser, Searcher):  # an MCTS player or an outside engine
        result = yield from search_steps_of(chooser, game, limit)
        move, win_rate, simulations = result.move, mover_chance(result, game), result.simulations
        # the time cap bound: the search ended on time though it had a number of simulations to make
        budget = limit if limit is not None and not limit.is_unlimited else (
            chooser.limit_for(game) if isinstance(chooser, Player) else None)
        time_capped = result.stopped_by == "time" and budget is not None and budget.simulations is not None
        others = [Alternative(s.move, s.win_rate, s.visits, s.heuristic)
                  for s in result.alternatives[1:alternatives + 1]]
    else:
        move = yield from move_steps_of(chooser, game, limit)
        pids = board.legal_placements(ci)
        scores = heuristic_scores(board, ci, pids, teams(game))
        ranked = sorted(zip(scores, pids), key=lambda sp: sp[0], reverse=True)
        others = [Alternative(Move(color, pid, game.size), heuristic=score)
                  for score, pid in ranked if pid != move.placement][:alternatives]
    placement = move.placement
    assert placement is not None  # the color has a legal move: the chooser played one
    features = placement_features(board, ci, placement, teams(game))
    taken = {game.colors[o]: tuple(mask_names(mask, game.size)) for o, mask in sorted(features.taken_from.items())}
    return Hint(color=color, move=move, player=name, squares=features.size,
                corners_opened=tuple(mask_names(features.new_corners, game.size)),
                corners_gained=features.gained, corners_taken=taken, win_rate=win_rate,
                simulations=simulations, alternatives=tuple(others), time_capped=time_capped)
