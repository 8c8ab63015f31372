"""Automatic players of the traditional game. Strategies decide; the engine enforces.

A strategy (:class:`~pontoon_cli.base.players.Strategy`, every game's protocol) answers: how
much to stake (T4.2), what a punter hand does now (T5), whether the banker draws or stays (T6)
and whether he doubles (V3). It reads only what its player may see: his own cards,
the face-up cards of other hands (twists, busts thrown in face up, declared pontoons) and how many
cards each hand holds. Strategies are chosen by name (:data:`STRATEGIES`), or are the user's own
(``MODULE:NAME``, ``FILE.py:NAME``: :mod:`pontoon_cli.base.seat`).
"""

from __future__ import annotations

from collections.abc import Callable

from pontoon_cli.base.game import GameBase
from pontoon_cli.base.players import AutoPlayers, RandomStrategy, Strategy
from pontoon_cli.base.plugin import build, is_spec
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.hands import HandClass
from pontoon_cli.core.rng import Rng, session_rngs
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.traditional import equilibrium
from pontoon_cli.traditional.engine import Deal, DealBase, Game, Hand, Phase


class DefaultStrategy(Strategy[Deal]):
    """A sensible player.

    Stakes the minimum, twice it on an ace or a ten-card first (within the maximum and the balance).
    As a punter: splits aces and eights; draws to a hand that cannot bust (buying at the least price
    while buying is allowed, else twisting); sticks on hard 15 or more and soft 18 or more; on four
    cards that cannot bust, draws for the five card trick.
    As banker: draws to a soft total under 18 and to a fifth card that cannot bust him; draws while
    every standing punter hand he can see beats him anyway; else draws on 15 or less, stays on 16+.
    Options: burns a hand whenever it may (V8); as banker doubles on an ace first card (V3).
    """

    name = "default"

    def __init__(self, rng: Rng | None = None) -> None:
        self.rng = rng  # unused: the default player is deterministic

    def stake(self, deal: Deal, player: str) -> int:
        table = deal.table
        least = table.min_stake
        first = deal.current_hand().cards[0]  # the actor's one hand at the stakes (T4.2)
        amount = least * 2 if first.is_ace or first.is_ten else least
        # min(amount, max_stake, balance), then at least the minimum, written out: the compiled
        # build calls a builtin min of three through Python's generic call
        if amount > table.max_stake:
            amount = table.max_stake
        left = deal.left_in_turn()
        if amount > left:
            amount = left
        return amount if amount > least else least

    def play(self, deal: Deal, player: str, hand: int) -> tuple[str, int | None]:
        h = deal.current_hand()
        cards = h.cards
        if deal.rules.burn_on is not None and deal.can("burn", player, hand):
            return "burn", None  # V8: two fresh cards are worth more than a hard 13 or 14
        if (
            len(cards) == 2
            and cards[0].rank == cards[1].rank
            and cards[0].rank in (1, 8)
            and deal.can("split", player, hand)
        ):
            return "split", None
        low = h.low
        total = h.total
        soft = total > low  # an ace counts 11 (T1.2)
        safe = low <= 11  # no card can bust this hand
        if len(cards) == 4 and safe:
            return _draw(deal, player, hand, h)
        firm = total >= 18 or (not soft and total >= deal.rules.stick_minimum)
        if firm and deal.can("stick", player, hand):
            return "stick", None
        if safe or not deal.can("stick", player, hand):
            return _draw(deal, player, hand, h)
        return "stick", None

    def bank(self, deal: Deal) -> str:
        b = deal.banker_hand
        low = b.low
        if len(b.cards) == 4 and low <= 11:
            return "draw"  # a five card trick, and no card can bust him
        total = b.total
        if low <= 11 and total < 18:
            return "draw"  # a soft total under 18: no card can bust him
        least = deal.rules.stick_minimum
        # The least each standing hand can hold: the face-up cards plus one for each card down
        # (and at least the stick minimum); the lowest of them over the ordinary standing hands.
        lowest_floor = -1
        for h in standing(deal):
            n = len(h.cards)
            if n < 5:
                floor = h.up_low + n - h.up_cards
                if floor < least:
                    floor = least
                if lowest_floor < 0 or floor < lowest_floor:
                    lowest_floor = floor
        if lowest_floor < 0:
            return "stay"  # no ordinary hand stands
        if total < lowest_floor:
            return "draw"  # staying loses to every one of them anyway
        if total >= 17 or total == 16:
            return "stay"
        return "draw"

    def doubles(self, deal: Deal) -> bool:
        return deal.banker_hand.cards[0].is_ace  # V3: an ace first card is his best start


def standing(deal: Deal) -> list[Hand]:
    """The punter hands the banker plays against: neither settled (a bust, T5.6) nor a
    declared pontoon (T5.1; V7 (b): A + 10 is not one), which nothing of his beats."""
    out = []
    for row in deal.rows:
        for h in row:
            if h.settled:
                continue
            if h.is_pontoon and deal.rated(h, True)[0] is HandClass.PONTOON:
                continue
            out.append(h)
    return out


class EquilibriumStrategy(Strategy[Deal]):
    """Heads-up traditional Pontoon's equilibrium (``pontoon strategy --equilibrium``), shipped
    as data (:mod:`pontoon_cli.traditional.equilibrium`), its mixed choices drawn from the
    seat's seeded generator.

    As a punter: stakes the table's least or most on his first card (T4.2), then sticks,
    twists or buys at his stake or the most a card may cost (T5.3), as the solve says for what
    he holds and what he has shown. He never splits, burns or doubles. As banker: draws or stays
    (T6.1) as the solve says for his hand against what each punter hand shows (its stake, each
    buy's price, each twisted card); against several, with the chance of drawing averaged over
    the hands, each weighted by its stake (heads-up, exactly the solve). He never doubles (V3).
    A situation the solve has no entry for (a stake or price between its two, a split hand)
    is read as the nearest one it has; a banker hand it has none for is played as ``default``.
    """

    name = "equilibrium"

    def __init__(self, rng: Rng | None = None) -> None:
        if rng is None:
            raise ValueError("the equilibrium strategy draws its mixed choices from a generator")
        self.rng = rng
        self.table = equilibrium.shipped()
        self.fallback = DefaultStrategy(rng)

    def _pick(self, choices: list[tuple[str, int]]) -> str:
        """One of ``choices`` (cumulative millionths) by its chance: a draw only when mixed."""
        if len(choices) == 1:
            return choices[0][0]
        drawn = self.rng.below(equilibrium.MILLION)
        for action, upto in choices:
            if drawn < upto:
                return action
        return choices[-1][0]

    def stake(self, deal: Deal, player: str) -> int:
        table = deal.table
        first = deal.current_hand().cards[0]
        choice = self._pick(self.table.punter[equilibrium.stake_key(first.value)])
        amount = table.max_stake if choice == f"stake {self.table.stakes[1]}" else table.min_stake
        left = deal.left_in_turn()
        if amount > left:
            amount = left  # the balance (T8.6): at least the minimum, as the turn allows
        return amount if amount > table.min_stake else table.min_stake

    def play(self, deal: Deal, player: str, hand: int) -> tuple[str, int | None]:
        h = deal.current_hand()
        if len(h.cards) == 2 and h.is_pontoon and deal.can("stick", player, hand):
            return "stick", None  # nothing beats it (T2.1)
        key = f"{self._public(deal, h)}: {equilibrium.hand_name(h.total, h.total > h.low)}"
        choices = self.table.punter.get(key)
        if choices is None:
            return self.fallback.play(deal, player, hand)
        action = self._pick(choices)
        if not action.startswith("buy "):
            return action, None
        price = h.initial * int(action.removeprefix("buy ").removesuffix("s"))
        for legal in deal.legal_actions():  # within the price range and the balance (T5.3)
            if legal.action == "buy" and legal.low is not None and legal.high is not None:
                return "buy", min(max(price, legal.low), legal.high)
        return "twist", None

    def _public(self, deal: Deal, h: Hand) -> str:
        """What the table knows of ``h`` (T5.3, T5.4), as the solve names it: the stake read as
        the nearer of the solve's two, each bought card's price as 1 or 2 stakes."""
        table = deal.table
        low, high = self.table.stakes
        stake = low if 2 * h.initial < table.min_stake + table.max_stake else high
        twists = h.up_cards  # twisted cards lie face up, bought ones down (T5.3, T5.4)
        bought = len(h.cards) - 2 - twists
        units = (2 * (h.stake - h.initial) + h.initial) // (2 * h.initial)  # rounded
        doubled = min(max(units - bought, 0), bought)  # T5.3: a card costs at most the last
        prices = (2,) * doubled + (1,) * (bought - doubled)
        ace = False
        for card in h.cards[2 + bought :]:
            ace = ace or card.is_ace
        return equilibrium.public_name(stake, prices, twists, h.up_low, ace)

    def bank(self, deal: Deal) -> str:
        b = deal.banker_hand
        mine = equilibrium.banker_hand_name(b.total, b.total > b.low, len(b.cards))
        weighed = at_stake = 0
        for h in standing(deal):
            seen = equilibrium.seen_name(self._public(deal, h), len(h.cards) >= 5)
            draw = self.table.banker.get(seen, {}).get(mine)
            if draw is None:
                return self.fallback.bank(deal)
            weighed += draw * h.stake
            at_stake += h.stake
        if at_stake == 0:
            return "stay"  # nothing stands against him
        chance = weighed // at_stake  # millionths, exactly the solve's with one hand
        if chance <= 0:
            return "stay"
        if chance >= equilibrium.MILLION:
            return "draw"
        return "draw" if self.rng.below(equilibrium.MILLION) < chance else "stay"

    def doubles(self, deal: Deal) -> bool:
        return False  # V3 is not in the solved game: rules with it are refused (strategy_problem)


def _draw(deal: Deal, player: str, hand: int, h: Hand) -> tuple[str, int | None]:
    if h.low <= 11 and deal.can("buy", player, hand, h.initial):
        return "buy", h.initial
    return "twist", None


#: The traditional game's strategies by name (Shoot Pontoon's too).
STRATEGIES: dict[str, Callable[[Rng | None], Strategy[Deal]]] = {
    "default": DefaultStrategy,
    "random": RandomStrategy,
    "equilibrium": EquilibriumStrategy,
}


def strategy_problem(name: str, rules: Rules) -> str | None:
    """Why the strategy ``name`` cannot play under ``rules``, or None: the equilibrium plays
    only the settings it was solved for."""
    if name == "equilibrium":
        return equilibrium.shipped().problem(rules)
    return None


def _strategy(name: str, rng: Rng, banker: bool) -> Strategy[Deal]:
    """The strategy ``name`` for one seat: a built-in one, or the user's (``MODULE:NAME``,
    ``FILE.py:NAME``: :mod:`pontoon_cli.base.plugin`, as ``banker`` or as punter)."""
    if is_spec(name):
        return build(name, rng, banker)
    return STRATEGIES[name](rng)


class Players(AutoPlayers):
    """Each seat's automatic player as a punter and as banker, with its own generator.

    Generators are spawned from ``rng`` in seat order, punters' first, then bankers', so a seed
    fixes every random decision.
    """

    def _build(self, seats: tuple[str, ...], rng: Rng, names: dict[str, str], banker: str) -> None:
        self.punter: dict[str, Strategy[Deal]] = {
            p: _strategy(names[p], rng.spawn(), False) for p in seats
        }
        self.banker: dict[str, Strategy[Deal]] = {
            p: _strategy(banker, rng.spawn(), True) for p in seats
        }

    def decide(self, deal: Deal) -> None:
        """Take the actor's next decision in ``deal`` through the engine's methods."""
        player, hand = deal.actor_name, deal.actor_hand
        assert hand != 0  # someone decides
        phase = deal.phase
        if phase is Phase.PUNTERS:
            action, amount = self.punter[player].play(deal, player, hand)
            # Each word by its own method (each checks its decision as act() would); any other
            # answer, or an amount where none is taken, through act()'s word check.
            if action == "stick":
                deal.stick(player, hand)
            elif action == "twist":
                deal.twist(player, hand)
            elif action == "buy" and amount is not None:
                deal.buy(player, hand, amount)
            elif action == "split" and amount is None:
                deal.split(player, hand)
            elif action == "burn" and amount is None:
                deal.burn(player, hand)
            else:
                deal.act(player, hand, action, amount)
        elif phase is Phase.STAKES:
            deal.stake(player, self.punter[player].stake(deal, player))
        elif phase is Phase.BANKER_DOUBLE:  # V3
            if self.banker[player].doubles(deal):
                deal.double(player)
            else:
                deal.no_double(player)
        elif self.banker[player].bank(deal) == "draw":
            deal.draw(player)
        else:
            deal.stay(player)

    def play_deal(self, game: GameBase) -> DealBase:
        """Play one whole deal of ``game`` automatically and finish it."""
        deal = game.start_deal()
        if not isinstance(deal, Deal):  # pragma: no cover - the registry pairs game and players
            raise PontoonError("the traditional players play the traditional game's deals")
        while deal.phase is not Phase.END:
            self.decide(deal)
        game.finish_deal(deal)
        return deal


def seeded_game(
    rules: Rules, table: Table, seed: int, punter: str = "default", banker: str = "default"
) -> tuple[Game, Players]:
    """A game and its automatic players, both from ``seed`` (docs/explanation/determinism.md)."""
    game_rng, players_rng = session_rngs(seed)
    return Game(rules, table, game_rng), Players(table.seats, players_rng, punter, banker)
