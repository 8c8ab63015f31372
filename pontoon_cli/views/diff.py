"""``pontoon diff A B``: two logs compared deal by deal, streaming both at once.

Records are paired in order (header with header, deal with deal) and compared field by field; a
difference is named by its field's path in the record (``hands[0].net``, ``decisions[3]``, and
for a pack or a hand's cards the card's position, ``pack[12]``), with both values.

Which one the rules give: each side is also fed, line by line, to replay's own checker
(:class:`~pontoon_cli.replay.replayer.LogReplayer`, which carries each log's state from deal to
deal), so for a deal that differs the side whose record replays clean is the one the rules give;
``both`` when both replay clean (two seeds, two strategies: the rules allow either), ``neither``
when neither does. A header that differs is reported as such, the rules or the table by name; logs
of different lengths are reported with the deals only one of them holds.

Without ``--all`` reading stops at the first deal that differs. Memory holds two records at a
time, whatever the logs' length.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any, Final

from pontoon_cli.log.reader import LogRecord, Progress, records
from pontoon_cli.logformat.check import MISSING, brief, key_text
from pontoon_cli.replay.replayer import LogReplayer

#: The fields whose text is a list of cards: a difference names the card's position.
CARD_FIELDS: Final = frozenset({"pack", "cards"})
#: The header's parts a difference names: "rules differ", "tables differ".
HEADER_PARTS: Final = {"rules": "rules", "table": "tables"}


@dataclass(frozen=True, slots=True)
class Difference:
    """One thing that differs between logs A and B.

    ``kind`` is ``header``, ``deal`` or ``length``; ``field`` the path of the first field that
    differs (for ``length``: ``deals``, and ``a`` and ``b`` the logs' deal counts), ``a`` and
    ``b`` its values (MISSING: not there), ``rules`` which side the rules give (``a``, ``b``,
    ``both``, ``neither``; None for a header or a length), ``more`` how many other fields of the
    same record differ, ``only`` for a length the deal numbers (first, last) only the longer log
    holds.
    """

    kind: str
    deal: int | None
    line_a: int | None
    line_b: int | None
    field: str
    a: Any
    b: Any
    rules: str | None = None
    more: int = 0
    only: tuple[int, int] | None = None

    def text(self, name_a: str, name_b: str) -> str:
        """One line for a person: where, the field, both values, and what the rules give."""
        if self.kind == "length":
            assert self.only is not None
            first, last = self.only
            deals = f"deal {first}" if first == last else f"deals {first}-{last}"
            longer = name_a if self.a > self.b else name_b
            return (
                f"lengths differ: {name_a} has {_deals(self.a)}, {name_b} {_deals(self.b)} "
                f"({deals} only in {longer})"
            )
        where = f"{name_a}:{self.line_a} {name_b}:{self.line_b}"
        if self.kind == "header":
            part = self.field.split(".", 1)[0].split("[", 1)[0]
            what = HEADER_PARTS.get(part, "headers")
            head = f"{where}: {what} differ: "
        else:
            head = f"{where}: deal {self.deal}: "
        line = f"{head}{key_text(self.field)}: {name_a} {brief(self.a)}, {name_b} {brief(self.b)}"
        if self.rules is not None:
            line += "; " + _verdict(self.rules, name_a, name_b)
        if self.more:
            line += f" (and {self.more} more field{'s' if self.more != 1 else ''})"
        return line

    def to_dict(self, name_a: str, name_b: str) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "deal": self.deal,
            "line_a": self.line_a,
            "line_b": self.line_b,
            "field": self.field,
            "a": None if self.a is MISSING else self.a,
            "b": None if self.b is MISSING else self.b,
            "rules": self.rules,
            "more": self.more,
            "only": None if self.only is None else list(self.only),
        }


def _deals(n: int) -> str:
    return f"{n} deal" if n == 1 else f"{n} deals"


def _verdict(rules: str, name_a: str, name_b: str) -> str:
    if rules == "a":
        return f"the rules give {name_a}'s ({name_b}'s deal does not replay)"
    if rules == "b":
        return f"the rules give {name_b}'s ({name_a}'s deal does not replay)"
    if rules == "both":
        return "the rules allow both (each replays clean)"
    return "the rules give neither (neither replays clean)"


def differences(a: Any, b: Any, path: str = "") -> Iterator[tuple[str, Any, Any]]:
    """Every (path, value in A, value in B) where ``a`` and ``b`` differ, in A's key order then
    B's extra keys; a value of another type differs (1 is not 1.0, nor true)."""
    if type(a) is dict and type(b) is dict:
        for key, value in a.items():
            where = f"{path}.{key_text(key)}" if path else key_text(key)
            yield from differences(value, b.get(key, MISSING), where)
        for key, value in b.items():
            if key not in a:
                yield (f"{path}.{key_text(key)}" if path else key_text(key)), MISSING, value
        return
    if type(a) is list and type(b) is list:
        for i in range(max(len(a), len(b))):
            yield from differences(
                a[i] if i < len(a) else MISSING, b[i] if i < len(b) else MISSING, f"{path}[{i}]"
            )
        return
    if type(a) is str and type(b) is str and a != b and _last_key(path) in CARD_FIELDS:
        ca, cb = a.split(" "), b.split(" ")
        for i in range(max(len(ca), len(cb))):
            x = ca[i] if i < len(ca) else MISSING
            y = cb[i] if i < len(cb) else MISSING
            if x != y:
                yield f"{path}[{i}]", x, y
        return
    if type(a) is not type(b) or a != b:
        yield path, a, b


def _last_key(path: str) -> str:
    return path.rsplit(".", 1)[-1]


class Diff:
    """Compares logs ``a`` and ``b``; :meth:`run` yields each :class:`Difference`."""

    def __init__(
        self,
        a: str,
        b: str,
        *,
        every: bool = False,
        stdin: IO[bytes] | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.a, self.b = a, b
        self.every = every
        self.stdin = stdin
        self.progress = progress  # told how far A is read: both go deal by deal
        self.deals = 0  # deals compared

    def run(self) -> Iterator[Difference]:
        """The differences, in order; raises LogFormatError for unreadable input."""
        side_a = records(self.a, self.stdin, self.progress)
        side_b = records(self.b, self.stdin)
        try:
            yield from self._compare(side_a, side_b)
        finally:  # the progress bar goes now, not when the generator is collected
            side_a.close()
            side_b.close()

    def _compare(
        self, side_a: Iterator[LogRecord], side_b: Iterator[LogRecord]
    ) -> Iterator[Difference]:
        check_a: LogReplayer | None = None
        check_b: LogReplayer | None = None
        while True:
            ra, rb = next(side_a, None), next(side_b, None)
            if ra is None or rb is None:
                if ra is not None or rb is not None:
                    yield self._length(ra, rb, side_a, side_b)
                return
            if check_a is None or check_b is None:
                check_a, check_b = LogReplayer(ra.at.file), LogReplayer(rb.at.file)
            # each side as the rules re-deal it where it leaves a field out (a minimal log)
            record_a, found_a = check_a.completed(ra)
            record_b, found_b = check_b.completed(rb)
            clean_a, clean_b = found_a is None, found_b is None
            if ra.kind == "header" or rb.kind == "header":
                yield from self._headers(ra, rb)
                continue
            self.deals += 1
            found = list(
                _first(
                    (
                        (field, x, y)
                        for field, x, y in differences(record_a, record_b)
                        # a field one side leaves out that its re-deal cannot give (pack_state)
                        if (x is not MISSING and y is not MISSING)
                        or (record_a is ra.record and record_b is rb.record)
                    ),
                    1000,
                )
            )
            if not found:
                continue
            field, x, y = found[0]
            rules = {
                (True, True): "both",
                (True, False): "a",
                (False, True): "b",
                (False, False): "neither",
            }[clean_a, clean_b]
            yield Difference(
                kind="deal",
                deal=ra.record["deal"],
                line_a=ra.at.line,
                line_b=rb.at.line,
                field=field,
                a=x,
                b=y,
                rules=rules,
                more=len(found) - 1,
            )
            if not self.every:
                return

    def _headers(self, ra: LogRecord, rb: LogRecord) -> Iterator[Difference]:
        if ra.kind != rb.kind:  # a game starts in one log and not in the other
            yield Difference(
                kind="header",
                deal=None,
                line_a=ra.at.line,
                line_b=rb.at.line,
                field="type",
                a=ra.kind,
                b=rb.kind,
            )
            return
        seen: set[str] = set()
        for field, x, y in differences(ra.record, rb.record):
            part = field.split(".", 1)[0].split("[", 1)[0]
            if part in seen:  # the first difference of each part: rules, table, seed...
                continue
            seen.add(part)
            yield Difference(
                kind="header",
                deal=None,
                line_a=ra.at.line,
                line_b=rb.at.line,
                field=field,
                a=x,
                b=y,
            )

    def _length(
        self,
        ra: LogRecord | None,
        rb: LogRecord | None,
        side_a: Iterator[LogRecord],
        side_b: Iterator[LogRecord],
    ) -> Difference:
        """The deals only the longer log holds, counted as it streams on (each still read and
        checked, so an unreadable line after them is still exit 2)."""
        first = ra if ra is not None else rb
        rest = side_a if ra is not None else side_b
        assert first is not None
        count = 0
        low = high = 0
        for record in _chain(first, rest):
            if record.kind == "deal":
                count += 1
                high = record.record["deal"]
                low = low or high
        a, b = self.deals, self.deals
        if ra is not None:
            a += count
        else:
            b += count
        return Difference(
            kind="length",
            deal=None,
            line_a=None,
            line_b=None,
            field="deals",
            a=a,
            b=b,
            only=(low, high),
        )


def _chain(first: LogRecord, rest: Iterator[LogRecord]) -> Iterator[LogRecord]:
    yield first
    yield from rest


def _first(items: Iterator[tuple[str, Any, Any]], most: int) -> Iterator[tuple[str, Any, Any]]:
    for i, item in enumerate(items):
        if i == most:
            return
        yield item
