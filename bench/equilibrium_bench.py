"""`make bench`'s figure for ``pontoon strategy --rules traditional --equilibrium`` when the
settings are not the shipped solve's, so the command solves them: CPU seconds of the whole answer
(the solve, its certificate, the fixed banker beside it), as a ratio to the reference measured
around it in the same run, the fixed-banker table (``pontoon strategy --rules traditional``),
before and after the solve.
"""

from __future__ import annotations

import benchlib

#: A setting the shipped solve is not for: the command solves it at run time.
SETTING = {"stick_minimum": 16}


def figures() -> dict[str, float]:
    """The solve's CPU seconds and the fixed-banker table's (the median of six, around it)."""
    from pontoon_cli.solver import equilibrium_table
    from pontoon_cli.solver.traditional import TraditionalRules, solved, table

    rules = TraditionalRules(**SETTING)

    def reference() -> float:
        solved.cache_clear()  # the whole calculation each time, as a fresh command does it
        return benchlib.cpu_seconds(lambda: table(rules))

    before = [reference() for _ in range(3)]
    solve = benchlib.cpu_seconds(lambda: equilibrium_table.report(rules))
    after = [reference() for _ in range(3)]
    return {"solve": solve, "table": benchlib.median(before + after)}


def line(found: dict[str, float]) -> str:
    setting = ", ".join(f"--set {k}={v}" for k, v in SETTING.items())
    return (
        f"strategy --equilibrium, a fresh solve ({setting}): {found['solve']:.1f} s CPU, "
        f"{found['solve'] / found['table']:,.0f}× the fixed-banker table's "
        f"{found['table'] * 1e3:.0f} ms (`pontoon strategy --rules traditional`, "
        "measured around it)"
    )
