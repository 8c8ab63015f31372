"""Rooms stay small: no module of the package is past 550 lines (docs/development/style.md); one
that grows past that is split by job, in a commit of its own."""

from __future__ import annotations

from pathlib import Path

import pontoon_cli

PACKAGE = Path(pontoon_cli.__file__).parent
LIMIT = 550


def test_no_module_of_the_package_is_past_550_lines() -> None:
    sizes = {
        str(path.relative_to(PACKAGE)): len(path.read_text(encoding="utf-8").splitlines())
        for path in PACKAGE.rglob("*.py")
    }
    assert len(sizes) > 50  # the package's modules were found
    assert {name: n for name, n in sizes.items() if n > LIMIT} == {}
