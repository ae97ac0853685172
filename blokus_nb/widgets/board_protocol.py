"""The board widget's contract with its views: the state Python sends, the requests a view may make.

State out: :func:`view_state` turns a :class:`~blokus_nb.Game` into plain
JSON-able trait values (the front-end draws them and checks hover previews
against :func:`legal_moves_by_piece`). Nothing here decides a rule: it only
reads the game.

Requests in: a view only *asks* to place a piece, undo, redo, pass, get a
hint, start a new game, or show another position of a replay.
:func:`read_request` refuses anything that is not exactly one of those shapes
with a reason, and nothing changes; the game itself then judges the requests
that are well formed. The front-end's board protocol module is the other half.

>>> import blokus_nb as bn
>>> state = view_state(bn.Game("duo"), seats={"purple": "human", "orange": "human"})
>>> state["to_play"], len(state["board"]), state["hands"]["orange"][:3]
('purple', 196, ['1', '2', 'I3'])
>>> read_request({"type": "undo", "version": 3})
Command(kind='undo', version=3)
>>> read_request({"type": "seek", "index": 4})
Seek(index=4)
>>> read_request({"type": "place", "move": 5, "version": 1})
Traceback (most recent call last):
...
blokus_nb.widgets._protocol.Refusal: malformed request: 'move' must be text
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias, cast

from ..game import Game
from ..pieces import PIECES
from ..variants import VARIANTS
from ._protocol import MAX_TEXT, Refusal, piece_name, request_kind, text, whole_number
from .review_protocol import REVIEW_KINDS, ReviewRequest, read_review_request

__all__ = ["HUMAN", "KINDS", "MAX_TEXT", "Command", "NewGame", "Place", "Request", "Seek", "read_request",
           "view_state"]

#: The seat label of a color played by a person (any other label names an AI player).
HUMAN = "human"
KINDS = ("place", "pass", "undo", "redo", "hint", "new", "seek", *REVIEW_KINDS)


# ---------------------------------------------------------------- state out
def pieces_table() -> list[dict[str, Any]]:
    """Every piece's name and cells ``[x, y]`` (y down) in its first orientation, in catalogue order.

    A list, not a mapping: saved widget state may come back with its keys sorted.
    """
    return [{"name": p.name, "cells": [list(cell) for cell in p.cells]} for p in PIECES]


def board_string(game: Game) -> str:
    """One character per cell, row 0 at the top: ``"0"`` empty, ``"k"`` for ``game.colors[k-1]``."""
    return "".join(map(str, game.board_array().ravel().tolist()))


def hands(game: Game) -> dict[str, list[str]]:
    """The names of the pieces each color still holds."""
    return {color: [p.name for p in game.remaining_pieces(color)] for color in game.colors}


def legal_moves_by_piece(game: Game) -> dict[str, list[str]]:
    """The color to play's legal moves as text, grouped by piece name."""
    out: dict[str, list[str]] = {}
    for move in game.legal_moves():
        out.setdefault(piece_name(move), []).append(str(move))
    return out


def last_move(game: Game) -> dict[str, Any]:
    move = game.last_move
    if move is None:
        return {}
    return {"color": move.color, "move": str(move), "cells": list(move.cells), "piece": piece_name(move)}


def scores(game: Game) -> dict[str, Any]:
    """Squares placed and each scoring per color, and per player.

    Every entry has ``points`` (Pentobi's count, what a view shows first),
    ``basic`` and ``advanced`` (the rulebook's), and ``score``, the advanced
    one again for views saved before the others existed. A shared color
    (green in classic_3) belongs to no player (0) and scores 0.

    >>> import blokus_nb as bn
    >>> game = bn.Game("duo")
    >>> _ = game.play("e9,d10,e10,f10,e11")
    >>> scores(game)["colors"]["purple"]
    {'squares': 5, 'player': 1, 'score': -84, 'points': 5, 'basic': 84, 'advanced': -84}
    """
    variant = game.variant
    shown = ("points", "basic", "advanced")
    by_color = {scoring: game.scores(scoring) for scoring in shown}
    by_player = {scoring: game.player_scores(scoring) for scoring in shown}
    scored = {c for p in range(1, variant.n_players + 1) for c in variant.colors_of(p)}
    colors = {}
    for color in game.colors:
        # A shared color (green in classic_3) belongs to no single player.
        player = next((p for p in range(1, variant.n_players + 1) if color in variant.colors_of(p)), 0)
        values = {s: by_color[s][color] if color in scored else 0 for s in shown}
        colors[color] = {"squares": game.squares_placed(color), "player": player, "score": values["advanced"],
                         **values}
    players = [{"number": p, "name": game.player_names[p - 1], "colors": list(variant.colors_of(p)),
                "score": by_player["advanced"][p], **{s: by_player[s][p] for s in shown}}
               for p in range(1, variant.n_players + 1)]
    return {"colors": colors, "players": players}


def passes_since_last_placement(game: Game) -> list[str]:
    """Colors that passed after the last placement (they could not move)."""
    out = []
    for move in reversed(game.history):
        if not move.is_pass:
            break
        out.append(move.color)
    return out[::-1]


def status_text(game: Game, seats: Mapping[str, str]) -> str:
    """One line for the top of the widget: whose turn and who passed, or that the game is over.

    The result itself is the view's game-over summary (in the scoring it shows), not repeated here.
    """
    color, player = game.to_play, game.player_to_play
    if color is None or player is None:  # both None once the game is over
        return "Game over."
    seat = seats.get(color, HUMAN)
    who = game.player_names[player - 1] if seat == HUMAN else f"computer, {seat}"
    text = f"{color.capitalize()} to play ({who})."
    passed = passes_since_last_placement(game)
    if passed:
        text += f" {' and '.join(c.capitalize() for c in passed)} cannot move and passed."
    return text


def view_state(game: Game, *, seats: Mapping[str, str], with_legal: bool = True) -> dict[str, Any]:
    """Every game-derived trait value for one position of ``game``.

    ``with_legal`` False leaves the legal moves out (an AI seat is to play, or
    the position is only being replayed), which keeps the message small.
    """
    to_play = game.to_play or ""
    return {
        "variant": game.variant.name,
        "size": game.size,
        "colors": list(game.colors),
        "start_cells": dict(game.variant.start_cells),
        "board": board_string(game),
        "hands": hands(game),
        "to_play": to_play,
        "legal_moves": legal_moves_by_piece(game) if with_legal and to_play else {},
        "corner_points": game.corner_points(to_play) if to_play else [],
        "forbidden": game.forbidden_cells(to_play) if to_play else [],
        "last_move": last_move(game),
        "scores": scores(game),
        "game_over": game.is_over,
        "winners": game.winners() if game.is_over else [],
        "status": status_text(game, seats),
        "move_number": len(game.moves),
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
    }


# ---------------------------------------------------------------- requests in
@dataclass(frozen=True)
class Place:
    """Place ``move`` (cells as text) for ``color``; ``piece``, if given, is the piece the view had in hand."""

    kind: ClassVar[str] = "place"
    version: int
    move: str
    color: str
    piece: str = ""


@dataclass(frozen=True)
class NewGame:
    """Start a new game of ``variant`` with the same seats."""

    kind: ClassVar[str] = "new"
    version: int
    variant: str


@dataclass(frozen=True)
class Seek:
    """Show the position after ``index`` placements (replay and review); it changes no game, so it
    carries no version to be stale against."""

    kind: ClassVar[str] = "seek"
    index: int


CommandKind: TypeAlias = Literal["pass", "undo", "redo", "hint"]


@dataclass(frozen=True)
class Command:
    """A request that is its kind alone: pass, undo, redo, or a hint."""

    kind: CommandKind
    version: int


#: A request of the board's own (the review's are :class:`~.review_protocol.ReviewRequest`).
Request: TypeAlias = Place | NewGame | Seek | Command


def read_request(content: Any) -> Request | ReviewRequest:
    """Check the shape of one message from a view; raise :class:`Refusal` if it is not a request.

    The review's requests are read by the review's own protocol module
    (:mod:`.review_protocol`), which knows nothing of this one.
    """
    kind = request_kind(content, KINDS)
    if kind in REVIEW_KINDS:
        return read_review_request(content)
    if kind == "seek":
        return Seek(whole_number(content, "index"))
    version = whole_number(content, "version")
    if kind == "new":
        variant = text(content, "variant")
        if variant not in VARIANTS:
            raise Refusal(f"unknown variant {variant!r}; variants are {', '.join(VARIANTS)}")
        return NewGame(version, variant)
    if kind == "place":
        return Place(version, text(content, "move"), text(content, "color"), text(content, "piece", required=False))
    return Command(cast(CommandKind, kind), version)  # KINDS has no other kind left
