"""Replay verifies every whole number of a record: each numeric field is verified or listed as
bearing on no outcome by itself, and any verified number changed by a few units is caught on its
own line (a property test over the seeded base log)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.logs import play_log, records
from support.replay import (
    BASE,
    base,
    dump,
    replay_bytes,
)
from typer.testing import CliRunner

runner = CliRunner()


# every numeric field is verified -----------------------------------------------------------------

#: Numeric fields replay verifies; a changed value must be caught on its own line.
VERIFIED = {
    "deal",
    "decisions[].hand",
    "decisions[].amount",
    "cards[].hand",
    "hands[].hand",
    "hands[].stake",
    "hands[].total",
    "hands[].net",
    "banker_hand.total",
    "net.*",
    "balance.*",
    "sale.price",
    "table.bankrolls.*",
}
#: Numeric fields that do not bear on any deal's outcome by themselves: the seed is
#: informational, and a rule setting or stake limit may allow every recorded decision either way.
NOT_VERIFIED = {
    "seed",
    "table.min_stake",
    "table.max_stake",
    "rules.stick_minimum",
    "rules.max_hands",
    "rules.pontoon_pays",
    "rules.banker_pontoon_collects",
    "rules.packs",
}


def numeric_fields(value: Any, prefix: str = "") -> list[tuple[str, tuple[Any, ...]]]:
    """(field kind, path) for every whole number in a record."""
    out: list[tuple[str, tuple[Any, ...]]] = []

    def walk(v: Any, kind: str, path: tuple[Any, ...]) -> None:
        if isinstance(v, dict):
            for k, item in v.items():
                key = "*" if kind in ("net", "balance", "table.bankrolls") else k
                walk(item, f"{kind}.{key}" if kind else key, (*path, k))
        elif isinstance(v, list):
            for i, item in enumerate(v):
                walk(item, f"{kind}[]", (*path, i))
        elif type(v) is int:
            out.append((kind, path))

    walk(value, prefix, ())
    return out


def test_every_numeric_field_is_verified_or_listed() -> None:
    logs = [*BASE, *records(play_log(2, deals=30, players=9))]
    kinds = {kind for rec in logs for kind, _ in numeric_fields(rec)}
    assert kinds <= VERIFIED | NOT_VERIFIED | {"rules.packs"}, kinds - VERIFIED - NOT_VERIFIED
    assert kinds >= VERIFIED - {"sale.price"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_changed_number_is_caught(data: st.DataObject) -> None:
    recs = base()
    at = data.draw(st.integers(0, len(recs) - 1), label="line - 1")
    choices = [(k, p) for k, p in numeric_fields(recs[at]) if k in VERIFIED]
    if not choices:
        return
    kind, path = data.draw(st.sampled_from(choices), label="field")
    delta = data.draw(st.sampled_from([-3, -2, -1, 1, 2, 3]), label="delta")
    target: Any = recs[at]
    for step in path[:-1]:
        target = target[step]
    value = target[path[-1]] + delta
    if kind in ("deal", "decisions[].hand", "cards[].hand", "hands[].hand") and value < 1:
        value = target[path[-1]] + abs(delta)  # a hand or deal number below 1 breaks the schema
    target[path[-1]] = value
    found = replay_bytes(dump(recs))
    assert found, (kind, path, delta)
    assert found[0].line == max(at + 1, 2), (kind, path, delta, found[0])
