"""Environments for learning agents: PettingZoo (every variant, one agent per player) and Gymnasium (one seat).

The environments need the ``rl`` extra (``pip install "blokus-nb[rl]"``); they
load on first use, so ``import blokus_nb`` never needs PettingZoo or Gymnasium.
The observation encoder (:mod:`blokus_nb.envs.observation`) needs numpy only.

>>> import blokus_nb as bn
>>> env = bn.envs.BlokusEnv("duo")             # PettingZoo: player_0 and player_1
>>> env.reset(seed=0)
>>> env.agent_selection, env.action_space("player_0")
('player_0', Discrete(13729))
"""

from __future__ import annotations

import importlib

from .observation import PLANES, ObservationEncoder, split_observation

_LAZY = {
    "BlokusEnv": "blokus_nb.envs.aec",
    "BlokusGymEnv": "blokus_nb.envs.single_agent",
    "BlokusVectorEnv": "blokus_nb.envs.vector",
}

__all__ = ["PLANES", "ObservationEncoder", "split_observation", *_LAZY]


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module 'blokus_nb.envs' has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
