"""Deprecated: moved to :mod:`blokus_nb.widgets.board_protocol` (this path keeps working for one release)."""

import warnings

from .widgets.board_protocol import (HUMAN, board_string, hands, last_move, legal_moves_by_piece,
                                       passes_since_last_placement, pieces_table, scores, status_text,
                                       view_state)

__all__ = ["HUMAN", "board_string", "hands", "last_move", "legal_moves_by_piece",
           "passes_since_last_placement", "pieces_table", "scores", "status_text", "view_state"]

warnings.warn("blokus_nb.widget_state is deprecated; import from blokus_nb.widgets.board_protocol instead",
              DeprecationWarning, stacklevel=2)
