"""The collector pause around CNF building must always hand the collector back."""

from __future__ import annotations

import gc

import pytest

from pencilsat.backends.gc_pause import gc_paused


def test_gc_paused_restores_the_collector() -> None:
    assert gc.isenabled()
    with pytest.raises(RuntimeError), gc_paused():
        assert not gc.isenabled()
        raise RuntimeError("inside")
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # it was off before, so it stays off
    finally:
        gc.enable()
