"""What ``pontoon replay`` reports: a divergence, the closing summary, and where they are written.

A :class:`Divergence` is one field whose recorded value the rules do not give, printed as
``FILE:LINE: deal N: PLAYER hand K: FIELD recorded X, rules give Y (RULE-ID)`` or, with
``--json``, as :meth:`Divergence.to_dict`. The :class:`Summary` counts what a run read and found
and gives the exit code (docs/reference/output.md, "Exit codes").
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import IO, Any, Protocol

import orjson

from pontoon_cli.core.limits import clipped
from pontoon_cli.logformat.check import escape_json


@dataclass(frozen=True, slots=True, kw_only=True)
class Divergence:
    """A field whose recorded value the rules do not give: where, what, and the rule ID.

    ``field`` is the field's path in the record (``net``, ``hands[1].net``, ``decisions[4]``,
    ``pack[12]``); ``player`` and ``hand`` say whose it is, when it is someone's. The field
    ``internal`` marks a disagreement between the step-by-step re-deal and the pure settlement
    function: a bug in this tool, not in the log. ``detail`` says what the rules dealt where a
    value alone does not (a net: the hand, its class and total, against the banker's or
    dealer's). ``follows`` is the line of an earlier divergence this one follows from: a field
    replay could not check on its own because the log does not say what the other engine did
    after that divergence (who banks, what the kitty holds, a seat's balance); None for an
    independent divergence. ``because`` then says what replay had to guess (``the kitty after
    deal 6 is unknown``).
    ``missing`` marks a decision the log lacks (``player`` and ``hand``: the hand that lacked
    it; ``recorded`` None; ``expected``: why the rules ask that hand, in words; ``detail``: what
    the log holds there instead), printed ``FIELD missing: EXPECTED (RULE-ID); DETAIL``.
    """

    file: str
    line: int
    deal: int | None
    player: str | None
    hand: int | None
    field: str
    recorded: Any
    expected: Any
    rule: str
    detail: str | None = None
    follows: int | None = None
    missing: bool = False
    because: str | None = None

    def __str__(self) -> str:
        parts = [f"{self.file}:{self.line}"]
        if self.deal is not None:
            parts.append(f"deal {self.deal}")
        if self.player is not None:
            who = escape(self.player)
            parts.append(who if self.hand is None else f"{who} hand {self.hand}")
        if self.missing:
            text = f"{': '.join(parts)}: {escape(self.field)} missing: {escape(str(self.expected))}"
            text += f" ({self.rule})"
        else:
            text = (
                f"{': '.join(parts)}: {escape(self.field)} recorded {show(self.recorded)}, "
                f"rules give {show(self.expected, type(self.expected) is str)} ({self.rule})"
            )
        if self.detail is not None:
            text += f"; {escape(self.detail)}"
        if self.follows is not None:
            why = "" if self.because is None else f": {escape(self.because)}"
            text += f" [follows from line {self.follows}{why}]"
        return text

    def following(self, line: int, because: str | None = None) -> Divergence:
        """The same divergence, marked as following from the one at ``line``: ``because`` says
        what replay had to guess after it."""
        return replace(self, follows=line, because=because)

    def to_json(self) -> bytes:
        """The divergence as one JSON line, with no raw control character from the log."""
        data = orjson.dumps(self.to_dict(), option=orjson.OPT_APPEND_NEWLINE)
        if data.isascii():
            return data
        text = data.decode()
        return text.encode() if text.isprintable() else escape_json(text).encode()

    def to_dict(self) -> dict[str, Any]:
        """The divergence's fields; ``detail``, ``follows``, ``because`` and ``missing`` only
        where they are given."""
        data = asdict(self)
        if self.detail is None:
            del data["detail"]
        if self.follows is None:
            del data["follows"]
        if self.because is None:
            del data["because"]
        if not self.missing:
            del data["missing"]
        return data


def show(value: Any, reason: bool = False) -> str:
    """A value as JSON for a message, with nothing unprintable left raw, and short: a long one
    (a list of a thousand names) is its first 50 characters and its length (``--json`` keeps
    the value as recorded). A ``reason`` (what the rules give, in words: a refusal's message)
    is shown whole up to :data:`REASON_CHARS` characters."""
    text = orjson.dumps(value).decode()
    written = text if text.isprintable() else escape_json(text)
    if reason and len(written) <= REASON_CHARS:
        return written
    return clipped(written, len(text))


#: The longest reason a message shows whole (a refusal's, with the numbers that make it).
REASON_CHARS = 240


def escape(text: str) -> str:
    """Text from a log, as a message may print it: itself if printable, else escaped (``!r``)."""
    return text if text.isprintable() else repr(text)


class Place:
    """Where a check is: the file, the line and the deal (None for the header).

    A plain class with typed fields (native when compiled): replay makes one per deal, and a
    frozen dataclass's ``__init__`` is Python code called through the generic call (3% of replay).
    Nothing changes it after it is made.
    """

    __slots__ = ("deal", "file", "line")

    def __init__(self, file: str, line: int, deal: int | None) -> None:
        self.file = file
        self.line = line
        self.deal = deal

    def div(
        self,
        *,
        field: str,
        recorded: Any,
        expected: Any,
        rule: str,
        player: str | None = None,
        hand: int | None = None,
        detail: str | None = None,
        missing: bool = False,
    ) -> Divergence:
        """A divergence of the field ``field`` at this place; ``player`` and ``hand`` when it is
        someone's, ``detail`` what the rules dealt there; ``missing``: a decision the log lacks."""
        return Divergence(
            file=self.file,
            line=self.line,
            deal=self.deal,
            player=player,
            hand=hand,
            field=field,
            recorded=recorded,
            expected=expected,
            rule=rule,
            detail=detail,
            missing=missing,
        )


@dataclass(slots=True)
class Summary:
    """What a replay run found, for the closing line and the exit code."""

    files: int = 0  # logs opened and read
    lines: int = 0
    deals_verified: int = 0
    deals_diverged: int = 0
    headers_diverged: int = 0  # a header whose cut does not give its banker (T3.2)
    deals_stacked: int = 0  # deals a scenario stacked: no pack continuity to check (T8.1)
    divergences: int = 0
    following: int = 0  # divergences that follow from an earlier one (Divergence.follows)
    unopened: int = 0  # logs that could not be opened, or were refused whole
    errors: int = 0  # unreadable inputs, the unopened included (exit 2)

    @property
    def exit_code(self) -> int:
        """The worst of every log's: 2 unreadable input, 1 a divergence, 0 verified."""
        return 2 if self.errors else 1 if self.divergences else 0

    def __str__(self) -> str:
        text = (
            f"pontoon replay: {count(self.deals_verified, 'deal')} verified, "
            f"{self.deals_diverged} with divergences"
        )
        if self.headers_diverged:
            text += f", {count(self.headers_diverged, 'header')} with divergences"
        if self.divergences:
            text += f" ({count(self.divergences, 'divergence')}"
            if self.following:
                independent = self.divergences - self.following
                text += f", {independent} independent, {self.following} following from them"
            text += ")"
        if self.deals_stacked:
            text += f"; {count(self.deals_stacked, 'deal')} stacked by a scenario, not dealt"
        text += f"; {count(self.lines, 'line')} read from {count(self.files, 'file')}"
        if self.unopened:
            text += f"; {count(self.unopened, 'file')} could not be read"
        if self.errors > self.unopened:
            text += f"; {count(self.errors - self.unopened, 'unreadable input')}"
        return text


def count(n: int, word: str) -> str:
    """``1 deal``, ``2 deals``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Output(Protocol):
    """Where a replay run writes: data lines (stdout), messages (stderr) and its progress."""

    def write(self, data: bytes) -> None: ...

    def message(self, text: str) -> None: ...

    def start(self, name: str, total: int | None) -> None: ...

    def advance(self, position: int) -> None: ...

    def finish(self) -> None: ...


class StreamOutput:
    """Plain streams and no progress bar (tests, benchmarks, pipes)."""

    def __init__(self, out: IO[bytes], err: IO[str] | None = None) -> None:
        self.out = out
        self.err = err

    def write(self, data: bytes) -> None:
        self.out.write(data)

    def message(self, text: str) -> None:
        if self.err is not None:
            self.err.write(text + "\n")

    def start(self, name: str, total: int | None) -> None:
        pass

    def advance(self, position: int) -> None:
        pass

    def finish(self) -> None:
        pass
