"""One small exception family, rooted at ValueError.

Every message carries the offending value (with ``!r``), the place (file:line, deal, player, hand)
and, where a rule decides, the rule ID from docs/rules.md.
"""

from __future__ import annotations


class PontoonError(ValueError):
    """Root of every error this package raises on purpose."""


class CardError(PontoonError):
    """A card string that is not a card."""


class RulesError(PontoonError):
    """A rules setting that is unknown or out of range."""


class IllegalAction(PontoonError):
    """A decision the rules forbid, or one asked of the wrong player or in the wrong phase.

    ``rule`` is the rule ID (``T5.4``); ``player`` and ``hand`` (1-based) say where.
    The deal number and a script's file:line are added by whoever knows them, through
    :meth:`placed`.
    """

    def __init__(
        self,
        reason: str,
        rule: str,
        player: str | None = None,
        hand: int | None = None,
        deal: int | None = None,
        where: str | None = None,
    ) -> None:
        self.reason = reason
        self.rule = rule
        self.player = player
        self.hand = hand
        self.deal = deal
        self.where = where  # "file:line" of a scripted action, when there is one
        # The text is made when it is read (str), not here: a can_* check that answers no builds
        # its IllegalAction without raising it, and mostly without showing it
        # (docs/development/style.md, "The engine").
        super().__init__(reason, rule, player, hand, deal, where)

    def __str__(self) -> str:
        return self._text()

    def _text(self) -> str:
        place = []
        if self.deal is not None:
            place.append(f"deal {self.deal}")
        if self.player is not None:
            place.append(self.player)
        if self.hand is not None:
            place.append(f"hand {self.hand}")
        body = f"{self.reason} ({self.rule})" if self.rule else self.reason
        text = f"{', '.join(place)}: {body}" if place else body
        return f"{self.where}: {text}" if self.where else text

    def placed(self, deal: int, where: str | None = None) -> IllegalAction:
        """The same error, placed at deal number ``deal`` and, for a script, at file:line."""
        return type(self)(self.reason, self.rule, self.player, self.hand, deal, where)


class ScenarioError(PontoonError):
    """A scenario or rules file that cannot be used as written (exit 2). ``problems`` lists
    each problem found (``FILE:LINE: what is wrong``) when the file was read whole."""

    def __init__(self, message: str, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


class ExpectationError(PontoonError):
    """A scenario's expectation the play did not meet (the rules say otherwise: exit 1).

    ``str()`` is what ``pontoon play --scenario`` prints: the count, then one row per failed
    expectation (``FILE:LINE``, the deal, the key, expected and actual). ``deals`` is how many
    deals were played (the log holds them all).
    """

    def __init__(self, message: str, deals: int) -> None:
        super().__init__(message)
        self.deals = deals


class LogFormatError(PontoonError):
    """A log line that cannot be read: not JSON, truncated, wrong type or version (exit 2).

    ``path`` is the log as the message names it (``-``: stdin) and ``line`` the line's number
    (1-based), as ``IllegalAction`` carries its player and hand; ``line`` is None when the log
    is refused whole (missing, not gzip, too big), ``path`` None when no log was named.
    """

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.line = line


class StrategyError(PontoonError):
    """A strategy of the user's (``--strategy MODULE:NAME``) that cannot be loaded, or that
    raised or answered what its seat may not do (exit 2).

    ``kept`` says what a log kept of the deals before it ("6 deals written"), and ``shard``
    which shard of a simulation it was playing; each is added to the message when set.
    """

    def __init__(self, message: str) -> None:
        self.message = message
        self.kept: str | None = None
        self.shard: str | None = None
        super().__init__(message)

    def __str__(self) -> str:
        text = self.message
        if self.shard is not None:
            text = f"{text}; in {self.shard}"
        return f"{text}; {self.kept}" if self.kept else text
