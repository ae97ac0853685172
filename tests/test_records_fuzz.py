"""Fuzzing the record readers: mutated Pentobi records, JSON records and random token soup.

Every outcome must be a :class:`~blokus_nb.RecordError` or games that are
correct: they replay move by move through the rules, and they come back
unchanged through SGF and through JSON. With ``errors="collect"`` the reader
never raises at all.

The CI run takes well under a minute. For a longer run by hand:

    FUZZ_EXAMPLES=5000 .venv/bin/python -m pytest -q -s tests/test_records_fuzz.py

which prints how many records each test tried and what came of them.
"""

from __future__ import annotations

import collections
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import blokus_nb as bn
from data_paths import DATA

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=not os.environ.get("FUZZ_EXAMPLES"),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
RECORDS = sorted((DATA / "pentobi" / "games").glob("*/*.blksgf"))
TEXTS = [path.read_text(encoding="utf-8") for path in RECORDS]
#: Outcomes per test, printed at the end of the module (run with -s to see them).
OUTCOMES: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)

# SGF pieces a hostile or broken record is made of.
TOKENS = ["(", ")", ";", "[", "]", "\\", "\\]", "\n", " ", "GM[Blokus]", "GM[Blokus Duo]",
          "GM[Blokus Two-Player]", "GM[Blokus Three-Player]", "GM[Go]", "B[e10]", "W[j5]", "B[pass]",
          "W[]", "1[a20]", "2[t20]", "3[t1]", "4[a1]", "1[a20][t20]", "B[d9,c10,d10,e10,d11]",
          "W[j10,k10]", "AB[e10]", "AW[j5]", "A1[a20]", "PL[W]", "PL[2]", "PB[Ann]", "P3[Cy]",
          "C[note]", "TE[1]", "RE[B+3]", "XY[z]", "FF[4]", "CA[UTF-8]", "AE[a1]", "\ufeff",
          "e10", "a20,a19", "z99", "1[" + "a1," * 40 + "]"]


def check_game(game: bn.Game) -> None:
    """A game a reader returned is correct: it replays through the rules and round-trips."""
    replay = bn.Game(game.variant, players=game.player_names,
                     setup={c: [t for k, t in game.setup if k == c] for c, _ in game.setup} or None,
                     to_play=game.history[0].color if game.history else game.to_play)
    for move in game.history:
        if move.is_pass:
            assert replay.to_play != move.color or not replay.legal_moves(move.color)
            continue
        replay.play(replay.parse_move(str(move), move.color))
    assert [m for m in replay.history if not m.is_pass] == [m for m in game.history if not m.is_pass]
    assert replay.is_over == game.is_over
    again = bn.read_sgf(game.to_sgf())
    assert again.history == game.history and again.setup == game.setup
    assert again.player_names == game.player_names
    assert again.annotations == game.annotations
    back = bn.Game.from_json(game.to_json())
    assert back.history == game.history and back.metadata == game.metadata
    assert back.annotations == game.annotations


def read_all(name: str, source) -> None:
    """Read ``source`` with both policies and check every outcome."""
    try:
        games = list(bn.iter_games(source))
    except bn.RecordError:
        OUTCOMES[name]["refused (RecordError)"] += 1
        games = None
    collected = list(bn.iter_games(source, errors="collect"))  # never raises
    assert all(isinstance(item, (bn.Game, bn.SkippedRecord)) for item in collected)
    if games is not None:
        assert [g.history for g in collected] == [g.history for g in games]
        OUTCOMES[name]["read"] += 1
        OUTCOMES[name]["games read"] += len(games)
    for item in collected:
        if isinstance(item, bn.SkippedRecord):
            assert item.message and item.source
        else:
            check_game(item)


@st.composite
def mutated_record(draw) -> str:
    """A Pentobi record with a few random edits: cut, insert, duplicate, swap characters."""
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["cut", "insert", "duplicate", "replace", "token"]))
        if kind == "cut":
            text = text[:where] + text[where + draw(st.integers(1, 40)):]
        elif kind == "insert":
            text = text[:where] + draw(st.text(min_size=1, max_size=8)) + text[where:]
        elif kind == "duplicate":
            end = min(len(text), where + draw(st.integers(1, 60)))
            text = text[:end] + text[where:end] + text[end:]
        elif kind == "replace":
            text = text[:where] + draw(st.sampled_from("()[];\\,:abz0123456789BW ")) + text[where + 1:]
        else:
            text = text[:where] + draw(st.sampled_from(TOKENS)) + text[where:]
    return text


@given(mutated_record())
@FUZZ
def test_mutated_pentobi_records(text):
    # As bytes: a str that looks like a file name would be read as one.
    read_all("mutated Pentobi SGF", text.encode("utf-8", "surrogatepass"))


NODE_TOKENS = ["B[e10]", "W[j5]", "B[j10]", "W[e5]", "1[a20]", "2[t20]", "3[t1]", "4[a1]", "1[a19]",
               "2[t19]", "B[pass]", "W[]", "C[x]", "TE[1]", "B[e10,e9]", "W[j5,j4]", "AB[e10]", "PL[B]",
               "1[a20][t20]", "XY[1]", ";", ";", ";", "(", ")"]


@st.composite
def token_soup(draw) -> str:
    """Random tokens; half the time inside a game tree's frame, so that some records are games."""
    if draw(st.booleans()):
        return "".join(draw(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=30)))
    root = draw(st.sampled_from(["GM[Blokus]", "GM[Blokus Duo]", "GM[Blokus Two-Player]",
                                 "GM[Blokus Three-Player]"]))
    extra = "".join(draw(st.lists(st.sampled_from(["PB[A]", "P1[A]", "P4[D]", "AB[e10]", "A1[a20]",
                                                   "PL[W]", "PL[2]", "RE[0]", "XY[z]", "C[r]"]),
                                  max_size=3, unique=True)))
    body = "".join(draw(st.lists(st.sampled_from(NODE_TOKENS), max_size=12)))
    return f"(;{root}{extra};{body})" + draw(st.sampled_from(["", "", "\n", ")", "(;GM[Blokus])", "x"]))


@given(token_soup())
@FUZZ
def test_token_soup(text):
    read_all("SGF token soup", text.encode("utf-8"))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**30) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


@st.composite
def mutated_json(draw) -> str:
    """A JSON record of a Pentobi game with random fields replaced, dropped or added."""
    game = bn.read_sgf(draw(st.sampled_from(TEXTS)))
    record = json.loads(game.to_json())
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(record) + ["annotations", "setup", "to_play", "extra"]))
        action = draw(st.sampled_from(["replace", "drop", "edit"]))
        if action == "drop":
            record.pop(key, None)
        elif action == "edit" and isinstance(record.get(key), list) and record[key]:
            index = draw(st.integers(0, len(record[key]) - 1))
            record[key][index] = draw(JSON_VALUES | st.just(["blue", "pass"]) | st.just(["red", "a1"]))
        elif action == "edit" and isinstance(record.get(key), dict) and record[key]:
            inner = draw(st.sampled_from(sorted(record[key])))
            record[key][inner] = draw(JSON_VALUES)
        else:
            record[key] = draw(JSON_VALUES)
    lines = draw(st.booleans())
    return json.dumps(record, indent=None if lines else 2) + ("\n" + game.to_json(indent=None) if lines else "")


@given(mutated_json())
@FUZZ
def test_mutated_json_records(text):
    read_all("mutated JSON", text)


@pytest.fixture(scope="module", autouse=True)
def report_outcomes():
    yield
    for name, counts in OUTCOMES.items():
        print(f"\n{name}: {sum(counts[k] for k in ('read', 'refused (RecordError)'))} records, "
              + ", ".join(f"{key} {value}" for key, value in sorted(counts.items())))
