"""Deprecated: moved to :mod:`blokus_nb.widgets.board_protocol` (this path keeps working for one release)."""

import warnings

from .widgets._protocol import MAX_TEXT, Refusal, is_whole, request_kind, whole_number
from .widgets.board_protocol import KINDS, Request, read_request

__all__ = ["KINDS", "MAX_TEXT", "Refusal", "Request", "is_whole", "read_request", "request_kind", "whole_number"]

warnings.warn("blokus_nb.widget_messages is deprecated; import from blokus_nb.widgets.board_protocol instead",
              DeprecationWarning, stacklevel=2)
