"""Replay's schema checks (logcheck): for each, a log tampered so that exactly that check
refuses it, as unreadable input (exit 2) naming the line and the field, with the value shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.replay import base, dump, replay

from pontoon_cli.logformat.check import brief

LOG = "game.jsonl"


# every schema check: a wrong value is unreadable input (exit 2), named by its field --------------

SCHEMA_CASES: list[tuple[int, tuple[Any, ...], Any, str]] = [
    # (record, path to the value, the wrong value, the field the message names)
    (0, ("kitty",), 1, "kitty"),
    (0, ("format",), "pontoon-log/0", "format"),
    (0, ("tool",), 7, "tool"),
    (0, ("rules",), [], "rules"),
    (0, ("rules", "preset"), 1, "rules.preset"),
    (0, ("table",), "p1", "table"),
    (0, ("table", "chairs"), 4, "table.chairs"),
    (0, ("table", "seats"), "p1 p2", "table.seats"),
    (0, ("table", "seats", 1), "", "table.seats[1]"),
    (0, ("table", "banker"), 4, "table.banker"),
    (0, ("table", "bankrolls"), [1000], "table.bankrolls"),
    (0, ("table", "bankrolls", "p2"), "1000", "table.bankrolls.p2"),
    (0, ("table", "min_stake"), 0, "table.min_stake"),
    (0, ("table", "max_stake"), 1.5, "table.max_stake"),
    (0, ("cut",), {"p1": "AS"}, "cut"),
    (0, ("cut", 0), ["AS"], "cut[0]"),
    (0, ("cut", 0, "p1"), "1S", "cut[0].p1"),
    (0, ("seed",), "4", "seed"),
    (0, ("scenario",), 1, "scenario"),
    (0, ("strategies",), "default", "strategies"),
    (0, ("strategies", "dealer"), "default", "strategies.dealer"),
    (0, ("strategies", "punter"), 1, "strategies.punter"),
    (2, ("deal",), 0, "deal"),
    (2, ("pack",), ["AS"], "pack"),
    (2, ("sale",), "p1", "sale"),
    (2, ("sale",), {"seller": "p2", "buyer": "p1", "price": 1, "when": 0}, "sale.when"),
    (2, ("sale",), {"seller": "", "buyer": "p1", "price": 1}, "sale.seller"),
    (2, ("sale",), {"seller": "p2", "buyer": "p1", "price": "1"}, "sale.price"),
    (2, ("banker",), 2, "banker"),
    (2, ("pack_state",), "cut", "pack_state"),
    (2, ("sat_out",), ["p1", 3], "sat_out[1]"),
    (2, ("decisions",), {}, "decisions"),
    (2, ("net",), [], "net"),
    (2, ("net", "p1"), "4", "net.p1"),
    (2, ("balance", "p1"), None, "balance.p1"),
    (2, ("next_banker",), "", "next_banker"),
    (2, ("decisions", 3), "twist", "decisions[3]"),
    (2, ("decisions", 3, "why"), "luck", "decisions[3].why"),
    (2, ("decisions", 3, "player"), 3, "decisions[3].player"),
    (2, ("decisions", 3, "hand"), 0, "decisions[3].hand"),
    (2, ("decisions", 3, "action"), "hit", "decisions[3].action"),
    (2, ("decisions", 0, "amount"), "1", "decisions[0].amount"),
    (2, ("cards",), "AS", "cards"),
    (2, ("cards", 1), "AS", "cards[1]"),
    (2, ("cards", 1, "suit"), "S", "cards[1].suit"),
    (2, ("cards", 1, "player"), None, "cards[1].player"),
    (2, ("cards", 1, "hand"), "1", "cards[1].hand"),
    (2, ("cards", 1, "card"), "1S", "cards[1].card"),
    (2, ("cards", 1, "up"), 0, "cards[1].up"),
    (2, ("hands",), {}, "hands"),
    (2, ("hands", 0), [], "hands[0]"),
    (2, ("hands", 0, "bet"), 1, "hands[0].bet"),
    (2, ("hands", 0, "player"), "", "hands[0].player"),
    (2, ("hands", 0, "hand"), 0, "hands[0].hand"),
    (2, ("hands", 0, "stake"), "1", "hands[0].stake"),
    (2, ("hands", 0, "net"), 1.0, "hands[0].net"),
    (2, ("hands", 0, "split"), "no", "hands[0].split"),
    (2, ("hands", 0, "rule"), "7.1", "hands[0].rule"),
    (2, ("hands", 0, "cards"), "AS  KS", "hands[0].cards"),
    (2, ("hands", 0, "class"), "blackjack", "hands[0].class"),
    (2, ("hands", 0, "total"), "21", "hands[0].total"),
    (2, ("banker_hand",), "AS KS", "banker_hand"),
    (2, ("banker_hand", "soft"), True, "banker_hand.soft"),
    (2, ("banker_hand", "total"), None, "banker_hand.total"),
    (2, ("void",), 0, "void"),
    (2, ("kitty",), 0, "kitty"),
]


#: Where the wrong value is inside the object set, the value the message shows.
SHOWN: dict[str, Any] = {"sale.when": 0, "sale.seller": "", "sale.price": "1", "sat_out[1]": 3}


@pytest.mark.parametrize(("at", "path", "value", "field"), SCHEMA_CASES, ids=lambda v: str(v))
def test_a_value_the_schema_refuses_is_unreadable(
    tmp_path: Path, at: int, path: tuple[Any, ...], value: Any, field: str
) -> None:
    recs = base()
    target: Any = recs[at]
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    code, found, err = replay(tmp_path, dump(recs))
    assert (code, found) == (2, [])
    message = err.splitlines()[0]
    assert message.startswith(f"pontoon: {tmp_path / LOG}:{at + 1}: {field}: expected "), message
    assert message.endswith(f", got {brief(SHOWN.get(field, value))}"), message
