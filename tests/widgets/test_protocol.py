"""The refusal and field readers both widgets' protocols use (blokus_nb.widgets._protocol)."""

from __future__ import annotations

import pytest

from blokus_nb.widgets._protocol import (
    MAX_TAG,
    MAX_TEXT,
    Refusal,
    is_whole,
    request_kind,
    request_tag,
    text,
    whole_number,
)


def test_a_refusal_tells_the_views_its_reason_rule_and_cells():
    refusal = Refusal("cell g10 touches purple's side", "side-contact", ("g10",))
    assert str(refusal) == refusal.reason
    assert refusal.message() == {"type": "refused", "reason": "cell g10 touches purple's side",
                                 "rule": "side-contact", "cells": ["g10"]}
    assert Refusal("bad").rule == "malformed" and Refusal("bad").message()["cells"] == []
    assert "request" not in refusal.message()
    assert refusal.message("v1:3")["request"] == "v1:3"  # the asking view's tag, echoed


def test_a_request_tag_is_optional_short_text():
    assert request_tag({"type": "undo"}) == "" and request_tag("undo") == ""
    assert request_tag({"request": "v1:3"}) == "v1:3"
    assert request_tag({"request": "x" * MAX_TAG})
    for bad in (3, None, ["v1"], "x" * (MAX_TAG + 1)):
        with pytest.raises(Refusal, match="'request' must be a tag"):
            request_tag({"request": bad})


@pytest.mark.parametrize("value, whole", [(0, True), (-3, True), (True, False), (1.0, False), ("1", False),
                                          (None, False)])
def test_whole_numbers_as_json_brings_them(value, whole):
    assert is_whole(value) is whole
    if whole:
        assert whole_number({"n": value}, "n") == value
    else:
        with pytest.raises(Refusal, match="'n' must be a whole number"):
            whole_number({"n": value}, "n")


def test_text_fields_are_text_and_short():
    assert text({"move": "e10"}, "move") == "e10"
    assert text({}, "piece", required=False) == ""
    with pytest.raises(Refusal, match="'move' must be text"):
        text({}, "move")
    with pytest.raises(Refusal, match="'move' must be text"):
        text({"move": ["e10"]}, "move")
    assert text({"move": "x" * MAX_TEXT}, "move")
    with pytest.raises(Refusal, match="too long"):
        text({"move": "x" * (MAX_TEXT + 1)}, "move")


@pytest.mark.parametrize("content, why", [
    ("undo", "not a JSON object"),
    ([{"type": "undo"}], "not a JSON object"),
    ({"type": "cheat"}, "unknown request type 'cheat'"),
    ({"type": "x" * 1000}, "unknown request type"),
    ({}, "unknown request type 'None'"),
])
def test_request_kind_refuses_what_is_not_one_of_the_kinds(content, why):
    with pytest.raises(Refusal, match=why) as refused:
        request_kind(content, ("undo", "redo"))
    assert len(refused.value.reason) < 80  # a forged type does not flood the view
