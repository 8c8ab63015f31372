"""The game across deals: the pack, the balances and the bank, from the cut to the sale (T3, T8)."""

from __future__ import annotations

from collections.abc import Mapping

from pontoon_cli.base.deal import DealBase
from pontoon_cli.base.game import GameBase
from pontoon_cli.base.start import PackState
from pontoon_cli.core.cards import Card, new_pack
from pontoon_cli.core.errors import IllegalAction, PontoonError
from pontoon_cli.core.events import BankSold
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.traditional.deal import Deal


def cut_highest(cut: Mapping[str, Card]) -> list[str]:
    """T3.2: the players of one round of the cut who cut the highest card (ace high), in the order
    they cut. One player: he banks; more: they cut again. Live play and replay both ask this."""
    best = max(card.cut_rank for card in cut.values())
    return [p for p, card in cut.items() if card.cut_rank == best]


class Game(GameBase):
    """A sequence of deals at one table: carries the pack, the balances and the bank (T3, T8).

    ``rng`` is the caller's seeded generator; it shuffles the first pack, cuts for the bank when
    the table names no banker (T3.2), and shuffles after a pontoon or a void deal (T8.2, T8.5).
    ``kitty`` is table state for Shoot Pontoon (S1); the traditional game leaves it at 0.
    """

    def __init__(self, rules: Rules, table: Table, rng: Rng) -> None:
        super().__init__(rules, table, rng)
        self.cut_rounds: list[dict[str, Card]] = []
        packs = rules.pack_count(len(table.seats))
        self.banker = table.banker if table.banker is not None else self._cut_for_bank(packs)
        self.pack = new_pack(packs)
        self._shuffle()
        self.open_deal: Deal | None = None  # T8.4: the bank is sold only between deals

    def _cut_for_bank(self, packs: int) -> str:
        """T3.2: each takes a card from a shuffled pack; the highest banks; ties cut again."""
        cutting = list(self.table.seats)
        while True:
            pack = new_pack(packs)
            self.rng.shuffle(pack)
            cut = dict(zip(cutting, pack, strict=False))
            self.cut_rounds.append(cut)
            cutting = cut_highest(cut)
            if len(cutting) == 1:
                return cutting[0]

    def stack_refusal(self, position: int, card: Card) -> str:
        return (
            f"stacked card {position} {card.text!r} is stacked more often than the "
            f"{self.rules.pack_count(len(self.table.seats))} pack(s) hold (T1.1)"
        )

    def can_deal(self) -> bool:
        """True while some punter can cover the minimum stake (T8.6)."""
        least = self.table.min_stake
        return any(b >= least for p, b in self.balances.items() if p != self.banker)

    def start_deal(self) -> Deal:
        """Begin the next deal from the top of the pack."""
        self.deals_played += 1
        self.open_deal = self._new_deal()
        self.without_log(self.open_deal)
        return self.open_deal

    def _new_deal(self) -> Deal:
        """The deal numbered ``deals_played``, from the pack and the balances as they stand; a
        game with more table state (Shoot's kitty) makes its own."""
        return Deal(self.setup(self.pack), self.banker)

    def finish_deal(self, deal: DealBase) -> None:
        """Pay the nets, take the pack back, and pass the bank (T8)."""
        if not isinstance(deal, Deal):  # pragma: no cover - a game finishes its own deals
            raise PontoonError(f"deal {deal.number} is not a deal of the traditional game")
        self.pay_nets(deal)
        balances = self.balances
        balances[deal.banker] = balances[deal.banker] + deal.banker_net
        self.pack = deal.pack.rest()
        self.banker = deal.next_banker
        self.open_deal = None
        if deal.pontoon_in_deal:  # T8.2 (and T8.5)
            self._shuffle()
            self.pack_state = PackState.SHUFFLED
        else:  # T8.1
            self.pack_state = PackState.CONTINUED

    def sell_bank(self, buyer: str, price: int) -> BankSold:
        """T8.4: the banker sells the bank; the buyer pays the price and banks next deal."""
        seller = self.banker
        if self.open_deal is not None:  # T8.4 "between deals": finish_deal would undo the sale
            raise IllegalAction(
                "cannot sell the bank during a deal: sell it between deals", "T8.4", seller
            )
        if buyer not in self.table.seats:
            raise IllegalAction(f"cannot sell the bank to {buyer!r}: not at the table", "T8.4")
        if buyer == seller:
            raise IllegalAction(f"cannot sell the bank to {buyer}: he holds it", "T8.4", buyer)
        if type(price) is not int or price < 0:
            raise IllegalAction(
                f"cannot sell the bank for {price!r}: the price is a whole number of 0 or more",
                "T7.3",
                buyer,
            )
        if price > self.balances[buyer]:
            raise IllegalAction(
                f"cannot buy the bank for {price} with a balance of {self.balances[buyer]}",
                "T8.6",
                buyer,
            )
        self.balances[buyer] = self.balances[buyer] - price
        self.balances[seller] = self.balances[seller] + price
        self.banker = buyer
        return BankSold(seller, buyer, price)
