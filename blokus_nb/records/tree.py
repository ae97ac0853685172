"""A game as a tree of variations, in the spirit of python-chess's ``chess.pgn`` game nodes.

:class:`Tree` is the root: the variant, the players, the metadata and any
setup. Every other :class:`GameNode` holds one move, its notes (comment,
marks, properties kept from a record) and its ``variations``, the main line
first. The position at a node is computed when asked, by replaying the moves
from the root (:meth:`GameNode.game`), never stored at every node. A
:class:`~blokus_nb.Game` stays the one-line game you play and undo; the two
convert into each other (:meth:`Tree.from_game`, :meth:`Tree.mainline_game`).

>>> import blokus_nb as bn
>>> tree = bn.Tree("duo")
>>> main = tree.add_variation("d9,c10,d10,e10,d11")
>>> reply = main.add_variation("j5,i6,j6,k6,j7")
>>> side = tree.add_variation("e10", comment="the monomino first?")
>>> [str(node.move) for node in tree.variations], side.is_main_variation()
(['d9,c10,d10,e10,d11', 'e10'], False)
>>> tree.promote_to_main(side)
>>> [str(node.move) for node in tree.mainline()]
['e10']
>>> reply.game().to_play, len(reply.game().history)
('purple', 2)
"""

from __future__ import annotations

import collections
import os
import warnings
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Union

from ..errors import ArgumentTypeError, BlokusError, IllegalMoveError, short_repr
from ..game import Game
from ..move import Move
from .notes import COMMENT, check_note, merge_notes, with_line_breaks
from .record import Record, annotations_of, first_color, metadata_of, remembered_tree, setup_of

if TYPE_CHECKING:
    from ..variants import Variant

__all__ = ["GameNode", "Tree"]

#: How a variation is named: its index among the variations, its move (or the move's text), or the node.
VariationKey = Union[int, str, Move, "GameNode"]
#: Positions a tree keeps, so stepping through it does not replay from the root every time.
POSITION_CACHE = 32


class GameNode:
    """One node of a :class:`Tree`: a move, its notes, and the variations after it.

    ``move`` is the :class:`~blokus_nb.Move` played to reach the node (``None``
    for the root, and for a node of a record that holds only notes); ``notes``
    is a dict of text like the entries of :attr:`Record.annotations
    <blokus_nb.Record.annotations>` (``"comment"``, the marks ``TE``, ``BM``,
    ``IT``, ``DO``, and SGF properties blokus-nb keeps without interpreting);
    ``variations`` are the nodes after this one, the main line first.

    Change the tree through the methods (:meth:`add_variation`,
    :meth:`promote_to_main`, :meth:`remove_variation`...): they check what
    they are given and change nothing when they refuse.
    """

    __slots__ = ("_parent", "_move", "notes", "variations", "__weakref__")

    def __init__(self, parent: GameNode | None = None, move: Move | None = None,
                 notes: Mapping[str, str] | None = None) -> None:
        if parent is not None and not isinstance(parent, GameNode):
            raise ArgumentTypeError(f"a node's parent is a GameNode (or None for a root), not {short_repr(parent)}")
        if move is not None and not isinstance(move, Move):
            raise ArgumentTypeError(f"a node's move is a blokus_nb.Move (or None), not {short_repr(move)}")
        if notes is not None:
            check_note(notes, "notes")  # a dict of text, before dict() reads text or a list as pairs
        self._parent = parent
        self._move = move
        #: Comment, marks and kept properties (see :mod:`blokus_nb.records.notes`).
        self.notes: dict[str, str] = dict(notes or {})
        #: The nodes after this one, the main line first.
        self.variations: list[GameNode] = []

    # -- what the node is ----------------------------------------------------------
    @property
    def parent(self) -> GameNode | None:
        """The node before this one (``None`` for the root)."""
        return self._parent

    @property
    def move(self) -> Move | None:
        """The move that leads here (``None`` at the root and on a node of notes only)."""
        return self._move

    @property
    def comment(self) -> str:
        """The node's comment (``""`` when it has none); set it to change it."""
        return self.notes.get(COMMENT, "")

    @comment.setter
    def comment(self, text: str) -> None:
        check_note({COMMENT: text}, "the comment")
        if text:
            self.notes[COMMENT] = with_line_breaks({COMMENT: text})[COMMENT]
        else:
            self.notes.pop(COMMENT, None)

    def root(self) -> Tree:
        """The :class:`Tree` this node belongs to."""
        node = self
        while node._parent is not None:
            node = node._parent
        if not isinstance(node, Tree):
            raise BlokusError("this node was removed from its tree")
        return node

    def path(self) -> list[GameNode]:
        """The nodes from the root to this one, both included."""
        nodes = []
        node: GameNode | None = self
        while node is not None:
            nodes.append(node)
            node = node._parent
        nodes.reverse()
        return nodes

    def ply(self) -> int:
        """How many pieces were placed from the root to this node.

        >>> node = Tree("duo").add_variation("e10")
        >>> node.ply()
        1
        """
        return sum(1 for node in self.path() if node._move is not None and not node._move.is_pass)

    def game(self) -> Record:
        """A new :class:`~blokus_nb.Record` at this node: the moves from the root, with their notes.

        The game is independent of the tree (saving it writes that one line).

        >>> node = Tree("duo").add_variation("e10").add_variation("j5")
        >>> node.game().history
        [Move('purple', 'e10'), Move('orange', 'j5')]
        """
        path = self.path()
        tree = path[0]
        if not isinstance(tree, Tree):
            raise BlokusError("this node was removed from its tree")
        game = tree._position(path)
        game.annotations = path_notes(game, path)
        return game

    # -- variations ------------------------------------------------------------------
    def variation(self, key: VariationKey) -> GameNode:
        """The variation named by ``key``: its index, its move (a Move or text), or the node.

        >>> tree = Tree("duo"); node = tree.add_variation("e10")
        >>> tree.variation("e10") is tree.variation(0) is node
        True
        """
        if isinstance(key, GameNode):
            for node in self.variations:
                if node is key:
                    return node
            raise BlokusError(f"{key!r} is not a variation of this node")
        if isinstance(key, int) and not isinstance(key, bool):
            if not -len(self.variations) <= key < len(self.variations):
                raise BlokusError(f"this node has {len(self.variations)} variations, so there is "
                                  f"no variation {key}")
            return self.variations[key]
        move = self._parse(key)
        for node in self.variations:
            if node._move == move:
                return node
        raise BlokusError(f"no variation here plays {move}")

    def has_variation(self, key: VariationKey) -> bool:
        """Whether a variation plays ``key`` (a move or its text), or is ``key`` (a node)."""
        try:
            self.variation(key)
        except BlokusError:
            return False
        return True

    def add_variation(self, move: Move | str, *, comment: str = "",
                      notes: Mapping[str, str] | None = None) -> GameNode:
        """Add ``move`` as the last variation after this node and return its new node.

        A move the tree already plays at this position is not added twice:
        its node is returned (it may hang under a node of notes only or an
        explicit pass of this position), with ``notes`` merged into its own
        (:func:`~blokus_nb.records.notes.merge_notes`). Raises
        :class:`~blokus_nb.IllegalMoveError` (or
        :class:`~blokus_nb.InvalidMoveError`) for a move the rules do not
        allow here, and :class:`~blokus_nb.BlokusError` for notes a record
        could not hold; the tree is unchanged then.

        >>> tree = Tree("duo")
        >>> tree.add_variation("a1")
        Traceback (most recent call last):
        ...
        blokus_nb.errors.IllegalMoveError: purple's first piece must cover its start square e10, and a1 does not
        """
        return self._add(move, comment, notes, main=False)

    def add_main_variation(self, move: Move | str, *, comment: str = "",
                           notes: Mapping[str, str] | None = None) -> GameNode:
        """Add ``move`` as the new main variation after this node (the old one comes second).

        A move the tree already plays here is followed, as by :meth:`add_variation`, and made the main one.
        """
        return self._add(move, comment, notes, main=True)

    def _add(self, move: Move | str, comment: str, notes: Mapping[str, str] | None,
             main: bool) -> GameNode:
        if notes is not None:
            check_note(notes, "notes")  # before dict() reads text or a list as pairs
        note = dict(notes or {})
        if comment:
            note[COMMENT] = comment
        check_note(note, "the notes of a new variation")
        note = with_line_breaks(note)  # as SGF reads them, so the tree reads back as it is
        game = self.game()
        if isinstance(move, str) and move.strip().lower() == "pass" or isinstance(move, Move) and move.is_pass:
            raise IllegalMoveError("a pass is never played: a color with no legal move passes "
                                   "by itself", rule="pass", move="pass")
        played = game.play(move)  # raises IllegalMoveError / InvalidMoveError
        found = _played_at(self, played)
        if found is None:
            found = GameNode(self, played, note)
            self.variations.insert(0 if main else len(self.variations), found)
            return found
        if note:
            found.notes = merge_notes([found.notes, note])
        if main:
            owner = _owner(self)
            node = found
            while node is not owner and node._parent is not None:
                node._parent.promote_to_main(node)
                node = node._parent
        return found

    def remove_variation(self, key: VariationKey) -> None:
        """Remove a variation and everything after it.

        >>> tree = Tree("duo"); _ = tree.add_variation("e10")
        >>> tree.remove_variation("e10"); tree.variations
        []
        """
        node = self.variation(key)
        self.variations = [other for other in self.variations if other is not node]
        node._parent = None

    def promote_to_main(self, key: VariationKey) -> None:
        """Make a variation the first (main) one after this node."""
        node = self.variation(key)
        self.variations = [node] + [other for other in self.variations if other is not node]

    def promote(self, key: VariationKey) -> None:
        """Move a variation one place towards the main one."""
        node = self.variation(key)
        index = _index(self.variations, node)
        if index > 0:
            self.variations[index - 1], self.variations[index] = node, self.variations[index - 1]

    def demote(self, key: VariationKey) -> None:
        """Move a variation one place away from the main one."""
        node = self.variation(key)
        index = _index(self.variations, node)
        if index < len(self.variations) - 1:
            self.variations[index + 1], self.variations[index] = node, self.variations[index + 1]

    def make_main_line(self) -> None:
        """Make the line from the root to this node the main line (each node its parent's main variation).

        >>> tree = Tree("duo"); _ = tree.add_variation("e10"); node = tree.add_variation("d9,c10,d10,e10,d11")
        >>> node.make_main_line(); node.is_mainline()
        True
        """
        node = self
        while node._parent is not None:
            node._parent.promote_to_main(node)
            node = node._parent

    # -- lines -------------------------------------------------------------------------
    def next(self) -> GameNode | None:
        """The main variation after this node, or ``None`` at the end of a line."""
        return self.variations[0] if self.variations else None

    def mainline(self) -> Iterator[GameNode]:
        """The nodes after this one along main variations.

        >>> tree = Tree("duo"); _ = tree.add_variation("e10").add_variation("j5")
        >>> [str(node.move) for node in tree.mainline()]
        ['e10', 'j5']
        """
        node = self
        while node.variations:
            node = node.variations[0]
            yield node

    def mainline_moves(self) -> list[Move]:
        """The moves after this node along main variations."""
        return [node._move for node in self.mainline() if node._move is not None]

    def end(self) -> GameNode:
        """The last node of the main line from here (this node at the end of a line)."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        """Whether no variation follows this node."""
        return not self.variations

    def is_main_variation(self) -> bool:
        """Whether this node is its parent's first variation (the root is)."""
        return self._parent is None or self._parent.variations[0] is self

    def is_mainline(self) -> bool:
        """Whether this node is on the main line of the whole tree (every node up to the root is a main variation)."""
        node = self
        while node._parent is not None:
            if node._parent.variations[0] is not node:
                return False
            node = node._parent
        return True

    def walk(self) -> Iterator[GameNode]:
        """This node and every node after it, depth first, main variations first."""
        stack: list[GameNode] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.variations))

    # -- internals ---------------------------------------------------------------------
    def _parse(self, key: object) -> Move:
        if isinstance(key, Move):
            return key
        if not isinstance(key, str):
            raise ArgumentTypeError(f"a variation is named by its index, its move or its node, "
                                    f"not {type(key).__name__}")
        game = self.game()
        if game.is_over:
            raise BlokusError(f"no variation here plays {short_repr(key)}: the line is over")
        return game.parse_move(key)

    def __reduce__(self) -> tuple:
        # A node pickles as its tree and its place in it: pickling node by node
        # would recurse once per move, and a long line is deep.
        path = self.path()
        return (_node_at, (path[0], [_index(parent.variations, node) for parent, node in zip(path, path[1:])]))

    def __repr__(self) -> str:
        what = "root" if self._parent is None else (
            "notes" if self._move is None else f"{self._move.color} {self._move}")
        count = len(self.variations)
        return f"<GameNode {what}, {count} variation{'' if count == 1 else 's'}>"


class Tree(GameNode):
    """A game with its variations: the root node, which holds the variant, players, metadata and setup.

    The arguments are those of :class:`~blokus_nb.Game`. ``metadata`` is the
    record's metadata (text values, as :attr:`Record.metadata
    <blokus_nb.Record.metadata>`). Read one from a record with
    :func:`blokus_nb.read_tree`, or make one from a game with :meth:`from_game`.

    >>> tree = Tree("duo", players=["Ann", "Bob"])
    >>> tree.add_variation("e10").add_variation("j5").game().player_names
    ['Ann', 'Bob']
    """

    __slots__ = ("_start", "metadata", "_positions")

    def __init__(self, variant: str | Variant = "classic", *, players: Sequence[str] | None = None,
                 setup: Mapping[str, Any] | None = None, to_play: str | None = None) -> None:
        super().__init__()
        self._start = Record(variant, players=players, setup=setup, to_play=to_play)
        #: Record metadata: ``event``, ``date``... (text values; see :attr:`Record.metadata`).
        self.metadata: dict[str, str] = {}
        self._positions: collections.OrderedDict[int, tuple[GameNode, Record]] = collections.OrderedDict()

    @property
    def variant(self) -> Variant:
        """The variant played."""
        return self._start.variant

    @property
    def player_names(self) -> list[str]:
        """The players' names (a list you may change, as :attr:`Game.player_names`)."""
        return self._start.player_names

    @property
    def setup(self) -> list[tuple[str, str]]:
        """Setup placements as ``(color, move text)`` (see :attr:`Game.setup`)."""
        return list(self._start.setup)

    @property
    def first_to_play(self) -> str | None:
        """The color to move at the root."""
        return self._start.to_play

    # -- conversions -------------------------------------------------------------------------
    @classmethod
    def from_game(cls, game: Game) -> Tree:
        """The tree of ``game``: its moves are the main line.

        A game read from a record with variations (or nodes of notes only)
        remembers that record's tree; then the tree returned is that one, with
        the game's moves as the main line and its notes on them: a move the
        game plays that the tree lacks is added, and nothing of the tree is
        lost (what it had after the game's last move stays after it).

        >>> game = Game("duo"); _ = game.play("e10")
        >>> [str(node.move) for node in Tree.from_game(game).mainline()]
        ['e10']
        """
        if not isinstance(game, Game):
            raise ArgumentTypeError(f"Tree.from_game takes a Game, not {type(game).__name__}")
        with game.lock:
            return tree_of_game(game, keep_rest=True)

    def mainline_game(self) -> Record:
        """The main line as a :class:`~blokus_nb.Record`, which remembers this tree.

        Saving that game writes the whole tree, with the game's moves as its
        main line (see :meth:`from_game`); the game keeps a copy, so later
        changes to this tree do not reach it.

        >>> tree = Tree("duo"); _ = tree.add_variation("e10"); _ = tree.add_variation("e10,e11")
        >>> game = tree.mainline_game(); game.history, len(Tree.from_game(game).variations)
        ([Move('purple', 'e10')], 2)
        """
        game = self.end().game()
        if not self.is_line():
            game.tree = self.copy()
        return game

    def is_line(self) -> bool:
        """Whether the tree is one line that a :class:`~blokus_nb.Game` holds whole: no
        variations, and every node after the root plays a piece."""
        node: GameNode = self
        while True:
            if len(node.variations) > 1:
                return False
            if not node.variations:
                return True
            node = node.variations[0]
            if node._move is None or node._move.is_pass:
                return False

    def copy(self) -> Tree:
        """An independent copy of the whole tree."""
        return _rebuilt(*_flat(self))

    # -- records: deprecated ------------------------------------------------------------------
    # The writers (blokus_nb.records.writing and the formats) import this module, never the
    # reverse; these three stay for one release as shims (tests/test_imports.py's rule).
    def to_sgf(self) -> str:
        """Deprecated: use :func:`blokus_nb.records.to_sgf`.

        >>> import blokus_nb as bn
        >>> bn.records.to_sgf(Tree("duo")).startswith("(")
        True
        """
        warnings.warn("Tree.to_sgf() is deprecated; use blokus_nb.records.to_sgf(tree)",
                      DeprecationWarning, stacklevel=2)
        from .writing import to_sgf

        return to_sgf(self)

    def to_json(self, indent: int | None = 2) -> str:
        """Deprecated: use :func:`blokus_nb.records.to_json`.

        >>> import blokus_nb as bn
        >>> bn.records.to_json(Tree("duo"), indent=None).startswith('{"format": "blokus-nb"')
        True
        """
        warnings.warn("Tree.to_json() is deprecated; use blokus_nb.records.to_json(tree, indent=...)",
                      DeprecationWarning, stacklevel=2)
        from .writing import to_json

        return to_json(self, indent=indent)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Deprecated: use :func:`blokus_nb.save` (``bn.save(tree, path)``).

        >>> import blokus_nb as bn
        >>> bn.save  # doctest: +ELLIPSIS
        <function save at ...>
        """
        warnings.warn("Tree.save(path) is deprecated; use blokus_nb.save(tree, path)",
                      DeprecationWarning, stacklevel=2)
        from .writing import save

        save(self, path)

    # -- positions -----------------------------------------------------------------------------
    def _position(self, path: list[GameNode]) -> Record:
        """A new game at the end of ``path`` (root first), without notes.

        Starts from the deepest node of the path whose position is cached, so
        stepping along a line replays one move, not the whole line. The cache
        holds :data:`POSITION_CACHE` positions.
        """
        positions = self._positions
        start, game = 0, None
        for depth in range(len(path) - 1, 0, -1):
            hit = positions.get(id(path[depth]))
            if hit is not None and hit[0] is path[depth]:
                positions.move_to_end(id(path[depth]))
                start, game = depth, hit[1]
                break
        game = (self._start if game is None else game).copy()
        for node in path[start + 1:]:
            move = node._move
            if move is not None and not move.is_pass:
                game.play(move)
        if len(path) > 1:
            positions[id(path[-1])] = (path[-1], game.copy())
            while len(positions) > POSITION_CACHE:
                positions.popitem(last=False)
        game.metadata = dict(self.metadata)
        game.player_names = list(self.player_names)
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tree):
            return NotImplemented
        return _flat(self) == _flat(other)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple:
        return (_rebuilt, _flat(self))

    def __repr__(self) -> str:
        nodes = sum(1 for _ in self.walk()) - 1
        lines = sum(1 for node in self.walk() if not node.variations)
        return (f"<Tree {self.variant.name}: {nodes} node{'' if nodes == 1 else 's'}, "
                f"{lines} line{'' if lines == 1 else 's'}, main line {len(list(self.mainline()))}>")


def _index(nodes: list[GameNode], node: GameNode) -> int:
    for index, other in enumerate(nodes):
        if other is node:
            return index
    raise BlokusError(f"{node!r} is not a variation of its parent")


def _node_at(tree: Tree, indices: list[int]) -> GameNode:
    node: GameNode = tree
    for index in indices:
        node = node.variations[index]
    return node


#: A node as plain data: its parent's index (-1: the root), its move as (color, placement) and its notes.
_FlatNode = tuple[int, tuple[str, int | None] | None, dict[str, str]]
#: A tree as plain data: variant, players, setup, the first color, metadata, and its nodes depth first.
_Flat = tuple[str, list[str], dict[str, list[str]], str | None, dict[str, str], list[_FlatNode]]


def _flat(tree: Tree) -> _Flat:
    """The tree as plain data: the root's fields and, depth first, each node's parent index, move and notes."""
    start = tree._start
    first = start.history[0].color if start.history else start.to_play
    nodes: list[_FlatNode] = []
    numbers = {id(tree): -1}
    for node in tree.walk():
        if node is tree:
            continue
        numbers[id(node)] = len(nodes)
        move = node._move
        nodes.append((numbers[id(node._parent)], None if move is None else (move.color, move.placement),
                      dict(node.notes)))
    setup: dict[str, list[str]] = {}
    for color, cells in start.setup:
        setup.setdefault(color, []).append(cells)
    return (start.variant.name, list(start.player_names), setup, first, dict(tree.metadata), nodes)


def _rebuilt(variant: str, players: list[str], setup: dict[str, list[str]], first: str | None,
             metadata: dict[str, str], nodes: list[_FlatNode]) -> Tree:
    """A tree from :func:`_flat`'s data (already checked once, so the moves are not replayed)."""
    tree = Tree(variant, players=players, setup=setup or None, to_play=first)
    tree.metadata = dict(metadata)
    made: list[GameNode] = []
    size = tree.variant.size
    for parent, move, notes in nodes:
        owner = tree if parent < 0 else made[parent]
        node = GameNode(owner, None if move is None else Move(move[0], move[1], size), notes)
        owner.variations.append(node)
        made.append(node)
    return tree


def path_notes(game: Game, path: list[GameNode]) -> dict[int, dict[str, str]]:
    """The notes of ``path``'s nodes as annotations of ``game``, the game replayed along it.

    A node's notes belong to the position after it: the last history entry
    its move (and the passes after it) made. Nodes that end at the same entry
    (a move and the nodes of notes after it) share one note.
    """
    ends = [last for _, last in group_ends(game)]
    groups: dict[int, list[dict[str, str]]] = {}
    placed = 0
    for node in path[1:]:
        move = node._move
        if move is not None and not move.is_pass:
            placed += 1
        if node.notes and placed:
            groups.setdefault(ends[placed - 1], []).append(node.notes)
    return {index: merge_notes(notes) for index, notes in groups.items()}


def group_ends(game: Game) -> list[tuple[int, int]]:
    """``(first, last)`` history indices of each placement with the passes after it."""
    groups = []
    history = game.history
    for index, move in enumerate(history):
        if not move.is_pass:
            groups.append([index, index])
        elif groups:
            groups[-1][1] = index
    return [(a, b) for a, b in groups]


def _game_note(game: Game, first: int, last: int) -> dict[str, str]:
    annotations = annotations_of(game)
    return merge_notes(annotations[i] for i in range(first, last + 1) if i in annotations)


def tree_of_game(game: Game, keep_rest: bool) -> Tree:
    """The tree of ``game`` (see :meth:`Tree.from_game`); held under the game's lock.

    With ``keep_rest`` false (the game is being saved), what the remembered
    tree has after the game's last move is dropped when it is a single line
    (moves taken back with undo), and refused when it holds variations.
    """
    history = game.history
    for index, move in enumerate(history):
        if not move.is_pass:
            break
        if annotations_of(game).get(index):
            raise BlokusError(f"annotations[{index}] is on a pass before the first move, which a "
                              "record has no node for; put it in the metadata's 'comment'")
    remembered = remembered_tree(game)
    if remembered is None:
        tree = Tree(game.variant, players=game.player_names,
                    setup=setup_of(game), to_play=first_color(game))
        tree.metadata = dict(metadata_of(game))
        node: GameNode = tree
        for first, last in group_ends(game):
            child = GameNode(node, history[first], _game_note(game, first, last))
            node.variations.append(child)
            node = child
        return tree
    tree = remembered.copy()
    tree._start.player_names[:] = game.player_names
    tree.metadata = dict(metadata_of(game))
    node = tree
    for first, last in group_ends(game):
        move = history[first]
        group = notes_group_after(node)
        found = _played_at(node, move, node)  # the game's move at this position, the tree's own
        if found is None:
            found = GameNode(group[-1], move)
            group[-1].variations.insert(0, found)
        found.make_main_line()
        node = found
        wanted = _game_note(game, first, last)
        nodes = notes_group_after(node)
        if merge_notes([n.notes for n in nodes]) != wanted:
            node.notes = dict(wanted)
            for other in nodes[1:]:
                other.notes = {}
            _splice_empty(nodes[1:])
    if not keep_rest:
        rest = notes_group_after(node)[-1]
        if rest.variations:
            if any(len(n.variations) > 1 for n in rest.walk()):
                count = len(game.moves)
                raise BlokusError(
                    f"the game ends after move {count}, but the record it was read from has "
                    f"variations after that move, which saving the game would lose. Save the "
                    "whole tree instead: bn.Tree.from_game(game).save(path) keeps them (its main "
                    "line goes on past the game's end); or play the moves again with game.redo()")
            rest.variations = []
    return tree


def _places(node: GameNode) -> bool:
    return node._move is not None and not node._move.is_pass


def _owner(node: GameNode) -> GameNode:
    """The node whose position ``node`` is at: the nearest node up the path (``node`` too) that
    places a piece, or the root. A node of notes only and an explicit pass change no position."""
    while node._parent is not None and not _places(node):
        node = node._parent
    return node


def _played_at(node: GameNode, move: Move, owner: GameNode | None = None) -> GameNode | None:
    """The node that plays ``move`` at ``node``'s position, or ``None``: the one rule for "the same
    position, the same move", so that a tree holds each move of a position once.

    The position's nodes are its owner (:func:`_owner`; pass it when known) and the nodes of notes
    only and explicit passes after it, along any variation; a move is found after any of them,
    depth first, main variations first.
    """
    stack = [owner if owner is not None else _owner(node)]
    while stack:
        here = stack.pop()
        for child in here.variations:
            if child._move == move:
                return child
        stack.extend(child for child in reversed(here.variations) if not _places(child))
    return None


def follow(node: GameNode, move: Move, notes: Mapping[str, str],
            owner: GameNode | None = None) -> GameNode:
    """The node of ``move`` after ``node``: the tree's own (``notes`` merged into its notes) if it
    plays ``move`` at this position already (:func:`_played_at`), else a new last variation.
    The readers go through this, so a record that names a move twice at one position gives one
    node, with the notes, the variations and the lines after both."""
    found = _played_at(node, move, owner)
    if found is None:
        found = GameNode(node, move, notes)
        node.variations.append(found)
    elif notes:
        found.notes = merge_notes([found.notes, notes])
    return found


def _position_nodes(owner: GameNode) -> list[GameNode]:
    """``owner`` and the nodes of notes only and explicit passes after it, along any variation,
    depth first, main variations first: the nodes of one position."""
    nodes, stack = [], [owner]
    while stack:
        node = stack.pop()
        nodes.append(node)
        stack.extend(child for child in reversed(node.variations) if not _places(child))
    return nodes


def folded(tree: Tree) -> Tree:
    """A copy of ``tree`` with the nodes of each position made one: JSON's shape, where a note
    belongs to a move and a variation starts with a move.

    The nodes of notes only and explicit passes of a position join the move before them: their
    notes merge into its notes (:func:`~blokus_nb.records.notes.merge_notes`), the moves after
    them become its variations (the one that continues the main line first), and a move given
    twice is followed (:func:`follow`). Raises :class:`~blokus_nb.BlokusError` for what has no
    place there: notes before the first move, and a move after a position whose main line ends on
    a node of notes only (the move would become the main line's continuation).
    """
    variant, players, setup, first, metadata, _ = _flat(tree)
    result = _rebuilt(variant, players, setup, first, metadata, [])
    stack: list[tuple[GameNode, GameNode]] = [(tree, result)]
    while stack:
        source, target = stack.pop()
        nodes = _position_nodes(source)
        notes = merge_notes(node.notes for node in nodes)
        if notes and source is tree:
            raise BlokusError("the tree has notes before its first move, which JSON has no place for; "
                              "put them in the metadata's 'comment', or save as .blksgf")
        if notes:
            target.notes = merge_notes([target.notes, notes])
        last = notes_group_after(source)[-1]
        main = last.variations[0] if last.variations else None
        moves = [(child, child._move) for node in nodes for child in node.variations
                 if child._move is not None and not child._move.is_pass]  # those that place a piece
        if main is None and moves:
            raise BlokusError(f"{moves[0][1].color} {moves[0][1]} is a variation after "
                              f"{last!r}, where the main line ends; JSON has no place for a "
                              "variation after the end of its line. Save the tree as .blksgf, which "
                              "keeps every node, or make the variation the main line first")
        moves.sort(key=lambda pair: pair[0] is not main)  # the main one first (main places a piece)
        made = [(child, follow(target, move, {})) for child, move in moves]
        stack.extend(reversed(made))
    return result


def notes_group_after(node: GameNode) -> list[GameNode]:
    """``node`` and the nodes of notes only (or explicit passes) that follow it along main variations:
    the nodes of one position, whose notes are one entry of a game's annotations."""
    group = [node]
    while node.variations and (node.variations[0]._move is None or node.variations[0]._move.is_pass):
        node = node.variations[0]
        group.append(node)
    return group


def _splice_empty(nodes: list[GameNode]) -> None:
    """Take out nodes left with neither move nor notes: their variations take their place."""
    for node in nodes:
        if node._move is None and not node.notes and node._parent is not None:
            parent = node._parent
            index = _index(parent.variations, node)
            for child in node.variations:
                child._parent = parent
            parent.variations[index:index + 1] = node.variations
            node._parent = None
            node.variations = []
