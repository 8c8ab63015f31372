"""The casino shoe between rounds, as replay follows it (C1): when the rules shuffle it, what
the last round left, and whether a round's recorded shoe holds what it must.

A new shoe holds 416 cards (eight decks), and a round takes at most a few dozen from its top
(:func:`~pontoon_cli.core.rules.round_cards`). So a round's recorded shoe is read as text and
counted (:func:`count_log_pack`): only the cards the round can take are made, the rest are
checked by their counts, and a shoe that carries over is compared as text with what the last
round left.
"""

from __future__ import annotations

from dataclasses import replace

from librt.vecs import vec
from mypy_extensions import i64

from pontoon_cli.casino.deal import CasinoDeal
from pontoon_cli.core.cards import Card
from pontoon_cli.core.rules import Rules, round_cards
from pontoon_cli.logformat.divergence import Divergence, Place, count
from pontoon_cli.logformat.packs import (
    card_counts,
    count_log_pack,
    counted_cards,
    holds_counts,
    pack_size,
    read_log_pack,
)


class ShoeTracker:
    """The shoe between rounds (C1): when the rules shuffle it, and what the last round left.

    The shoe is ``decks`` × 52 cards. It is new (shuffled) before the first round, after every
    ``shuffle_every`` rounds, and before a round it could not finish (fewer cards than
    :func:`~pontoon_cli.core.rules.round_cards`); between shuffles it carries over, so a round's
    shoe is exactly what the last round left. A shoe may be new only when a shuffle was due.
    An infinite shoe (``decks`` 0) is new before every round and holds the cards of one round
    (``round_cards``), each card any number of times.

    A round's shoe is kept as its recorded text with each card's count (:meth:`read`): the
    round is dealt from its top ``round_cards`` cards, the most it can take, and the rest is
    checked by its counts and its text, so the 416 cards of a new shoe are not each made.
    """

    def __init__(self, rules: Rules, seats: int) -> None:
        self.infinite = rules.decks == 0
        self.size = 52 * rules.decks
        self.full: vec[i64] = vec[i64]([rules.decks] * 52)  # each card's count in a new shoe
        self.need = round_cards(rules, seats)
        self.shuffle_every = rules.shuffle_every
        self.rounds = 0  # rounds dealt from the shoe since it was shuffled
        self.first = True
        self.after: str | None = None  # the text of what the last round left, when known
        self.fresh = True  # the round being checked is dealt from a new shoe
        self.whole = True  # the round's shoe passed its checks
        self.text = ""  # the round's recorded shoe, as :meth:`read` read it
        self.cards = 0  # how many cards it holds
        self.counts: vec[i64] = card_counts()  # how often it holds each card
        # the last round's whole shoe, its number and how many cards the rules' round took:
        # a shoe that carries over from another card of it says so (:func:`_continued`)
        self.last_text = ""
        self.last_round = 0
        self.last_took = 0
        self.taken_otherwise = False  # the round's shoe is the last round's after other cards
        self.taken = 0  # how many, when it is

    def read(self, text: str, counted: vec[i64] | None = None) -> list[Card] | None:
        """Read a round's recorded shoe: the cards the round is dealt from (its top
        ``round_cards``, or all of a shorter shoe); None when ``text`` is not a log's pack.
        ``counted``: how often ``text`` holds each card, where replay's reader counted it (the
        text is then a pack's)."""
        if counted is None:
            counts = card_counts()
            cards = count_log_pack(text, counts)
            if cards < 0:
                return None
        else:
            counts = counted
            cards = pack_size(text)
        self.text = text
        self.cards = cards
        self.counts = counts
        top = min(cards, self.need)
        return counted_cards(text[: 3 * top - 1].encode(), top) if top else []

    def whole_shoe(self) -> list[Card]:
        """Every card of the round's shoe, top first (``replay --seeded`` compares them)."""
        cards = read_log_pack(self.text)
        assert cards is not None  # read by :meth:`read`
        return cards

    def due(self) -> bool | None:
        """Whether the rules shuffle before this round (C1): True, False, or None when the last
        round's shoe is not known (it diverged before its end) and only the count could say."""
        if self.first or self.infinite or self.rounds >= self.shuffle_every:
            return True
        after = self.after
        if after is None:
            return None
        return pack_size(after) < self.need

    def expected_state(self) -> str:
        """The ``pack_state`` the rules give this round of a dealt (not scripted) game."""
        return "continued" if self.due() is False else "shuffled"

    def check(self, at: Place, state: str | None, scenario: bool) -> Divergence | None:
        """The round's shoe (as :meth:`read` read it): a new one holds every card ``decks``
        times, and is new only when a shuffle was due; else it is the shoe the last round left,
        card by card (C1). A stacked shoe (a scenario's cards on top) holds what the rules' shoe
        holds, in any order."""
        due = self.due()
        self.taken_otherwise = False
        self.fresh = due is True or (
            due is None and (state == "shuffled" or self.cards == self.size)
        )
        found: Divergence | None = None
        if state == "stacked" and not scenario:
            found = at.div(
                field="pack_state", recorded=state, expected=self.expected_state(), rule="C1"
            )
        elif due is True:
            if state == "continued":
                found = at.div(field="pack_state", recorded=state, expected="shuffled", rule="C1")
            elif self.infinite:  # C1: one round's cards, each drawn on its own from the 52
                if state != "stacked" and self.cards != self.need:
                    found = at.div(
                        field="pack",
                        recorded=f"{self.cards} cards",
                        expected=f"{self.need} cards",
                        rule="C1",
                    )
            else:
                found = self._holds(at, self.full, self.size)
        elif due is False:
            after = self.after
            assert after is not None
            if state == "shuffled":
                found = at.div(field="pack_state", recorded=state, expected="continued", rule="C1")
            elif state == "stacked":
                want = card_counts()
                found = self._holds(at, want, count_log_pack(after, want))
            else:
                found = _continued(at, self.text, after)
                if found is not None:
                    found = self._taken_otherwise(found)
        elif self.fresh:  # the last round is unknown: a whole shoe is still a whole shoe
            found = self._holds(at, self.full, self.size)
        self.whole = found is None
        return found

    def _holds(self, at: Place, want: vec[i64], size: int) -> Divergence | None:
        """The shoe holds each card as often as ``want`` says (``size`` in all, C1)."""
        return holds_counts(at, self.counts, self.cards, want, size, "C1")

    def carry(self, deal: CasinoDeal | None) -> None:
        """After a round: the shoe it left, if it reached its end from a shoe that passed (else
        unknown, so the next round's continuity cannot diverge because of this one's error), and
        only when the next round may be dealt from it (no shuffle due by the count, C1)."""
        if self.fresh:
            self.rounds = 0
        self.rounds += 1
        self.first = False
        if deal is None or not self.whole or self.infinite or self.rounds >= self.shuffle_every:
            # unknown; or not needed: the next round is dealt from a new shoe whatever it left
            self.after = None
        else:  # the round took the top cards: its shoe's text from the first it left
            took = len(deal.pack_before) - len(deal.pack)
            self.after = self.text[3 * took :]
            self.last_text = self.text
            self.last_round = deal.number
            self.last_took = took

    def _taken_otherwise(self, found: Divergence) -> Divergence:
        """A carried-over shoe that differs from what the last round left (C1): when it is that
        round's shoe less another number of top cards, the log's round took that many, not
        the rules' (a dealer who drew otherwise, C9), and the detail says so."""
        last = self.last_text
        took = pack_size(last) - self.cards
        if took < 0 or took == self.last_took or last[3 * took :] != self.text:
            return found
        self.taken_otherwise = True
        self.taken = took
        return replace(
            found,
            detail=f"the shoe is round {self.last_round}'s less its top {count(took, 'card')}, "
            f"where the rules' round {self.last_round} took {self.last_took}",
        )


def _continued(at: Place, text: str, before: str) -> Divergence | None:
    """C1: a shoe that carries over (``text``) is exactly what the last round left
    (``before``), compared as the texts of their cards."""
    if text == before:
        return None
    for i in range(min(pack_size(text), pack_size(before))):
        got = text[3 * i : 3 * i + 2]
        want = before[3 * i : 3 * i + 2]
        if got != want:
            return at.div(field=f"pack[{i}]", recorded=got, expected=want, rule="C1")
    return at.div(
        field="pack",
        recorded=f"{pack_size(text)} cards",
        expected=f"{pack_size(before)} cards",
        rule="C1",
    )
