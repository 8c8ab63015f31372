"""``pontoon strategy --rules casino --decks N``: the figures of a finite shoe, one seat.

The edges of ``basic``, dealer-mimic and the best play on a fresh shoe
(:mod:`pontoon_cli.solver.casino_shoe`), the table of one choice per situation found by policy
improvement (:mod:`pontoon_cli.solver.casino_shoe_table`), and the infinite deck's figures
(:mod:`pontoon_cli.solver.casino`) beside them. Kept apart from the calculations it reports, so
that each of those imports only what lies below it.
"""

from __future__ import annotations

import functools
from typing import Any

from pontoon_cli.solver import casino as strategy_casino
from pontoon_cli.solver import casino_shoe_table as tables
from pontoon_cli.solver.casino import STAND_MINIMUM, CasinoRules
from pontoon_cli.solver.casino_shoe import (
    DECIMALS,
    FORMAT,
    METHOD,
    MIMIC,
    OPTIMAL,
    OUTCOMES,
    Shoe,
    Shoed,
    basic_policy,
    dealer_graph,
    full_shoe,
)


@functools.cache
def figures(rules: CasinoRules, decks: int) -> dict[str, Any]:
    """``pontoon strategy --rules casino --decks N --json``: the edges on a fresh shoe of
    ``decks`` decks, one seat, each policy's beside its infinite-deck figure (made once per
    process: the caller must not change it)."""
    if not 1 <= decks <= 8:
        raise ValueError(f"decks {decks!r}: a finite shoe is 1 to 8 decks (C1)")
    shoe = full_shoe(decks)
    dealer: dict[Shoe, tuple[float, list[float]]] = {}
    edges = {
        policy.name: round(Shoed(shoe, rules, policy, dealer).edge(), DECIMALS)
        for policy in (basic_policy(), MIMIC, OPTIMAL)
    }
    rows, splits, table_edge = tables.best_table(shoe, rules, dealer)
    edges["table"] = round(table_edge, DECIMALS)
    infinite = strategy_casino.solved(rules)
    pontoon, outcomes = dealer_graph(rules.dealer_hits_soft_17).outcomes(shoe)
    flags = "" if rules.dealer_hits_soft_17 else " --set dealer_hits_soft_17=false"
    flags += "" if rules.max_hands == 3 else f" --set split_hands={rules.max_hands}"
    return {
        "format": FORMAT,
        "method": METHOD,
        "command": f"pontoon strategy --rules casino{flags} --decks {decks} --json",
        "rules": {
            "preset": "casino",
            "dealer_hits_soft_17": rules.dealer_hits_soft_17,
            "max_hands": rules.max_hands,
            "stand_minimum": STAND_MINIMUM,
            "double_deals_card": rules.double_deals_card,
        },
        "decks": decks,
        "shoe": {
            "decks": decks,
            "cards": 52 * decks,
            "shuffled": "fresh each round (shuffle_every = 1, C1)",
            "seats": 1,
        },
        "policies": {
            "basic": "the shipped table (casino/basic.json), as play and simulate use it",
            "dealer-mimic": "hit below 17, never double or split",
            "optimal": "the best choice for the player's every composition of cards on this shoe "
            "(he sees only his own, C4); splits as the method says",
            "table": "a table of one choice per situation for this shoe ('table'), found by "
            "policy improvement from basic (pontoon_cli/solver/casino_shoe_table.py)",
        },
        "edge": edges,
        "infinite_deck_edge": {
            "basic": round(infinite.edge(), DECIMALS),
            "dealer-mimic": round(-infinite.mimic_initial_value(), DECIMALS),
            "optimal": round(infinite.edge(), DECIMALS),
            "table": round(infinite.edge(), DECIMALS),
        },
        "table": tables.table_data(rows, splits),
        "dealer": {
            "pontoon": round(pontoon, DECIMALS),
            "given_no_pontoon": {
                name: round(p / (1 - pontoon), DECIMALS)
                for name, p in zip(OUTCOMES, outcomes, strict=True)
            },
        },
    }
