"""Figures from Python: :func:`stats` (``pontoon stats --json``) and :func:`strategy`
(``pontoon strategy``), a chart whose :meth:`StrategyChart.best` gives the best decision for a
hand and its value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, cast

from pontoon_cli.api.arguments import rules_named
from pontoon_cli.api.logs import LogSource, read_log
from pontoon_cli.api.types import StatsFigures
from pontoon_cli.core.arguments import takes, within
from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.rules import Rules

__all__ = ["Decision", "Equilibrium", "StrategyChart", "stats", "strategy"]

#: How a traditional hand of three or four cards came by them, as the chart's columns say.
BOUGHT = {
    3: ("bought s", "bought 2s", "twisted"),
    4: ("bought s,s", "bought 2s,s", "bought 2s,2s", "twisted"),
}


# stats -----------------------------------------------------------------------------------------


def stats(source: LogSource, *more: LogSource) -> StatsFigures:
    """The figures ``pontoon stats --json`` writes for the log ``source`` (and ``more``, read
    in turn as one run: every game of one preset): per player deals, hands, banks, net and net
    per deal with its standard error, win/lose/tie rates, hand classes; for the table the
    banker's (the dealer's) gain and edge per punter hand, the banks' lengths, pontoons per 100
    deals; each bankroll over time. A log is given as :func:`~pontoon_cli.read_log` takes it.

    >>> import io
    >>> from pontoon_cli import stats, write_log
    >>> log = io.BytesIO()
    >>> write_log(log, seed=7, deals=20).deals
    20
    >>> figures = stats(io.BytesIO(log.getvalue()))
    >>> figures["deals"], figures["players"]["p1"]["net"], figures["table"]["house"]
    (20, 10, 'banker')
    """
    from pontoon_cli.views.stats import Stats, figures

    def read(log: LogSource, visitor: Stats) -> None:
        read_log(log, visitor)

    return cast(StatsFigures, figures((source, *more), read))


# strategy --------------------------------------------------------------------------------------


class Decision(NamedTuple):
    """The best decision for a hand: its ``action`` (a word :meth:`Game.act
    <pontoon_cli.Game.act>` takes, or ``buy-most``: buy for the most allowed), its ``value``
    (expected net in initial stakes, from the decision on, the banker or dealer known to hold
    no pontoon), and every choice's value, best first."""

    action: str
    value: float
    values: dict[str, float]


class Equilibrium:
    """The traditional game heads-up when the banker plays his best too, seeing what the
    punter shows (``pontoon strategy --equilibrium``): both mixed strategies, the game's value
    and the value of the bank. ``data`` is what ``--equilibrium --json`` writes."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        #: The banker's net at the equilibrium per initial stake, and per deal in units (< 0:
        #: the punter has the edge).
        self.value: float = data["value"]
        self.value_per_deal: float = data["value_per_deal"]
        #: How far from an exact equilibrium the solve is, in stakes a deal.
        self.exploitability: float = data["exploitability"]
        #: What holding the bank is worth to the banker until it passes (T8.3), per initial
        #: stake.
        self.bank_value: float = data["bank_value"]
        #: Each situation's choices and their chances: ``punter["first card 10"]`` is
        #: ``{"stake 1": 0.957, "stake 10": 0.043}``.
        self.punter: dict[str, dict[str, float]] = data["punter"]
        self.banker: dict[str, dict[str, float]] = data["banker"]

    def __repr__(self) -> str:
        return (
            f"<Equilibrium: the banker nets {self.value} per initial stake; the bank is worth "
            f"{self.bank_value}>"
        )


class StrategyChart:
    """What ``pontoon strategy`` computes for ``rules``: ``data`` is its ``--json``
    (docs/reference/output.md), :attr:`edge` the edge best play leaves, :meth:`best` the best
    decision for a hand; for the traditional game :meth:`equilibrium`, for the casino table
    :meth:`shoe` (a finite shoe)."""

    def __init__(self, rules: Rules, data: dict[str, Any], banker_stays: int | None) -> None:
        self.rules = rules
        self.data = data
        #: The banker's fixed rule the chart plays against (traditional); None at a casino table.
        self.banker_stays = banker_stays
        self._house = banker_stays is None  # a casino table: the dealer is the house (C3)

    def __repr__(self) -> str:
        against = "" if self.banker_stays is None else f", banker stays on {self.banker_stays}"
        return f"<StrategyChart {self.rules.preset}{against}: edge {self.edge}>"

    @property
    def edge(self) -> float:
        """The banker's edge over a punter who plays the chart (traditional), or the house's
        over the ``basic`` strategy (casino): per initial stake, > 0 is the bank's."""
        edge: dict[str, float] = self.data["edge"]
        return edge["banker"] if "banker" in edge else edge["basic"]

    def best(
        self,
        cards: str | Iterable[str],
        banker_card: None = None,
        *,
        bought: str | None = None,
        doubled: bool = False,
    ) -> Decision:
        """The best decision for a hand of ``cards`` (``"TH 6C"`` or ``["TH", "6C"]``) and its
        value. No card of the banker's or dealer's shows (T4.3, C4), so ``banker_card`` is
        always None. A traditional hand of three or four cards says how it came by them:
        ``bought`` is ``"twisted"`` or the prices paid (``"bought s"``, ``"bought 2s,s"``: s is
        the stake). At a casino table ``doubled`` is a hand already doubled (C7); no card is
        bought there.

        >>> from pontoon_cli import strategy
        >>> chart = strategy("casino")
        >>> chart.best("TH 6C")
        Decision(action='stand', value=-0.407051, values={'stand': -0.407051, 'hit': ...})
        >>> strategy("traditional").best("9H 5C").action
        'twist'
        """
        call = "StrategyChart.best()"
        if banker_card is not None:
            raise PontoonError(
                f"{call}: banker_card= no card of the banker's or dealer's shows before the "
                "punters play (T4.3, C4): leave it out"
            )
        hand = _cards(call, cards)
        ranks = [card.rank for card in hand]
        low = sum(card.value for card in hand)
        soft = any(card.is_ace for card in hand) and low + 10 <= 21
        total = low + 10 if soft else low
        casino = self._house
        shown = " ".join(card.text for card in hand)
        if not 2 <= len(hand) <= 4 or total > 21 or (len(hand) == 2 and total == 21):
            raise PontoonError(
                f"{call}: cards= {shown}: no decision to take (a hand decides on two to four "
                f"cards totalling under 21 and not a pontoon: {'C6' if casino else 'T5'})"
            )
        if casino:
            if bought is not None:  # C7: a casino hand buys no card
                raise PontoonError(
                    f"{call}: bought= is the traditional game's (T5.3); leave it out"
                )
            return self._casino(call, ranks, soft, total, doubled)
        if doubled is not False:  # V3: the banker doubles, not a punter's hand
            raise PontoonError(f"{call}: doubled= is a casino hand's (C7); leave it out")
        return self._traditional(call, ranks, soft, total, bought)

    def _casino(
        self, call: str, ranks: list[int], soft: bool, total: int, doubled: bool
    ) -> Decision:
        takes(call, "doubled", doubled, (bool,), "True or False")
        key = f"{'soft' if soft else 'hard'} {total} {len(ranks)}"
        row = self.data["doubled" if doubled else "play"].get(key)
        if row is None:  # a hard 21 in three or four cards: the hand ends (C6)
            raise PontoonError(f"{call}: a hard 21 decides nothing: the hand stands (C6)")
        values = _ordered(row)
        pair = min(ranks[0], 10)
        if len(ranks) == 2 and pair == min(ranks[1], 10) and not doubled:
            split = self.data["pairs"][str(pair)]
            if split["ev_split_first"] is not None:
                values = _ordered({"ev": {**values, "split": split["ev_split_first"]}})
            if split["split"]:  # the chart's own choice (C8), whatever the rounding says
                return Decision("split", values["split"], values)
        action = next(iter(values))
        return Decision(action, values[action], values)

    def _traditional(
        self, call: str, ranks: list[int], soft: bool, total: int, bought: str | None
    ) -> Decision:
        from pontoon_cli.solver.traditional import RANK_NAMES

        count = len(ranks)
        if count == 2:
            if bought is not None:
                raise PontoonError(f"{call}: bought= is for a hand of three or four cards")
            column = "2"
        else:
            ways = f"one of {', '.join(BOUGHT[count])} for {count} cards"
            takes(call, "bought", bought, (str,), ways)
            if bought not in BOUGHT[count]:
                raise PontoonError(f"{call}: bought= takes {ways}; got {bought!r}")
            column = f"{count} {bought}"
        row = self.data["play"][column].get(f"{'soft' if soft else 'hard'} {total}")
        if row is None:  # a hard 21: nothing to gain by a card
            raise PontoonError(f"{call}: a hard 21 decides nothing: the hand sticks (T5.5)")
        values = _ordered(row)
        if count == 2 and ranks[0] == ranks[1]:
            split = self.data["pairs"][RANK_NAMES[ranks[0] - 1]]
            if split["ev_split"] is not None:
                values = _ordered({"ev": {**values, "split": split["ev_split"]}})
            if split["split"]:  # T5.2
                return Decision("split", values["split"], values)
        action = next(iter(values))
        return Decision(action, values[action], values)

    def equilibrium(self) -> Equilibrium:
        """The traditional game's heads-up equilibrium (``pontoon strategy --equilibrium``),
        the fixed banker of this chart beside it. The preset's solve is shipped; other settings
        are solved now, about half a minute.

        >>> from pontoon_cli import strategy
        >>> found = strategy("traditional").equilibrium()
        >>> found.value, found.punter["first card 10"]
        (-0.317486, {'stake 1': 0.957, 'stake 10': 0.043})
        """
        if self.banker_stays is None:  # a casino dealer draws by his rule (C9)
            raise PontoonError(
                f"StrategyChart.equilibrium(): the traditional game only, not "
                f"{self.rules.preset}; strategy('traditional')"
            )
        from pontoon_cli.solver import equilibrium_table
        from pontoon_cli.solver.traditional import TraditionalRules

        rules = TraditionalRules.from_rules(self.rules, self.banker_stays)
        return Equilibrium(equilibrium_table.report(rules, self.banker_stays))

    def shoe(self, decks: int | None = None) -> dict[str, Any]:
        """The casino table's exact edges on a finite shoe of ``decks`` decks (the rules' own
        when None), fresh each round, one seat: ``pontoon strategy --rules casino --decks N
        --json`` (seconds to compute)."""
        call = "StrategyChart.shoe()"
        if not self._house:
            raise PontoonError(f"{call}: the casino table only, not {self.rules.preset}")
        takes(call, "decks", decks, (int, type(None)), "a whole number from 1 to 8 or None")
        count = self.rules.decks if decks is None else decks
        within(call, "decks", count, 1, 8)
        from pontoon_cli.solver import casino, casino_shoe_report

        return casino_shoe_report.figures(casino.CasinoRules.from_rules(self.rules), count)


def _ordered(row: dict[str, Any]) -> dict[str, float]:
    """A row's values, best first (its ``order`` when it has one)."""
    ev: dict[str, float] = row["ev"]
    order = row.get("order") or sorted(ev, key=lambda a: -ev[a])
    return {action: ev[action] for action in order}


def _cards(call: str, cards: object) -> list[Any]:
    """``cards`` read as cards (``"TH 6C"`` or a list of texts)."""
    from pontoon_cli.core.cards import Card
    from pontoon_cli.core.errors import CardError

    shown = 'cards as "TH 6C" or ["TH", "6C"]'
    takes(call, "cards", cards, (str, list, tuple), shown)
    texts = cards.split() if isinstance(cards, str) else list(cast("list[object]", cards))
    for text in texts:
        takes(call, "cards", text, (str,), shown)
    try:
        return [Card.parse(cast(str, text)) for text in texts]
    except CardError as err:
        raise PontoonError(f"{call}: cards= {err}") from None


def strategy(rules: Rules | str | None = None, *, banker_stays: int | None = None) -> StrategyChart:
    """What ``pontoon strategy --json`` computes for ``rules`` (a Rules, a preset name or a
    rules file): the best decision in every situation and the edge it leaves, exactly, as a
    :class:`StrategyChart`. Traditional: one punter heads-up against a banker who stays on
    ``banker_stays`` or more (17); casino: the infinite-deck ``basic`` strategy.

    >>> from pontoon_cli import strategy
    >>> chart = strategy("traditional", banker_stays=16)
    >>> chart
    <StrategyChart traditional, banker stays on 16: edge ...>
    >>> chart.data["play"]["2"]["hard 16"]["order"]
    ['twist', 'stick', 'buy', 'buy-most']
    """
    call = "strategy()"
    takes(call, "rules", rules, (Rules, str, type(None)), "a Rules, a preset name or a rules file")
    takes(call, "banker_stays", banker_stays, (int, type(None)), "a whole number or None")
    chosen = rules_named(rules)
    calculate = _CALCULATIONS.get(chosen.preset)
    if calculate is None:
        raise PontoonError(
            f"{call}: the {chosen.preset} preset is not calculated: rules= "
            f"{' or '.join(repr(p) for p in _CALCULATIONS)}"
        )
    data, stays = calculate(call, chosen, banker_stays)
    return StrategyChart(chosen, data, stays)


def _casino_chart(
    call: str, rules: Rules, banker_stays: int | None
) -> tuple[dict[str, Any], int | None]:
    """C1-C11: the infinite-deck table."""
    from pontoon_cli.solver import casino

    if banker_stays is not None:
        raise PontoonError(
            f"{call}: banker_stays= a casino dealer draws by C9, not a chosen rule; leave it out"
        )
    problem = casino.unmodelled(rules)
    if problem is not None:
        raise PontoonError(f"{call}: {problem}")
    return casino.table(casino.CasinoRules.from_rules(rules)), None


def _traditional_chart(
    call: str, rules: Rules, banker_stays: int | None
) -> tuple[dict[str, Any], int | None]:
    """T1-T8: the punter's table against a banker who stays on ``banker_stays``."""
    from pontoon_cli.solver import traditional

    problem = traditional.unmodelled(rules)
    if problem is not None:
        raise PontoonError(f"{call}: {problem}")
    stays = traditional.BANKER_STAYS if banker_stays is None else banker_stays
    within(call, "banker_stays", stays, traditional.LEAST_BANKER_STAYS, 21)
    return traditional.table(traditional.TraditionalRules.from_rules(rules, stays)), stays


#: The calculation of each preset that has one (``pontoon strategy --rules PRESET``).
_CALCULATIONS: dict[str, Callable[[str, Rules, int | None], tuple[dict[str, Any], int | None]]] = {
    "traditional": _traditional_chart,
    "casino": _casino_chart,
}
