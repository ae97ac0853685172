"""Imported once by the forkserver that starts analysis workers, so that every worker forked
from it already has the placement tables and the generated legal-move code of both board sizes
(building them takes a few tenths of a second per process)."""

from ..engine import _compile
from ..geometry import geometry

for _size in (14, 20):
    geometry(_size)
    _compile(_size)
