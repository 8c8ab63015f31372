"""Write the shipped equilibrium, pontoon_cli/traditional/equilibrium.json: the preset's solve.

    python tools/equilibrium_table.py           # write it (about half a minute)
    python tools/equilibrium_table.py --check   # exit 1 if the file is not what it writes

``pontoon strategy --rules traditional --equilibrium`` reads the file when the rules are the
preset's (pontoon_cli/solver/equilibrium_table.py says which solve and why).
"""

from __future__ import annotations

import sys
from pathlib import Path

from pontoon_cli.solver import equilibrium_table as table
from pontoon_cli.solver.equilibrium import solve
from pontoon_cli.solver.traditional import TraditionalRules
from pontoon_cli.traditional.equilibrium import RESOURCE

TARGET = Path(__file__).resolve().parents[1] / "pontoon_cli" / "traditional" / RESOURCE


def main(argv: list[str]) -> int:
    rules = TraditionalRules()
    solved = solve(
        rules, iterations=table.ITERATIONS, tolerance=table.TOLERANCE, stakes=table.STAKES
    )
    text = table.dumps(table.solve_data(solved, rules, table.STAKES))
    if "--check" in argv:
        same = TARGET.is_file() and TARGET.read_text(encoding="utf-8") == text
        print(f"{TARGET.name}: {'as written' if same else 'differs: run without --check'}")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"written {TARGET} ({len(text):,} bytes, {solved.iterations} iterations)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
