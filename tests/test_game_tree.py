"""The game tree: variations, their editing, positions at any node, and SGF trees kept through save."""

from __future__ import annotations

import json
import pickle

import pytest
from budget import examples
from data_paths import DATA, SHARED_PENTOBI
from sample_games import random_game

import blokus_nb as bn
from blokus_nb import sgf
from blokus_nb.records import tree as tree_module

BOOKS = sorted((SHARED_PENTOBI / "books").glob("*.blksgf"))
DUO = DATA / "pentobi" / "games" / "duo"
X = "d9,c10,d10,e10,d11"  # purple's first moves in Duo
MONO = "e10"
REPLY = "j5,i6,j6,k6,j7"
ANALYSED = ("(;GM[Blokus Duo]PB[Ann]PW[Bob]\n;B[d9,c10,d10,e10,d11]C[main]\n"
            "(;W[j5,i6,j6,k6,j7]TE[1];B[e12])\n(;W[j5]C[a try]BM[1]))")


def moves(nodes) -> list[str]:
    return [str(node.move) for node in nodes]


def same(a: bn.Tree, b: bn.Tree) -> bool:
    """Equal trees, but for the application that wrote them (AP, which the writer sets)."""
    a, b = a.copy(), b.copy()
    a.metadata.pop("application", None)
    b.metadata.pop("application", None)
    return a == b


def test_variations_main_first_and_their_editing():
    tree = bn.Tree("duo")
    x = tree.add_variation(X)
    mono = tree.add_variation(MONO, comment="small first")
    assert tree.variations == [x, mono] and x.is_main_variation() and not mono.is_main_variation()
    assert mono.comment == "small first" and mono.parent is tree and mono.root() is tree
    tree.promote_to_main(mono)
    assert moves(tree.variations) == [MONO, X]
    tree.demote(MONO)
    assert moves(tree.variations) == [X, MONO]
    tree.promote(1)
    assert moves(tree.variations) == [MONO, X]
    first = x.add_variation(REPLY)
    second = x.add_main_variation("j5")
    assert moves(x.variations) == ["j5", REPLY] and not first.is_main_variation()
    assert not second.is_mainline()
    first.make_main_line()
    assert first.is_mainline() and moves(tree.mainline()) == [X, REPLY]
    assert tree.mainline_moves() == [x.move, first.move] and tree.end() is first
    x.remove_variation("j5")
    assert x.variations == [first]
    with pytest.raises(bn.BlokusError, match="removed from its tree"):
        second.game()
    tree.remove_variation(0)
    assert moves(tree.variations) == [MONO] and tree.is_line()


def test_a_refused_variation_changes_nothing():
    tree = bn.read_tree(ANALYSED)
    before = tree.copy()
    node = tree.variations[0]
    for bad, error in [("a1", bn.IllegalMoveError), ("hello", bn.InvalidMoveError),
                       ("pass", bn.IllegalMoveError)]:
        with pytest.raises(error):
            node.add_variation(bad)
        assert tree == before
    with pytest.raises(bn.BlokusError, match="move property"):
        node.add_variation("j6,j5", notes={"B": X})
    with pytest.raises(bn.BlokusError, match="text"):
        node.add_variation("j6,j5", comment=5)  # type: ignore[arg-type]
    assert tree == before


def test_no_variation_after_the_end_of_a_game():
    game = bn.read_sgf(DUO / "duo_L1_0007.blksgf")
    tree = bn.Tree.from_game(game)
    end = tree.end()
    assert end.game().is_over
    with pytest.raises(bn.IllegalMoveError, match="over"):
        end.add_variation("a1")
    assert end.variations == []


def test_the_position_at_a_node_is_the_moves_replayed():
    game = bn.read_sgf(DUO / "duo_L1_0007.blksgf")
    tree = bn.Tree.from_game(game)
    node = tree
    for played in [m for m in game.history if not m.is_pass][:10]:
        node = node.variation(played)
    position = node.game()
    assert position.history == game.history[:len(position.history)]
    assert position.moves == game.moves[:10] and position.player_names == game.player_names
    position.play(position.legal_moves()[0])  # the game is the caller's: the tree does not change
    assert node.variations and len(list(tree.mainline())) == len(game.moves)
    assert node.ply() == 10


def test_positions_are_cached_within_a_bound():
    game = next(iter(bn.iter_games(sorted((DATA / "pentobi" / "games" / "classic").glob("*.blksgf"))[0])))
    tree = bn.Tree.from_game(game)
    nodes = list(tree.mainline())
    for node in nodes:
        node.game()
    assert len(tree._positions) <= tree_module.POSITION_CACHE < len(nodes)
    assert nodes[-1].game().history == game.history
    assert nodes[3].game().history == game.history[:len(nodes[3].game().history)]


def test_a_tree_and_a_game_convert_both_ways():
    game = bn.read_sgf(DUO / "duo_L1_0007.blksgf")
    game.annotations[3] = {"comment": "nice", "TE": "1"}
    tree = bn.Tree.from_game(game)
    assert tree.is_line() and tree.player_names == game.player_names
    again = tree.mainline_game()
    assert again.history == game.history and again.annotations == game.annotations
    assert again.metadata == game.metadata and again.tree is None


def test_reading_a_tree_keeps_every_variation_and_the_game_is_its_main_line():
    tree = bn.read_tree(ANALYSED)
    main, side = tree.variations[0].variations
    assert tree.player_names == ["Ann", "Bob"] and moves(tree.variations) == [X]
    assert main.notes == {"TE": "1"} and side.notes == {"comment": "a try", "BM": "1"}
    assert moves(tree.mainline()) == [X, REPLY, "e12"]
    game = bn.read_sgf(ANALYSED)
    assert game.history == main.variations[0].game().history
    assert game.annotations == {0: {"comment": "main"}, 1: {"TE": "1"}}
    assert same(bn.read_tree(bn.records.to_sgf(tree)), tree)
    assert sgf.parse_tree(bn.records.to_sgf(tree)).root.children == sgf.parse_tree(ANALYSED).root.children


def test_saving_a_game_read_with_variations_keeps_them(tmp_path):
    path = tmp_path / "analysed.blksgf"
    path.write_text(ANALYSED, encoding="utf-8")
    bn.save(bn.load(path), path)
    assert same(bn.read_tree(path), bn.read_tree(ANALYSED))
    game = bn.load(path)
    game.undo()
    game.undo()
    game.play("j5,j6")  # a new line: it becomes the main line, the others stay
    game.annotations[1] = {"comment": "new idea"}
    bn.save(game, path)
    tree = bn.read_tree(path)
    assert moves(tree.variations[0].variations) == ["j5,j6", REPLY, "j5"]
    assert bn.load(path).history == game.history and bn.load(path).annotations == game.annotations
    assert tree.variations[0].variations[1].variations  # the old main line is whole


def test_saving_a_game_taken_back_before_its_variations_is_refused(tmp_path):
    path = tmp_path / "analysed.blksgf"
    path.write_text(ANALYSED, encoding="utf-8")
    game = bn.load(path)
    game.undo()
    game.undo()
    with pytest.raises(bn.BlokusError, match="variations after that move.*Tree.from_game"):
        bn.save(game, path)
    assert path.read_text(encoding="utf-8") == ANALYSED
    bn.save(bn.Tree.from_game(game), path)  # the tree keeps them
    assert same(bn.read_tree(path), bn.read_tree(ANALYSED))
    game = bn.load(path)
    game.undo()  # only the main line goes on after this: the moves taken back, as without variations
    bn.save(game, path)
    assert bn.load(path).history == game.history
    assert len(bn.read_tree(path).variations[0].variations) == 2


def test_a_second_comment_node_is_kept(tmp_path):
    text = "(;GM[Blokus Duo];B[d9,c10,d10,e10,d11]C[first];C[second]N[a name];W[j5])"
    game = bn.read_sgf(text)
    assert game.annotations == {0: {"comment": "first\n\nsecond", "N": "a name"}}
    path = tmp_path / "notes.blksgf"
    bn.save(game, path)
    assert sgf.parse_tree(path.read_text()).root.children == sgf.parse_tree(text).root.children
    game.annotations[0] = {"comment": "rewritten"}  # changed in the game: one note again
    bn.save(game, path)
    again = sgf.parse_tree(path.read_text()).main_line()
    assert [node.properties for node in again[1:]] == [
        {"B": ["d9,c10,d10,e10,d11"], "C": ["rewritten"]}, {"W": ["j5"]}]


def test_every_line_or_the_main_line():
    lines = list(bn.iter_games(ANALYSED, lines="all"))
    assert [len(g.moves) for g in lines] == [3, 2]
    assert lines[1].annotations == {0: {"comment": "main"}, 1: {"comment": "a try", "BM": "1"}}
    (main,) = bn.iter_games(ANALYSED)
    assert main.history == lines[0].history
    with pytest.raises(bn.BlokusError, match="lines is 'main' or 'all', not 'every'"):
        bn.iter_games(ANALYSED, lines="every")


def test_a_tree_pickles_whole_and_a_node_as_its_place():
    tree = bn.read_tree(ANALYSED)
    node = tree.variations[0].variations[1]
    again_tree, again_node = pickle.loads(pickle.dumps((tree, node)))
    assert again_tree == tree and again_node.root() is again_tree
    assert again_node.notes == node.notes and again_node.game().history == node.game().history
    game = pickle.loads(pickle.dumps(bn.read_sgf(ANALYSED)))
    assert bn.Tree.from_game(game) == tree


def test_a_variation_that_breaks_the_rules_is_refused_with_its_place():
    with pytest.raises(bn.RecordError, match=r"line 2, column 14: move 2 \(orange j4\)"):
        bn.read_tree("(;GM[Blokus Duo];B[e10](;W[j5])\n(;W[j5,j6])(;W[j4]))")


def _sgf_nodes(node: sgf.Node):
    yield node
    for child in node.children:
        yield from _sgf_nodes(child)


@pytest.mark.skipif(not BOOKS, reason="Pentobi's opening books (../shared) are not here")
@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.name)
def test_pentobis_opening_books_round_trip_node_for_node(path, tmp_path):
    record = sgf.parse_tree(path.read_text(encoding="utf-8"))
    tree = bn.read_tree(path)
    ours = list(tree.walk())
    theirs = list(record.walk())
    assert len(ours) == len(theirs) > 1
    for node, source in zip(ours[1:], theirs[1:]):
        (key, (value,)), *rest = source.properties.items()
        assert node.move is not None and sorted(node.move.cells) == sorted(value.split(","))
        assert node.notes == dict((k, v[0]) for k, v in rest)
        assert len(node.variations) == len(source.children)
    copy = tmp_path / path.name
    bn.save(bn.load(path), copy)  # through the game, too
    assert same(bn.read_tree(copy), tree)
    assert sgf.parse_tree(copy.read_text()).root.children == sgf.parse_tree(bn.records.to_sgf(tree)).root.children


def nested_tree() -> bn.Tree:
    """Variations inside variations, with notes, at several depths."""
    tree = bn.Tree("duo", players=["Ann", "Bob"])
    x = tree.add_variation(X, comment="the usual")
    tree.add_variation(MONO, notes={"BM": "1"})
    reply = x.add_variation(REPLY)
    side = x.add_variation("j5", comment="small")
    side.add_variation("e12").add_variation("k6,k7", notes={"N": "deep"})
    side.add_variation("c12")
    reply.add_variation("e12")
    return tree


def test_json_version_2_keeps_the_variations(tmp_path):
    game = bn.read_sgf(ANALYSED)
    record = json.loads(bn.records.to_json(game))
    assert record["version"] == 2 and record["moves"] == [["purple", X], ["orange", REPLY], ["purple", "e12"]]
    assert record["variations"] == [{"at": 1, "moves": [["orange", "j5"]],
                                     "annotations": {"0": {"comment": "a try", "BM": "1"}}}]
    path = tmp_path / "analysed.json"
    bn.save(game, path)
    assert same(bn.read_tree(path), bn.read_tree(ANALYSED))
    assert bn.load(path).history == game.history and bn.load(path).annotations == game.annotations
    tree = nested_tree()
    assert same(bn.read_tree(bn.records.to_json(tree)), tree)
    assert same(bn.read_tree(bn.records.to_json(bn.read_sgf(bn.records.to_sgf(tree)))), tree)
    assert json.loads(bn.records.to_json(bn.read_sgf("(;GM[Blokus Duo];B[e10])")))["version"] == 1  # no variations


@pytest.mark.parametrize("change, message", [
    (lambda r: r.update(version=1), "'variations' is a field of version 2"),
    (lambda r: r["variations"][0].update(at=3), "'at' must be the index of a move"),
    (lambda r: r["variations"][0].update(at=True), "'at' must be"),
    (lambda r: r["variations"][0].update(moves=[]), "at least one move"),
    (lambda r: r["variations"][0].update(moves=[["orange", "a1"]]), r"variation 1: move 1 \(orange a1\)"),
    (lambda r: r["variations"][0].update(extra=1), "unknown field 'extra'"),
    (lambda r: r["variations"][0].update(annotations={"0": {"W": "j5"}}), "move property"),
    (lambda r: r.update(variations={}), "must be a list"),
])
def test_a_bad_variation_in_json_is_refused(change, message):
    record = json.loads(bn.records.to_json(bn.read_sgf(ANALYSED)))
    change(record)
    with pytest.raises(bn.RecordError, match=message):
        bn.records.game_from_json(json.dumps(record))


@pytest.mark.parametrize("edit", [
    lambda node: node.promote_to_main(5),
    lambda node: node.promote_to_main("e12"),
    lambda node: node.demote(bn.Tree("duo").add_variation(X)),
    lambda node: node.remove_variation("not a move"),
    lambda node: node.remove_variation(True),
    lambda node: node.variation(-3),
    lambda node: setattr(node.variations[0], "comment", ["not", "text"]),
])
def test_every_refused_edit_is_our_error_and_changes_nothing(edit):
    tree = bn.read_tree(ANALYSED)
    before = tree.copy()
    with pytest.raises(bn.BlokusError):
        edit(tree.variations[0])
    assert tree == before


def test_a_node_of_notes_only_and_an_explicit_pass_are_kept_node_for_node(tmp_path):
    text = "(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];C[a thought];W[j5]TE[1])"
    tree = bn.read_tree(text)
    assert [n.move is None for n in tree.mainline()] == [False, True, False]
    assert not tree.is_line() and bn.read_sgf(text).tree is not None
    path = tmp_path / "t.blksgf"
    bn.save(bn.read_sgf(text), path)
    assert sgf.parse_tree(path.read_text()).root.children == sgf.parse_tree(text).root.children
    # A pass Pentobi never writes but a record may: a color that is out, said so with a comment.
    game = random_game("classic", seed=11)
    index = next(i for i, (a, b) in enumerate(zip(game.history, game.history[1:])) if not a.is_pass and b.is_pass)
    record = sgf.parse_tree(bn.records.to_sgf(game))
    node = record.main_line()[len([m for m in game.history[:index + 1] if not m.is_pass])]
    key = str(game.colors.index(game.history[index + 1].color) + 1)
    node.children = [sgf.Node({key: ["pass"], "C": ["out"]}, node.children)]
    written = sgf.dumps(record)
    read = bn.read_sgf(written)
    last = index + 1  # a note belongs to the position after the node: the last of the passes
    while last + 1 < len(game.history) and game.history[last + 1].is_pass:
        last += 1
    assert read.history == game.history and read.annotations == {last: {"comment": "out"}}
    bn.save(read, path)
    assert sgf.parse_tree(path.read_text()).root.children == record.root.children


# Issue 26, class 1: the same move twice at one position. The SGF reader kept two identical sibling
# moves, and add_variation (and the review board's "try a move") added a second node for a move the
# record already played after a node of notes only or an explicit pass; the JSON then written was
# refused by load. One rule now, the tree's: the existing node is followed.

def test_a_move_given_twice_in_sgf_is_one_node_with_both_lines(tmp_path):
    tree = bn.read_tree("(;GM[Blokus Duo](;B[e10]C[one];W[j5])(;B[e10]C[two];W[j5,j6]))")
    assert moves(tree.variations) == [MONO] and tree.variations[0].comment == "one\n\ntwo"
    assert moves(tree.variations[0].variations) == ["j5", "j5,j6"]
    for suffix in (".blksgf", ".json"):
        path = tmp_path / f"t{suffix}"
        bn.save(tree, path)
        assert same(bn.read_tree(path), tree)
    game = bn.read_sgf("(;GM[Blokus Duo](;B[e10]C[one])(;B[e10]C[two]))")
    assert game.annotations == {0: {"comment": "one\n\ntwo"}}  # the main line has the notes of both
    bn.save(game, tmp_path / "g.json")
    assert bn.load(tmp_path / "g.json").annotations == game.annotations


def test_add_variation_follows_a_move_played_after_notes_only_or_a_pass(tmp_path):
    tree = bn.read_tree(f"(;GM[Blokus Duo];B[{X}];N[a thought];W[j5])")
    main = tree.variations[0]
    again = main.add_variation("j5", comment="seen")
    assert again is main.variations[0].variations[0]
    assert again.comment == "seen" and sum(1 for _ in tree.walk()) == 4
    assert main.variations[0].add_variation("j5") is again  # from the notes node as from the move
    mono = main.add_main_variation(REPLY)  # a new move made main; then following makes it main again
    assert main.variations[0] is mono
    assert main.add_main_variation("j5") is again and main.variations[0].variations[0] is again
    path = tmp_path / "t.json"
    bn.save(tree, path)
    assert bn.read_tree(path).variations[0].variations[0].move == again.move


def test_a_pass_node_is_looked_through():
    game = random_game("classic", seed=11)
    index = next(i for i, (a, b) in enumerate(zip(game.history, game.history[1:])) if not a.is_pass and b.is_pass)
    record = sgf.parse_tree(bn.records.to_sgf(game))
    node = record.main_line()[len([m for m in game.history[:index + 1] if not m.is_pass])]
    key = str(game.colors.index(game.history[index + 1].color) + 1)
    after = node.children[0]
    node.children = [sgf.Node({key: ["pass"]}, node.children), sgf.Node(dict(after.properties), [])]
    tree = bn.read_tree(sgf.dumps(record))  # the second copy of the move after the pass is followed
    placed = [n for n in tree.walk() if n.move is not None and not n.move.is_pass]
    assert len(placed) == len(game.moves) and same(bn.read_tree(bn.records.to_sgf(tree)), tree)
    assert bn.read_tree(bn.records.to_json(tree)).end().game().history == game.history


def test_json_refuses_a_variation_after_the_end_of_its_line_on_save(tmp_path):
    text = "(;GM[Blokus Duo];B[e10](;N[the end])(;W[j5]))"
    path = tmp_path / "t.json"
    for save in (lambda: bn.save(bn.read_tree(text), path), lambda: bn.save(bn.read_sgf(text), path)):
        with pytest.raises(bn.BlokusError, match="after the end of its line"):
            save()
        assert not path.exists()  # before: written, and then refused by load
    bn.save(bn.read_sgf(text), tmp_path / "t.blksgf")
    assert same(bn.read_tree(tmp_path / "t.blksgf"), bn.read_tree(text))


def test_json_with_a_variation_that_repeats_its_line_follows_it():
    record = json.loads(bn.records.to_json(bn.read_sgf(ANALYSED)))
    other = next(str(m) for m in bn.read_tree(ANALYSED).variations[0].variations[0].game().legal_moves()
                 if str(m) != "e12")
    record["variations"][0].update(moves=[["orange", REPLY], ["purple", other]])
    tree = bn.read_tree(json.dumps(record))  # before: refused, "played there by another line"
    reply = tree.variations[0].variations[0]
    assert str(reply.move) == REPLY and moves(reply.variations) == ["e12", other]


def test_the_review_boards_try_a_move_follows_the_trees_node():
    from blokus_nb.widgets.review_line import ReviewLine

    game = bn.read_sgf(f"(;GM[Blokus Duo];B[{X}];C[a thought];W[j5])")
    line = ReviewLine()
    line.follow(game)
    line.seek(1)
    node = line.play("j5")  # before: a second j5 beside the notes node
    assert node is line.tree.variations[0].variations[0].variations[0]
    assert sum(1 for _ in line.tree.walk()) == 4 and line.on_main_line()


# Issue 26, items 1 and 2, as a property: a record with repeated moves, explicit passes and
# nodes of notes only reads as a tree (or is refused), and what that tree saves reads back,
# in both formats, and saves again the same.
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@st.composite
def noted_records(draw) -> str:
    import random

    rng = random.Random(draw(st.integers(0, 2 ** 16)))
    game = bn.Game("duo")
    for _ in range(draw(st.integers(1, 8))):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    lines = bn.records.to_sgf(game).strip().split("\n")
    root, moves = lines[1], lines[2:-1]
    note = st.sampled_from(["N[idea]", "N[other]", "C[why]", "C[why not]", "TE[1]", ""])

    def line(start: int) -> str:
        out = []
        for node in moves[start:]:
            out.append(node + draw(note))
            for _ in range(draw(st.integers(0, 2))):
                out.append(";" + (draw(note) or "N[x]"))  # a node of notes only
        return "".join(out)

    body = line(0)
    if draw(st.booleans()):  # the same move again as a variation, from some position
        k = draw(st.integers(0, len(moves) - 1))
        head = "".join(moves[:k])
        body = f"{head}({line(k)})({moves[k]}{draw(note)}{line(k + 1) if draw(st.booleans()) else ''})"
    return f"({root}{body})"


@pytest.mark.slow
@given(noted_records())
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_tree_read_saves_what_reads_back_in_both_formats(text):
    try:
        tree = bn.read_tree(text)
    except bn.BlokusError:
        return  # refused: fine, as long as nothing is read wrongly
    sgf_text = bn.records.to_sgf(tree)
    assert bn.records.to_sgf(bn.read_tree(sgf_text)) == sgf_text
    try:
        json_text = bn.records.to_json(tree)
    except bn.BlokusError:
        json_text = None  # a shape JSON cannot hold is refused on writing, never written
    if json_text is not None:
        again = bn.read_tree(json_text)
        assert bn.records.to_json(again) == json_text
        assert again.end().game().history == tree.end().game().history
    import tempfile
    from pathlib import Path

    game = bn.read_sgf(text)  # the main line, remembering its tree: bn.save(bn.load(x.blksgf), y.json)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        try:
            bn.save(game, path)
        except bn.BlokusError:
            assert not path.exists()  # refused, and nothing written
        else:
            assert bn.load(path).history == game.history


@pytest.mark.parametrize("call, replacement", [
    (lambda tree, path: tree.to_sgf(), "blokus_nb.records.to_sgf"),
    (lambda tree, path: tree.to_json(indent=None), "blokus_nb.records.to_json"),
    (lambda tree, path: tree.save(path), "blokus_nb.save"),
])
def test_the_record_methods_of_a_tree_are_deprecated_and_still_work(tmp_path, call, replacement):
    tree = bn.Tree("duo")
    tree.add_variation("e10")
    tree.add_variation("d9,c10,d10,e10,d11")
    with pytest.warns(DeprecationWarning, match=replacement.replace(".", r"\.")):
        text = call(tree, tmp_path / "tree.blksgf")
    if text is None:
        text = (tmp_path / "tree.blksgf").read_text()
    assert [str(node.move) for node in bn.read_tree(text).variations] == ["e10", "d9,c10,d10,e10,d11"]
