"""Why a decision is illegal, written once for every game: the refusal (rule ID, player, hand,
message), the amount checks every stake and price makes (T7.3), and the action words a game
takes (:func:`action_units`).

Each game's deal answers ``problem(action, player, hand, amount)`` with a :class:`Refusal` or
None; :class:`~pontoon_cli.base.deal.DealBase` writes ``verify`` (raise it) and ``can`` (test for
it) once on top.
"""

from __future__ import annotations

from pontoon_cli.core.actions import ActionTable
from pontoon_cli.core.errors import IllegalAction


class Refusal:
    """Why a decision is illegal, before its message is written: the rule ID, the player, the
    hand, and the message as a template and its values.

    ``can`` only tests for one; ``verify`` raises :meth:`error`, which writes the message. A
    "no" that nobody reads (a strategy asking ``can("stick", ...)``) then formats nothing and
    builds no exception (docs/development/style.md, "The engine").
    """

    __slots__ = ("args", "hand", "player", "rule", "template")

    def __init__(
        self, rule: str, player: str, hand: int, template: str, args: tuple[object, ...] = ()
    ) -> None:
        self.rule = rule
        self.player = player
        self.hand = hand
        self.template = template
        self.args = args

    @property
    def reason(self) -> str:
        """The message, as :class:`IllegalAction` shows it after the place."""
        return self.template.format(*self.args) if self.args else self.template

    def error(self) -> IllegalAction:
        return IllegalAction(self.reason, self.rule, self.player, self.hand)


def raise_refusal(problem: Refusal | None) -> None:
    """``verify``: raise the refusal as an :class:`IllegalAction`, if there is one."""
    if problem is not None:
        raise problem.error()


def amount_problem(
    amount: object, what: str, player: str, hand: int, rule: str = "T7.3"
) -> Refusal | None:
    """A stake or a price is a whole number of 1 or more (T7.3), whatever it pays for; cited
    as ``rule``, the rule of the decision where it has its own (C3 a casino stake, S2-S5 a
    shoot bet)."""
    if type(amount) is not int or amount < 1:
        return Refusal(
            rule,
            player,
            hand,
            "cannot {} {!r}: amounts are whole units of 1 or more",
            (what, amount),
        )
    return None


def action_units(
    table: ActionTable, action: object, amount: int | None, player: str, hand: int, rule: str
) -> int:
    """What the decision ``action`` puts on the table (0 when it takes no amount), once it is a
    word of ``table`` given an amount exactly when it takes one; else the refusal, citing the
    word's own rule (a word of another game's: that game's rule; any other: ``rule``)."""
    word = table.by_word.get(action) if isinstance(action, str) else None  # a log may hold any
    if word is None:
        belongs = table.others.get(action, rule) if isinstance(action, str) else rule
        raise IllegalAction(
            f"unknown action {action!r}: expected {table.listed()}", belongs, player, hand
        )
    if amount is None:
        if word.amount:  # each action's own rule: T4.2 a stake, T5.3 a buy, C3
            raise IllegalAction(f"{action} needs an amount", word.rule, player, hand)
        return 0
    if not word.amount:
        raise IllegalAction(f"{action} takes no amount", word.rule, player, hand)
    return amount
