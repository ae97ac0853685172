"""Deprecated location of :mod:`blokus_nb.players.arena` (moved in 0.2.0; use that).

``bn.arena`` still works without a warning: it names the new module.
"""

import warnings

from .players.arena import *  # noqa: F401,F403
from .players.arena import (RESULT_COLUMNS, MatchResult, play_game, play_match, ratings,  # noqa: F401
                            round_robin, seat_orders, standings, summarize)

warnings.warn("blokus_nb.arena is deprecated; import from blokus_nb.players.arena instead "
              "(or use bn.arena)", DeprecationWarning, stacklevel=2)
