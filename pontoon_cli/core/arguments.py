"""A public call's arguments, checked at the call: the message names the call, the parameter,
what it takes and what it got, word for word the same in the compiled and the pure build.

>>> try:
...     takes("play()", "seed", "42", (int, type(None)), "a whole number or None")
... except TypeError as err:
...     print(err)
play(): seed= takes a whole number or None; got str '42'
"""

from __future__ import annotations

from pontoon_cli.core.errors import PontoonError

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


def within(call: str, name: str, value: int, low: int, high: int) -> None:
    """PontoonError (a ValueError) unless ``low <= value <= high``."""
    if not low <= value <= high:
        raise PontoonError(
            f"{call}: {name}= takes a whole number from {low} to {high}; got {value}"
        )
