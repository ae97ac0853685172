"""Imported once by the forkserver that starts analysis workers, so that every worker forked
from it already has the placement tables and the generated legal-move code of both board sizes
(building them takes a few tenths of a second per process)."""

from ..game import Game

for _variant in ("classic", "duo"):
    Game(_variant).count_legal_moves()
