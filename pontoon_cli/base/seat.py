"""Your own strategy: the protocol it answers, what its seat sees, and the adapter that plays it.

``pontoon play`` and ``pontoon simulate`` take ``--strategy MODULE:NAME`` or
``--strategy FILE.py:NAME`` (and ``--banker-strategy`` the same): NAME is a class (or a function
returning a strategy), called once per seat, or an object with the methods below, used as it is
by every seat it plays (:mod:`pontoon_cli.base.plugin` loads it); from Python, ``strategy=``
takes the class or the object itself. One protocol serves every game (:class:`SeatStrategy`)::

    stake(view) -> int                   # the initial stake, within view.legal's range
    play(view) -> str | tuple[str, int]  # a word of view.legal; (word, amount) for one that
                                         # takes an amount (buy, shoot), within its range
    bank(view) -> str                    # as banker: "draw" or "stay" (T6.1)
    doubles(view) -> bool                # as banker, optional: double every stake (V3)?

``bank`` is asked only of a banker (never at a casino table, C3); ``doubles`` only under
``banker_doubles``, and a strategy without it never doubles. In Shoot Pontoon's round after the
stakes (S2) ``play`` is asked with ``shoot`` (an amount) and ``pass`` as the legal words.

Each call gets a :class:`SeatView`: what that seat may see at the table and nothing more (no
pack, no card dealt face down to another hand): its own cards, the face-up cards of the other
hands (twists, a bust thrown in, a declared pontoon: T5.1, T5.6), the banker's or dealer's face-up
cards, the legal actions with their amounts (``deal.legal_actions()``), its stake and balance,
the rules and the table's limits. Cards are their texts (``"TH"``, ``"AS"``).

An answer the seat may not give, a word it may not say, an amount out of its range, or an
exception raised stops the run with :class:`~pontoon_cli.core.errors.StrategyError` (exit 2),
naming the strategy, the deal, the player and the hand, and what it answered. The built-in
strategies are not played through here: the engine calls them directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Protocol

from pontoon_cli.base.deal import DealBase, LegalAction, Phase
from pontoon_cli.base.players import Strategy
from pontoon_cli.core.errors import StrategyError
from pontoon_cli.core.hands import Hand
from pontoon_cli.core.limits import printable, shown
from pontoon_cli.core.stop import Interrupted, signals_active, user_code

#: The word that declines a shoot bet in the round after the stakes (S2): no logged decision.
PASS: Final = "pass"
#: The most characters of an answer's repr a message shows.
_SHOWN: Final = 80


@dataclass(frozen=True, slots=True)
class SeenHand:
    """A hand at the table as a seat sees it: the cards it can see (all of its own; of
    another's, the face-up ones, or all once shown: a bust, a declared pontoon), how many cards
    the hand holds, its stake, and whether it is finished or bust."""

    player: str
    hand: int
    cards: tuple[str, ...]
    count: int
    stake: int
    done: bool
    bust: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    """What a seat may see when it decides; read-only.

    ``player`` and ``hand`` (1-based) say who decides; ``cards``, ``total`` (the best total not
    over 21, T1.3) and ``soft`` (an ace counts 11) are that hand's. ``others`` is every other
    hand in play in turn, as :class:`SeenHand`. ``house`` is the banker's or dealer's cards as
    this seat sees them (the banker sees all of his own) and ``house_count`` how many he holds;
    ``banker`` is his seat (None at a casino table, C3). ``legal`` is the actions it may take now,
    each with its amount range (``low``, ``high``) where it takes one. ``stake`` and
    ``initial`` are the hand's stake and initial stake; ``balance`` what the seat may still put
    on the table (the banker's: his balance now). ``rules`` is every setting of the rules in
    force (the log header's ``rules``); ``min_stake`` and ``max_stake`` the table's limits;
    ``game`` the preset, ``deal`` the deal's number and ``phase`` its phase (``"stakes"``).
    """

    game: str
    deal: int
    phase: str
    player: str
    hand: int
    cards: tuple[str, ...]
    total: int
    soft: bool
    others: tuple[SeenHand, ...]
    house: tuple[str, ...]
    house_count: int
    banker: str | None
    legal: tuple[LegalAction, ...]
    stake: int
    initial: int
    balance: int
    rules: Mapping[str, Any]
    min_stake: int
    max_stake: int


class SeatStrategy(Protocol):
    """The methods of a strategy of your own, each given the seat's :class:`SeatView`:
    ``stake(view) -> int``, the initial stake, within ``view.legal``'s range; ``play(view)``, a
    word of ``view.legal`` or ``(word, amount)`` for one that takes an amount; ``bank(view)``,
    ``"draw"`` or ``"stay"``, asked only of a banker (a casino or punter-only strategy may
    leave it out). ``doubles(view) -> bool`` may be added; without it the banker never doubles
    (V3). Give the class or an instance as ``strategy=``, or name it by ``--strategy
    MODULE:NAME`` or ``FILE.py:NAME``."""

    def stake(self, view: SeatView) -> int: ...

    def play(self, view: SeatView) -> str | tuple[str, int]: ...

    def bank(self, view: SeatView) -> str: ...


def _seen_cards(h: Hand, own: bool, whole: bool) -> tuple[str, ...]:
    """The cards of ``h`` a seat sees: all of its own hand and of a hand shown ``whole``; else the
    face-up ones, which are the last dealt (a bought card comes face down and no card is bought
    after a twist, T5.3, T5.4; a casino player's cards all lie face up, C4)."""
    cards = h.cards
    if own or whole:
        return tuple([c.text for c in cards])
    up = h.up_cards
    return tuple([c.text for c in cards[len(cards) - up :]]) if up else ()


def seat_view(
    deal: DealBase,
    player: str,
    hand: int,
    legal: list[LegalAction],
    rules: Mapping[str, Any],
) -> SeatView:
    """What ``player``'s hand ``hand`` sees of ``deal`` now (hand 1 of the banker: his own)."""
    banker, house = deal.house_hand()
    as_house = banker == player
    h = house if as_house and house is not None else deal.hands[player][hand - 1]
    others = []
    for p, n, other in deal.hands_in_order():
        if p == player and n == hand and not as_house:
            continue
        bust = other.low > 21
        whole = bust or (other.is_pontoon and deal._pontoon_stops(other))  # T5.6, T5.1
        cards = _seen_cards(other, p == player, whole)
        others.append(SeenHand(p, n, cards, len(other.cards), other.stake, other.done, bust))
    total = h.total
    return SeatView(
        game=deal.rules.preset,
        deal=deal.number,
        phase=deal.phase.value,
        player=player,
        hand=hand,
        cards=tuple([c.text for c in h.cards]),
        total=total,
        soft=total != h.low,
        others=tuple(others),
        house=() if house is None else _seen_cards(house, as_house, False),
        house_count=0 if house is None else len(house.cards),
        banker=banker,
        legal=tuple(legal),
        stake=h.stake,
        initial=h.initial,
        balance=deal.balances_before[player] + deal.nets.get(player, 0)
        if as_house
        else deal.available(player),
        rules=rules,
        min_stake=deal.table.min_stake,
        max_stake=deal.table.max_stake,
    )


def _shown(value: object) -> str:
    """An answer for a message, on one short line (:func:`~pontoon_cli.core.limits.shown`), its
    control characters escaped; a strategy may answer anything, even an object whose repr
    raises (or exits)."""
    try:
        return printable(shown(value))
    except Interrupted:
        raise
    except BaseException:
        return f"<{printable(type(value).__name__)}>"


def one_line(err: BaseException) -> str:
    """An exception in one line of at most 80 characters: its type and its first line, with
    control characters escaped (the text of user code reaches a terminal)."""
    try:
        lines = str(err).strip().splitlines()
    except Interrupted:
        raise
    except BaseException:  # a user's exception whose text cannot be made
        lines = []
    name = printable(type(err).__name__)
    text = f"{name}: {printable(lines[0])}" if lines else name
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."


def _words(legal: list[LegalAction]) -> str:
    return ", ".join([a.action for a in legal])


class SeatAdapter(Strategy[DealBase]):
    """A strategy of the user's, played as the engine's :class:`Strategy`: each call builds the
    seat's :class:`SeatView`, asks the user's object, and checks its answer against the legal
    actions before the engine sees it (StrategyError naming ``spec`` otherwise)."""

    name = "user"
    own = True

    def __init__(self, spec: str, seat: Any) -> None:
        self.spec = spec
        self.seat = seat
        self._rules: Mapping[str, Any] | None = None

    # the engine's calls ----------------------------------------------------------------------

    def stake(self, deal: DealBase, player: str) -> int:
        legal = deal.legal_actions()
        answer = self._ask(deal, player, 1, "stake", legal)
        (a,) = legal
        low, high = a.low, a.high
        assert low is not None and high is not None
        if type(answer) is not int or not low <= answer <= high:
            raise self._error(deal, player, 1, answer, f"not a stake from {low} to {high}")
        return answer

    def play(self, deal: DealBase, player: str, hand: int) -> tuple[str, int | None]:
        legal = deal.legal_actions()
        answer = self._ask(deal, player, hand, "play", legal)
        return self._action(deal, player, hand, answer, legal)

    def bank(self, deal: DealBase) -> str:
        player = self._banker(deal)
        legal = deal.legal_actions()
        answer = self._ask(deal, player, 1, "bank", legal)
        # the answer's type first: a str subclass's own __eq__ is user code (as in play)
        if type(answer) is not str or (answer != "draw" and answer != "stay"):
            raise self._error(deal, player, 1, answer, f"not one of {_words(legal)}")
        return "draw" if answer == "draw" else "stay"

    def doubles(self, deal: DealBase) -> bool:
        if getattr(self.seat, "doubles", None) is None:
            return False  # V3: a strategy that never doubles may say nothing of it
        player = self._banker(deal)
        answer = self._ask(deal, player, 1, "doubles", deal.legal_actions())
        if answer is not True and answer is not False:
            raise self._error(deal, player, 1, answer, "not True or False")
        return answer is True

    def shoot(self, deal: DealBase, player: str, limit: int) -> int:
        """Shoot Pontoon's round after the stakes (S2): the bet, or 0 to pass. ``play`` is asked
        with ``shoot`` (1 to ``limit``, when the kitty and the balance allow one) and ``pass``."""
        legal = [LegalAction("shoot", 1, limit)] if limit >= 1 else []
        legal.append(LegalAction(PASS))
        answer = self._ask(deal, player, 1, "play", legal)
        word, amount = self._action(deal, player, 1, answer, legal)
        return 0 if word == PASS or amount is None else amount

    # asking and checking -----------------------------------------------------------------------

    def _banker(self, deal: DealBase) -> str:
        banker = deal.house_hand()[0]
        assert banker is not None  # only a game with a banker asks him
        return banker

    def _ask(
        self, deal: DealBase, player: str, hand: int, method: str, legal: list[LegalAction]
    ) -> object:
        """The user's answer to ``method(view)``; StrategyError when it raises."""
        rules = self._rules
        if rules is None:  # the rules of a game do not change: one read-only copy
            rules = self._rules = MappingProxyType(deal.rules.to_dict())
        view = seat_view(deal, player, hand, legal, rules)
        with user_code():
            try:
                if method == "stake":
                    answer: object = self.seat.stake(view)
                elif method == "play":
                    answer = self.seat.play(view)
                elif method == "bank":
                    answer = self.seat.bank(view)
                else:
                    answer = self.seat.doubles(view)
            except Interrupted:
                raise
            except BaseException as err:  # SystemExit, its own KeyboardInterrupt: its error
                if not signals_active() and isinstance(err, KeyboardInterrupt):
                    raise  # a library caller's Ctrl-C
                raise StrategyError(
                    f"strategy {self.spec} ({self._place(deal, player, hand)}) raised "
                    f"{one_line(err)} in {method}(view)"
                ) from None
        return answer

    def _action(
        self, deal: DealBase, player: str, hand: int, answer: object, legal: list[LegalAction]
    ) -> tuple[str, int | None]:
        """``answer`` as (word, amount) when it is one of ``legal``; else StrategyError."""
        word: object = answer
        amount: object = None
        if type(answer) is tuple and len(answer) == 2:
            word, amount = answer
        if type(word) is not str:
            raise self._error(
                deal, player, hand, answer, "not an action: a word, or (word, amount)"
            )
        for a in legal:
            if a.action != word:
                continue
            low, high = a.low, a.high
            if low is None or high is None:
                if amount is not None:
                    raise self._error(deal, player, hand, answer, f"{word} takes no amount")
                return word, None
            if type(amount) is not int or not low <= amount <= high:
                raise self._error(
                    deal, player, hand, answer, f"{word} takes an amount from {low} to {high}"
                )
            return word, amount
        raise self._error(deal, player, hand, answer, f"not one of {_words(legal)}")

    def _place(self, deal: DealBase, player: str, hand: int) -> str:
        """``p2, deal 7, hand 1``; the banker's ``p4 as banker, deal 7``; at the stakes (T4.2,
        C3) and in the round after them (S2) ``p2, deal 7``."""
        where = f"{deal.DEAL_WORD} {deal.number}"
        if deal.house_hand()[0] == player:
            return f"{player} as banker, {where}"
        phase = deal.phase
        if phase is Phase.STAKES or phase is Phase.SHOOT:
            return f"{player}, {where}"
        return f"{player}, {where}, hand {hand}"

    def _error(
        self, deal: DealBase, player: str, hand: int, answer: object, why: str
    ) -> StrategyError:
        return StrategyError(
            f"strategy {self.spec} ({self._place(deal, player, hand)}) returned "
            f"{_shown(answer)}: {why} ({deal.turn_rule()})"
        )
