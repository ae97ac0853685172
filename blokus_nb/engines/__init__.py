"""Outside engines as players and evaluators, as python-chess drives UCI engines: GTP, as Pentobi speaks it.

Modules: ``gtp`` (the process and the protocol: commands, timeouts, the
engine's standard error), ``player`` (:class:`GTPEngine`: positions sent,
moves checked, searches reported) and ``pentobi`` (Pentobi's command line).

>>> import blokus_nb as bn
>>> bn.engines.pentobi_command("pentobi-gtp", level=8)[:2]
['pentobi-gtp', '--quiet']
"""

from ..errors import EngineError, EngineTerminatedError
from .pentobi import LEVELS, find_pentobi, pentobi, pentobi_command
from .player import GTPEngine, RootStatistics, engine_colors

__all__ = ["EngineError", "EngineTerminatedError", "GTPEngine", "LEVELS", "RootStatistics", "engine_colors",
           "find_pentobi", "pentobi", "pentobi_command"]
