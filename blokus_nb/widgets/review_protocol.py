"""The review board's contract with its views: the ``review`` trait Python sends, the requests a view may make.

State out: :func:`review_state` turns the searches done so far (and an
opening index, if one was given) into the plain JSON value of
:attr:`BlokusWidget.review <blokus_nb.BlokusWidget.review>`: the progress,
every placement with its class and mark, each player's curve (its chance of
finishing first at every position: in Duo and ``classic_2`` the two sides'
complements, on the classic boards every player's share; see
:func:`~blokus_nb.analysis.review.side_curves`), each player's summary, and for the position shown the engine's best move, the
move played and the corpus's moves. Nothing here decides a rule.

Requests in: ``review`` (start or resume the review; from a finished game in
play mode it opens the review board), ``stop-review``, ``explore`` (play a
move of the corpus from the position shown), and for the variations
``main-line`` (back to the main line), ``promote`` (the line shown becomes the
main line) and ``delete-variation``; ``engine-line`` (the engine's next few
moves from the position shown, searched in the background); a ``place`` request of the board in
review mode tries a move (see :mod:`.review_line`). The front-end's
``board/review_protocol.ts`` is the other half.

This module reads the review's own requests (:class:`ReviewRequest`) and
imports nothing of the board's: the board's protocol dispatches to it. It
loads pandas and :mod:`blokus_nb.analysis` only when a review state is
built, so a board that never reviews never loads them.

>>> read_review_request({"type": "stop-review"})
ReviewRequest(kind='stop-review', version=0, move='', color='', piece='')
>>> read_review_request({"type": "explore", "version": 2})
Traceback (most recent call last):
...
blokus_nb.widgets._protocol.Refusal: malformed request: 'move' must be text
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..game import Game
from ._protocol import Refusal, piece_name, request_kind, text, whole_number

__all__ = ["REVIEW_KINDS", "ReviewRequest", "read_review_request", "review_state"]

#: The requests of the review board.
REVIEW_KINDS = ("review", "stop-review", "explore", "main-line", "promote", "delete-variation", "engine-line")
#: Moves of the corpus listed for one position.
EXPLORER_ROWS = 12


@dataclass(frozen=True)
class ReviewRequest:
    """One request of the review board, read once at the boundary.

    ``move`` is the move of an ``explore`` (or of a ``place`` tried on the
    review board, which the board hands over with its ``color`` and ``piece``).
    """

    kind: str
    version: int = 0
    move: str = ""
    color: str = ""
    piece: str = ""


def read_review_request(content: Any) -> ReviewRequest:
    """Check the shape of a review request; raise :class:`Refusal` if it is not one."""
    kind = request_kind(content, REVIEW_KINDS)
    if kind == "stop-review":  # it changes no game: no version to be stale against
        return ReviewRequest(kind)
    version = whole_number(content, "version")
    if kind == "explore":
        return ReviewRequest(kind, version=version, move=text(content, "move"))
    return ReviewRequest(kind, version=version)


def _number(value: Any, digits: int = 4) -> float | None:
    """A float for JSON: rounded, and None for NaN (JSON has no NaN)."""
    if value is None:
        return None
    value = float(value)
    return None if math.isnan(value) else round(value, digits)


def _move_data(game: Game, text: str, color: str) -> dict[str, Any]:
    move = game.parse_move(text, color)
    return {"move": str(move), "cells": list(move.cells), "piece": piece_name(move), "color": move.color}


def review_state(game: Game, shown: Game, estimates: Sequence[Any], *, status: str, message: str = "",
                 level: str = "", explorer: Any = None, explorer_name: str = "",
                 line: dict[str, Any] | None = None) -> dict[str, Any]:
    """The value of the ``review`` trait: the review of ``game`` from ``estimates``, at position ``shown``.

    ``shown`` is the position the board shows: ``game`` after its first few
    placements, or a position of a variation (``line``, from
    :meth:`ReviewLine.state <blokus_nb.widgets.review_line.ReviewLine.state>`,
    says which; the review's searches are of the main line only).

    >>> import blokus_nb as bn
    >>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
    >>> state = review_state(game, game.copy(), [], status="running")
    >>> state["done"], state["total"], [m["move"] for m in state["moves"]]
    (0, 2, ['d9,c10,d10,e10,d11', 'j5'])
    """
    import pandas as pd  # the review's frame: loaded with the first review, not with the board

    from ..analysis.review import MARKS, review_frame, review_summary, side_curves

    frame = review_frame(game, list(estimates))
    variant = game.variant
    moves: list[dict[str, Any]] = []
    for row in frame.to_dict("records"):
        kind = "" if pd.isna(row["class"]) else str(row["class"])
        moves.append({"number": len(moves) + 1, "color": str(row["color"]), "player": int(row["player"]),
                      "move": row["cells"], "class": kind, "mark": MARKS.get(kind, ""),
                      "before": _number(row["win_before"]), "after": _number(row["win_after"]),
                      "loss": _number(row["loss"]), "best": "" if pd.isna(row["best_move"]) else row["best_move"]})
    summary = [{key: (_number(value, 3) if isinstance(value, float) else value) for key, value in entry.items()}
               for entry in review_summary(frame).to_dict("records")]
    sides = [{"player": p, "name": game.player_names[p - 1], "colors": list(variant.colors_of(p))}
             for p in range(1, variant.n_players + 1)]
    curves = [[_number(v) for v in curve] for curve in side_curves(frame, variant.n_players)]
    index = len(shown.moves)
    line = line or {"main": True, "ply": index, "length": len(moves), "branch": None, "moves": []}
    position: dict[str, Any] = {"index": index, "best": {}, "played": {}}
    if line["main"] and index < len(moves):
        played = moves[index]
        position["played"] = {**_move_data(shown, played["move"], played["color"]),
                              **{k: played[k] for k in ("class", "mark", "loss")}}
        if played["best"]:
            position["best"] = {**_move_data(shown, played["best"], played["color"]), "win": played["before"]}
    return {"status": status, "message": message, "level": level, "done": len(estimates),
            "total": len(moves), "moves": moves, "sides": sides, "curves": curves, "summary": summary,
            "position": position, "line": line, "explorer": _explorer_state(explorer, explorer_name, shown)}


def _explorer_state(explorer: Any, name: str, shown: Game) -> dict[str, Any]:
    if explorer is None:
        return {}
    frame = explorer.moves_from(shown)
    color = shown.to_play or ""
    rows = []
    for row in frame.head(EXPLORER_ROWS).itertuples(index=False):
        cells = list(shown.parse_move(row.move).cells) if color else []
        rows.append({"move": row.move, "cells": cells, "games": int(row.games), "share": _number(row.share, 3),
                     "score": _number(row.score, 3), "low": _number(row.low, 3), "high": _number(row.high, 3)})
    return {"name": name, "games": explorer.games, "depth": explorer.depth, "color": color, "ply": len(shown.moves),
            "reached": int(frame["games"].sum()) if len(frame) else 0, "moves": rows,
            "merged": "transpositions and mirror images" if len(explorer.symmetries) > 1 else "transpositions"}


def check_explored(state: dict[str, Any], move: str) -> str:
    """``move`` if the explorer lists it for the position shown, else a :class:`Refusal`."""
    listed = [row["move"] for row in state.get("explorer", {}).get("moves", [])]
    if move not in listed:
        raise Refusal(f"{move[:40]} is not a move the corpus played from this position", "not-explored")
    return move
