"""The fields of the log's records (docs/log-format.md): each record's keys, in the writer's order.

The record checks (:mod:`pontoon_cli.logformat.check`) refuse a key not named here, and replay
compares a record with its re-deal field by field in this order. The casino's records (C1-C11)
are the traditional ones less what a table without a banker has not (C3), and plus a doubled
hand (C7).
"""

from __future__ import annotations

from typing import Final

HEADER_KEYS: Final = (
    "type",
    "format",
    "tool",
    "rules",
    "table",
    "cut",
    "seed",
    "scenario",
    "strategies",
)
TABLE_KEYS: Final = ("seats", "banker", "bankrolls", "min_stake", "max_stake")
DEAL_KEYS: Final = (
    "type",
    "deal",
    "sale",
    "banker",
    "pack_state",
    "pack",
    "sat_out",
    "decisions",
    "cards",
    "hands",
    "banker_hand",
    "void",
    "net",
    "balance",
    "next_banker",
    "kitty",
)
KITTY_KEYS: Final = ("before", "moves", "after")
KITTY_MOVE_KEYS: Final = ("rule", "player", "hand", "amount")
DECISION_KEYS: Final = ("player", "hand", "action", "amount")
CARD_KEYS: Final = ("player", "hand", "card", "up")
HAND_KEYS: Final = ("player", "hand", "cards", "stake", "class", "total", "split", "net", "rule")
BANKER_HAND_KEYS: Final = ("cards", "class", "total")
#: A casino round's record (C1-C11): the traditional keys that apply, in the same order, and the
#: dealer's hand in place of the banker's; no sale, banker, void, next banker or kitty (C3).
CASINO_DEAL_KEYS: Final = tuple(
    "dealer_hand" if key == "banker_hand" else key
    for key in DEAL_KEYS
    if key not in ("sale", "banker", "void", "next_banker", "kitty")
)
#: A casino hand: the traditional hand's keys and ``doubled`` (C7), after ``split``.
CASINO_HAND_KEYS: Final = (
    *HAND_KEYS[: HAND_KEYS.index("split") + 1],
    "doubled",
    *HAND_KEYS[HAND_KEYS.index("split") + 1 :],
)
DEALER_HAND_KEYS: Final = BANKER_HAND_KEYS
#: The keys the log writer puts before a deal's cards, in its order, for a traditional table
#: and for a casino one: everything replay reads before it re-deals but Shoot's kitty, which the
#: writer puts last. Replay reads a line in the writer's shape that far first (LineReader.heads).
DEAL_HEADS: Final = (
    DEAL_KEYS[: DEAL_KEYS.index("cards")],
    CASINO_DEAL_KEYS[: CASINO_DEAL_KEYS.index("cards")],
)
