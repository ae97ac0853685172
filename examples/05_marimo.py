"""Blokus in marimo: the board and the puzzle widgets in a reactive notebook.

Open it with ``marimo edit examples/05_marimo.py`` (or ``marimo run`` for the
app view). It also runs as a plain script: ``python examples/05_marimo.py``.
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    import blokus_nb as bn
    return bn, mo


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        # Blokus in marimo

        `mo.ui.anywidget(bn.BlokusWidget(...))` is the same board as in Jupyter: pick a piece in
        your tray, move over the board, click to place (the wheel rotates, a right click flips).
        You play purple; orange is the computer.

        The game behind it is an ordinary `bn.Game`. Every change to it, a click, a move
        made from Python or the computer's answer from its background thread, moves the widget's
        `progress` trait on, and marimo re-runs the cells that use the board.
        """
    )
    return


@app.cell
def _(bn, mo):
    widget = bn.BlokusWidget("duo", players={"orange": "random"}, ai_pause=0.3)
    board = mo.ui.anywidget(widget)

    def play_for_purple(clicks):
        # A move made from Python: the board follows, and orange answers as after a click.
        game = widget.game
        if game.to_play == "purple":
            game.play(bn.hint(game, "greedy").move)
        return (clicks or 0) + 1

    python_move = mo.ui.button(label="Play purple's move from Python", on_click=play_for_purple,
                               value=0)
    mo.vstack([board, python_move])
    return board, python_move, widget


@app.cell
def _(board, mo):
    # This cell uses `board`, so marimo runs it again whenever the game moves on.
    game = board.widget.game
    moves = "; ".join(f"{move.color} {move}" for move in game.history) or "none yet"
    mo.md(
        f"**Moves played: {len(game.history)}** (progress {board.value['progress']}). "
        f"{board.widget.status}\n\nThe moves: {moves}."
    )
    return (game,)


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        ## A tiling puzzle

        Cover the 5x3 rectangle with the L, P and V pentominoes. A piece placed from Python
        (`puzzle.widget.puzzle.place(...)`, the button below) shows at once: the widget
        follows its puzzle, with no need for a cell to finish first.
        """
    )
    return


@app.cell
def _(bn, mo):
    puzzle = mo.ui.anywidget(bn.PuzzleWidget((5, 3), "L P V"))

    def place_the_v(clicks):
        tiling = puzzle.widget.puzzle
        if not tiling.placements:
            tiling.place([(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)])
        return (clicks or 0) + 1

    place_v = mo.ui.button(label="Place the V from Python", on_click=place_the_v, value=0)
    mo.vstack([puzzle, place_v])
    return place_v, puzzle


if __name__ == "__main__":
    app.run()
