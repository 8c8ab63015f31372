"""What every reader of user input accepts, in one place (docs/reference/output.md, "Limits").

Options, scenario files, rules files and logs are all checked against these numbers;
docs/reference/output.md, "Limits", lists them. Each reader refuses input beyond them with exit 2
and a message that names the file, the line and the limit, in time linear in the input.
"""

from __future__ import annotations

from typing import Final

# Every integer a log, scenario or option holds: the range every JSON reader keeps exactly
# (I-JSON, RFC 7493).
MAX_SAFE_INT: Final = 2**53 - 1

# A player's name: printable, no whitespace, at most this many characters.
MAX_NAME_CHARS: Final = 64

# Scenario and rules files are read whole: at most this many bytes, and this deep in nesting.
MAX_DOCUMENT_BYTES: Final = 1 << 20  # 1 MiB
MAX_DOCUMENT_DEPTH: Final = 32

# `simulate --workers`: at most this many local worker processes (each is a Python process of
# its own, some 20 MB; past the machine's cores more only share them).
MAX_WORKERS: Final = 64

# Logs are streamed line by line: at most this many bytes in one line, and in one file (after
# decompression, for .gz and gzip on stdin).
MAX_LOG_LINE_BYTES: Final = 1 << 20  # 1 MiB
MAX_LOG_BYTES: Final = 1 << 36  # 64 GiB

# How many pieces each cache of a log's texts keeps (the log writer's names, words and rule IDs,
# replay's decisions): a hostile log may make them endless, so a full cache makes the rest anew.
KEPT: Final = 4096


def int_problem(value: int, what: str, *, least: int = -MAX_SAFE_INT) -> str | None:
    """Why ``value`` cannot be used as ``what``, or None: below ``least`` or beyond 2**53 - 1."""
    if value < least:
        return f"{what} must be {least} or more, got {value}"
    if value > MAX_SAFE_INT:
        return f"{what} must be at most 2**53 - 1 ({MAX_SAFE_INT}), got {shown(value)}"
    return None


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a player's name, or None. The name is shown escaped (``!r``)."""
    if not isinstance(name, str):
        return f"player name {shown(name)}: a name is text"
    if not name:
        return "player name '': a name cannot be empty"
    if len(name) > MAX_NAME_CHARS:
        return f"player name {shown(name)}: at most {MAX_NAME_CHARS} characters"
    if not name.isprintable() or any(c.isspace() for c in name):
        return f"player name {name!r}: use printable characters without spaces"
    return None


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on (an escape sequence, a newline, a
    bell) written as Python writes it in a repr (``\\x1b``): text from a user's code or a log
    shown to a person."""
    if text.isprintable():
        return text
    return "".join([c if c.isprintable() else repr(c)[1:-1] for c in text])


def shown(value: object) -> str:
    """``repr(value)`` on one short line for a message: an integer past 128 bits (``repr()``
    refuses one past 4300 digits), a long text or a long list is described, never shown whole."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of {value.bit_length()} bits"
    if isinstance(value, (list, tuple, dict)) and len(value) > 8:
        return f"{type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except ValueError:  # a huge integer inside a short list
        return type(value).__name__
    # a text's own length (its repr adds quotes and escapes); anything else's repr's
    return clipped(text, len(value) if isinstance(value, str) else len(text))


def clipped(text: str, length: int) -> str:
    """``text`` (a value written out, ``length`` characters long as its reader counts them) for
    a message: whole up to 60 characters, else its first 50 and how long it is."""
    return text if len(text) <= 60 else f"{text[:50]}…({length} characters)"
