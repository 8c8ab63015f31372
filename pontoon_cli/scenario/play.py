"""A checked scenario, and playing it: scripted deals through the engine, expectations compared.

:func:`pontoon_cli.scenario.reader.load` builds a :class:`Scenario`; :func:`play` plays it through
the same engine methods live play uses and returns every failed expectation as a :class:`Mismatch`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pontoon_cli.base.game import GameBase
from pontoon_cli.casino.deal import CasinoDeal, CasinoGame
from pontoon_cli.casino.players import CasinoPlayers
from pontoon_cli.core.cards import Card
from pontoon_cli.core.errors import IllegalAction
from pontoon_cli.core.events import BankSold
from pontoon_cli.core.rng import session_rngs
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.games import find_game
from pontoon_cli.scenario.document import Locator, Path_
from pontoon_cli.shoot.deal import ShootDeal, ShootGame
from pontoon_cli.traditional.engine import Deal, DealBase, Game, Phase
from pontoon_cli.traditional.players import Players

#: The strategy that decides nothing: a script that runs out is an error.
STRICT = "strict"


# the scenario model ------------------------------------------------------------------------------


@dataclass(slots=True)
class Step:
    """One scripted action: the engine word, its amount, and the line it came from."""

    action: str
    amount: int | None
    line: int
    text: str


@dataclass(slots=True)
class DealScript:
    """One ``[[deal]]`` block."""

    number: int
    line: int
    pack: list[Card] | None = None
    stakes: dict[str, tuple[int, int]] = field(default_factory=dict)  # player -> (amount, line)
    scripts: dict[str, list[Step]] = field(default_factory=dict)  # player or "banker"
    sell_bank: tuple[str, int, int] | None = None  # (buyer, price, line)
    kitty_add: tuple[int, int] | None = None  # (amount, line): S8, before this deal
    expect: dict[str, Any] = field(default_factory=dict)
    expect_line: int = 0


@dataclass(slots=True)
class Scenario:
    """A checked scenario file, ready to play."""

    file: str
    name: str | None
    rules: Rules
    table: Table
    seed: int
    strategy: str
    banker_strategy: str
    deals: list[DealScript]
    total_deals: int
    locator: Locator


# playing ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One failed expectation: where, which key, expected and actual."""

    line: int
    deal: int
    key: str
    expected: Any
    actual: Any


def play(
    scenario: Scenario,
    on_start: Callable[[GameBase], None],
    on_deal: Callable[[GameBase, DealBase, BankSold | None], None],
) -> list[Mismatch]:
    """Play the scenario; report each finished deal; return every failed expectation.

    Raises IllegalAction, placed at file:line, for an illegal action, a script that runs out
    under ``strict``, or an action left over.
    """
    game_rng, players_rng = session_rngs(scenario.seed)
    definition = find_game(scenario.rules)
    game = definition.game(scenario.rules, scenario.table, game_rng)
    auto_punter = scenario.strategy if scenario.strategy != STRICT else None
    auto_banker = scenario.banker_strategy if scenario.banker_strategy != STRICT else None
    players = definition.players(
        scenario.table.seats, players_rng, auto_punter or "default", auto_banker or "default"
    )
    scripted = SCRIPTED_GAMES[definition.preset]
    on_start(game)
    failures: list[Mismatch] = []
    for number in range(1, scenario.total_deals + 1):
        script = scenario.deals[number - 1] if number <= len(scenario.deals) else None
        sale = None
        if script is not None and script.sell_bank is not None and isinstance(game, Game):
            buyer, price, line = script.sell_bank
            try:
                sale = game.sell_bank(buyer, price)
            except IllegalAction as err:
                raise _placed(scenario, line, err, number) from None
        if script is not None and script.kitty_add is not None and isinstance(game, ShootGame):
            amount, line = script.kitty_add
            try:
                game.add_to_kitty(amount)  # S8
            except IllegalAction as err:
                raise _placed(scenario, line, err, number) from None
        if script is not None and script.pack is not None:
            game.stack(script.pack)
        if not game.can_deal():
            least = scenario.table.min_stake
            casino = isinstance(game, CasinoGame)
            raise IllegalAction(
                f"no {'seat' if casino else 'punter'} can cover the minimum stake of {least}: "
                "the game cannot go on",
                "C3" if casino else "T8.6",
                deal=number,
                where=f"{scenario.file}:"
                f"{script.line if script is not None else scenario.locator.line(('deals',))}",
            )
        deal = game.start_deal()
        if isinstance(deal, CasinoDeal) and isinstance(players, CasinoPlayers):
            decide = partial(players.decide, deal)
            _play_scripted(scenario, script, deal, decide, None, auto_punter, None, scripted)
            game.finish_deal(deal)
            if script is not None:
                failures.extend(_compare_round(script, game, deal))
        else:
            assert isinstance(deal, Deal) and isinstance(players, Players)
            assert isinstance(game, Game)
            decide = partial(players.decide, deal)
            banker = deal.banker
            _play_scripted(
                scenario, script, deal, decide, banker, auto_punter, auto_banker, scripted
            )
            game.finish_deal(deal)
            if script is not None:
                failures.extend(_compare(script, game, deal))
        on_deal(game, deal, sale)
    return failures


def _placed(scenario: Scenario, line: int, err: IllegalAction, deal: int) -> IllegalAction:
    return err.placed(deal, f"{scenario.file}:{line}")


@dataclass(frozen=True, slots=True)
class OptionalDecision:
    """A decision a script may take or leave (PokerKit's "automations"): in ``phase`` it is
    taken only when the actor's next scripted word is one of ``words``; else ``decline``
    leaves it, and with the actor's script run out his strategy decides (``strict``: declined).
    """

    phase: Phase
    words: tuple[str, ...]
    decline: Callable[[DealBase, str], None]


def _no_double(deal: DealBase, player: str) -> None:
    """V3: the banker leaves the stakes as they are (a logged decision)."""
    deal.act(player, 1, "no_double")


def _pass_shoot(deal: DealBase, player: str) -> None:
    """S2: the punter passes in the round of shoot bets (no logged decision, so no word)."""
    assert isinstance(deal, ShootDeal)  # only a Shoot deal has the round of shoot bets
    deal.decline(player)


#: V3: the banker's double, after the stakes, only with ``banker_doubles``.
BANKER_DOUBLE = OptionalDecision(Phase.BANKER_DOUBLE, ("double", "no_double"), _no_double)
#: S2: a shoot bet in the round after the stakes.
SHOOT_BET = OptionalDecision(Phase.SHOOT, ("shoot",), _pass_shoot)


@dataclass(frozen=True, slots=True)
class ScriptedGame:
    """What the scripted-deal driver knows of a game beyond the base deal: its optional
    decisions, and the rule a scripted action left over when a seat's hands are finished
    breaks (T5 a punter's, C6 a casino player's; T6.2 a banker's)."""

    optional: tuple[OptionalDecision, ...]
    play_rule: str


#: Each game's scripted play, by preset (pontoon_cli.games names the presets).
SCRIPTED_GAMES: dict[str, ScriptedGame] = {
    "traditional": ScriptedGame((BANKER_DOUBLE,), "T5"),
    "shoot": ScriptedGame((BANKER_DOUBLE, SHOOT_BET), "T5"),
    "casino": ScriptedGame((), "C6"),
}


def _play_scripted(
    scenario: Scenario,
    script: DealScript | None,
    deal: DealBase,
    decide: Callable[[], None],
    banker: str | None,
    auto_punter: str | None,
    auto_banker: str | None,
    game: ScriptedGame,
) -> None:
    """A scripted deal of any game (T4-T8; C3-C11): each seat's stake and actions from the
    script, the rest by ``decide`` (its strategy; an error under ``strict``). ``banker`` (None
    at a casino table) acts under his name or ``banker``; a casino dealer has no script: his
    play is automatic (C9), so ``check`` refuses one."""
    queues: dict[str, deque[Step]] = {}
    if script is not None:
        for who, steps in script.scripts.items():
            queues[who] = deque(steps)
        if banker is not None:
            _banker_script(scenario, script, deal, banker, queues)
        for who in deal.sitting_out:  # T8.6, C3: no stake beyond the balance; he sits out
            if who in script.stakes:
                amount, line = script.stakes[who]
                balance = deal.balances_before[who]
                reason = (
                    f"cannot stake {amount} with a balance of {balance}: below the minimum "
                    f"stake of {deal.table.min_stake}, {who} sits this {deal.DEAL_WORD} out"
                )
                rule = deal.STAKE_BALANCE_RULE
                raise _placed(scenario, line, IllegalAction(reason, rule, who, 1), deal.number)
    optional = {choice.phase: choice for choice in game.optional}
    block_line = script.line if script is not None else 1
    while deal.phase is not Phase.END:
        actor = deal.actor
        assert actor is not None
        player, hand = actor
        phase = deal.phase
        is_banker = phase is Phase.BANKER or phase is Phase.BANKER_DOUBLE
        auto = auto_banker if is_banker else auto_punter
        if phase is Phase.STAKES:
            stake = script.stakes.get(player) if script is not None else None
            if stake is not None:
                try:
                    deal.stake(player, stake[0])
                except IllegalAction as err:
                    raise _placed(scenario, stake[1], err, deal.number) from None
                continue
        else:
            queue = queues.get(player)
            choice = optional.get(phase)
            if choice is not None:  # V3, S2: taken only if it is the next scripted action
                if queue and queue[0].action in choice.words:
                    _act(scenario, deal, queue.popleft(), player, hand)
                elif queue or auto is None:
                    choice.decline(deal, player)
                else:
                    decide()
                continue
            if queue:
                _act(scenario, deal, queue.popleft(), player, hand)
                continue
        if auto is None:
            line = _script_line(scenario, script, "banker" if is_banker else player, block_line)
            raise _unscripted(scenario, line, deal, player, hand)
        decide()
    _left_over(scenario, queues, deal, lambda who: "T6.2" if who == banker else game.play_rule)


def _banker_script(
    scenario: Scenario,
    script: DealScript,
    deal: DealBase,
    banker: str,
    queues: dict[str, deque[Step]],
) -> None:
    """The banker's actions, given under his name or under ``banker`` (T6.1), and no stake of
    his (T4.2)."""
    if banker in queues and "banker" in queues:
        raise IllegalAction(
            f"{banker} banks this deal: give his actions under 'banker' or his name, not both",
            "T6.1",
            banker,
            None,
            deal.number,
            f"{scenario.file}:{script.line}",
        )
    if "banker" in queues:
        queues[banker] = queues.pop("banker")
    if banker in script.stakes:
        _, line = script.stakes[banker]
        raise _placed(
            scenario,
            line,
            IllegalAction("the banker does not stake", "T4.2", banker, 1),
            deal.number,
        )


def _act(scenario: Scenario, deal: DealBase, step: Step, player: str, hand: int) -> None:
    """A scripted step through the deal's own method; an illegal one placed at its line."""
    try:
        deal.act(player, hand, step.action, step.amount)
    except IllegalAction as err:
        raise _placed(scenario, step.line, err, deal.number) from None


def _compare_round(script: DealScript, game: GameBase, deal: CasinoDeal) -> Iterator[Mismatch]:
    """A casino round's expectations: ``net``, ``balance``, ``class`` (a seat's hands) and
    ``dealer_class``."""
    yield from _compare_seats(script, game, deal, None, "")
    expect = script.expect
    if "dealer_class" in expect:
        label = deal.dealer_hand.cls.label
        if label != expect["dealer_class"]:
            line = script.expect_line or script.line
            yield Mismatch(line, deal.number, "dealer_class", expect["dealer_class"], label)


def _compare_seats(
    script: DealScript, game: GameBase, deal: DealBase, house: str | None, house_class: str
) -> Iterator[Mismatch]:
    """Every game's expectations of the seats: ``net``, ``balance`` and ``class`` (the class
    each hand was settled as: V6, V7, hands.rate; the banker's, ``house``, is his one hand's,
    ``house_class``)."""
    expect = script.expect
    line = script.expect_line or script.line
    n = deal.number
    for who, amount in expect.get("net", {}).items():
        actual = deal.nets.get(who, 0)
        if actual != amount:
            yield Mismatch(line, n, f"net.{who}", amount, actual)
    for who, amount in expect.get("balance", {}).items():
        if game.balances[who] != amount:
            yield Mismatch(line, n, f"balance.{who}", amount, game.balances[who])
    for who, cls in expect.get("class", {}).items():
        actual_classes = [h.cls.label for h in deal.hands.get(who, [])]
        if who == house:
            actual_classes = [house_class]
        wanted = cls if isinstance(cls, list) else [cls]
        if actual_classes != wanted:
            shown: Any = (
                actual_classes
                if isinstance(cls, list) or len(actual_classes) != 1
                else actual_classes[0]
            )
            yield Mismatch(line, n, f"class.{who}", cls, shown if actual_classes else "no hand")


def _unscripted(
    scenario: Scenario, line: int, deal: DealBase, player: str, hand: int
) -> IllegalAction:
    """A decision the strict script has no step for, with what would be legal."""
    legal = ", ".join(_legal_text(a) for a in deal.legal_actions())
    what = "stake" if deal.phase is Phase.STAKES else "action"
    return _placed(
        scenario,
        line,
        IllegalAction(
            f'the script has no {what} for this decision (strategy "strict"); legal now: {legal}',
            "",
            player,
            hand,
        ),
        deal.number,
    )


def _left_over(
    scenario: Scenario, queues: dict[str, deque[Step]], deal: DealBase, rule: Callable[[str], str]
) -> None:
    """A scripted step still waiting when its player's hands are finished is an error."""
    for who, queue in queues.items():
        if queue:
            step = queue[0]
            raise _placed(
                scenario,
                step.line,
                IllegalAction(
                    f"action {step.text!r} is left over: {who}'s hands are finished",
                    rule(who),
                    who,
                    None,
                ),
                deal.number,
            )


def _script_line(scenario: Scenario, script: DealScript | None, who: str, default: int) -> int:
    if script is None:
        return default
    path: Path_ = ("deal", script.number - 1, who)
    return scenario.locator.index.get(path, default)


def _legal_text(action: Any) -> str:
    if action.low is None:
        return str(action.action)
    if action.low == action.high:
        return f"{action.action} {action.low}"
    return f"{action.action} {action.low}-{action.high}"


def _compare(script: DealScript, game: Game, deal: Deal) -> Iterator[Mismatch]:
    """A traditional (or Shoot) deal's expectations: the seats', then ``banker_class``,
    ``next_banker`` and ``kitty``."""
    yield from _compare_seats(script, game, deal, deal.banker, deal.banker_hand.cls.label)
    expect = script.expect
    line = script.expect_line or script.line
    n = deal.number
    if "banker_class" in expect:
        label = deal.banker_hand.cls.label
        if label != expect["banker_class"]:
            yield Mismatch(line, n, "banker_class", expect["banker_class"], label)
    if "next_banker" in expect and deal.next_banker != expect["next_banker"]:
        yield Mismatch(line, n, "next_banker", expect["next_banker"], deal.next_banker)
    if "kitty" in expect and game.kitty != expect["kitty"]:  # S1-S10: the kitty after the deal
        yield Mismatch(line, n, "kitty", expect["kitty"], game.kitty)


def describe_failures(file: str, failures: list[Mismatch]) -> str:
    """Expected and actual side by side, one line per failed key."""
    rows = [
        (f"{file}:{m.line}", f"deal {m.deal}", m.key, _show(m.expected), _show(m.actual))
        for m in failures
    ]
    head = ("where", "deal", "key", "expected", "actual")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(5)]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip()
        for r in [head, *rows]
    ]
    return "\n".join(lines)


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)
