"""Pentobi reads the trees we write: its GTP engine loads them and agrees on the positions.

For a few lines of each tree, the tree is written with that line as its main
line (every other variation still in the file), Pentobi's ``loadsgf`` reads
it, and the legal moves Pentobi lists at the end of the line (``all_legal``)
must be ours there. Skipped where Pentobi's engine is absent
(``../shared/tools/pentobi/pentobi-gtp``, or where ``$PENTOBI_GTP`` points):
nothing in the package needs it.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from data_paths import DATA, SHARED_PENTOBI, TESTS

import blokus_nb as bn

ENGINE = Path(os.environ.get("PENTOBI_GTP") or TESTS.parent.parent / "shared" / "tools" / "pentobi" / "pentobi-gtp")
pytestmark = pytest.mark.skipif(not ENGINE.exists(), reason="Pentobi's GTP engine is not here")
LINES_PER_TREE = 6


class Gtp:
    """A Pentobi GTP engine in a subprocess: one command, one answer."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([str(ENGINE), "--nobook", "--quiet"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def ask(self, command: str) -> str:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError(f"pentobi-gtp stopped after {command!r}")
            if line == "\n" and lines:
                break
            lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        assert answer.startswith("="), f"pentobi-gtp refused {command!r}: {answer}"
        return answer[1:].strip()

    def close(self) -> None:
        try:
            self.ask("quit")
        finally:
            self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def gtp():
    engine = Gtp()
    yield engine
    engine.close()


def gtp_color(game: bn.Game, color: str) -> str:
    if len(game.colors) == 2:
        return "b" if color == game.colors[0] else "w"
    return str(game.colors.index(color) + 1)


def analysed_trees() -> list[tuple[str, bn.Tree]]:
    """Trees with variations, notes and kept properties, and Pentobi's own opening books."""
    game = bn.read_sgf(DATA / "pentobi" / "games" / "duo" / "duo_L1_0007.blksgf")
    tree = bn.Tree.from_game(game)
    node = tree
    for index, move in enumerate(game.moves[:12]):
        node = node.variation(move)
        if index % 3 == 1:  # a try at every third move, two moves deep
            position = node.game()
            first = next(m for m in position.legal_moves() if not node.has_variation(m))
            side = node.add_variation(first, notes={"comment": f"try {index}", "BM": "1", "N": "side"})
            side.add_variation(side.game().legal_moves()[-1], comment="and then\nthis")
    node.comment = "main line, with ] and \\ in it"
    classic = bn.Tree("classic")
    line = classic
    for _ in range(6):
        line = line.add_variation(line.game().legal_moves()[0])
    classic.variations[0].add_variation(classic.variations[0].game().legal_moves()[5], notes={"TE": "1"})
    trees = [("duo game with tries", tree), ("classic tree", classic)]
    trees += [(path.name, bn.read_tree(path)) for path in sorted((SHARED_PENTOBI / "books").glob("*.blksgf"))]
    return trees


@pytest.mark.parametrize("name, tree", analysed_trees(), ids=lambda value: value if isinstance(value, str) else "")
def test_pentobi_reads_every_line_of_a_tree_we_write(gtp, tmp_path, name, tree):
    leaves = [node for node in tree.walk() if not node.variations]
    step = max(1, len(leaves) // LINES_PER_TREE)
    checked = 0
    for leaf in leaves[::step][:LINES_PER_TREE]:
        copy = tree.copy()
        end = _same_node(copy, leaf)
        end.make_main_line()
        path = tmp_path / "tree.blksgf"
        bn.save(copy, path)
        assert len(bn.read_tree(path).variations) == len(tree.variations)  # every variation is in the file
        gtp.ask(f"loadsgf {path}")
        position = end.game()
        if position.is_over:
            continue
        color = position.to_play
        ours = sorted(sorted(m.cells) for m in position.legal_moves())
        theirs = sorted(sorted(move.split(",")) for move in gtp.ask(f"all_legal {gtp_color(position, color)}").split())
        assert theirs == ours, f"{name}: Pentobi and we disagree after {len(position.moves)} moves"
        checked += 1
    assert checked >= 1


def _same_node(copy: bn.Tree, node: bn.GameNode) -> bn.GameNode:
    """The node of ``copy`` at the place of ``node`` in its tree."""
    place = []
    while node.parent is not None:
        place.append(next(i for i, other in enumerate(node.parent.variations) if other is node))
        node = node.parent
    found: bn.GameNode = copy
    for index in reversed(place):
        found = found.variations[index]
    return found
