"""Engine helpers for the tests: stacked packs, small tables, and a one-line script runner.

Unless a test says otherwise the table is ann, bob, carl with carl banking, so ann sits on the
banker's left: the cards go ann, bob, carl, ann, bob, carl, then ann's draws, bob's, carl's.
Stacked packs are written in those groups.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from pontoon_cli.base.start import DealSetup
from pontoon_cli.core.cards import Card, new_pack, parse_cards
from pontoon_cli.core.errors import IllegalAction
from pontoon_cli.core.events import CardDealt
from pontoon_cli.core.hands import HandClass
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.core.settle import settle_traditional
from pontoon_cli.traditional.engine import Deal, Game, Phase

#: The docs' example scenario (docs/examples/five-card-trick.toml, comments aside): ann's five
#: card trick beats the banker's 21.
SPEC_SCENARIO = """\
name = "five card trick beats the banker's 21"
seed = 1
strategy = "strict"

[table]
players = ["ann", "bob", "cal"]
banker = "cal"
bankroll = 100

[[deal]]
pack = "2H TH 7D 3C 5S 4H 4D 2S 5C 4C TC"
stakes = { ann = 2, bob = 3 }
ann = ["twist", "twist", "twist"]
bob = ["buy 4", "stick"]
banker = ["draw"]
expect = { net = { ann = 4, bob = -7, cal = 3 }, class = { ann = "five-card-trick" } }
"""

RULES = Rules()
SEATS = ("ann", "bob", "carl")  # carl banks: ann is on his left, then bob
TWO = ("ann", "carl")  # one punter: ann, carl, ann, carl, then ann's draws, carl's


def dealt(deal: Deal) -> list[tuple[str, int, str, bool]]:
    """Every card dealt so far as (player, hand, card, face up)."""
    return [
        (e.player, e.hand, e.card.text, e.face_up) for e in deal.events if isinstance(e, CardDealt)
    ]


def illegal(action: object, *args: object) -> IllegalAction:
    """The IllegalAction that ``action(*args)`` raises."""
    with pytest.raises(IllegalAction) as info:
        action(*args)  # type: ignore[operator]
    return info.value


def shuffled_and_cut(rng: Rng, deal: Deal) -> list[Card]:
    """The deal's pack as the game's generator will shuffle and cut it next (T8.2)."""
    twin = copy.copy(rng)
    pack = list(deal.pack)
    twin.shuffle(pack)
    twin.cut(pack)
    return pack


def game_with(top: str, seats: tuple[str, ...] = ("ann", "bob", "carl"), **kw: object) -> Game:
    """A game at ``seats`` (carl banks unless ``kw`` says) with ``top`` stacked on its pack."""
    game = Game(RULES, table(seats, **kw), Rng(7))  # type: ignore[arg-type]
    game.stack(parse_cards(top))
    return game


def stacked(top: str, packs: int = 1) -> list[Card]:
    """A pack with ``top`` on top (in order), then the rest of ``packs`` new packs."""
    cards = parse_cards(top)
    rest = new_pack(packs)
    for card in cards:
        rest.remove(card)
    return cards + rest


def table(
    seats: tuple[str, ...] = SEATS,
    banker: str | None = "carl",
    bankroll: int | dict[str, int] = 1000,
    min_stake: int = 1,
    max_stake: int = 10,
) -> Table:
    return Table.build(
        seats, banker=banker, bankroll=bankroll, min_stake=min_stake, max_stake=max_stake
    )


def make_deal(
    top: str = "",
    *,
    seats: tuple[str, ...] = SEATS,
    banker: str = "carl",
    bankroll: int | dict[str, int] = 1000,
    min_stake: int = 1,
    max_stake: int = 10,
    rules: Rules = RULES,
    pack: list[Card] | None = None,
) -> Deal:
    """A deal from a stacked pack (or from ``pack`` exactly, when given)."""
    t = table(seats, banker, bankroll, min_stake, max_stake)
    cards = stacked(top, rules.pack_count(len(seats))) if pack is None else pack
    return Deal(DealSetup(rules, t, cards, dict(t.bankrolls)), banker)


def run(deal: Deal, script: str) -> None:
    """Play ``"ann stake 5; bob stake 2; ann buy 5; ann:2 twist; carl stay"`` step by step.

    A step names the player (``ann:2`` for hand 2); without a hand number, the actor's hand is
    meant when the player is the actor, else hand 1.
    """
    for step in filter(None, (s.strip() for s in script.split(";"))):
        who, action, *amount = step.split()
        player, _, number = who.partition(":")
        actor = deal.actor
        if number:
            hand = int(number)
        elif actor is not None and actor[0] == player:
            hand = actor[1]
        else:
            hand = 1
        deal.act(player, hand, action, int(amount[0]) if amount else None)


def texts(cards: object) -> str:
    """Cards as ``"AS KH"`` for readable asserts."""
    return " ".join(card.text for card in cards)  # type: ignore[attr-defined]


def live_cards(deal: Deal) -> Counter[Card]:
    """Every card in the pack or in a hand still in play (bust hands are back in the pack)."""
    found: Counter[Card] = Counter(deal.pack)
    if deal.phase is Phase.END:
        return found  # every hand's cards went back to the pack (T8.1)
    for _, _, h in deal.hands_in_order():
        if h.low <= 21:
            found.update(h.cards)
    found.update(deal.banker_hand.cards)
    return found


def check_deal(deal: Deal, full: Counter[Card]) -> None:
    """The invariants that hold at every decision of a deal (property and stateful tests)."""
    assert live_cards(deal) == full  # every card in exactly one place (T5.6, T8.1)
    hands = [h for _, _, h in deal.hands_in_order()] + [deal.banker_hand]
    assert all(len(h.cards) <= 5 for h in hands)  # T5.7, T6.2
    assert sum(deal.nets.values()) == 0  # a bust pays the banker at once (T5.6)
    for p in deal.punters:
        assert deal.on_table[p] == sum(h.stake for h in deal.hands[p] if not h.settled)
        # T8.6: never staked beyond the balance (a double loss at the end may pass it, and
        # after the banker's double, V3, a bust's doubled loss at once)
        assert deal.available(p) >= 0 or deal.phase is Phase.END or deal.doubled
    if deal.phase is Phase.END:
        assert deal.actor is None and deal.legal_actions() == []
        assert all(h.settled for h in hands[:-1])
    else:
        assert deal.actor is not None and deal.legal_actions()


def settled(
    rules: Rules,
    banker: HandClass,
    banker_total: int,
    punter: HandClass,
    punter_total: int,
    stake: int,
    *,
    banker_grade: int = 0,
    punter_grade: int = 0,
    doubled: bool = False,
) -> tuple[int, str]:
    """The traditional table (T7) for one row of a test: the grades are 0 (no V7) unless given."""
    return settle_traditional(
        rules,
        banker=banker,
        banker_total=banker_total,
        banker_grade=banker_grade,
        punter=punter,
        punter_total=punter_total,
        punter_grade=punter_grade,
        stake=stake,
        doubled=doubled,
    )
