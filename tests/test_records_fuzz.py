"""Fuzzing the record readers: mutated Pentobi records, JSON records, random token soup and random trees.

Every outcome must be a :class:`~blokus_nb.RecordError` or games that are
correct: they replay move by move through the rules, and they come back
unchanged through SGF and through JSON. Read as trees, every outcome is a
``RecordError`` or a tree that comes back unchanged through SGF (node for
node), through JSON (its moves, notes and variations) and through the game
of its main line saved as SGF. With ``errors="collect"`` the reader never
raises at all.

The CI run takes well under a minute. For a longer run by hand:

    FUZZ_EXAMPLES=5000 .venv/bin/python -m pytest -q -s tests/test_records_fuzz.py

which prints how many records each test tried and what came of them.
"""

from __future__ import annotations

import collections
import json
import os

import pytest
from budget import examples
from data_paths import DATA
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import blokus_nb as bn
from blokus_nb import records, sgf

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", examples(300)))
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
    replay = bn.Record(game.variant, players=game.player_names,
                     setup={c: [t for k, t in game.setup if k == c] for c, _ in game.setup} or None,
                     to_play=game.history[0].color if game.history else game.to_play)
    for move in game.history:
        if move.is_pass:
            assert replay.to_play != move.color or not replay.legal_moves(move.color)
            continue
        replay.play(replay.parse_move(str(move), move.color))
    assert [m for m in replay.history if not m.is_pass] == [m for m in game.history if not m.is_pass]
    assert replay.is_over == game.is_over
    again = bn.read_sgf(bn.records.to_sgf(game))
    assert again.history == game.history and again.setup == game.setup
    assert again.player_names == game.player_names
    assert again.annotations == game.annotations
    back = bn.records.game_from_json(bn.records.to_json(game))
    assert back.history == game.history and back.metadata == game.metadata
    # JSON folds nodes of notes only into the move before them (records/json_format.py), so a
    # game read with such nodes off its main line may gain their notes; it never loses one.
    for index, notes in game.annotations.items():
        for key, value in notes.items():
            assert any(value in back.annotations.get(j, {}).get(key, "")  # there, or on a pass after
                       for j in range(index, max(len(back.history), index + 1))), (index, key)
    assert bn.records.game_from_json(bn.records.to_json(back)).annotations == back.annotations  # and then holds


def same(written: bn.Tree, tree: bn.Tree) -> bool:
    """Equal trees, but for what the writer sets: the application (AP), and the result (RE) of a
    finished two-player main line where the record had none."""
    written, tree = written.copy(), tree.copy()
    written.metadata.pop("application", None)
    tree.metadata.pop("application", None)
    if "result" not in tree.metadata:
        written.metadata.pop("result", None)
    return written == tree


def check_tree(tree: bn.Tree) -> None:
    """A tree a reader returned is correct: every line replays, and it round-trips unchanged."""
    assert same(bn.read_tree(bn.records.to_sgf(tree)), tree)  # node for node
    through_json = bn.read_tree(bn.records.to_json(tree))
    if all(node.move is not None and not node.move.is_pass for node in tree.walk() if node is not tree):
        assert same(through_json, tree)
    else:  # JSON keeps moves and notes: nodes of notes only join the move before them
        assert through_json.end().game().history == tree.end().game().history
    game = tree.mainline_game()
    assert same(bn.read_tree(bn.records.to_sgf(game)), tree)  # saving the game keeps the whole tree
    for node in tree.walk():
        if not node.variations:
            line = node.game()
            assert [n.move for n in node.path()[1:] if n.move is not None and not n.move.is_pass] == line.moves


def read_trees(name: str, source: bytes) -> None:
    """Read every game tree of an SGF ``source`` as a :class:`~blokus_nb.Tree` and check it."""
    try:
        for record in sgf.iter_trees(source):
            try:
                tree = records.tree_from_sgf(record)
            except bn.RecordError:
                OUTCOMES[name]["tree refused (RecordError)"] += 1
                continue
            OUTCOMES[name]["trees read"] += 1
            check_tree(tree)
    except bn.RecordError:
        OUTCOMES[name]["grammar refused (RecordError)"] += 1


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


@pytest.mark.slow
@given(mutated_record())
@FUZZ
def test_mutated_pentobi_records(text):
    # As bytes: a str that looks like a file name would be read as one.
    read_all("mutated Pentobi SGF", text.encode("utf-8", "surrogatepass"))
    read_trees("mutated Pentobi SGF", text.encode("utf-8", "surrogatepass"))


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


@pytest.mark.slow
@given(token_soup())
@FUZZ
def test_token_soup(text):
    read_all("SGF token soup", text.encode("utf-8"))
    read_trees("SGF token soup", text.encode("utf-8"))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**30) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6)


@st.composite
def mutated_json(draw) -> str:
    """A JSON record of a Pentobi game with random fields replaced, dropped or added."""
    game = bn.read_sgf(draw(st.sampled_from(TEXTS)))
    record = json.loads(bn.records.to_json(game))
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
    return json.dumps(record, indent=None if lines else 2) + ("\n" + bn.records.to_json(game, indent=None) if lines else "")


@pytest.mark.slow
@given(mutated_json())
@FUZZ
def test_mutated_json_records(text):
    read_all("mutated JSON", text)


NOTE_KEYS = ["comment", "TE", "BM", "IT", "DO", "N", "LB", "B", "AB", "GM", "C", "x"]


@st.composite
def random_tree(draw) -> bn.Tree:
    """A tree grown from a Pentobi game: random variations of random legal moves, random notes."""
    game = bn.read_sgf(draw(st.sampled_from(TEXTS)))
    tree = bn.Tree.from_game(game)
    nodes = list(tree.walk())
    for _ in range(draw(st.integers(0, 6))):
        node = draw(st.sampled_from(nodes))
        position = node.game()
        if position.is_over:
            continue
        legal = position.legal_moves()
        move = legal[draw(st.integers(0, len(legal) - 1))]
        notes = draw(st.dictionaries(st.sampled_from(NOTE_KEYS), st.text(max_size=6), max_size=2))
        try:
            child = node.add_variation(move, notes=notes)
        except bn.BlokusError:
            continue  # a move already there, or notes a record could not hold
        nodes.append(child)
        for _ in range(draw(st.integers(0, 3))):
            position = child.game()
            if position.is_over:
                break
            legal = position.legal_moves()
            child = child.add_variation(legal[draw(st.integers(0, len(legal) - 1))])
            nodes.append(child)
    if draw(st.booleans()):
        node = draw(st.sampled_from(nodes))
        if node is not tree:
            node.make_main_line()
    return tree


@pytest.mark.slow
@given(random_tree())
@FUZZ
def test_random_trees_round_trip(tree):
    check_tree(tree)
    OUTCOMES["random trees"]["trees read"] += 1


@pytest.mark.slow
@given(random_tree(), st.data())
@FUZZ
def test_mutated_trees(tree, data):
    text = bn.records.to_sgf(tree)
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["cut", "duplicate", "token"]))
        if kind == "cut":
            text = text[:where] + text[where + data.draw(st.integers(1, 30)):]
        elif kind == "duplicate":
            end = min(len(text), where + data.draw(st.integers(1, 60)))
            text = text[:end] + text[where:end] + text[end:]
        else:
            text = text[:where] + data.draw(st.sampled_from(TOKENS + ["(;", ")(", "C[x]", "N[y]"])) + text[where:]
    read_all("mutated trees", text.encode("utf-8"))
    read_trees("mutated trees", text.encode("utf-8"))


@pytest.fixture(scope="module", autouse=True)
def report_outcomes():
    yield
    for name, counts in OUTCOMES.items():
        print(f"\n{name}: {sum(counts[k] for k in ('read', 'refused (RecordError)'))} records, "
              + ", ".join(f"{key} {value}" for key, value in sorted(counts.items())))
