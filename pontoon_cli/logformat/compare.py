"""A deal record compared with its re-deal: the checks every game's replay shares.

Replay's pipeline (:class:`~pontoon_cli.logformat.replay.GameReplay`) re-deals each record and
asks these, through its hooks, what differs: the settlement again, hand by hand
(:func:`settle_again`); the rows of cards and hands (:func:`compare_rows`, :func:`first_key`);
each seat's net and balance (:func:`compare_money`, which says what the rules dealt a punter
whose net differs: :func:`net_detail`); whether a line is byte for byte what the writer gives
(:func:`written_as`); and a decision as a divergence shows it (:func:`action_text`). Each
returns the first :class:`~pontoon_cli.logformat.divergence.Divergence`, citing the rule the
caller gives, or None. They depend on the base deal only, so every game's replay uses them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pontoon_cli.base.deal import DealBase
from pontoon_cli.core.hands import Hand
from pontoon_cli.logformat.check import MISSING
from pontoon_cli.logformat.divergence import Divergence, Place, count
from pontoon_cli.logformat.seat_net import named_hand

#: A deal record, or a row of one (a card, a hand), as JSON reads it.
Fields = dict[str, Any]
#: A finished hand settled again by the pure settlement function: the hand -> (net, rule).
HandSettler = Callable[[Hand], tuple[int, str]]
#: The rule a row's field cites: (row index, key, the recorded row, the derived row) -> rule ID.
RowRule = Callable[[int, str, dict[str, Any], dict[str, Any]], str]
#: How rows are compared (:meth:`~pontoon_cli.logformat.replay.GameReplay.row_rules`): their
#: keys, the rule a field cites, the rule a row too many or too few cites (by the first row that
#: differs).
RowRules = tuple[tuple[str, ...], RowRule, Callable[[int], str]]


# the settlement, again: every game's check -----------------------------------------------------


def settle_again(
    at: Place,
    deal: DealBase,
    settle: HandSettler,
    rule: str,
    counter: str | None,
    nets: dict[str, int] | None = None,
) -> Divergence | None:
    """Settle every final hand of ``deal`` again (``settle``); the re-deal and it must agree,
    hand by hand and in each seat's net, citing ``rule`` (``counter``: the seat that takes the
    other side of every hand's net, or None; ``nets``: the deal's, when the caller has them).
    The seats are taken by their place in turn."""
    punters = deal.punters
    rows = deal.rows
    net_at = deal.net_at
    house = 0
    agree = True
    for i in range(len(punters)):
        seat = 0
        for j, h in enumerate(rows[i]):  # compiled: enumerate with a start is generic
            net, settled_by = settle(h)
            if h.net != net or h.rule != settled_by:  # compiled: no tuple built to compare
                return at.div(
                    field="internal",
                    recorded=[h.net, h.rule],
                    expected=[net, settled_by],
                    rule=rule,
                    player=punters[i],
                    hand=j + 1,
                )
            seat += net
        agree = agree and seat == net_at[i]
        house -= seat
    recorded = deal.nets if nets is None else nets
    if agree and (counter is None or recorded.get(counter) == house):
        return None
    expected = {p: 0 for p in recorded}  # say what every seat should have had
    for i, p in enumerate(punters):
        for h in rows[i]:
            expected[p] = expected[p] + h.net
    if counter is not None:
        expected[counter] = house
    return at.div(field="internal", recorded=recorded, expected=expected, rule=rule)


# comparing a record with the re-deal: every game's checks ------------------------------------


def compare_rows(
    at: Place,
    name: str,
    rows: list[dict[str, Any]],
    want_rows: list[dict[str, Any]],
    keys: tuple[str, ...],
    rule_of: RowRule,
    count_rule: Callable[[int], str],
) -> Divergence | None:
    """The first field of the rows ``name`` (``cards``, ``hands``) the record holds that the
    re-deal does not give, row by row in ``keys`` order, citing ``rule_of``; then a row too many
    or too few, citing ``count_rule`` of the first row that differs (every game's check)."""
    for i, (got, want) in enumerate(zip(rows, want_rows, strict=False)):
        if got == want:
            continue
        key = first_key(got, want, keys)
        if key is not None:
            return at.div(
                field=f"{name}[{i}].{key}",
                recorded=got[key],
                expected=want[key],
                rule=rule_of(i, key, got, want),
                player=want["player"],
                hand=want["hand"],
            )
    if len(rows) != len(want_rows):
        word = name[:-1]
        return at.div(
            field=name,
            recorded=count(len(rows), word),
            expected=count(len(want_rows), word),
            rule=count_rule(min(len(rows), len(want_rows))),
        )
    return None


def first_key(got: Fields, want: Fields, keys: tuple[str, ...]) -> str | None:
    """The first of ``keys`` the recorded ``got`` (a row, a hand) holds with another value than
    the re-deal's ``want``; None if none."""
    for key in keys:
        value = got.get(key, MISSING)
        if value is not MISSING and value != want[key]:
            return key
    return None


def compare_house_hand(
    at: Place,
    record: Fields,
    derived: Fields,
    field: str,
    keys: tuple[str, ...],
    rule_of: Callable[[str, Any, Any], str],
    house: str,
) -> Divergence | None:
    """The house's hand (``banker_hand``, T6; ``dealer_hand``, C9) as recorded against the
    re-deal's: the first of ``keys`` that differs, cited by ``rule_of(key, recorded,
    expected)``, as the house's (``house``) hand 1; None if the record holds no such field or
    it agrees."""
    got_hand = record.get(field)
    if got_hand is None:
        return None
    want = derived[field]
    key = first_key(got_hand, want, keys)
    if key is None:
        return None
    got = got_hand[key]
    expected = want[key]
    return at.div(
        field=f"{field}.{key}",
        recorded=got,
        expected=expected,
        rule=rule_of(key, got, expected),
        player=house,
        hand=1,
    )


def compare_money(
    at: Place,
    seats: Sequence[str],
    record: dict[str, Any],
    derived: dict[str, Any],
    nets: dict[str, int],
    after: dict[str, int],
    net_rule: Callable[[str], str],
    settled_rule: str,
    seat_rule: str,
    counter: str | None = None,
    house: str = "banker",
    house_note: str | None = None,
) -> Divergence | None:
    """Each seat's net (``nets``: the re-deal's, citing ``net_rule`` of the seat) and balance
    (``after``, citing ``settled_rule``); a name that holds no seat cites ``seat_rule``.

    A punter's net is named before the ``counter`` seat's (the banker takes the other side of
    every hand): the banker's net differs because a punter's does, so it is the punter's hand
    that is wrong. A punter's net says what the rules dealt (:func:`net_detail`: the hand, its
    class and total, against the ``house``'s, from ``derived``), and ``house_note``: how the
    house's hand was drawn, where that decided it. A seat that split is named at the one hand
    whose settlement explains the difference, with that hand's rule, where one does
    (:func:`~pontoon_cli.logformat.seat_net.named_hand`)."""
    net = record["net"]
    if net != derived["net"]:
        for p in sorted(seats, key=lambda seat: seat == counter):
            got = net.get(p, 0)
            want = nets.get(p, 0)
            if got != want:
                rows = [h for h in derived.get("hands", ()) if h["player"] == p]
                hand = 1 if len(rows) == 1 else None
                rule = net_rule(p)
                named = None  # a split seat: the one hand whose settlement explains it
                if p != counter and house_note is None:
                    named = named_hand(rows, derived, house, got - want)
                detail: str | None = None
                if named is not None:
                    hand, rule, detail = named
                elif p != counter:
                    detail = net_detail(rows, derived, house)
                if detail is not None and house_note is not None:
                    detail += f"; {house_note}"
                if detail is not None and counter is not None:
                    theirs, rules_give = net.get(counter, 0), nets.get(counter, 0)
                    if theirs != rules_give:  # the other side of this hand, not an error of its own
                        detail += (
                            f"; so {counter}'s net as {house} differs too "
                            f"(recorded {theirs}, rules give {rules_give})"
                        )
                return at.div(
                    field="net",
                    recorded=got,
                    expected=want,
                    rule=rule,
                    player=p,
                    hand=hand,
                    detail=detail,
                )
        for p in net:
            if p not in seats:
                return at.div(field="net", recorded=net[p], expected=None, rule=seat_rule, player=p)
    balance = record.get("balance")
    if balance is not None and balance != after:
        for p in seats:
            got = balance.get(p)
            if got != after[p]:
                return at.div(
                    field="balance", recorded=got, expected=after[p], rule=settled_rule, player=p
                )
        for p in balance:
            if p not in seats:
                return at.div(
                    field="balance", recorded=balance[p], expected=None, rule=seat_rule, player=p
                )
    return None


def net_detail(rows: list[Fields], derived: Fields, house: str) -> str | None:
    """What the rules dealt a punter whose net differs, as the record would hold it: the hand
    (its cards, class and total; each hand's net and rule when he held several) against the
    ``house``'s, and what the stake is paid (``5C 2D 3H AS 4S: five-card-trick 15 against the
    banker's 9H 8D: total 17, paid +2 × stake 2``)."""
    if not rows:
        return None
    if len(rows) == 1:
        h = rows[0]
        text = f"{h['cards']}: {h['class']} {h['total']}"
    else:
        text = "; ".join(
            f"hand {h['hand']} {h['cards']}: {h['class']} {h['total']}, net {h['net']} "
            f"({h['rule']})"
            for h in rows
        )
    house_hand = derived.get("dealer_hand" if house == "dealer" else "banker_hand")
    if house_hand is not None:
        text += (
            f" against the {house}'s {house_hand['cards']}: "
            f"{house_hand['class']} {house_hand['total']}"
        )
    if len(rows) == 1:  # the payout table's line: what the stake is paid (T7, C10)
        stake, net = rows[0]["stake"], rows[0]["net"]
        if stake > 0 and net % stake == 0:
            text += f", paid {net // stake:+d} × stake {stake}"
    return text


def written_as(raw: bytes, written: bytes | None) -> bool:
    """Whether ``raw`` is byte for byte ``written``, what the log writer gives for the re-deal
    (:func:`~pontoon_cli.logformat.record.line_bytes`), with or without its newline, or with CRLF.
    The writer's bytes hold no duplicate key, and no integer beyond ±(2**53 − 1) (``written`` is
    None for such a deal), so such a record needs no other look at its JSON. Every game's
    one-step comparison."""
    if written is None:  # a derived number beyond the range: look at the record
        return False
    if raw == written or raw == written[:-1]:
        return True
    return raw.endswith(b"\r\n") and raw[:-2] == written[:-1]


def action_text(action: str, amount: int | None) -> str:
    """A decision as a divergence shows it: ``twist``, ``buy 3``."""
    return action if amount is None else f"{action} {amount}"


def decision_line(
    at: Place,
    i: int,
    recorded: str | None,
    give: str,
    rule: str,
    player: str,
    hand: int,
    detail: str | None = None,
    missing: bool = False,
) -> Divergence:
    """The line of ``decisions[i]``, ``recorded`` (:func:`action_text`; None: missing) where
    the rules give ``give`` under ``rule``: ``player``'s hand ``hand``."""
    field = f"decisions[{i}]"
    return at.div(field=field, recorded=recorded, expected=give, rule=rule, player=player,
                  hand=hand, detail=detail, missing=missing)  # fmt: skip
