"""The strength table of docs/players.md says what players.ratings measured, cell by cell."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from blokus_nb.players.ratings import RATINGS

PLAYERS_PAGE = Path(__file__).resolve().parent.parent / "docs" / "players.md"
VARIANTS = ("duo", "classic", "classic_2", "classic_3")


def _table() -> dict[tuple[str, str], str]:
    text = PLAYERS_PAGE.read_text(encoding="utf-8")
    section = text.split("## Strength on Pentobi's scale", 1)[1]
    cells = {}
    for line in section.splitlines():
        parts = [p.strip() for p in line.strip().strip("|").split("|")]
        if len(parts) == 5 and parts[0] in ("easy", "medium", "hard", "expert"):
            cells.update({(parts[0], v): cell for v, cell in zip(VARIANTS, parts[1:])})
    return cells


@pytest.mark.parametrize("key", [(level, v) for level in ("easy", "medium", "hard", "expert") for v in VARIANTS])
def test_each_cell_of_the_strength_table_is_the_measured_rating(key):
    cell = _table()[key]
    rating = RATINGS.get(key)
    if rating is None:
        assert cell.startswith("not measured")
        return
    assert f"{rating.score:g} of {rating.games}" in cell and f"level {rating.opponent}" in cell.replace("-", " ")
    elo = f"Elo at most {rating.high:.0f}" if math.isinf(rating.low) else \
        f"Elo {rating.elo:.0f} ({rating.low:.0f}-{rating.high:.0f})"
    assert elo in cell and rating.about.replace("Pentobi ", "") in cell
    seeds = [part.split("--seed ")[1].split()[0] for part in rating.command.split(" ; ")]
    assert all(seed in cell for seed in seeds)
    assert not rating.note or rating.note in cell
