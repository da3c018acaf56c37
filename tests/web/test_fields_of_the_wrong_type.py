"""A request field of the wrong JSON type is named with what it is, not called missing."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from pencilsat.web.app import BadRequest, validated  # noqa: E402


@pytest.mark.parametrize(("value", "kind"), [(5, "a number"), (["a"], "a list"),
                                             ({"a": 1}, "an object"), (True, "true or false")])
def test_a_puzzle_that_is_not_a_string_is_named_as_what_it_is(value, kind):
    with pytest.raises(BadRequest) as refused:
        validated("solve", {"puzzle": value})
    assert f'"puzzle" is {kind}, not text' in refused.value.message
    assert refused.value.status == 400


@pytest.mark.parametrize("fields", [{}, {"puzzle": None}, {"puzzle": "  "}])
def test_a_missing_or_empty_puzzle_is_still_called_so(fields):
    with pytest.raises(BadRequest) as refused:
        validated("solve", fields)
    assert "missing or empty" in refused.value.message
