"""blokus-nb's JSON record to :class:`~blokus_nb.Game` and back, every field checked.

>>> game = game_from_json(Game("duo").to_json())
>>> game.variant.name, game_to_dict(game)["format"]
('duo', 'blokus-nb')
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..errors import BlokusError, RecordError, short_repr
from ..game import Game
from ..variants import get_variant
from .checks import check_move_text, check_text_fields
from .properties import _sgf_key_problem
from .sgf_format import _first_to_play

__all__ = ["game_to_dict", "game_to_json", "game_from_dict", "game_from_json", "JSON_FORMAT",
           "JSON_VERSION"]

JSON_FORMAT = "blokus-nb"
JSON_VERSION = 1
#: Every field a record may have (anything else is refused, not silently dropped).
RECORD_FIELDS = frozenset({"format", "version", "variant", "players", "metadata", "setup", "to_play",
                           "moves", "annotations", "result"})
_INDEX = re.compile(r"0|[1-9][0-9]*")  # an annotation's key: a move's index, written plainly


def game_to_dict(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready dict in blokus-nb's record format (version 1).

    Raises :class:`BlokusError` for what the reader would refuse (a metadata
    value that is not text, a lone surrogate in a name).

    >>> game_to_dict(Game("duo"))["result"]
    {'over': False, 'points': {'purple': 0, 'orange': 0}, 'player_points': {'1': 0, '2': 0}, 'winners': [1, 2]}
    """
    with game.lock:  # one consistent snapshot, even while another thread (an AI seat) plays
        return _game_to_dict(game)


def _game_to_dict(game: Game) -> dict[str, Any]:
    check_text_fields(game)
    record: dict[str, Any] = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "variant": game.variant.name,
        "players": list(game.player_names),
        "metadata": dict(game.metadata),
    }
    if game.setup:
        record["setup"] = [[color, cells] for color, cells in game.setup]
    first = _first_to_play(game)
    if first is not None:
        record["to_play"] = first
    record["moves"] = [[m.color, str(m)] for m in game.history]
    if game.annotations:
        record["annotations"] = {str(k): v for k, v in sorted(game.annotations.items())}
    record["result"] = _json_result(game)
    return record


def _json_result(game: Game) -> dict[str, Any]:
    return {
        "over": game.is_over,
        "points": game.scores("points"),
        "player_points": {str(k): v for k, v in game.player_scores("points").items()},
        "winners": game.winners("points"),
    }


def game_to_json(game: Game, indent: int | None = 2) -> str:
    """The game as blokus-nb JSON text (see the README for the format)."""
    return json.dumps(game_to_dict(game), indent=indent, ensure_ascii=False)


def _is_pair(item: Any) -> bool:
    return isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)


def game_from_dict(record: Any, *, source: str = "<text>", line: int | None = None) -> Game:
    """Build a game from a decoded blokus-nb JSON record, checking every field.

    A record that disagrees with itself (a result its moves do not give) is refused.

    >>> game_from_dict({"format": "blokus-nb", "version": 1, "variant": "duo", "moves": []}).variant.name
    'duo'
    """
    def fail(message: str) -> RecordError:
        return RecordError(message, source=source, line=line)

    if not isinstance(record, dict):
        raise fail(f"a game record is a JSON object, not {type(record).__name__}")
    if record.get("format") != JSON_FORMAT:
        raise fail(f"'format' is {short_repr(record.get('format'))}, expected {JSON_FORMAT!r}")
    version = record.get("version")
    if type(version) is not int or version != JSON_VERSION:  # not True, not 1.0
        raise fail(f"record version {short_repr(version)} is not one this blokus-nb reads ({JSON_VERSION})")
    variant_name = record.get("variant", "")
    if not isinstance(variant_name, str):
        raise fail(f"'variant' must be a variant name, not {short_repr(variant_name)}")
    try:
        variant = get_variant(variant_name)
    except ValueError as error:
        raise fail(str(error)) from None
    unknown = sorted(set(record) - RECORD_FIELDS)
    if unknown:
        raise fail(f"unknown field {unknown[0]!r}; a record has {', '.join(sorted(RECORD_FIELDS))}")
    players = record.get("players")
    if players is not None and not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        raise fail(f"'players' must be a list of names, not {short_repr(players)}")
    players = players or None
    raw_setup = record.get("setup", [])
    if not isinstance(raw_setup, list):
        raise fail(f"'setup' must be a list of [color, cells] pairs, not {short_repr(raw_setup)}")
    setup: dict[str, list[str]] = {}
    for item in raw_setup:
        if not _is_pair(item):
            raise fail(f"a setup entry must be [color, cells], not {short_repr(item)}")
        check_move_text(item[1], fail)
        setup.setdefault(item[0], []).append(item[1])
    to_play = record.get("to_play")
    if to_play is not None and not isinstance(to_play, str):
        raise fail(f"'to_play' must be a color, not {short_repr(to_play)}")
    try:
        game = Game(variant, players=players, setup=setup or None, to_play=to_play)
    except BlokusError as error:
        raise fail(f"bad setup: {error}") from None
    metadata = record.get("metadata", {})
    if not isinstance(metadata, dict) or not all(isinstance(v, str) for v in metadata.values()):
        raise fail("'metadata' must map names to text")
    for key in metadata:
        problem = _sgf_key_problem(key)
        if problem:
            raise fail(problem)
    game.metadata.update(metadata)
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise fail("'moves' must be a list of [color, cells] pairs")
    for number, item in enumerate(moves, start=1):
        if not _is_pair(item):
            raise fail(f"move {number} must be [color, cells], not {short_repr(item)}")
        color, text = item
        check_move_text(text, lambda message: fail(f"move {number}: {message}"))
        if text == "pass":
            if len(game.history) >= number and game.history[number - 1] .is_pass \
                    and game.history[number - 1].color == color:
                continue  # passes are recorded by the game itself
            if color != game.to_play:
                raise fail(f"move {number}: a pass by {color!r}, but {game.to_play} is to play")
            raise fail(f"move {number}: {color} passes, but it has legal moves")
        if len(game.history) >= number:
            expected = game.history[number - 1]
            raise fail(f"move {number}: {color} {text} is recorded where {expected.color} passed")
        if color != game.to_play:
            raise fail(f"move {number}: a move by {color!r}, but {game.to_play} is to play")
        try:
            game.play(game.parse_move(text, color))
        except BlokusError as error:
            raise fail(f"move {number} ({color} {text}): {error}") from None
    annotations = record.get("annotations") or {}
    if not isinstance(annotations, dict):
        raise fail(f"'annotations' must map move indices to notes, not {short_repr(annotations)}")
    for key, note in annotations.items():
        if not (_INDEX.fullmatch(key) and int(key) < len(game.history) and isinstance(note, dict)):
            raise fail(f"annotation {key!r} does not name a move of the game")
        if not all(isinstance(v, str) for v in note.values()):
            raise fail(f"annotation {key!r} must map names to text")
        game.annotations[int(key)] = dict(note)
    _check_result(record.get("result"), game, fail)
    return game


def _check_result(result: Any, game: Game, fail: Any) -> None:
    """Refuse a recorded result that the moves do not give."""
    if result is None:
        return
    if not isinstance(result, dict):
        raise fail(f"'result' must be an object (over, points, player_points, winners), "
                   f"not {short_repr(result)}")
    actual = _json_result(game)
    unknown = sorted(set(result) - set(actual))
    if unknown:
        raise fail(f"unknown field {unknown[0]!r} in 'result'; it has {', '.join(sorted(actual))}")
    for key, value in result.items():
        if key in actual and (value != actual[key] or type(value) is not type(actual[key])):
            raise fail(f"the recorded result's {key!r}, {short_repr(value)}, does not match the "
                       f"moves, which give {actual[key]!r}")


def _loads(text: str, fail: Any) -> Any:
    """Decode JSON, turning every way it can fail into a :class:`RecordError` with a place."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise fail(f"not valid JSON: {error.msg}", error.lineno, error.colno) from None
    except RecursionError:
        raise fail("not valid JSON here: nested too deeply", None, None) from None
    except ValueError as error:  # e.g. an integer of thousands of digits
        raise fail(f"not valid JSON here: {error}", None, None) from None


def game_from_json(text: str, *, source: str = "<text>") -> Game:
    """Read one game from blokus-nb JSON text.

    >>> game_from_json(Game("duo").to_json()).variant.name
    'duo'
    """
    def fail(message: str, line: int | None, column: int | None) -> RecordError:
        return RecordError(message, source=source, line=line, column=column)

    return game_from_dict(_loads(text.lstrip("\ufeff"), fail), source=source)
