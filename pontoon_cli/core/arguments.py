"""A public call's arguments, checked at the call: the message names the call, the parameter,
what it takes and what it got, word for word the same in the compiled and the pure build.

>>> try:
...     takes("play()", "seed", "42", (int, type(None)), "a whole number or None")
... except TypeError as err:
...     print(err)
play(): seed= takes a whole number or None; got str '42'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from pontoon_cli.core.errors import PontoonError
from pontoon_cli.core.limits import MAX_SAFE_INT

#: How much of a wrong argument's repr a message shows.
_SHOWN = 40


class ArgumentError(PontoonError, TypeError):
    """An argument of a type the call does not take: a ``TypeError`` as Python would raise,
    and a :class:`~pontoon_cli.PontoonError`."""


def got(value: object) -> str:
    """``str '42'``: the type and (shortened) repr of what a call was given."""
    text = repr(value)
    if len(text) > _SHOWN:
        text = text[: _SHOWN - 3] + "..."
    return f"{type(value).__name__} {text}"


def takes(call: str, name: str, value: object, kinds: tuple[type, ...], what: str) -> None:
    """ArgumentError unless ``value`` is one of ``kinds`` (a bool is not an int unless ``bool``
    is named): ``call``'s ``name=`` takes ``what``."""
    if isinstance(value, bool) and bool not in kinds and int in kinds:
        raise ArgumentError(f"{call}: {name}= takes {what}; got {got(value)}")
    if not isinstance(value, kinds):
        raise ArgumentError(f"{call}: {name}= takes {what}; got {got(value)}")


def sequence(call: str, name: str, value: object, what: str) -> tuple[str, ...]:
    """``value`` as a tuple if it is a list, a tuple or another sequence (not a str, whose
    letters are no list): else ArgumentError. Its items are the caller's to check."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ArgumentError(f"{call}: {name}= takes {what}; got {got(value)}")
    return tuple(value)


def within(call: str, name: str, value: int, low: int, high: int) -> None:
    """PontoonError (a ValueError) unless ``low <= value <= high``."""
    if not low <= value <= high:
        raise PontoonError(
            f"{call}: {name}= takes a whole number from {_bound(low)} to {_bound(high)}; "
            f"got {value}"
        )


def _bound(number: int) -> str:
    """A range's end as a message writes it: the limits of a log's integers by name."""
    if number == MAX_SAFE_INT:
        return "2**53 - 1"
    return "-(2**53 - 1)" if number == -MAX_SAFE_INT else str(number)


def whole(
    call: str, name: str, value: object, low: int = -MAX_SAFE_INT, high: int = MAX_SAFE_INT
) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (a bool is not): else
    ArgumentError (its type) or PontoonError (its range), as :func:`takes` and :func:`within`."""
    takes(call, name, value, (int,), "a whole number")
    number = cast(int, value)
    within(call, name, number, low, high)
    return number


def whole_or_none(
    call: str, name: str, value: object, low: int = -MAX_SAFE_INT, high: int = MAX_SAFE_INT
) -> int | None:
    """:func:`whole`, or None when ``value`` is None."""
    takes(call, name, value, (int, type(None)), "a whole number or None")
    return None if value is None else whole(call, name, value, low, high)
