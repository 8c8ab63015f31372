"""Why the rules' pack after a deal is what it is: whose cards went under it, in which order
(T8.1), and why it was shuffled or not (T8.2, T8.5); what a pack divergence says beside its cards.

Replay keeps the last deal it re-dealt to its end (:class:`~pontoon_cli.traditional.pack.
PackTracker`); only when the next deal's pack differs from the one the rules leave is that deal
read again here, so a log whose packs agree pays nothing for it. An engine that puts the hands
under the pack in another order (seat order rather than from the banker's left, or the banker's
first) is then told so once per deal, by whose cards the two packs hold at the first difference
and the order T8.1 gives: ``8C is from p1's hand, KS is from p3's hand: after deal 9 the hands
go under from the banker's left: p3, p1, p2, then the banker's``.
"""

from __future__ import annotations

from pontoon_cli.core.cards import Card
from pontoon_cli.core.events import CardDealt, Decision
from pontoon_cli.core.hands import Hand, HandClass
from pontoon_cli.traditional.deal import Deal

#: What a card under the pack was, by the hand it came from: a hand still standing at the end,
#: the banker's, a hand that went bust (under at once, T5.6), or cards a hand burnt (V8).
STANDING, BANKER, BUST, BURNT = "standing", "banker", "bust", "burnt"


class Owner:
    """The hand a card of the last deal came from: ``player``'s hand ``hand``, and what became
    of the cards (:data:`STANDING`, :data:`BANKER`, :data:`BUST`, :data:`BURNT`)."""

    __slots__ = ("hand", "kind", "player", "split")

    def __init__(self, player: str, hand: int, kind: str, split: bool) -> None:
        self.player = player
        self.hand = hand
        self.kind = kind
        self.split = split  # the player held more than one hand: name the hand

    def same(self, other: Owner) -> bool:
        return (self.player, self.hand, self.kind) == (other.player, other.hand, other.kind)

    @property
    def name(self) -> str:
        """``p3``, ``p3 hand 2`` (a split seat's)."""
        return f"{self.player} hand {self.hand}" if self.split else self.player

    @property
    def label(self) -> str:
        """Whose the card was: ``p3's hand``, ``p3's hand 2``, ``p4's hand (the banker's)``,
        ``p2's bust hand``, ``p1's burnt cards``."""
        hand = f"hand {self.hand}" if self.split else "hand"
        if self.kind == BANKER:
            return f"{self.player}'s hand (the banker's)"
        if self.kind == BUST:
            return f"{self.player}'s bust {hand}"
        if self.kind == BURNT:
            return f"{self.player}'s burnt cards"
        return f"{self.player}'s {hand}"


def owners(deal: Deal) -> dict[Card, list[Owner]]:
    """Each card the deal dealt, with the hand it ended in (a split moves a card to the new
    hand, T5.2), or the hand that burnt it (V8: the two cards a burn shows again, in the card
    events); a card twice, with several packs, has one owner per copy."""
    found: dict[Card, list[Owner]] = {}
    rows = deal.rows
    for at, p in enumerate(deal.punters):
        row = rows[at]
        for j, h in enumerate(row):
            kind = BUST if h.is_bust else STANDING
            for card in h.cards:
                found.setdefault(card, []).append(Owner(p, j + 1, kind, len(row) > 1))
    banker = deal.banker
    for card in deal.banker_hand.cards:
        found.setdefault(card, []).append(Owner(banker, 1, BANKER, False))
    shown = 0  # card events still to come that show a burnt card again
    burner: Owner | None = None
    for event in deal.events:
        if isinstance(event, Decision) and event.action == "burn":
            shown = 2
            row = deal.hands.get(event.player, [])
            burner = Owner(event.player, event.hand, BURNT, len(row) > 1)
        elif shown and isinstance(event, CardDealt) and burner is not None:
            shown -= 1
            found.setdefault(event.card, []).append(burner)
    return found


def under_owners(found: dict[Card, list[Owner]], under: list[Card]) -> list[Owner | None]:
    """The hand each card of ``under`` (the cards a deal put under the pack, in order) came
    from, by the deal's :func:`owners`; None for a card the deal did not deal."""
    taken: dict[Card, int] = {}
    out: list[Owner | None] = []
    for card in under:
        copies = found.get(card, [])
        k = taken.get(card, 0)
        out.append(copies[k] if k < len(copies) else None)
        taken[card] = k + 1
    return out


def order_text(deal: Deal, under: list[Owner | None]) -> str:
    """The order T8.1 puts the deal's cards under the pack, by hand: ``after deal 9 the hands
    go under from the banker's left: p3, p1, p2, then the banker's`` (with what went under
    before the end first: a bust hand, T5.6; burnt cards, V8)."""
    segments: list[Owner] = []
    for owner in under:
        if owner is not None and (not segments or not segments[-1].same(owner)):
            segments.append(owner)
    early = [
        f"{o.label} went under as it bust (T5.6)"
        if o.kind == BUST
        else f"{o.label} went under as they were burnt (V8)"
        for o in segments
        if o.kind in (BUST, BURNT)
    ]
    standing = [o.name for o in segments if o.kind == STANDING]
    n = deal.number
    if not early:
        if standing:
            return f"after deal {n} the hands go under from the banker's left: " + (
                f"{', '.join(standing)}, then the banker's"
            )
        return f"after deal {n} the banker's hand goes under"
    if standing:
        hands = f"the hands from the banker's left: {', '.join(standing)}, then the banker's"
    else:
        hands = "the banker's"
    return f"after deal {n} {', '.join(early)}, then {hands}"


def order_detail(deal: Deal, before: list[Card], pack: list[Card], i: int) -> str:
    """What ``pack[i]`` (recorded) and ``before[i]`` (the pack the deal left, T8.1) were in the
    deal, and the order the rules put its cards under."""
    # every card the deal dealt went under (T5.6, T8.1, V8): the ones it did not stay on top
    kept = len(before) - deal.pack.top
    found = owners(deal)
    whose = under_owners(found, before[kept:])
    n = deal.number
    got, want = pack[i], before[i]
    copies = found.get(got)
    said = _whose(got, copies[0] if copies else None, n)
    if i < kept:
        if not copies:
            said = f"neither {got.text} nor {want.text} was dealt in deal {n}"
        else:
            said = f"{said}, {_whose(want, None, n)}"
        return (
            f"{said}: deal {n} had no pontoon, so the pack goes on unshuffled (T8.2), the "
            f"{kept} cards it did not deal on top in their order"
        )
    owner = whose[i - kept]
    if copies and owner is not None and copies[0].same(owner):
        return (
            f"{got.text} and {want.text} are both from {owner.label}, whose cards go under in "
            "the order they were dealt"
        )
    return f"{said}, {_whose(want, owner, n)}: {order_text(deal, whose)}"


def _whose(card: Card, owner: Owner | None, n: int) -> str:
    """``8C is from p1's hand``; ``8C was not dealt in deal 9``."""
    if owner is None:
        return f"{card.text} was not dealt in deal {n}"
    return f"{card.text} is from {owner.label}"


def shuffle_reason(deal: Deal) -> str:
    """Why the pack after ``deal`` is shuffled or not (T8.2, T8.5): ``deal 9 had a pontoon
    (p3's AS KD)``, ``deal 9 was void (T8.5)``, ``deal 9 had no pontoon``."""
    n = deal.number
    if deal.void:
        return f"deal {n} was void (T8.5)"
    pontoons: list[str] = []
    rows = deal.rows
    for at, p in enumerate(deal.punters):
        row = rows[at]
        for j, h in enumerate(row):
            if not h.is_bust and h.is_pontoon and deal.rated(h, True)[0] is HandClass.PONTOON:
                which = f" hand {j + 1}" if len(row) > 1 else ""
                pontoons.append(f"{p}'s{which} {_cards(h)}")
    banker = deal.banker_hand
    if deal.banker_pontoon or banker.cls is HandClass.PONTOON:
        pontoons.append(f"the banker {deal.banker}'s {_cards(banker)}")
    if not pontoons:
        return f"deal {n} had no pontoon"
    return f"deal {n} had a pontoon ({', '.join(pontoons)})"


def _cards(h: Hand) -> str:
    return " ".join(c.text for c in h.cards)
