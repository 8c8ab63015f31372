"""Replay's checks of casino Pontoon (C1-C11): each round re-dealt from the recorded shoe.

A casino log (``rules.preset = "casino"``) is replayed by :class:`CasinoReplay`, the hooks of
replay's one pipeline (:class:`~pontoon_cli.logformat.replay.GameReplay`) for a casino table, to
which :class:`~pontoon_cli.replay.replayer.LogReplayer` hands every deal record of such a log. Each
round is dealt again through :class:`~pontoon_cli.casino.deal.CasinoDeal` from the recorded shoe
(``pack``) with the recorded decisions, taken through the same methods live play uses (``act``,
``split``, ``double``: each refusal names its rule, C3 stakes, C6 hit and stand, C7 double, C8
split). The dealer has no decisions (C9): his cards are re-derived, and a decision recorded for him
is a divergence. Every field the record holds is then compared with the re-deal: the cards (to whom,
face up or down: C4, C6, C8, C9), each hand (stake, doubled, class, total, net and the rule that
settled it: C2, C5-C8, C10, C11), the dealer's hand, the nets and the balances; and the shoe between
rounds (:class:`~pontoon_cli.casino.shoe.ShoeTracker`, C1). A record that is byte for byte what
the log writer gives for the re-deal is verified in one comparison; only another one is looked at
field by field.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final, cast

from librt.vecs import vec
from mypy_extensions import i64

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.base.start import PackState
from pontoon_cli.casino.deal import CasinoDeal, CasinoGame, dealer_draws
from pontoon_cli.casino.record import casino_deal_line, casino_deal_record
from pontoon_cli.casino.shoe import ShoeTracker
from pontoon_cli.core.actions import CASINO_ACTIONS, ActionTable
from pontoon_cli.core.cards import Card
from pontoon_cli.core.events import CardDealt, Decision
from pontoon_cli.core.hands import Hand, hand_value, is_soft
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import DEALER, Rules, Table
from pontoon_cli.core.settle import settle_casino
from pontoon_cli.logformat.check import (
    CARD_KEYS,
    CASINO_HAND_KEYS,
    DEALER_HAND_KEYS,
)
from pontoon_cli.logformat.compare import (
    Fields,
    HandSettler,
    RowRules,
    action_text,
    compare_house_hand,
    compare_money,
    decision_line,
)
from pontoon_cli.logformat.deal_record import RecordWriter
from pontoon_cli.logformat.divergence import Divergence, Place, count
from pontoon_cli.logformat.record import LineWriter
from pontoon_cli.logformat.replay import GameReplay
from pontoon_cli.logformat.variants import HouseOption, LegalOption, option_name, other_settings

#: The rule behind each field of a hand that is not its settlement (``net`` and ``rule`` cite
#: the rule that settled it; ``cards`` and ``stake`` are told apart below).
_HAND_RULE: Final = {
    "player": "C3",
    "hand": "C8",
    "class": "C2",
    "total": "C2",
    "split": "C8",
    "doubled": "C7",
}
_DEALER_RULE: Final = {"class": "C2", "total": "C2"}


def _dealer_rule(key: str, recorded: Any, expected: Any) -> str:
    """The rule behind a field of the dealer's hand: for his cards, the rule that dealt the
    first that differs (C4, C9)."""
    return _cards_rule(recorded, expected, "C9") if key == "cards" else _DEALER_RULE[key]


_CARD_RULE: Final = CASINO_ACTIONS.card_rule  # stake C4 (the deal), hit C6, double C7, split C8
#: What a decision recorded for the dealer is told (C9).
NO_DEALER_CHOICE: Final = "the dealer has no choices: he plays by his rule"


class CasinoReplay(GameReplay):
    """Verifies the deal records of one casino log, keeping only what carries from round to
    round: the balances, the shoe the last round left, the next round's number."""

    number_rule = "C1"  # the rounds in order, so the shoe's carry is known (C1)
    sit_out_rule = "C3"  # no seat can cover the minimum stake
    settle_rule = "C10"  # the settlement checked again
    cut_pack = True  # a shoe of 416 cards: its text is cut out of the line before it is read

    def begin_game(
        self, rules: Rules, table: Table
    ) -> tuple[GameBase, ActionTable, RecordWriter, LineWriter]:
        # The game holds the balances the log writer reads (its own shoe is never dealt).
        return (
            CasinoGame(rules, table, Rng(0)),
            CASINO_ACTIONS,
            casino_deal_record,
            casino_deal_line,
        )

    def start(self, header: dict[str, Any]) -> None:
        self.shoe = ShoeTracker(self.rules, len(self.table.seats))
        # the line of the last round's divergence (the first it follows from, if any): a shoe
        # that carries over from another card of that round's follows from it
        self.last_line: int | None = None
        # the last round, verified from a record that does not say which cards the dealer drew
        self.unconfirmed: CasinoDeal | None = None

    def read_pack(self, text: str, counts: vec[i64] | None) -> list[Card] | None:
        """The round is dealt from the top of its shoe; the whole shoe is counted
        (:meth:`~pontoon_cli.casino.shoe.ShoeTracker.read`), where the reader has not."""
        return self.shoe.read(text, counts)

    def before_deal(
        self, at: Place, record: dict[str, Any], pack: list[Card], balances: dict[str, int]
    ) -> Divergence | None:
        state = record.get("pack_state")
        if state == "stacked" and self.scenario:
            self.stacked += 1
        shoe = self.shoe
        first = shoe.check(at, state, self.scenario)  # always: it keeps the shoe's count
        if first is not None and shoe.taken_otherwise:
            if self.last_line is not None:
                first = first.following(self.last_line)  # the last round's divergence dealt it
            elif self.unconfirmed is not None:
                first = self._drawn_otherwise(first, self.unconfirmed, shoe.taken)
        if self.seed is not None:  # checked whatever came first: its shuffle is drawn
            found = self.seed.check(at, shoe.whole_shoe(), shoe.fresh, None)
            first = first or found
        return first

    def new_deal(
        self, at: Place, record: dict[str, Any], pack: list[Card], balances: dict[str, int]
    ) -> DealBase | None:
        fresh = PackState.SHUFFLED if self.shoe.fresh else PackState.CONTINUED
        pack_state = _STATE.get(record.get("pack_state"), fresh)
        setup = self.setup(record, pack, balances, pack_state)
        return cast(CasinoGame, self.game).new_round(setup)

    def empty_pack(self, at: Place, pack: list[Card]) -> Divergence:
        """A shoe that could not finish the round (C1)."""
        return at.div(
            field="pack",
            recorded=f"{self.shoe.cards} cards",
            expected="a shoe that finishes the round",
            rule="C1",
        )

    def out_of_turn(
        self, at: Place, deal: DealBase, i: int, player: Any, hand: Any, action: Any, amount: Any
    ) -> Divergence:
        if player == DEALER:  # C9: he plays by his rule, and is never asked (never the actor)
            return at.div(
                field=f"decisions[{i}]",
                recorded=action_text(action, amount),
                expected=NO_DEALER_CHOICE,
                rule="C9",
                player=DEALER,
                hand=hand,
            )
        if type(player) is str and type(hand) is int and type(action) is str:
            ended = cast(CasinoDeal, deal).ended_problem(player, hand, action)
            if ended is not None:  # a hand five cards ended: no hit (C6), no double (C7)
                done = action_text(action, amount)
                return decision_line(at, i, done, ended.reason, ended.rule, player, hand)
        return super().out_of_turn(at, deal, i, player, hand, action, amount)

    def hand_settler(self, deal: DealBase) -> HandSettler:
        """The pure settlement function for the hands of the finished round: against the
        dealer's hand (C2, C5, C6, C10, C11)."""
        return _settled_against(cast(CasinoDeal, deal).dealer_hand)

    def legal_options(self) -> list[LegalOption]:
        """C8: the most hands a split seat may hold."""
        return [("C8", "split_hands", other_settings(self.rules, "split_hands"))]

    def house_options(self, deal: DealBase, record: Fields) -> list[HouseOption]:
        """C9: the dealer's draw to a soft 17 the other way (``dealer_hits_soft_17``), from the
        same shoe, where the record does not say which cards he drew (no ``cards``, no
        ``dealer_hand.cards``): a record that does holds the rules' draw, or says so first."""
        dealer_hand = record.get("dealer_hand")
        if "cards" in record or (isinstance(dealer_hand, dict) and "cards" in dealer_hand):
            return []
        hits = not self.rules.dealer_hits_soft_17
        drawn = _dealer_drawn(cast(CasinoDeal, deal), hits)
        if drawn is None:
            return []
        name = option_name("C9", "dealer_hits_soft_17", hits)
        return [(name, _settled_against(drawn), _drawn_text(cast(CasinoDeal, deal), drawn, hits))]

    def compare_row_list(
        self, at: Place, name: str, rows: list[Fields], want_rows: list[Fields], deal: DealBase
    ) -> Divergence | None:
        """A hand too many or too few comes first, wherever it is (C3, C8)."""
        if name == "hands" and len(rows) != len(want_rows):
            i = next(
                (i for i, row in enumerate(want_rows) if i >= len(rows) or rows[i] != row),
                len(want_rows),
            )
            rule = _hands_count_rule(rows, want_rows, i)
            shown = count(len(want_rows), "hand")
            return at.div(field=name, recorded=count(len(rows), "hand"), expected=shown, rule=rule)
        return super().compare_row_list(at, name, rows, want_rows, deal)

    def row_rules(
        self, name: str, rows: list[Fields], want_rows: list[Fields], deal: DealBase
    ) -> RowRules:
        """A card cites the rule that dealt it (C4, C6-C9), a hand's field its rule."""
        casino = cast(CasinoDeal, deal)
        if name == "cards":
            return (
                CARD_KEYS,
                lambda i, key, got, want: card_rule(casino, i),
                lambda i: _count_rule(casino, rows, i),
            )
        return (
            CASINO_HAND_KEYS,
            lambda i, key, got, want: _hand_rule(casino, key, got, want),
            lambda i: _hands_count_rule(rows, want_rows, i),
        )

    def compare_rest(
        self, at: Place, record: Fields, derived: Fields, deal: DealBase, after: dict[str, int]
    ) -> Divergence | None:
        """The dealer's hand (C2, C9), the nets and the balances (C10, C3)."""
        found = compare_house_hand(
            at, record, derived, "dealer_hand", DEALER_HAND_KEYS, _dealer_rule, DEALER
        )
        if found is not None:
            return found
        casino = cast(CasinoDeal, deal)
        return compare_money(
            at,
            self.seats,
            record,
            derived,
            deal.nets,
            after,
            lambda p: _net_rule(casino, p),
            "C10",
            "C3",
            house="dealer",
            house_note=_soft_17_note(casino.dealer_hand.cards),
        )

    def carry(
        self, record: dict[str, Any], deal: DealBase | None, first: Divergence | None
    ) -> None:
        # After a divergence, what the round left in the shoe is known only where the record
        # says which cards it dealt (``cards`` or the dealer's): a minimal log's engine may have
        # dealt otherwise (a dealer who stands where the rules draw, C9), so the next round's
        # shoe is taken as recorded rather than reported as a consequence of this one.
        dealer_hand = record.get("dealer_hand")
        confirmed = "cards" in record or (dealer_hand is not None and "cards" in dealer_hand)
        if first is not None and not confirmed:
            deal = None
        self.last_line = (
            None if first is None else first.follows if first.follows is not None else first.line
        )
        casino = cast(CasinoDeal, deal) if deal is not None else None
        self.unconfirmed = casino if not confirmed else None
        self.shoe.carry(casino)

    def _drawn_otherwise(self, found: Divergence, last: CasinoDeal, took: int) -> Divergence:
        """A shoe that is the last round's less ``took`` top cards where the rules' round took
        otherwise, and the last round's record does not say which cards the dealer drew: when
        the dealer's draw to a soft 17 the other way (C9) takes exactly ``took``, the line is
        that rule's, and says so."""
        hits = not self.rules.dealer_hits_soft_17
        drawn = _dealer_drawn(last, hits)
        if drawn is None:
            return found
        extra = len(drawn.cards) - len(last.dealer_hand.cards)
        if len(last.pack_before) - len(last.pack) + extra != took:
            return found
        name = option_name("C9", "dealer_hits_soft_17", hits)
        note = f"{_drawn_text(last, drawn, hits)}; a house rule? {name} takes this"
        return replace(found, rule="C9", detail=f"{found.detail}: {note}")

    def redealt(self) -> dict[str, Any] | None:
        """The re-dealt round's record, with its whole shoe (it was dealt from the top)."""
        record = super().redealt()
        if record is not None:
            record["pack"] = self.shoe.text
        return record


#: A recorded pack_state (checked by deal_head_problem) as the engine's.
_STATE: Final[dict[str | None, PackState]] = {s.value: s for s in PackState}


# comparing the record with the re-deal: the rules fields cite -------------------------------


def card_rule(deal: CasinoDeal, index: int) -> str:
    """The rule that dealt the round's ``index``-th card: C4 the deal (the dealer's two face
    down), C6 a hit, C7 a double's card, C8 a split's second cards, C9 the dealer's draws."""
    last: str | None = None
    seen = -1
    dealer = 0
    for event in deal.events:
        if isinstance(event, Decision):
            last = event.action
        elif isinstance(event, CardDealt):
            seen += 1
            if event.player == DEALER:
                dealer += 1
                if seen == index:
                    return "C4" if dealer <= 2 else "C9"
            elif seen == index:
                return "C4" if last is None else _CARD_RULE.get(last, "C4")
    return "C9"


def _count_rule(deal: CasinoDeal, rows: list[dict[str, Any]], index: int) -> str:
    """The rule of the first card too many or too few: the card the rules deal there, or for a
    card they do not deal, the rule that would deal it (C9 the dealer's, C6 a player's)."""
    if index < len(rows) and type(rows[index]) is dict:  # a card too many
        return "C9" if rows[index].get("player") == DEALER else "C6"
    return card_rule(deal, index)


def _hands_count_rule(rows: list[Any], want_rows: list[dict[str, Any]], index: int) -> str:
    """A hand too many or too few, the first at ``index``: C8 when it is (or claims to be) a
    split hand, else C3 (each seat that stakes plays one hand)."""
    row = rows[index] if len(rows) > len(want_rows) else want_rows[index]
    return "C8" if type(row) is dict and row.get("split") is True else "C3"


def _hand_rule(deal: CasinoDeal, key: str, got: dict[str, Any], want: dict[str, Any]) -> str:
    """The rule a hand's field cites: its stake C3 (C7 when doubled), its cards the rule that
    dealt the first card that differs (C7 the double's card), its net and rule the rule that
    settled it."""
    if key == "stake":
        return "C7" if want["doubled"] or got.get("doubled") is True else "C3"
    if key == "cards":
        doubled_at = _double_card_at(deal, want["player"], want["hand"]) if want["doubled"] else -1
        return _cards_rule(got["cards"], want["cards"], "C6", want["split"], doubled_at)
    rule = _HAND_RULE.get(key)
    return want["rule"] if rule is None else rule


def _cards_rule(got: Any, want: str, drawn: str, split: bool = False, doubled_at: int = -1) -> str:
    """A hand's cards that differ: C4 in its first two (C8: a split hand's second card), C7 the
    card a double dealt (at ``doubled_at``), else ``drawn`` (C6 a player's hit, C9 the dealer's
    draw)."""
    shown = got.split(" ") if type(got) is str else []
    for i, card in enumerate(want.split(" ")):
        if i >= len(shown) or shown[i] != card:
            if i == doubled_at:
                return "C7"
            if i >= 2:
                return drawn
            return "C8" if split and i == 1 else "C4"
    return drawn


def _double_card_at(deal: CasinoDeal, player: str, hand: int) -> int:
    """Where a doubled hand holds its double's card (C7): after its first two cards and the
    hits before the double (a hand splits only on its first two cards, before it hits or
    doubles, so its decisions carry its final number); -1 if it did not double."""
    hits = 0
    for event in deal.events:
        if isinstance(event, Decision) and event.player == player and event.hand == hand:
            if event.action == "double":
                return 2 + hits
            if event.action == "hit":
                hits += 1
    return -1


def _net_rule(deal: CasinoDeal, player: str) -> str:
    """A seat's net cites the rule that settled its hand; several hands (a split): C10. When
    the dealer drew to a soft 17 (C9, ``dealer_hits_soft_17``), his draw decided the round, so
    a differing net cites C9: an engine whose dealer stands there pays otherwise."""
    rows = deal.hands.get(player)
    if rows is None:
        return "C3"  # a seat that sat the round out (C3)
    if _hit_soft_17(deal.dealer_hand.cards):
        return "C9"
    if len(rows) == 1:
        return rows[0].rule or "C10"
    return "C10"


def _hit_soft_17(cards: list[Card]) -> bool:
    """Whether the dealer drew a card to a soft 17 (C9)."""
    return _soft_17(cards) is not None


def _soft_17(cards: list[Card]) -> list[Card] | None:
    """The dealer's soft 17 he drew a card to (C9), or None."""
    for n in range(2, len(cards)):
        held = cards[:n]
        if hand_value(held) == 17 and is_soft(held):
            return held
    return None


def _settled_against(dealer: Hand) -> HandSettler:
    """The pure settlement function against the dealer's hand ``dealer`` (C2, C5, C6, C10,
    C11)."""
    dealer_class, dealer_total = dealer.hand_class, dealer.total

    def settle_hand(h: Hand) -> tuple[int, str]:
        return settle_casino(
            dealer=dealer_class,
            dealer_total=dealer_total,
            player=h.hand_class,
            player_total=h.total,
            stake=h.stake,
        )

    return settle_hand


def _dealer_drawn(deal: CasinoDeal, hits_soft_17: bool) -> Hand | None:
    """The finished round's dealer hand had he drawn by ``hits_soft_17`` (C9): his first two
    cards, then his own draws and the shoe's next cards for as long as that rule draws. A
    dealer with a pontoon (C5), or after every player hand went bust, draws nothing either way.
    None when the shoe the record gives runs out first."""
    cards = deal.dealer_hand.cards
    if len(cards) < 2:
        return None
    h = Hand()
    h.add(cards[0], False)
    h.add(cards[1], False)
    if deal.dealer_pontoon or deal.every_hand_bust():
        return h
    for card in [*cards[2:], *deal.pack]:  # his draws came off the top, the rest lie under
        if not dealer_draws(h, hits_soft_17):
            return h
        h.add(card, True)
    return h if not dealer_draws(h, hits_soft_17) else None


def _drawn_text(deal: CasinoDeal, drawn: Hand, hits: bool) -> str:
    """What the dealer's other draw (C9) does in the deal: ``drawing to his soft 17 (6D AH),
    the dealer would hold 6D AH 9C: total 16``."""
    held = _soft_17(drawn.cards if hits else deal.dealer_hand.cards)
    way = "drawing to" if hits else "standing on"
    soft = f" ({' '.join(c.text for c in held)})" if held is not None else ""
    shown = " ".join(c.text for c in drawn.cards)
    label = drawn.hand_class.label
    return f"{way} his soft 17{soft}, the dealer would hold {shown}: {label} {drawn.total}"


def _soft_17_note(cards: list[Card]) -> str | None:
    """How the dealer's draw decided a round (C9): ``the dealer draws to his soft 17 (6S AC)``."""
    held = _soft_17(cards)
    if held is None:
        return None
    return f"the dealer draws to his soft 17 ({' '.join(c.text for c in held)}), C9"
