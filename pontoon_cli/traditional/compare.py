"""Comparing a re-dealt deal with its record, and the rule behind each field replay reports.

:func:`cross_check` settles the final hands again with the pure settlement function (T7,
:func:`hand_settler`); the replay compares the record with the re-deal, the rows by
:func:`row_rules`, then the rest by :func:`compare_rest`. The rest
says which rule a divergence cites: the rule that dealt a card or settled a hand (the engine says
whose turn it was and why a deal ended: ``Deal.expected_decision``, ``Deal.turn_rule``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pontoon_cli.core.actions import TRADITIONAL_ACTIONS
from pontoon_cli.core.events import CardDealt, Decision
from pontoon_cli.core.hands import PONTOON_GRADES, TEN_IS_21, Hand, rate
from pontoon_cli.core.rules import SETTLEMENTS_KNOWN, Rules
from pontoon_cli.core.settle import SETTLERS, Settler
from pontoon_cli.logformat.check import BANKER_HAND_KEYS, CARD_KEYS, HAND_KEYS
from pontoon_cli.logformat.compare import (
    HandSettler,
    RowRules,
    compare_house_hand,
    compare_money,
    settle_again,
)
from pontoon_cli.logformat.divergence import Divergence, Place
from pontoon_cli.logformat.variants import HouseOption, option_name
from pontoon_cli.traditional.engine import Deal

#: The rule behind each field of a hand (``net`` and ``rule``: the rule that settled it).
_HAND_RULE: Final = {
    "player": "T3.1",
    "hand": "T5.2",
    "cards": "T5",
    "stake": "T5.3",
    "class": "T2",
    "total": "T1.3",
    "split": "T5.2",
}
_BANKER_HAND_RULE: Final = {"cards": "T6.1", "class": "T2", "total": "T1.3"}


def _banker_hand_rule(key: str, recorded: Any, expected: Any) -> str:
    """The rule behind a field of the banker's hand."""
    return _BANKER_HAND_RULE[key]


#: The rule behind a card, by the decision just before it (none yet: the first round, T4.1).
_CARD_RULE: Final = TRADITIONAL_ACTIONS.card_rule


def cross_check(at: Place, deal: Deal, rules: Rules, settle: Settler) -> Divergence | None:
    """Settle the final hands again with the pure settlement function (T7); the re-deal
    and it must agree, hand by hand and in each player's net (the banker's the other side)."""
    return settle_again(at, deal, hand_settler(deal, rules, settle), "T7", deal.banker)


def hand_settler(deal: Deal, rules: Rules, settle: Settler) -> HandSettler:
    """The pure settlement function (T7) for the hands of the finished ``deal``: against its
    banker's hand, each graded (V6, V7: hands.rate); a void deal's stakes go back (T8.5)."""
    return _BankerSettler(deal, rules, settle)


class _BankerSettler:
    """:func:`hand_settler`'s function: an object that holds what it reads of the banker's hand,
    not a closure (a compiled closure and its scope hold each other, a cycle only the garbage
    collector frees: one a deal, left behind by every replay)."""

    __slots__ = ("banker_class", "banker_grade", "banker_total", "doubled", "rules", "settle")

    def __init__(self, deal: Deal, rules: Rules, settle: Settler) -> None:
        b = deal.banker_hand
        self.rules = rules
        self.settle = settle
        self.banker_class, self.banker_grade = rate(
            b.hand_class, b.cards, rules.royal_pontoon, rules.pontoon_grades, False
        )
        self.banker_total = b.total
        self.doubled = deal.doubled  # V3

    def __call__(self, h: Hand) -> tuple[int, str]:
        if h.rule == "T8.5":  # a void deal: the stake goes back
            return (0, "T8.5")
        rules = self.rules
        cls, grade = rate(h.hand_class, h.cards, rules.royal_pontoon, rules.pontoon_grades, True)
        return self.settle.settle(
            rules,
            banker=self.banker_class,
            banker_total=self.banker_total,
            banker_grade=self.banker_grade,
            punter=cls,
            punter_total=h.total,
            punter_grade=grade,
            stake=h.stake,
            doubled=self.doubled,
        )


def house_options(deal: Deal, rules: Rules) -> list[HouseOption]:
    """Each single house option at each other setting than ``rules``' that pays the finished
    ``deal``'s hands and changes nothing else of it, with the hands settled under it
    (:func:`~pontoon_cli.logformat.variants.name_house_rule`): what a pontoon pays and what the
    banker's collects (V4), the royal pontoon (V6), the grades of pontoon (V7), the settlement
    table (T7). V7's ten-is-21 is tried, or left, only in a deal where no hand starts with an
    ace and a 10: there it changes who may draw and whether the deal ends at once (T4.4, T5.1),
    not only what is paid. The options that decide what is legal (V1, V2, V5, V8, the banker's
    double V3) pay no hand otherwise: a recorded decision names them."""
    tried: list[tuple[str, str, object]] = []  # (rule, setting, value)
    tried += [("V4", "pontoon_pays", v) for v in (1, 2, 3) if v != rules.pontoon_pays]
    tried += [
        ("V4", "banker_pontoon_collects", v) for v in (1, 2) if v != rules.banker_pontoon_collects
    ]
    tried.append(("V6", "royal_pontoon", not rules.royal_pontoon))
    ace_ten = _ace_and_ten(deal)
    for grades in PONTOON_GRADES:
        if grades != rules.pontoon_grades and not (
            ace_ten and TEN_IS_21 in (grades, rules.pontoon_grades)
        ):
            tried.append(("V7", "pontoon_grades", grades))
    tried += [("T7", "settlement", t) for t in SETTLEMENTS_KNOWN if t != rules.settlement]
    options: list[HouseOption] = []
    for rule, setting, value in tried:
        changed = rules.with_overrides({setting: value})
        settler = hand_settler(deal, changed, SETTLERS[changed.settlement])
        options.append((option_name(rule, setting, value), settler, ""))
    return options


def _ace_and_ten(deal: Deal) -> bool:
    """Whether a hand of ``deal``, the banker's too, starts with an ace and a 10 (V7 (b))."""
    hands = [deal.banker_hand]
    for row in deal.rows:
        hands.extend(row)
    for h in hands:
        cards = h.cards
        if len(cards) >= 2:
            first, second = cards[0].rank, cards[1].rank
            if (first == 1 and second == 10) or (first == 10 and second == 1):
                return True
    return False


def compare_rest(
    at: Place,
    seats: Sequence[str],
    record: dict[str, Any],
    derived: dict[str, Any],
    deal: Deal,
    after: dict[str, int],
) -> Divergence | None:
    """The first field after the cards and hands the record holds that the re-deal does not
    give."""
    found = compare_house_hand(
        at, record, derived, "banker_hand", BANKER_HAND_KEYS, _banker_hand_rule, deal.banker
    )
    if found is not None:
        return found
    void = record.get("void")
    if void is not None and void != deal.void:
        return at.div(field="void", recorded=void, expected=deal.void, rule="T8.5")
    money = compare_money(
        at,
        seats,
        record,
        derived,
        deal.nets,
        after,
        lambda p: _net_rule(deal, p),
        "T7",
        "T3.1",
        counter=deal.banker,
    )
    if money is not None:
        return money
    next_banker = record.get("next_banker")
    if next_banker is not None and next_banker != deal.next_banker:
        return at.div(
            field="next_banker", recorded=next_banker, expected=deal.next_banker, rule="T8.3"
        )
    return None


def row_rules(name: str, deal: Deal) -> RowRules:
    """How the rows ``name`` are compared: a card cites the rule that dealt it (T4), a hand's
    field its rule (T5, T2, T1.3) or the rule that settled it, a hand too many or too few T5.2."""
    if name == "cards":
        return (
            CARD_KEYS,
            lambda i, key, got, want: _card_rule(deal, i),
            lambda i: _card_rule(deal, i),
        )
    return (
        HAND_KEYS,
        lambda i, key, got, want: (
            _HAND_RULE.get(key) or _settled_rule(got.get("rule"), want["rule"])
        ),
        lambda i: "T5.2",
    )


def _settled_rule(recorded: object, derived: str) -> str:
    """The rule a hand's settlement cites: V3 when either side was settled by the banker's
    double, so a double recorded but not taken (or taken but not recorded) names it."""
    return "V3" if recorded == "V3" else derived


def _card_rule(deal: Deal, index: int) -> str:
    """The rule that dealt the ``index``-th card of the deal (by the decision before it)."""
    last: str | None = None
    seen = -1
    for event in deal.events:
        if isinstance(event, Decision):
            last = event.action
        elif isinstance(event, CardDealt):
            seen += 1
            if seen == index:
                return "T4.1" if last is None else _CARD_RULE.get(last, "T4")
    return "T4"


def _net_rule(deal: Deal, player: str) -> str:
    rows = deal.hands.get(player)
    if rows is not None and len(rows) == 1:
        return rows[0].rule or "T7"
    return "T7"
