"""Where a review board is in its game's tree: the node shown, the line through it, and the variations.

The board's game is the tree's main line (:meth:`Tree.mainline_game
<blokus_nb.Tree.mainline_game>`, a game that remembers its tree, so saving it
writes every variation). The board shows one node of a *line*: the path from
the root to the line's tip and on from the tip along main variations. The
replay bar and the arrow keys move along that line, so going back in a
variation and forward again stays in the variation. A move tried from the node shown is
added as a variation (or followed, if the tree has it); a variation can be
left for the main line, promoted to the main line, or deleted. When the tree
changes, the board's game is replaced by the tree's main line again.

>>> import blokus_nb as bn
>>> line = ReviewLine()
>>> game = bn.read_sgf("(;GM[Blokus Duo];B[d9,c10,d10,e10,d11];W[j5])")
>>> line.follow(game)
False
>>> line.seek(1); line.ply(), line.length(), line.on_main_line()
(1, 2, True)
>>> _ = line.play("i4,j4,i5,j5"); line.on_main_line(), line.branch_ply()
(False, 1)
"""

from __future__ import annotations

from typing import Any

from ..errors import BlokusError
from ..game import Game
from ..records.tree import GameNode, Tree

__all__ = ["ReviewLine"]


def _is_placement(node: GameNode) -> bool:
    return node.move is not None and not node.move.is_pass


class ReviewLine:
    """The node a review board shows in the tree of its game (see the module docstring)."""

    def __init__(self) -> None:
        self.tree: Tree | None = None
        self._game: Game | None = None
        self._version = -1
        self._made: Game | None = None  # the game made from this tree, about to be the board's
        self._node: GameNode | None = None
        self._tip: GameNode | None = None

    # ---------------------------------------------------------------- the tree and the game
    def follow(self, game: Game) -> bool:
        """Keep the tree while ``game`` is the one it belongs to, else make it again from ``game``.

        Returns whether the tree was kept. A new tree shows the end of its main line.
        """
        if game is self._made:
            self._made = None
            self._game, self._version = game, game.version
            return True
        if self.tree is not None and game is self._game and game.version == self._version:
            return True
        self.tree = Tree.from_game(game)
        self._game, self._version = game, game.version
        self._node = self._tip = self._main_end()
        return False

    def game_of_tree(self) -> Game:
        """The tree's main line as a new game (it remembers the tree); the next :meth:`follow` of it keeps the tree."""
        assert self.tree is not None
        self._made = self.tree.mainline_game()
        return self._made

    @property
    def node(self) -> GameNode:
        assert self._node is not None, "follow a game first"
        return self._node

    def _main_end(self) -> GameNode:
        assert self.tree is not None
        end = self.tree.end()
        return self._last_placement(end.path())

    @staticmethod
    def _last_placement(path: list[GameNode]) -> GameNode:
        for node in reversed(path):
            if _is_placement(node) or node.parent is None:
                return node
        return path[0]

    # ---------------------------------------------------------------- the line
    def line(self) -> list[GameNode]:
        """The placements of the line through the node shown, the root first."""
        tip = self._tip or self.node
        nodes = [n for n in tip.path() if n.parent is None or _is_placement(n)]
        nodes += [n for n in tip.mainline() if _is_placement(n)]
        return nodes

    def ply(self) -> int:
        """Placements from the root to the node shown."""
        return self.node.ply()

    def length(self) -> int:
        """Placements in the whole line."""
        return len(self.line()) - 1

    def seek(self, ply: int) -> None:
        """Show the line's position after ``ply`` placements (kept within the line)."""
        line = self.line()
        self._node = line[max(0, min(ply, len(line) - 1))]

    def to_end(self) -> None:
        self.seek(self.length())

    def shown(self) -> Game:
        """A new game at the node shown."""
        return self.node.game()

    def comment(self) -> str:
        return self.node.comment

    # ---------------------------------------------------------------- variations
    def on_main_line(self) -> bool:
        return self.node.is_mainline()

    def _branch(self) -> tuple[GameNode, GameNode] | None:
        """The first node of the variation shown (the nearest node up the path that is not its parent's
        main one) and its parent, where it branches; None on the main line."""
        node: GameNode | None = self.node
        while node is not None and node.parent is not None:
            if not node.is_main_variation():
                return node, node.parent
            node = node.parent
        return None

    def branch_ply(self) -> int | None:
        """Placements before the variation shown leaves the line it branches from (None on the main line)."""
        branch = self._branch()
        return None if branch is None else branch[1].ply()

    def variation_moves(self) -> list[dict[str, Any]]:
        """The moves of the variation shown, from where it branches to the end of the line."""
        branch = self._branch()
        if branch is None:
            return []
        start = branch[1].ply()
        # Every node of the line after the root is a placement: none is left out.
        moves = [n.move for n in self.line()[start + 1:] if n.move is not None]
        return [{"number": start + k, "color": move.color, "move": str(move)} for k, move in enumerate(moves, start=1)]

    def state(self) -> dict[str, Any]:
        """The line for the views: on the main line or not, where the variation branches, its moves,
        and whether a piece may be tried here (the line is not over)."""
        return {"main": self.on_main_line(), "ply": self.ply(), "length": self.length(),
                "branch": self.branch_ply(), "moves": self.variation_moves(),
                "open": not self.shown().is_over}

    def play(self, move: str) -> GameNode:
        """Go on from the node shown with ``move``: the tree's variation that plays it, or a new one.

        Raises :class:`~blokus_nb.IllegalMoveError` for a move the rules refuse
        there, and :class:`~blokus_nb.BlokusError` when the line is over; the
        tree is unchanged then.
        """
        node = self.node
        position = node.game()
        if position.is_over:
            raise BlokusError("the line is over: no move can follow it")
        # The tree's one rule: a move it already plays here (after a node of notes only or an
        # explicit pass too) is followed, not added twice.
        self._node = self._tip = node.add_variation(position.parse_move(move))
        return self._node

    def to_main_line(self) -> None:
        """Show the main line's position where the variation shown left it."""
        branch = self._branch()
        if branch is None:
            raise BlokusError("this is the main line already")
        while branch is not None:  # a variation of a variation: up to the main line
            self._node = self._tip = branch[1]
            branch = self._branch()

    def promote(self) -> None:
        """Make the line through the node shown the main line."""
        if self.on_main_line():
            raise BlokusError("this position is on the main line already")
        self.node.make_main_line()

    def delete(self) -> None:
        """Delete the variation shown (from where it branches), and show where it branched."""
        branch = self._branch()
        if branch is None:
            raise BlokusError("the main line cannot be deleted, only a variation")
        node, parent = branch
        parent.remove_variation(node)
        self._node = self._tip = self._last_placement(parent.path())
