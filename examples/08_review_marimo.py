"""A review board in marimo: a recorded Duo game reviewed by the engine, with an opening explorer.

Open it with ``marimo edit examples/08_review_marimo.py`` (or ``marimo run`` for the
app view). It also runs as a plain script: ``python examples/08_review_marimo.py``.
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    from pathlib import Path

    import marimo as mo

    import blokus_nb as bn
    from blokus_nb.players import Limit
    return Limit, Path, bn, mo


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        # Reviewing a game

        The board searches the position before every move in the background: the graph
        under it fills in (click or drag it to go to a move; the arrow keys step), each move
        gets its class and mark, and each player a summary. The engine's best move is drawn
        see-through with its win chance, the move played as a dotted outline. The explorer
        lists what the corpus played from the position shown.

        Try a move of your own (a piece from the tray, or a row of the explorer): it becomes a
        variation of the game's tree. The button saves the game with every variation.
        """
    )
    return


@app.cell
def _(Limit, Path, bn, mo):
    games = Path(__file__).resolve().parent.parent / "tests" / "data" / "pentobi" / "games" / "duo"
    corpus = bn.analysis.opening_index(games, depth=6, progress=False)
    widget = bn.BlokusWidget(game=bn.load(games / "duo_L1_0003.blksgf"), mode="review",
                             review_limit=Limit(simulations=100), explorer=corpus)
    board = mo.ui.anywidget(widget)
    board
    return board, corpus, widget


@app.cell
def _(Path, mo, widget):
    saved_to = Path("reviewed.blksgf")

    def save(clicks):
        widget.save(saved_to)  # the main line and every variation, as Pentobi reads them
        return (clicks or 0) + 1

    save_button = mo.ui.button(label="Save the game with its variations", on_click=save, value=0)
    save_button
    return save_button, saved_to


@app.cell
def _(board, bn, mo, save_button, saved_to):
    # This cell uses `board`: marimo runs it again when the board's game (or its tree) changes.
    tree = board.widget.tree
    lines = sum(1 for node in tree.walk() if not node.variations)
    text = f"**{len(board.widget.game.moves)} moves** in the main line, **{lines} lines** in the tree."
    if save_button.value:
        kept = bn.read_tree(saved_to)
        text += (f" Saved to `{saved_to}`: {sum(1 for node in kept.walk() if not node.variations)} lines"
                 f" (after {save_button.value} saves).")
    mo.md(text)
    return


if __name__ == "__main__":
    app.run()
