"""Conformance from Python: :func:`cases`, ``pontoon cases``: the logs that together exercise
every rule of a preset, for another engine to be checked on (docs/how-to/prove-your-engine.md).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pontoon_cli.core.arguments import takes
from pontoon_cli.core.errors import PontoonError

__all__ = ["cases"]


def cases(
    rules: str, out: str | os.PathLike[str] | None = None, *, force: bool = False
) -> dict[str, Any]:
    """The conformance case set of the preset ``rules`` (``traditional``, ``shoot`` or
    ``casino``), as ``pontoon cases --rules PRESET --out DIR`` writes it: its index (what
    ``cases.json`` holds: each case's log, settings, deals and rules; the rules the set
    exercises). With ``out``, every file is written into that directory (made if missing; one
    that holds files only with ``force``, which replaces the cases' own names and leaves the
    rest). The same call gives the same bytes on any machine.

    >>> from pontoon_cli import cases
    >>> index = cases("casino")
    >>> index["covered"] == index["total"], index["cases"][0]["log"]
    (True, '01-C1-C2-C3-C4-etc.jsonl')
    """
    from pontoon_cli.conformance.build import PRESETS, build, files, index
    from pontoon_cli.conformance.write import existing_names, write_files

    call = "cases()"
    takes(call, "rules", rules, (str,), "a preset name")
    takes(call, "out", out, (str, os.PathLike, type(None)), "a directory's path or None")
    takes(call, "force", force, (bool,), "True or False")
    if rules not in PRESETS:
        raise PontoonError(f"{call}: rules= takes one of {', '.join(PRESETS)}; got {rules!r}")
    if out is None:
        return index(build(rules))
    where = Path(out)
    existing = existing_names(where, force, (f"{call}: out=", "force=True"))
    made = build(rules)
    write_files(files(made), where, existing, f"{call}: out=")
    return index(made)
