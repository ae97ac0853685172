"""Imported once by the forkserver that starts analysis workers, so that every worker forked
from it starts warm: the placement tables and generated legal-move code of both board sizes,
and the first pass through the record reader, the metrics and pandas' table building (lazy
imports and caches that otherwise cost each worker's first unit about 0.2 s of CPU)."""

import pickle

from .loading import Unit, analyze_unit

for _text in ("(;GM[Blokus Duo];B[e10];W[j5])", "(;GM[Blokus];1[a20];2[t20];3[t1];4[a1])"):
    pickle.dumps(analyze_unit(Unit("text", _text, "warm")))
