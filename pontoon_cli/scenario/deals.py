"""The ``[[deal]]`` blocks of a scenario: stacked packs, stakes, scripted actions, expectations.

Each reader adds every problem it finds to the file's
:class:`~pontoon_cli.scenario.document.Checker` and keeps what is good, so one bad value is reported
once and the rest of the block is still checked.
"""

from __future__ import annotations

from typing import Any

from pontoon_cli.core.actions import TRADITIONAL_ACTIONS
from pontoon_cli.core.cards import Card
from pontoon_cli.core.errors import CardError
from pontoon_cli.core.hands import CLASS_LABELS
from pontoon_cli.core.limits import MAX_SAFE_INT, shown
from pontoon_cli.core.rules import Rules, suggest
from pontoon_cli.games import find_game
from pontoon_cli.scenario.document import Checker, Path_, kind_of, not_seated
from pontoon_cli.scenario.play import DealScript, Step

DEAL_KEYS = ("pack", "stakes", "banker", "expect", "sell_bank", "kitty_add")
EXPECT_KEYS = ("net", "balance", "class", "banker_class", "next_banker", "kitty", "dealer_class")

#: Action words a script may hold (synonyms too), each with its record: the engine word it stands
#: for, whether it takes an amount, its rule.
ACTION_WORDS = TRADITIONAL_ACTIONS.scripted
#: Words of other rule sets, not playable under the traditional rules.
OTHER_WORDS = TRADITIONAL_ACTIONS.others


def read_deal(
    check: Checker,
    raw: dict[str, Any],
    i: int,
    players: frozenset[str],
    stake_limits: tuple[int, int] | None,
    rules: Rules,
) -> DealScript:
    """One ``[[deal]]`` block, checked against the players and stake limits read so far.

    The work is linear in the block, whatever the number of players (a set).
    """
    path: Path_ = ("deal", i)
    script = DealScript(number=i + 1, line=check.locator.line(path))
    refused = find_game(rules).refused_keys
    for key in [k for k in raw if k in refused]:  # C3, C9 at a casino table
        check.add((*path, key), refused[key])
    raw = {k: v for k, v in raw.items() if k not in refused}
    for key in raw:
        if key not in DEAL_KEYS and key not in players:
            check.add(
                (*path, key),
                f"unknown deal key {key!r}: not a player at the table nor one of "
                f"{', '.join(DEAL_KEYS)}{suggest(key, DEAL_KEYS) or suggest(key, players)}",
            )
    if "pack" in raw:
        script.pack = _read_pack(check, raw["pack"], (*path, "pack"), rules, len(players))
    stakes = raw.get("stakes", {})
    if not isinstance(stakes, dict):
        check.add((*path, "stakes"), f"expected a table of player = stake, got {kind_of(stakes)}")
        stakes = {}
    for who, amount in stakes.items():
        where = (*path, "stakes", who)
        if not _seated(check, who, players, where):
            continue
        amount = check.whole(amount, where, least=1 if stake_limits is None else -MAX_SAFE_INT)
        if amount is None:
            continue
        if stake_limits is not None and not stake_limits[0] <= amount <= stake_limits[1]:
            check.add(
                where,
                f"stake {amount} is outside the limits {stake_limits[0]} to {stake_limits[1]} "
                f"({find_game(rules).stake_rule})",
            )
        else:
            script.stakes[who] = (amount, check.locator.line(where))
    for who, actions in raw.items():
        if who == "banker" or who in players:
            script.scripts[who] = _read_actions(check, actions, (*path, who), rules)
    if "sell_bank" in raw:
        sale = raw["sell_bank"]
        where = (*path, "sell_bank")
        if not isinstance(sale, dict) or set(sale) != {"to", "price"}:
            check.add(where, 'expected sell_bank = { to = "name", price = N } (T8.4)')
        else:
            buyer = sale["to"]
            seated = _seated(check, buyer, players, (*where, "to"))
            price = check.whole(sale["price"], (*where, "price"), least=0)  # T8.4
            if seated and price is not None:
                script.sell_bank = (buyer, price, check.locator.line(where))
    if "kitty_add" in raw:
        where = (*path, "kitty_add")
        if "kitty_add" not in find_game(rules).deal_keys:
            check.add(where, f"the kitty belongs to Shoot Pontoon (S8); preset is {rules.preset!r}")
        else:
            amount = check.whole(raw["kitty_add"], where, least=1)  # S8: never taken out
            if amount is not None:
                script.kitty_add = (amount, check.locator.line(where))
    if "expect" in raw:
        script.expect = _read_expect(check, raw["expect"], (*path, "expect"), players, rules)
        script.expect_line = check.locator.line((*path, "expect"))
    return script


def _read_pack(
    check: Checker, value: Any, path: Path_, rules: Rules, seats: int
) -> list[Card] | None:
    if not isinstance(value, (str, list)):
        check.add(path, f'expected cards as a string, e.g. "2H TH 7D", got {kind_of(value)}')
        return None
    tokens = value.replace(",", " ").split() if isinstance(value, str) else value
    cards = []
    for position, token in enumerate(tokens, 1):
        try:
            if not isinstance(token, str):
                raise CardError(f"{token!r} is not a card string")
            cards.append(Card.parse(token))
        except CardError as err:
            check.add(path, f"card {position}: {err}")
    packs = rules.pack_count(seats) if seats else 1
    counts: dict[Card, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    for card, count in counts.items():
        if count > packs > 0:  # packs 0: a casino infinite shoe holds any card any number of times
            check.add(
                path,
                f"{card.text} is stacked {count} times, but {packs} pack(s) hold it "
                f"{packs} time(s) (T1.1)",
            )
    return cards if len(cards) == len(tokens) else None


def _read_actions(check: Checker, value: Any, path: Path_, rules: Rules) -> list[Step]:
    line = check.locator.line(path)
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        check.add(
            path, f'expected a list of actions, e.g. ["buy 4", "stick"], got {kind_of(value)}'
        )
        return []
    steps = []
    for n, item in enumerate(value):
        where = (*path, n)
        if not isinstance(item, str):
            check.add(where, f"action {n + 1}: expected a string, got {shown(item)}")
            continue
        step = parse_action(item, line, rules)
        if isinstance(step, str):
            check.add(path, f"action {n + 1}: {step}")
        else:
            steps.append(step)
    return steps


def parse_action(text: str, line: int, rules: Rules | None = None) -> Step | str:
    """One action word (``"buy 4"``) as a Step, or the reason it is not one."""
    words = text.lower().split()
    table = TRADITIONAL_ACTIONS if rules is None else find_game(rules).actions
    scripted, others = table.scripted, table.others
    first = words[0] if words else ""
    word = scripted.get(first)
    if word is not None and word.amount:
        match words:
            case [_, amount] if amount.isascii() and amount.isdigit():
                if len(amount) > len(str(MAX_SAFE_INT)) or int(amount) > MAX_SAFE_INT:
                    return f"{shown(text)}: the amount must be at most 2**53 - 1 ({MAX_SAFE_INT})"
                return Step(word.word, int(amount), line, text)
        return f"{shown(text)}: {first} needs a whole amount, e.g. '{first} 4' ({word.rule})"
    match words:
        case [_] if word is not None:
            return Step(word.word, None, line, text)
        case [other, *_] if other in others:
            return f"{shown(text)} is not part of the {table.game} rules ({others[other]})"
        case [_, *_] if word is not None:
            return f"{shown(text)}: {first} takes no amount"
        case _:
            known = [*scripted, *others]
            return f"unknown action {shown(text)}{suggest(first, known)}"


def _seated(check: Checker, who: object, players: frozenset[str], where: Path_) -> bool:
    """True when ``who`` sits at the table; else one problem at ``where``: a name that cannot be
    a name (shown escaped), or a player not at the table. A bad name in ``[table] players`` is
    reported there, once, and counts as seated here."""
    if isinstance(who, str) and who in players:
        return True
    if check.name(who, where):
        check.add(where, not_seated(who, players))
    return False


def _known_class(check: Checker, cls: object, where: Path_, *, listed: bool = False) -> bool:
    """True when ``cls`` is a hand's class label; else one problem at ``where``: the nearest
    label, and every label when ``listed``."""
    if cls in CLASS_LABELS:
        return True
    labels = f" (one of {', '.join(CLASS_LABELS)})" if listed else ""
    check.add(where, f"unknown class {shown(cls)}{suggest(str(cls), CLASS_LABELS)}{labels}")
    return False


def _read_expect(
    check: Checker, value: Any, path: Path_, players: frozenset[str], rules: Rules
) -> dict[str, Any]:
    if not isinstance(value, dict):
        check.add(path, f"expected a table, got {kind_of(value)}")
        return {}
    refused = find_game(rules).refused_keys
    for key in [k for k in value if k in refused]:  # C3: no banker at a casino table
        check.add((*path, key), refused[key])
    value = {k: v for k, v in value.items() if k not in refused}
    check.unknown_keys(value, EXPECT_KEYS, path, "expect key")
    out: dict[str, Any] = {}
    for key in ("net", "balance"):
        if key in value:
            table = value[key]
            if not isinstance(table, dict):
                check.add(
                    (*path, key), f"expected a table of player = amount, got {kind_of(table)}"
                )
                continue
            good = {}
            for who, amount in table.items():
                if not _seated(check, who, players, (*path, key, who)):
                    continue
                amount = check.whole(amount, (*path, key, who))
                if amount is not None:
                    good[who] = amount
            out[key] = good
    if "class" in value:
        table = value["class"]
        if not isinstance(table, dict):
            check.add((*path, "class"), "expected a table of player = class")
        else:
            good_classes: dict[str, list[str] | str] = {}
            for who, cls in table.items():
                where = (*path, "class", who)
                if not _seated(check, who, players, where):
                    continue
                labels = cls if isinstance(cls, list) else [cls]
                # the first unknown label is the one reported
                if all(_known_class(check, c, where, listed=True) for c in labels):
                    good_classes[who] = cls
            out["class"] = good_classes
    if "banker_class" in value:
        cls = value["banker_class"]
        if _known_class(check, cls, (*path, "banker_class")):
            out["banker_class"] = cls
    if "next_banker" in value:
        who = value["next_banker"]
        if _seated(check, who, players, (*path, "next_banker")):
            out["next_banker"] = who
    if "dealer_class" in value:
        cls = value["dealer_class"]
        if "dealer_class" not in find_game(rules).expect_keys:
            check.add((*path, "dealer_class"), "the dealer belongs to casino Pontoon (C3, C9)")
        elif _known_class(check, cls, (*path, "dealer_class")):
            out["dealer_class"] = cls
    if "kitty" in value:
        if "kitty" not in find_game(rules).expect_keys:
            check.add((*path, "kitty"), "the kitty belongs to Shoot Pontoon (S1)")
        else:
            amount = check.whole(value["kitty"], (*path, "kitty"), least=0)
            if amount is not None:
                out["kitty"] = amount
    return out
