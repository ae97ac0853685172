"""Tests of the SGF grammar layer (blokus_nb.sgf): reading, writing, positions, errors."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blokus_nb import sgf
from blokus_nb.errors import BlokusError, RecordError
from blokus_nb.sgf import GameTree, Node

HERE = Path(__file__).parent
GAMES = HERE / "data" / "pentobi" / "games"
# Pentobi's opening books are GPL: read in place from ../shared, never copied here.
BOOKS = HERE.parent.parent / "shared" / "data" / "pentobi" / "books"

GAME_FILES = sorted(GAMES.glob("*/*.blksgf"))
BOOK_FILES = sorted(BOOKS.glob("*.blksgf")) if BOOKS.is_dir() else []
MOVE_IDENTIFIERS = {"classic": {"1", "2", "3", "4"}, "duo": {"B", "W"}}


def index_rows(variant: str) -> dict[str, dict[str, str]]:
    with open(GAMES / variant / "index.csv", newline="") as handle:
        return {row["file"]: row for row in csv.DictReader(handle)}


def classic_corpus() -> str:
    return "".join(path.read_text() for path in sorted(GAMES.glob("classic/*.blksgf")))


def books_or_skip() -> list[Path]:
    if not BOOK_FILES:
        pytest.skip(f"Pentobi's books are not at {BOOKS}")
    return BOOK_FILES


class CountingFile(io.StringIO):
    """A text file that records how much has been read from it."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.reads = 0
        self.characters_read = 0

    def read(self, size: int | None = -1) -> str:
        data = super().read(size)
        self.reads += 1
        self.characters_read += len(data)
        return data


def read_error(source, **kwargs) -> RecordError:
    with pytest.raises(RecordError) as info:
        list(sgf.iter_trees(source, **kwargs))
    return info.value


# --------------------------------------------------------------------------
# Pentobi's files


def test_the_copied_game_records_are_all_there():
    assert len(list(GAMES.glob("classic/*.blksgf"))) == 20
    assert len(list(GAMES.glob("duo/*.blksgf"))) == 20


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.name)
def test_pentobi_game_record_parses_to_its_main_line(path):
    variant = path.parent.name
    row = index_rows(variant)[path.name]
    tree = sgf.parse_tree(path)

    assert tree.source == str(path) and (tree.line, tree.column) == (1, 1)
    root, *moves = tree.main_line()
    assert root.get("GM") == row["gm"]
    assert root.get("CA") == "UTF-8"
    assert len(moves) == int(row["moves"])
    assert all(len(node.children) <= 1 for node in tree.walk())  # no variations
    for node in moves:
        (identifier,) = node.properties
        assert identifier in MOVE_IDENTIFIERS[variant]
        (value,) = node.properties[identifier]
        assert re.fullmatch(r"[a-t]\d{1,2}(,[a-t]\d{1,2}){0,4}", value)
    if variant == "classic":
        assert root.get("C") == f"Final points per color: {row['final_score']}"
    else:
        assert root.get("RE") == row["final_score"]


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.name)
def test_pentobi_game_record_is_written_back_byte_for_byte(path):
    assert sgf.dumps(sgf.parse(path)) == path.read_text()


def test_pentobi_positions_point_at_the_nodes():
    path = GAMES / "classic" / "classic_L1_0001.blksgf"
    tree = sgf.parse_tree(path)
    root, first, *_ = tree.main_line()
    assert root.position() == (2, 1)
    assert root.position("C") == (2, 135)
    assert first.position() == (3, 1) and first.position("1") == (3, 2)
    assert tree.main_line()[-1].position() == (64, 1)
    assert root.source == str(path)


@pytest.mark.parametrize("name", ["book_classic.blksgf", "book_classic_2.blksgf",
                                  "book_classic_3.blksgf", "book_duo.blksgf"])
def test_pentobi_book_parses_and_is_written_back_byte_for_byte(name):
    path = BOOKS / name
    if not path.exists():
        pytest.skip(f"Pentobi's books are not at {BOOKS}")
    text = path.read_text()
    tree = sgf.parse_tree(path)
    nodes = list(tree.walk())
    assert len(nodes) == text.count(";")
    # Every "(" is the tree's own or one of a node's two or more variations.
    assert text.count("(") == 1 + sum(len(n.children) for n in nodes if len(n.children) > 1)
    assert sgf.dumps(tree) == text


def test_pentobi_book_variations_and_marks():
    books_or_skip()
    tree = sgf.parse_tree(BOOKS / "book_classic.blksgf")
    assert tree.root.properties == {"GM": ["Blokus"]}
    assert [child.get("1") for child in tree.root.children] == [
        "a17,b17,a18,a19,a20", "b17,a18,b18,a19,a20", "a20,b20,c20,c19,c18"]
    assert [n.get("TE") for n in tree.main_line()[1:]] == ["1", "1", "1"]
    assert tree.root.children[1].position() == (9, 2)

    duo = sgf.parse_tree(BOOKS / "book_duo.blksgf")
    bad = [n for n in duo.walk() if "BM" in n]
    assert len(bad) == 1 and bad[0].get("B") == "i7,g8,h8,i8,h9"
    assert max(len(n.children) for n in duo.walk()) >= 3


def test_every_book_file_parses():
    for path in books_or_skip():
        assert len(sgf.parse(path)) == 1


# --------------------------------------------------------------------------
# The grammar


def test_variations_become_children_and_the_main_line_follows_first_children():
    tree = sgf.parse_tree("(;GM[x];A[1](;B[2];C[3](;D[4])(;E[5]))(;F[6]))")
    root = tree.root
    a = root.children[0]
    assert [c.properties for c in a.children] == [{"B": ["2"]}, {"F": ["6"]}]
    assert [n.properties for n in tree.main_line()] == [
        {"GM": ["x"]}, {"A": ["1"]}, {"B": ["2"]}, {"C": ["3"]}, {"D": ["4"]}]
    assert [next(iter(n.properties)) for n in tree.walk()] == ["GM", "A", "B", "C", "D", "E", "F"]
    assert a.children[0].main_line()[-1].get("D") == "4"


def test_a_single_variation_is_the_same_as_a_sequence():
    assert sgf.parse_tree("(;A[1](;B[2](;C[3])))") == sgf.parse_tree("(;A[1];B[2];C[3])")


def test_whitespace_is_allowed_between_all_tokens_but_kept_inside_values():
    text = " \n( \t; GM \n[ Blokus ]\r\n ; AB [a1] \n [b2]\t(\n;C[x]\n)\f(;C[y]) ) \n"
    tree = sgf.parse_tree(text)
    root = tree.root
    assert root.properties == {"GM": [" Blokus "]}
    assert root.children[0].properties == {"AB": ["a1", "b2"]}
    assert [c.get("C") for c in root.children[0].children] == ["x", "y"]


def test_identifiers_may_hold_digits_as_pentobi_writes_them():
    node = sgf.parse_tree("(;P1[Ann]P2[Bob];1[a20];A1[b3])").root
    assert node.properties == {"P1": ["Ann"], "P2": ["Bob"]}
    assert node.children[0].get("1") == "a20"
    assert node.children[0].children[0].get("A1") == "b3"


def test_property_order_and_empty_nodes_and_values_are_kept():
    tree = sgf.parse_tree("(;Z[1]A[2]M[];)")
    assert list(tree.root.properties) == ["Z", "A", "M"]
    assert tree.root.properties["M"] == [""]
    assert tree.root.children[0].properties == {}
    assert sgf.dumps(tree) == "(\n;Z[1]A[2]M[]\n;\n)\n"


@pytest.mark.parametrize("raw, value", [
    (r"a\]b", "a]b"),
    (r"a\\b", "a\\b"),
    (r"a\\", "a\\"),
    (r"\\\]", "\\]"),
    (r"a\:b\x", "a:bx"),       # "\" before any other character: that character
    ("ab\\\ncd", "abcd"),      # soft line break, removed
    ("ab\\\r\ncd", "abcd"),
    ("ab\\\rcd", "abcd"),
    ("line 1\nline 2", "line 1\nline 2"),
    ("line 1\r\nline 2\rline 3", "line 1\nline 2\nline 3"),
    ("a\\\\\nb", "a\\\nb"),     # an escaped backslash, then a real line break
    ("  spaced\t ", "  spaced\t "),
    ("[(;)]".replace("]", "\\]"), "[(;)]"),
    ("", ""),
    ("héllo ☃ ünïcode", "héllo ☃ ünïcode"),
])
def test_value_escapes(raw, value):
    assert sgf.parse_tree(f"(;C[{raw}])").root.properties == {"C": [value]}


def test_line_breaks_of_every_kind_count_as_one_line():
    for newline in ("\n", "\r\n", "\r"):
        text = newline.join(["(", ";GM[x]", ";B[a1]", ";W[b2]XX[y", "z]", ")"])
        node = sgf.parse_tree(text).main_line()[2]
        assert node.position() == (4, 1)
        assert node.position("XX") == (4, 7)
        assert node.get("XX") == "y\nz"


def test_a_byte_order_mark_is_skipped():
    assert sgf.parse_tree("\ufeff(;GM[x])").root.get("GM") == "x"
    assert sgf.parse_tree(io.BytesIO("\ufeff(;C[é])".encode())).root.get("C") == "é"
    assert sgf.parse_tree(io.BytesIO(b"(;C[\xc3\xa9])")).root.get("C") == "é"


def test_other_encodings_on_request():
    data = "(;C[café])".encode("latin-1")
    assert sgf.parse_tree(data, encoding="latin-1").root.get("C") == "café"
    assert sgf.parse_tree(io.BytesIO(data), encoding="latin-1").root.get("C") == "café"


def test_sources_paths_files_bytes_and_text(tmp_path):
    text = "(;GM[Blokus]) (;GM[Blokus Duo])\n"
    path = tmp_path / "two.blksgf"
    path.write_text(text)
    expected = [GameTree(Node({"GM": "Blokus"})), GameTree(Node({"GM": "Blokus Duo"}))]
    assert sgf.parse(text) == expected
    assert sgf.parse(text.encode()) == expected
    assert sgf.parse(path) == expected
    with open(path) as handle:
        assert sgf.parse(handle) == expected
    with open(path, "rb") as handle:
        trees = sgf.parse(handle)
        assert trees == expected and trees[0].source == str(path)
    assert [t.source for t in sgf.parse(text)] == ["<text>", "<text>"]
    assert sgf.parse(io.StringIO(text))[0].source == "<file>"
    assert sgf.parse(text, name="mine.sgf")[1].source == "mine.sgf"
    assert [(t.line, t.column) for t in sgf.parse(text)] == [(1, 1), (1, 15)]
    with pytest.raises(TypeError, match="pathlib.Path"):
        sgf.parse(42)  # type: ignore[arg-type]


# --------------------------------------------------------------------------
# Positions


def test_trees_remember_where_they_start():
    text = "(;GM[a])\n\n  (;GM[b]\n;B[x])\r\n(;GM[c])"
    trees = sgf.parse(text, name="corpus.sgf")
    assert [(t.line, t.column) for t in trees] == [(1, 1), (3, 3), (5, 1)]
    assert trees[1].root.position() == (3, 4)
    assert trees[1].main_line()[1].position("B") == (4, 2)
    assert str(trees[2].error("not Blokus")) == "corpus.sgf, line 5, column 1: not Blokus"


def test_nodes_point_errors_at_themselves_and_their_properties():
    tree = sgf.parse_tree("(;GM[Blokus]\n  ;1[a20] TE[1]\n)", name="game.blksgf")
    node = tree.main_line()[1]
    assert node.position() == (2, 3)
    assert node.position("TE") == (2, 11)
    assert node.position("C") is None
    error = node.error("not a cell", "1")
    assert isinstance(error, RecordError)
    assert (error.source, error.line, error.column, error.reason) == (
        "game.blksgf", 2, 4, "not a cell")
    assert (node.error("bad node").line, node.error("bad node").column) == (2, 3)
    assert node.error("bad", "C").column == 3  # unknown property: the node


def test_columns_count_characters_not_bytes():
    node = sgf.parse_tree("(;C[☃☃☃]B[x])".encode(), name="u").root
    assert node.position("B") == (1, 9)


def test_nodes_built_in_code_have_no_position():
    node = Node({"C": "x"})
    assert node.position() is None and node.position("C") is None and node.source is None
    error = node.error("no place")
    assert (error.source, error.line, error.column) == ("<text>", None, None)


# --------------------------------------------------------------------------
# The objects


def test_node_construction_and_access():
    node = Node({"AB": ["a1", "b2"], "C": "hello"}, [Node({"B": "x"})])
    assert node.properties == {"AB": ["a1", "b2"], "C": ["hello"]}
    assert node.get("AB") == "a1" and node.get("W") is None and node.get("W", "-") == "-"
    assert "C" in node and "W" not in node
    assert len(node.children) == 1
    assert node == Node({"C": ["hello"], "AB": ("a1", "b2")}, [Node({"B": ["x"]})])
    assert node != Node({"AB": ["a1", "b2"], "C": "hello"})
    assert node != "not a node"
    with pytest.raises(TypeError):
        hash(node)
    assert repr(node) == "<Node ;AB[a1][b2]C[hello] +1 child>"
    with pytest.raises(BlokusError, match="uppercase"):
        Node({"ab": "x"})


def test_equality_ignores_where_a_tree_was_read():
    a = sgf.parse_tree("(;GM[x];B[y])", name="one")
    b = sgf.parse_tree("\n\n  ( ; GM[x]\n\n;B[y] )", name="two")
    assert a == b
    assert a.root.position() != b.root.position()
    assert a != sgf.parse_tree("(;GM[x];B[z])")


def test_game_tree_repr_says_what_it_is():
    tree = sgf.parse_tree("(;GM[x];B[y](;W[a])(;W[b]))", name="g.sgf")
    assert repr(tree) == "<GameTree g.sgf, line 1: 4 nodes, main line 3>"


def test_deep_main_lines_do_not_hit_the_recursion_limit():
    text = "(;GM[x]" + ";B[a1]" * 20_000 + ")"
    tree = sgf.parse_tree(text)
    assert len(tree.main_line()) == 20_001
    assert sgf.parse_tree(sgf.dumps(tree)) == tree
    nested = "(;GM[x]" + "(;B[a1](;B[x])" * 2000 + ")" * 2000 + ")"
    assert sum(1 for _ in sgf.parse_tree(nested).walk()) == 4001


# --------------------------------------------------------------------------
# Writing


def test_dumps_writes_pentobi_layout_for_variations():
    root = Node({"GM": "Blokus Duo"}, [
        Node({"B": "e10", "TE": "1"}, [Node({"W": "j5"}, [Node({"B": "a1"}), Node({"B": "b1"})])]),
        Node({"B": "f9"}),
    ])
    assert sgf.dumps(root) == (
        "(\n"
        ";GM[Blokus Duo]\n"
        "(\n"
        " ;B[e10]TE[1]\n"
        " ;W[j5]\n"
        " (\n"
        "  ;B[a1]\n"
        " )\n"
        " (\n"
        "  ;B[b1]\n"
        " )\n"
        ")\n"
        "(\n"
        " ;B[f9]\n"
        ")\n"
        ")\n")


def test_dumps_escapes_only_what_it_must():
    node = Node({"C": ["a]b\\c", "x:y\n(;)"]})
    assert sgf.dumps(node) == "(\n;C[a\\]b\\\\c][x:y\n(;)]\n)\n"
    assert sgf.parse_tree(sgf.dumps(node)).root == node


def test_dumps_takes_trees_nodes_and_lists_and_dump_writes_files(tmp_path):
    trees = [GameTree(Node({"GM": "a"})), Node({"GM": "b"})]
    text = "(\n;GM[a]\n)\n(\n;GM[b]\n)\n"
    assert sgf.dumps(trees) == text
    assert sgf.dumps(tree for tree in trees) == text
    path = tmp_path / "out.blksgf"
    sgf.dump(trees, path)
    assert path.read_bytes() == text.encode()
    sgf.dump(Node({"C": "é"}), str(path))
    assert path.read_bytes() == "(\n;C[é]\n)\n".encode()
    out = io.StringIO()
    sgf.dump(iter(trees), out)
    assert out.getvalue() == text
    with pytest.raises(TypeError, match="not text"):
        sgf.dumps("(;GM[a])")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameTree or Node"):
        sgf.dumps([Node(), 3])  # type: ignore[list-item]


@pytest.mark.parametrize("properties, words", [
    ({"ab": ["x"]}, "uppercase letters and digits"),
    ({"A B": ["x"]}, "uppercase letters and digits"),
    ({"": ["x"]}, "uppercase letters and digits"),
    ({"C": []}, "at least one value"),
    ({"C": "x"}, "at least one value"),      # a str, not a list, set directly
    ({"C": [1]}, "of type int"),
    ({"C": ["ok", None]}, "of type NoneType"),
])
def test_dumps_refuses_what_it_cannot_write(properties, words):
    node = Node()
    node.properties = properties  # bypassing the constructor's checks
    with pytest.raises(BlokusError, match=words):
        sgf.dumps(Node({"GM": "x"}, [node]))


# --------------------------------------------------------------------------
# Round trips, property based

IDENTIFIERS = st.from_regex(r"[A-Z0-9]{1,3}", fullmatch=True)
# Line breaks are read as "\n", so a value holding "\r" does not come back as is.
VALUES = st.text(st.characters(blacklist_characters="\r", blacklist_categories=("Cs",)),
                 max_size=12)
PROPERTIES = st.dictionaries(IDENTIFIERS, st.lists(VALUES, min_size=1, max_size=3), max_size=4)


def nodes(max_leaves: int = 12):
    return st.recursive(
        st.builds(Node, PROPERTIES),
        lambda children: st.builds(Node, PROPERTIES, st.lists(children, min_size=1, max_size=3)),
        max_leaves=max_leaves)


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(nodes())
def test_round_trip_of_any_tree(root):
    text = sgf.dumps(root)
    tree = sgf.parse_tree(text)
    assert tree.root == root
    for read, written in zip(tree.walk(), root.walk()):
        assert list(read.properties) == list(written.properties)
    assert sgf.dumps(tree) == text


@pytest.mark.slow
@settings(max_examples=examples(100), deadline=None)
@given(st.lists(nodes(6), min_size=1, max_size=4))
def test_round_trip_of_any_collection(roots):
    trees = sgf.parse(sgf.dumps(roots))
    assert trees == [GameTree(root) for root in roots]


WHITESPACE = st.text(" \t\n\r\f\v", max_size=3)


def write_loosely(root: Node, draw) -> str:
    """SGF for ``root`` with random whitespace between all tokens (recursive: small trees)."""
    def sequence(node: Node) -> str:
        text = ""
        while True:
            text += draw(WHITESPACE) + ";"
            for identifier, values in node.properties.items():
                text += draw(WHITESPACE) + identifier
                for value in values:
                    escaped = value.replace("\\", "\\\\").replace("]", "\\]")
                    text += draw(WHITESPACE) + "[" + escaped + "]"
            if len(node.children) != 1:
                break
            node = node.children[0]
        for child in node.children:
            text += draw(WHITESPACE) + "(" + sequence(child) + draw(WHITESPACE) + ")"
        return text
    return draw(WHITESPACE) + "(" + sequence(root) + draw(WHITESPACE) + ")" + draw(WHITESPACE)


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(nodes(), st.data())
def test_whitespace_between_tokens_changes_nothing(root, data):
    assert sgf.parse_tree(write_loosely(root, data.draw)).root == root


# --------------------------------------------------------------------------
# Streaming


def test_a_large_collection_is_read_one_game_at_a_time():
    games = 2000
    text = classic_corpus() * (games // 20)
    handle = CountingFile(text)
    trees = sgf.iter_trees(handle)
    first = next(trees)
    assert len(first.main_line()) == 63
    assert handle.characters_read <= 2 * sgf.CHUNK_SIZE < len(text) // 10
    count = 1 + sum(1 for _ in trees)
    assert count == games
    assert handle.characters_read == len(text)
    assert handle.reads >= len(text) // sgf.CHUNK_SIZE


def test_a_large_collection_on_disk_streams_from_the_path(tmp_path):
    path = tmp_path / "corpus.blksgf"
    path.write_text(classic_corpus() * 50)
    lengths = [p.read_text().count("\n") for p in sorted(GAMES.glob("classic/*.blksgf"))] * 50
    starts = [1 + sum(lengths[:i]) for i in range(len(lengths))]
    assert [tree.line for tree in sgf.iter_trees(path)] == starts


def test_abandoning_the_iterator_closes_the_file(tmp_path, monkeypatch):
    path = tmp_path / "two.sgf"
    path.write_text("(;GM[a])(;GM[b])")
    opened = []
    real_open = open

    def spy(*args, **kwargs):
        handle = real_open(*args, **kwargs)
        opened.append(handle)
        return handle

    monkeypatch.setattr("builtins.open", spy)
    trees = sgf.iter_trees(path)
    next(trees)
    assert not opened[0].closed
    trees.close()
    assert opened[0].closed


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(nodes(6), min_size=1, max_size=3), st.integers(1, 9), st.booleans(),
       st.booleans())
@pytest.mark.slow
def test_reading_in_small_chunks_gives_the_same_trees(roots, chunk_size, crlf, binary):
    text = sgf.dumps(roots)
    if crlf:
        text = text.replace("\n", "\r\n")
    whole = sgf.parse(text)
    source = io.BytesIO(text.encode()) if binary else io.StringIO(text)
    chunked = list(sgf.iter_trees(source, chunk_size=chunk_size))
    assert chunked == whole
    assert [(t.line, t.column) for t in chunked] == [(t.line, t.column) for t in whole]
    for a, b in zip(chunked[-1].walk(), whole[-1].walk()):
        assert a.position() == b.position()


def failure(source, **kwargs):
    """What reading ``source`` gives: the trees, or the error's place and reason."""
    try:
        return list(sgf.iter_trees(source, **kwargs))
    except RecordError as error:
        # Only a str source gets the "pass a pathlib.Path" hint.
        return (error.line, error.column, error.reason.split(" (to read a file")[0])


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(st.data(), st.integers(1, 7))
def test_truncated_or_damaged_input_fails_at_the_same_place_in_any_chunk_size(data, chunk_size):
    text = "(;GM[Blokus]CA[UTF-8]\n;1[a20] C[x\\]y]\n(;2[t20]\n;3[t1])\n(;2[s20]))\n(;GM[z])\n"
    cut = data.draw(st.integers(0, len(text)))
    junk = data.draw(st.sampled_from(["", "x", "]", "(", ")", ";", "[", "\\", "ab[", " "]))
    damaged = text[:cut] + junk
    expected = failure(damaged)
    assert failure(io.StringIO(damaged), chunk_size=chunk_size) == expected
    assert failure(io.BytesIO(damaged.encode()), chunk_size=chunk_size) == expected


# --------------------------------------------------------------------------
# Errors: where, and what was expected

ERRORS = [
    # name, text, line, column, words in the message
    ("empty text", "", 1, 1, "no game tree found: expected '('"),
    ("only whitespace", "  \n\t", 2, 2, "no game tree found"),
    ("missing (", "\n;GM[Blokus])", 2, 1, "expected '(' to start a game tree, found ';'"),
    ("junk before the tree", "hello (;GM[x])", 1, 1, "expected '(' to start a game tree, "
                                                     "found 'hello'"),
    ("empty tree", "(\n)", 2, 1, "empty game tree: expected ';' and a node before ')'"),
    ("empty variation", "(;GM[x]\n(\n))", 3, 1, "empty variation"),
    ("variation before any node", "((;GM[x]))", 1, 2, "expected ';' to start the first node"),
    ("value before any node", "([x])", 1, 2, "expected ';' to start a node, found '['"),
    ("unclosed value", "(;GM[Blokus]\n;C[it ends\\]\n)", 2, 3,
     "the value of property 'C' is not closed: expected ']' before the end of the file"),
    ("unclosed second value", "(;AB[a1]\n  [b2", 2, 3, "value of property 'AB' is not closed"),
    ("unclosed first value", "(;GM[x];C[", 1, 10, "value of property 'C' is not closed"),
    ("property without value", "(;GM[Blokus]\n;B;W[a1])", 2, 3,
     "property 'B' has no value: expected '[' after it, found ';'"),
    ("property without value, then a word", "(;G M[x])", 1, 5,
     "property 'G' has no value: expected '[' after it, found 'M'"),
    ("property without value at the end", "(;GM[x]\n;B", 2, 3,
     "unexpected end of file: property 'B' has no value, expected '['"),
    ("junk between nodes", "(;GM[Blokus]\n;B[a1] junk ;W[b2])", 2, 8,
     "expected a property identifier (uppercase letters or digits), ';', '(' or ')', "
     "found 'junk'"),
    ("junk character", "(;GM[x]\n  # ;B[a1])", 2, 3, "found '#'"),
    ("no-break space", "(;GM[x]\u00a0;B[x])", 1, 8, "found the character '\\xa0'"),
    ("lowercase identifier", "(;GM[Blokus]\n;AddBlack[a1])", 2, 2,
     "property identifier 'AddBlack' has lowercase letters: only FF[4] identifiers"),
    ("property twice", "(;GM[x]\n;B[a1]W[x]B[b2])", 2, 11,
     "property 'B' appears twice in one node (first at line 2, column 2)"),
    ("value without identifier", "(;GM[x];[a1])", 1, 9, "a value without a property identifier"),
    ("node after a variation", "(;GM[x]\n(;B[a1])\n;W[x])", 3, 1,
     "a node cannot follow a variation: expected '(' to start another variation or ')' to "
     "close the game tree opened at line 1, column 1"),
    ("junk after a variation", "(;GM[x](;B[a1](;W[1])x))", 1, 22,
     "expected '(' to start another variation or ')' to close the variation, found 'x'"),
    ("value after a variation", "(;GM[x](;B[a1])[y])", 1, 16, "found '['"),
    ("end of file in the tree", "(;GM[Blokus]\n;B[a1]\n", 3, 1,
     "unexpected end of file: expected ')' to close the game tree opened at line 1, column 1"),
    ("end of file in a variation", "(;GM[x]\n  (;B[a1]", 2, 10,
     "unexpected end of file: expected ')' to close the variation opened at line 2, column 3"),
    ("end of file after (", "(", 1, 2, "unexpected end of file"),
    ("junk after the tree", "(;GM[x])\n)", 2, 1,
     "expected '(' to start another game tree, or the end of the file, found ')'"),
    ("node after the tree", "(;GM[x])\n\n;B[x]", 3, 1, "another game tree"),
    ("error in the third tree", "(;GM[x])\n(;GM[y])\r\n(;GM[z]\n;B[x] ]", 4, 7, "found ']'"),
]


@pytest.mark.parametrize("name, text, line, column, words", ERRORS, ids=[e[0] for e in ERRORS])
def test_malformed_input_is_reported_where_it_is(name, text, line, column, words):
    error = read_error(text)
    assert (error.source, error.line, error.column) == ("<text>", line, column)
    assert words in error.reason
    assert str(error) == f"<text>, line {line}, column {column}: {error.reason}"
    # The same place when the text comes from a file read in small pieces.
    chunked = read_error(io.StringIO(text), name="f.sgf", chunk_size=3)
    assert (chunked.source, chunked.line, chunked.column, chunked.reason) == (
        "f.sgf", line, column, error.reason)


def test_errors_name_the_file(tmp_path):
    path = tmp_path / "broken.blksgf"
    path.write_text("(;GM[Blokus]\n;1[a20]\n")
    error = read_error(path)
    assert error.source == str(path) and (error.line, error.column) == (3, 1)
    assert str(error).startswith(f"{path}, line 3, column 1: unexpected end of file")
    with open(path) as handle:
        assert read_error(handle).source == str(path)


def test_a_file_name_passed_as_text_gets_a_hint():
    error = read_error("games/classic_L1_0001.blksgf")
    assert "found 'games/classic_L1_0001.blksgf'" in error.reason
    assert "pass a pathlib.Path" in error.reason
    assert "pathlib" not in read_error(";GM[x]").reason


def test_undecodable_bytes_are_reported_with_their_line(tmp_path):
    path = tmp_path / "latin.sgf"
    path.write_bytes(b"(;GM[Blokus]\n;C[caf" + b"\xe9])")
    error = read_error(path)
    assert (error.line, error.column) == (2, 7)
    assert "not valid utf-8-sig" in error.reason and "encoding=" in error.reason
    error = read_error(b"(;GM[x]\n\n;C[\xff])")
    assert (error.source, error.line, error.column) == ("<bytes>", 3, 4)
    assert "not valid utf-8" in error.reason


def test_parse_tree_wants_exactly_one_tree():
    error = read_error("")
    assert "no game tree" in error.reason
    with pytest.raises(RecordError) as info:
        sgf.parse_tree("(;GM[a])\n(;GM[b])")
    assert (info.value.line, info.value.column) == (2, 1)
    assert "a second game tree" in info.value.reason and "iter_trees" in info.value.reason


@pytest.mark.slow
def test_a_value_of_escapes_takes_little_memory():
    import tracemalloc

    from blokus_nb import sgf

    text = "(;GM[Blokus]C[" + "\\]" * 500_000 + "])"
    tracemalloc.start()
    try:
        tree = sgf.parse_tree(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert tree.root.get("C") == "]" * 500_000
    assert peak < 8 * len(text)  # the old regex held ~150 bytes per escape: 75 MB here


# -- writing: checked first, replaced whole (issue 34, class 8) ---------------------------------

@pytest.mark.parametrize("trees", ["(;GM[Blokus])", None, 5, [sgf.Node({"GM": "Blokus"}), "x"]],
                         ids=["text", "none", "int", "list-with-text"])
def test_dump_of_what_is_not_trees_leaves_the_file_as_it_was(tmp_path, trees):
    from blokus_nb.errors import ArgumentTypeError

    path = tmp_path / "old.blksgf"
    path.write_text("(;GM[Blokus Duo])\n")
    with pytest.raises(ArgumentTypeError):
        sgf.dump(trees, path)
    assert path.read_text() == "(;GM[Blokus Duo])\n"
    assert [p.name for p in tmp_path.iterdir()] == ["old.blksgf"]


def test_dump_to_what_is_neither_a_path_nor_a_file_is_our_error():
    from blokus_nb.errors import ArgumentTypeError

    with pytest.raises(ArgumentTypeError, match="a path or an open text file"):
        sgf.dump(sgf.Node({"GM": "Blokus"}), 5)


def test_dump_onto_a_named_pipe_is_refused_and_the_pipe_stays(tmp_path):
    import os
    import stat

    from blokus_nb.errors import PathError

    pipe = tmp_path / "pipe.blksgf"
    os.mkfifo(pipe)
    with pytest.raises(PathError, match="not a regular file"):
        sgf.dump(sgf.Node({"GM": "Blokus"}), pipe)
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
