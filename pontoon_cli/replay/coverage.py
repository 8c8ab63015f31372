"""``pontoon replay --coverage``: which rules a set of logs exercised, rule by rule.

A rule is **exercised** in a deal when the rules' re-deal of it, as replay plays it, turned on
that rule (docs/reference/coverage.md lists the condition of every rule):

- a decision taken under it: the recorded decision's own rule (a stake T4.2, a buy T5.3, a
  banker's draw T6.1; a shoot bet S2, or S4/S5 at a hand's turn; C3, C6-C8 at a casino table);
- a decision it refused where it bound: at each recorded decision, every other action of the
  same player, and the recorded amount one unit either side, asked of the deal's own checks
  (``deal.problem``); a refusal counts for its rule when that rule is not the refused action's
  own (an option or a limit bound: V1 refusing a split of eights, T3.3 a stake over the largest,
  T8.6 a buy beyond the balance, S4 a shoot bet on the third card, V2 a stick on 15);
- a hand settled by it: the rule each hand's settlement cites, and the classes that settlement
  compared (T2.1-T2.5, with T5.1, T5.6-T5.8 for the punter's hand that stopped by itself and
  T6.2 for the banker's; C2 at a casino table);
- a step of the deal, the pack, the bank or the kitty it ordered: the cards dealt (T4.1, T4.3;
  C4), the banker's pontoon (T4.4), his turn skipped over every hand bust (T6.3), the pack going
  under (T8.1) or shuffled after a pontoon (T8.2), a new pack (T1.1, V9), a void deal (T8.5),
  the bank passing to a pontoon (T8.3) or sold (T8.4), a seat sitting out (T8.6), every kitty
  move by its rule (S1-S10), the shoe (C1), the dealer's turn (C9).

Definitions that never decide anything by themselves (the card values T1.2, the worth of a hand
T1.3, whole units T7.3, the published house edge C12) are listed as such and left out of the
total. A divergence is charged to the rule its line cites.

Nothing here runs unless asked: replay calls the probe only with ``--coverage``.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final, cast

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.start import PackState
from pontoon_cli.casino.deal import CasinoDeal
from pontoon_cli.core.actions import ActionTable, ActionWord
from pontoon_cli.core.hands import HandClass
from pontoon_cli.core.ruleset import PRESETS, Rules
from pontoon_cli.logformat.divergence import Divergence
from pontoon_cli.logformat.probe import DealProbe
from pontoon_cli.rulebook import rules as rulebook
from pontoon_cli.shoot.deal import ShootDeal
from pontoon_cli.traditional.deal import Deal

#: Rules that define words or promise figures and decide nothing in a deal by themselves.
DEFINITIONS: Final[dict[str, str]] = {
    "T1.2": "the cards' values: every total is counted by them",
    "T1.3": "a hand's worth and what bust means: every total is counted by it",
    "T7.3": "whole units: every amount is one",
    "C12": "the published house edge: checked by pontoon strategy and simulate, not in a deal",
}
#: Refusals of an action by another rule that coverage does not ask the deal about, and why:
#: where they can happen, the rule is counted already (or is counted by its own definition).
COUNTED_ELSEWHERE: Final[dict[tuple[str, str], str]] = {
    ("buy", "T5.4"): "a buy is refused after a twist, and the twist counted T5.4",
    ("stick", "S4"): "only after a shoot bet at the hand's turn, which counted S4",
    ("buy", "T8.6"): "the balance counts where an amount sits on it or a seat sits out",
    ("split", "T8.6"): "the balance counts where an amount sits on it or a seat sits out",
    ("shoot", "T8.6"): "the balance counts where an amount sits on it or a seat sits out",
}
#: Each preset's own rules (before the options): the letters of its parts.
_FAMILY: Final = {"traditional": ("T",), "shoot": ("T", "S"), "casino": ("C",)}
#: The sections whose own text is a rule a deal cites (T7's settlement table).
_SECTION_RULES: Final = frozenset({"T7"})


def applicable(rules: Rules) -> list[str]:
    """The rule IDs a game under ``rules`` can exercise: its preset's family (with T7's
    table), and each option V1-V9 its settings turn on (a setting other than the preset's);
    definitions left out."""
    letters = _FAMILY[rules.preset]
    out = [r for r in rulebook() if r[0] in letters and _is_rule(r) and r not in DEFINITIONS]
    base = PRESETS[rules.preset]
    for f in fields(Rules):
        ids = [r.strip() for r in str(f.metadata.get("rules", "")).replace(",", " ").split()]
        options = [r for r in ids if r.startswith("V")]
        if options and getattr(rules, f.name) != getattr(base, f.name):
            out.extend(r for r in options if r not in out)
    return sorted(out, key=rule_order)


def _is_rule(rid: str) -> bool:
    """A numbered rule (T5.4, S2, C10) or a section with its own rule text (T7)."""
    return "." in rid or rid in _SECTION_RULES or rid[0] in "VSC"


def rule_order(rid: str) -> tuple[int, int, int]:
    """The rules' order for sorting IDs: T, V, S, then C, each by its numbers (as numbers, not
    as text); an ID of no part last."""
    major, _, minor = rid[1:].partition(".")
    if not rid or rid[0] not in "TVSC" or not major.isdigit() or not (minor or "0").isdigit():
        return 9, 0, 0
    return "TVSC".index(rid[0]), int(major), int(minor or 0)


class RuleCoverage(DealProbe):
    """What replay asks as it re-deals (``GameReplay.probe``) and the tally:
    per rule, the deals it was exercised in and the divergences that cite it."""

    def __init__(self, per_deal: bool = False) -> None:
        """``per_deal``: also keep each deal's rules, in order, in :attr:`each`."""
        self.deals: dict[str, int] = {}
        self.each: list[frozenset[str]] | None = [] if per_deal else None
        self.divergences: dict[str, int] = {}
        self.rules: set[str] = set()  # the rules that apply to the logs read
        self.now: set[str] = set()  # the deal being re-dealt
        self.first_deal = False  # the deal being re-dealt is its game's first
        self.cut = False
        self.words: dict[str, ActionWord] = {}
        self.others: dict[str, list[tuple[str, str, tuple[str, ...]]]] = {}
        self.stick_minimum = 15

    # the replay's calls ------------------------------------------------------------------------

    def header(self, rules: Rules, record: dict[str, Any], actions: ActionTable) -> None:
        """A game starts: its rules apply, and its decisions are ``actions``."""
        self.rules.update(applicable(rules))
        self.words = actions.by_word
        # each action's others of the same player (a stake's: none), with their own rules
        # each action's others of the same player that a rule besides their own can refuse
        # (ActionWord.bound_by: those that apply), with their own rules
        applying = set(applicable(rules))
        self.others = {
            a.word: [
                (o.word, o.rule, bound)
                for o in actions.rows
                if o.word != a.word
                and o.taker == a.taker
                and (not o.option or getattr(rules, o.option) not in (None, False))
                and (bound := tuple(r for r in o.bound_by if r in applying))
            ]
            for a in actions.rows
        }
        self.stick_minimum = rules.stick_minimum
        self.first_deal = True
        self.cut = bool(record.get("cut"))

    def diverged(self, found: Divergence) -> None:
        rule = found.rule
        self.divergences[rule] = self.divergences.get(rule, 0) + 1

    def decision(
        self, deal: DealBase, player: str, hand: int, action: str, amount: int | None
    ) -> None:
        now = self.now
        word = self.words.get(action)
        if word is None:
            return
        now.add(deal.decision_rule(action, player, hand, word.rule))
        for other, rule, bound in self.others[action]:
            counted = True  # what could refuse it is already counted in this deal: not asked
            for r in bound:
                if r not in now:
                    counted = False
                    break
            if counted:
                continue
            refused = deal.problem(other, player, hand, None)
            if refused is not None and refused.rule != rule:
                now.add(refused.rule)
        if word.amount and type(amount) is int:
            bounds = deal.amount_range(action, player)
            if bounds is not None:  # an amount on a bound: the rule that set it bound
                low, high = bounds
                if amount == low and low > 1:
                    self._bound(deal, word, player, hand, low - 1)
                if amount == high:
                    self._bound(deal, word, player, hand, high + 1)

    def _bound(self, deal: DealBase, word: ActionWord, player: str, hand: int, near: int) -> None:
        """The rule that refuses ``near``, one unit past a bound the recorded amount sits on,
        when it is not the action's own."""
        refused = deal.problem(word.word, player, hand, near)
        if refused is not None and refused.rule != word.rule:
            self.now.add(refused.rule)

    def finished(self, deal: DealBase | None, complete: bool, sold: bool) -> None:
        """The deal's re-deal is over, to its end (``complete``) or not; ``sold``: the bank
        was sold before it (T8.4)."""
        now = self.now
        if self.first_deal and self.cut:
            now.add("T3.2")
        self.first_deal = False
        if complete and deal is not None:
            steps(now, deal, sold)
        if "V2" in now and self.stick_minimum != 15:
            now.add("V9")  # V9's smallest total to stick on is the one V2 sets
        if self.each is not None:
            self.each.append(frozenset(r for r in now if r not in DEFINITIONS))
        deals = self.deals
        for rule in now:
            if rule in DEFINITIONS:
                continue
            deals[rule] = deals.get(rule, 0) + 1
        now.clear()

    # the report ----------------------------------------------------------------------------------

    def report(self) -> dict[str, Any]:
        """The JSON line's fields: per applicable rule its deals and divergences, how many were
        exercised, of how many, and the missing ones in the rules' order."""
        rules = sorted(self.rules | set(self.divergences) - set(DEFINITIONS), key=rule_order)
        table = {
            r: {"deals": self.deals.get(r, 0), "divergences": self.divergences.get(r, 0)}
            for r in rules
        }
        applying = [r for r in rules if r in self.rules]
        missing = [r for r in applying if not self.deals.get(r)]
        return {
            "type": "coverage",
            "rules": table,
            "covered": len(applying) - len(missing),
            "total": len(applying),
            "missing": missing,
        }


def coverage_table(report: dict[str, Any]) -> str:
    """The text table after the summary: every applicable rule exercised, with its title, its
    deals and its divergences; then the rules never exercised, named; then the total."""
    table: dict[str, dict[str, int]] = report["rules"]
    missing: list[str] = report["missing"]
    rows = [(r, t) for r, t in table.items() if r not in missing]
    titles = {r: rule_title(r) for r in table}
    width = max([len(t) for t in titles.values()] + [5])
    lines = [f"{'rule':<6} {'title':<{width}} {'deals':>7} {'divergences':>11}"]
    for rule, t in rows:
        lines.append(f"{rule:<6} {titles[rule]:<{width}} {t['deals']:>7} {t['divergences']:>11}")
    if missing:
        lines.append("never exercised:")
        for rule in missing:
            shown = f"{rule:<6} {titles[rule]:<{width}} {0:>7}"
            lines.append(f"{shown} {table[rule]['divergences']:>11}")
    covered, total = report["covered"], report["total"]
    if not total:
        return "coverage: no rules apply: no log's header was read\n"
    lines.append(f"coverage: {covered} of {total} rules exercised ({_percent(covered, total)})")
    return "\n".join(lines) + "\n"


def rule_title(rule: str) -> str:
    """A rule's short title: its text's first words, to the first colon or full stop (``Five
    card trick``, ``Buying``), at most 36 characters."""
    book = rulebook()
    if rule not in book:
        return ""
    text = book[rule].text.split("\n", 1)[0].removeprefix(f"{rule} ")
    for stop in (":", ". ", ";", ","):
        text = text.split(stop, 1)[0]
    return text if len(text) <= 36 else text[:35].rstrip() + "…"


def coverage_under(report: dict[str, Any], fail_under: float | None) -> str | None:
    """The message when fewer than ``fail_under`` per cent of the rules were exercised."""
    if fail_under is None:
        return None
    covered, total = report["covered"], report["total"]
    if not total:
        return f"pontoon replay: coverage is under --fail-under {fail_under:g}%: no log was read"
    if covered * 100 >= fail_under * total:
        return None
    named = ", ".join(report["missing"])
    return (
        f"pontoon replay: coverage {_percent(covered, total)} is under --fail-under "
        f"{fail_under:g}%: never exercised: {named}"
    )


def _percent(covered: int, total: int) -> str:
    """``87.5%``: the share to one decimal, never rounded up to 100."""
    if not total:
        return "0%"
    tenths = covered * 1000 // total
    return f"{tenths // 10}.{tenths % 10}%" if tenths % 10 else f"{tenths // 10}%"


def steps(out: set[str], deal: DealBase, sold: bool) -> None:
    """Add to ``out`` the rules a finished deal's settlement and steps turned on, read from the
    re-deal: its hands, the house's hand, the pack, the bank (``sold``: a sale before it,
    T8.4), the kitty."""
    casino = isinstance(deal, CasinoDeal)
    every_bust = True
    any_hand = False
    own = False  # a punter's own pontoon (not a split hand's)
    split_pontoon = False
    for row in deal.rows:
        for h in row:
            any_hand = True
            if h.rule:
                out.add(h.rule)
            cls = h.cls
            if cls is not HandClass.BUST:
                every_bust = False
            if casino:
                continue
            if cls is HandClass.PONTOON:
                out.add("T2.1")
                if h.from_split:
                    out.add("T7.2")
                    split_pontoon = True
                else:
                    out.add("T5.1")
                    own = True
            elif cls is HandClass.FIVE_CARD_TRICK:
                out.add("T2.2")
                out.add("T5.7")
            elif cls is HandClass.TWENTY_ONE:
                out.add("T2.3")
                if h.low == 21:
                    out.add("T5.8")
            elif cls is HandClass.TOTAL:
                out.add("T2.4")
            elif cls is HandClass.BUST:
                out.add("T2.5")
                out.add("T5.6")
    every_bust = every_bust and any_hand
    if casino:
        out.add("C1")
        out.add("C4")
        out.add("C9" if every_bust or not cast(CasinoDeal, deal).dealer_pontoon else "C5")
        return
    out.add("T3.1")
    out.add("T4.1")
    out.add("T4.3")
    banker = cast(Deal, deal).banker_hand
    banker_class = banker.hand_class
    pontoon = banker_class is HandClass.PONTOON
    if pontoon:
        out.add("T2.1")
        out.add("T4.4")
    elif banker_class is HandClass.FIVE_CARD_TRICK:
        out.add("T2.2")
        out.add("T6.2")
    elif banker_class is HandClass.BUST:
        out.add("T2.5")
        out.add("T6.2")
    elif banker.low == 21:
        out.add("T6.2")  # he stopped by himself at a hard 21
    if every_bust:
        out.add("T6.3")
    if own and not pontoon:
        out.add("T8.3")  # a punter's own pontoon: the bank passes
    if deal.void:
        out.add("T8.5")
    else:
        out.add("T8.2" if pontoon or own or split_pontoon else "T8.1")
    if sold:
        out.add("T8.4")
    if deal.sitting_out:
        out.add("T8.6")
    rules = deal.rules
    if deal.pack_state is PackState.SHUFFLED:
        out.add("T1.1")
        if rules.packs is not None:
            out.add("V9")
    if (pontoon or own) and (rules.pontoon_pays != 2 or rules.banker_pontoon_collects != 2):
        out.add("V4")
    if isinstance(deal, ShootDeal):
        for move in deal.kitty.moves:
            out.add(move.rule)
        if deal.number == 1:
            out.add("S1")  # the banker put the kitty up
