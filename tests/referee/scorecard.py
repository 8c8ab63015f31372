"""The referee's scorecard: every planted bug, in the minimal and the full form, scored.

    python tests/referee/scorecard.py            # the table (about 10 s)
    python tests/referee/scorecard.py --markdown # the same as a Markdown table, for a note

Columns: the real errors the log shows (deals where the bug fired), replay's lines, how many are
exact (deal, player, hand and rule), how many at the right hand whatever the rule, the recall
(real errors with an exact line), the lines marked ``follows`` and the unmarked ones that point
at no real error, replay's independent count against the real one, and the issue's three targets
(recall >= 90%, every other line marked, the independent count within 10%) met or not.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve()
for path in (HERE.parents[2], HERE.parents[1]):  # the project, then tests/ (the referee package)
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from referee.common import FORMS  # noqa: E402
from referee.planted import PLANTED, run  # noqa: E402
from referee.scorer import Score, score  # noqa: E402

HEAD = (
    "bug",
    "rule",
    "form",
    "real",
    "lines",
    "exact",
    "at hand",
    "recall",
    "marked",
    "stray",
    "indep./real",
    "targets",
)


def row(s: Score, rule: str) -> tuple[str, ...]:
    met = s.meets()
    targets = " ".join(name if ok else f"-{name}" for name, ok in met.items())
    return (
        s.bug,
        rule,
        s.form + (" (refused)" if s.refused else ""),
        str(s.real),
        str(s.lines),
        f"{s.exact} ({s.precision:.0%})" if s.lines else "0",
        str(s.at_hand),
        f"{s.recall:.0%}",
        str(s.marked),
        str(s.stray),
        f"{s.independent}/{s.real}",
        targets,
    )


def table() -> list[tuple[str, ...]]:
    return [row(score(p.bug, run(p.bug), form), p.rule) for p in PLANTED for form in FORMS]


def main(argv: list[str]) -> int:
    rows = table()
    if "--markdown" in argv:
        print("| " + " | ".join(HEAD) + " |")
        print("|" + "---|" * len(HEAD))
        for r in rows:
            print("| " + " | ".join(r) + " |")
        return 0
    widths = [max(len(r[i]) for r in [HEAD, *rows]) for i in range(len(HEAD))]
    for r in [HEAD, *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
