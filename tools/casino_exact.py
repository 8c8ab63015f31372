"""The casino table for the contrary reading of C7 (a double deals no card), as a check.

The calculation lives in the package (``pontoon_cli/solver/casino.py``) and the rules' table is
``pontoon strategy --rules casino`` (``--json``, ``--write FILE``). This wrapper keeps only what is
not a rule setting: ``--double-deals-no-card``, the literal reading of C7 that C12 rules out (the
player's edge would be 7.88%: README, "Why a double deals a card"), for the reference simulator::

    python tools/casino_exact.py --double-deals-no-card --write no-card.json
    python tools/casino_reference_sim.py --policy basic --double-deals-no-card --table no-card.json
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pontoon_cli.render import strategy as render_strategy
from pontoon_cli.solver import casino as strategy_casino


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--stand-soft-17", action="store_true", help="dealer stands on soft 17")
    parser.add_argument(
        "--double-deals-no-card",
        action="store_true",
        help="a double deals no card, play goes on: the literal C7 reading C12 rules out",
    )
    parser.add_argument("--write", metavar="FILE", help="write the table as JSON to FILE")
    parser.add_argument("--json", action="store_true", help="print the JSON instead of the table")
    args = parser.parse_args(argv)
    rules = strategy_casino.CasinoRules(
        dealer_hits_soft_17=not args.stand_soft_17, double_deals_card=not args.double_deals_no_card
    )
    data = strategy_casino.table(rules)
    text = strategy_casino.dumps(data)
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(text)
    sys.stdout.write(text if args.json else render_strategy.casino_text(data))
    return 0


if __name__ == "__main__":
    sys.exit(main())
