"""AI players behind one small protocol: ``player.choose_move(game, limit) -> Move``.

Modules: ``base`` (the protocol, the random player), ``features`` (evaluation
features), ``greedy``, ``model`` (the learned move and value models and their
shipped weights), ``mcts`` (the search), ``net`` (the Duo and classic
policy/value networks), ``puct`` (the search they guide), ``levels`` (players by name),
``ratings`` (our levels on Pentobi's Elo scale) and ``arena`` (matches and
ratings).

>>> import blokus_nb as bn
>>> from blokus_nb.players import make_player, Limit
>>> game = bn.Game("duo")
>>> move = make_player("greedy", seed=1).choose_move(game, Limit(time=1.0))
>>> game.is_legal(move)
True
"""

from .base import Limit, Player, RandomPlayer
from .greedy import GreedyPlayer
from .levels import LEVELS, PLAYER_NAMES, make_player
from .mcts import MCTSPlayer, MoveStatistics, SearchResult
from .model import Weights, load_weights
from .puct import PUCTPlayer
from .ratings import PENTOBI_ELO, PentobiRating, pentobi_rating

__all__ = ["Limit", "Player", "RandomPlayer", "GreedyPlayer", "MCTSPlayer", "PUCTPlayer", "SearchResult",
           "MoveStatistics", "LEVELS", "PLAYER_NAMES", "make_player", "Weights", "load_weights",
           "PENTOBI_ELO", "PentobiRating", "pentobi_rating"]
