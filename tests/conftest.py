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


@pytest.fixture(autouse=True)
def _not_under_github_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run as on any machine: under GitHub Actions (``GITHUB_ACTIONS=true``) replay also writes
    annotations on stderr, which the tests that pin stderr do not expect. tests/replay/test_ci.py
    sets it where it tests that."""
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
