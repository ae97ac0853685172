"""AI players behind one small protocol: ``player.choose_move(game, limit) -> Move``.

>>> import blokus_nb as bn
>>> from blokus_nb.players import make_player, Limit
>>> game = bn.Game("duo")
>>> move = make_player("greedy", seed=1).choose_move(game, Limit(time=1.0))
>>> game.is_legal(move)
True
"""

from .base import Limit, Player, RandomPlayer
from .greedy import GreedyPlayer
from .mcts import MCTSPlayer, MoveStatistics, SearchResult
from .levels import LEVELS, PLAYER_NAMES, make_player

__all__ = ["Limit", "Player", "RandomPlayer", "GreedyPlayer", "MCTSPlayer", "SearchResult",
           "MoveStatistics", "LEVELS", "PLAYER_NAMES", "make_player"]
