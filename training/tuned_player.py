"""A level with one setting changed, for matches against Pentobi: the player that tunes and screens.

``pentobi_match.py --player tuned_player:make`` (``training/`` on ``PYTHONPATH``) plays "hard", as
:mod:`blokus_nb.players.levels` builds it, with the changes named by environment variables:

* ``T_LEVEL``: ``expert`` for expert's budgets (default ``hard``);
* ``CANDIDATE_NET``: a classic network file in place of the shipped one (classic, classic_2 and
  classic_3 search with it); ``CANDIDATE_DUO_NET``: a Duo network file in place of the shipped one;
* ``T_EXPL``, ``T_LOCAL``: the exploration constant and the playouts' chance of answering the move
  before, on the three classic boards (Duo keeps the level's);
* ``T_W``: the weight of a playout's result in a leaf's value, on every board;
* ``T_SIMS``: the simulations a move on the three classic boards; ``T_DUO_SIMS`` in Duo;
* ``T_GOAL``: ``first`` or ``rank`` (:data:`blokus_nb.players.puct.GOALS`).

With none set it is the level itself, move for move:

    OPENBLAS_NUM_THREADS=1 PYTHONPATH=training T_LEVEL=expert T_DUO_SIMS=10500 taskset -c 1 \\
        python ../shared/tools/pentobi_match.py --variant duo --player tuned_player:make --level 7 \\
        --games 40 --seed 7701 --jobs 1 --out ../runs/duo_expert_10500

>>> from blokus_nb.players import make_player
>>> make(seed=1).limit == make_player("hard", seed=1).limit
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from blokus_nb.players import Limit, levels
from blokus_nb.players.net import load_net
from blokus_nb.players.puct import PUCTPlayer

__all__ = ["make"]

CLASSIC_BOARDS = ("classic", "classic_2", "classic_3")


def _on_classic(name: str, base: Mapping[str, float], env: Mapping[str, str]) -> dict[str, float]:
    """``base`` with the three classic boards set to ``env[name]`` when it is given."""
    settings = dict(base)
    if name in env:
        settings.update({variant: float(env[name]) for variant in CLASSIC_BOARDS})
    return settings


def make(seed: int | None = None, env: Mapping[str, str] | None = None) -> PUCTPlayer:
    """The level ``T_LEVEL`` with the settings that ``env`` (default: the environment) changes."""
    env = os.environ if env is None else env
    limits = dict(levels.level_limits(env.get("T_LEVEL", "hard")))
    for name, variants in (("T_SIMS", CLASSIC_BOARDS), ("T_DUO_SIMS", ("duo",))):
        if name in env:
            limits.update({v: Limit(time=limits[v].time, simulations=int(env[name])) for v in variants})
    options: dict[str, object] = {}
    if "CANDIDATE_NET" in env:
        options["classic_net"] = load_net(env["CANDIDATE_NET"], variant="classic")
    if "CANDIDATE_DUO_NET" in env:
        options["net"] = load_net(env["CANDIDATE_DUO_NET"], variant="duo")
    if "T_W" in env:
        options["playouts"] = float(env["T_W"])
    return PUCTPlayer(seed=seed, limit=limits, goal=env.get("T_GOAL", levels.GOAL),
                      exploration=_on_classic("T_EXPL", levels.LEVEL_EXPLORATION, env),
                      local=_on_classic("T_LOCAL", levels.LEVEL_LOCAL, env), **options)  # type: ignore[arg-type]
