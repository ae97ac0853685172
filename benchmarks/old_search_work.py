"""One search of "hard" by whichever blokus_nb is first on sys.path, for bench_ai.py's peers from git history.

    python old_search_work.py '{"variant": "duo", "moves": ["..."], "simulations": 1000, "rounds": 1}'

The moves are played by text, the search is timed as the player times it
(``SearchResult.seconds``: tables and weights are read by a first search of one
simulation, off the clock), and the answer is one line ``<<{...}>>``:
``{"seconds": [...], "moves": [...]}``, one entry a round. It uses only what
blokus_nb has offered since 0.3 (``Game``, ``make_player``, ``Limit``), so the
same file times the 0.4 search and this one.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def timed_search(game: Any, simulations: int) -> tuple[float, str]:
    """Seconds and move of one search of "hard" (seed 1) at ``simulations``, its tables read first."""
    from blokus_nb.players import Limit, make_player

    player = make_player("hard", seed=1)
    player.search(game, Limit(simulations=1))
    result = player.search(game, Limit(simulations=simulations))
    return result.seconds, str(result.move)


def main(argv: list[str]) -> None:
    import blokus_nb as bn

    work = json.loads(argv[0])
    game = bn.Game(work["variant"])
    for move in work["moves"]:
        game.play(move)
    seconds, moves = [], []
    for _ in range(work["rounds"]):
        spent, move = timed_search(game, work["simulations"])
        seconds.append(spent)
        moves.append(move)
    print("<<" + json.dumps({"seconds": seconds, "moves": moves, "source": bn.__file__}) + ">>")


if __name__ == "__main__":
    main(sys.argv[1:])
