import gc

import pytest


@pytest.fixture(autouse=True)
def _finalise_connections():
    """Collect each test's dead connections and tasks right after it.

    Why: their finalizers (ResourceWarning, closed transports) otherwise run whenever the
    collector next triggers, and CPython 3.11 fails with "AST constructor recursion depth
    mismatch" when that is in the middle of pytest compiling a module it imports later."""
    yield
    gc.collect()
