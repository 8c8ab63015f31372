"""The tests' fixtures and hypothesis profile; the helpers tests share are in ``support/``."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from hypothesis import settings
from support.logs import validate_log

# In CI the property tests draw the same examples every run, so a submission's result does not
# depend on luck; locally they explore new examples each run (and keep failures in .hypothesis/).
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def validate() -> Callable[[bytes], int]:
    """The schema check, for tests that write logs."""
    return validate_log
