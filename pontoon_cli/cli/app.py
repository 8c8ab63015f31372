"""The ``pontoon`` application: the command group, messages, and how every command ends.

Errors are converted only in the ``cli*`` modules, and only our own exception types (errors.py):
bad input exits 2, a rule broken (an illegal action, a failed expectation) exits 1, a write error
exits 2, Ctrl-C exits 130 (another stop signal 128 + its number), and a closed pipe ends output
quietly with the code the run would have had (output.py). Data goes to stdout as bytes; messages
for people go to stderr. The commands live in ``cli_play`` and ``cli_tools``; ``cli`` gathers them.
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any, Final, NoReturn, ParamSpec, TypeVar

import orjson
import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from pontoon_cli._version import __version__
from pontoon_cli.core.errors import StrategyError
from pontoon_cli.core.limits import shown
from pontoon_cli.core.stop import Interrupted
from pontoon_cli.log.output import (
    STDOUT_NAME,
    Guarded,
    OutputError,
    quiet_text_streams,
    silence,
    stop_signals,
)

# Imported where used, so a command loads only what it needs (`pontoon play --seed 1` loads no
# rich, no scenario reader, no replay, no secrets): rich (messages, the rules table), the
# scenario reader (scenario files, rules files, check), replay, render (progress bars).

#: The order of the commands in ``pontoon --help``: the README's.
COMMAND_ORDER = (
    "play",
    "replay",
    "cases",
    "show",
    "stats",
    "diff",
    "simulate",
    "strategy",
    "check",
    "rules",
    "schema",
)


class _Group(TyperGroup):
    """The ``pontoon`` group: commands listed in the README's order, not the order of definition."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plainly_read(super().get_params(ctx))

    def list_commands(self, ctx: Any) -> list[str]:
        known = super().list_commands(ctx)
        return [n for n in COMMAND_ORDER if n in known] + [
            n for n in known if n not in COMMAND_ORDER
        ]


_UNSURE: Any = object()
_DIGITS = re.compile(r"-?[0-9]{1,30}")


def _plain_value(param: Any, value: Any) -> Any:
    """What typer's own reading gives for ``value`` of ``param``, where that is plain: a value not
    given (None, or ``()`` when repeatable), a flag's bool, a string for ``str``, ASCII digits for
    ``int`` (or an ``int`` default), a ``Path`` typer would take as it is (:func:`_plain_path`),
    strings for ``list[str]``. ``_UNSURE`` for anything else: typer reads it.

    Typer (0.29) reads every parameter of the command it runs through a pydantic validator, given
    or not, and importing pydantic for it is 80 of the 120 ms ``pontoon play --seed 1 --deals 1``
    spends past its imports; a value this reads plainly is the one typer gives
    (tests/cli/test_cli.py compares every option of every command both ways)."""
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None:  # a typer without validators: click's own reading is cheap
        return _UNSURE
    annotation = descriptor.annotation
    info = descriptor.parameter_info
    if any(getattr(info, k, None) is not None for k in ("parser", "click_type", "min", "max")):
        return _UNSURE  # a reading of its own (none of pontoon's options has one today)
    many = param.multiple or param.nargs == -1
    if value is None:
        return () if many else None
    if many:
        texts = isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value)
        if texts and annotation == list[str]:
            return list(value)
        if texts and annotation == list[Path]:
            paths = [_plain_path(info, v) for v in value]
            return _UNSURE if any(p is _UNSURE for p in paths) else paths
        return _UNSURE
    if param.nargs != 1:
        return _UNSURE
    if annotation is bool and isinstance(value, bool):
        return value
    if annotation is str and isinstance(value, str):
        return value
    if annotation is int and isinstance(value, str) and _DIGITS.fullmatch(value):
        return int(value)
    if annotation is int and type(value) is int:  # a default given as a number (--workers)
        return value
    if annotation is Path and isinstance(value, str):
        return _plain_path(info, value)
    return _UNSURE


#: A path parameter's options as typer has them by default: none of pontoon's sets another.
_PATH_DEFAULTS: Final = (
    ("exists", False),
    ("file_okay", True),
    ("dir_okay", True),
    ("writable", False),
    ("readable", True),
    ("resolve_path", False),
    ("allow_dash", False),
    ("path_type", None),
)


def _plain_path(info: Any, text: str) -> Any:
    """A ``Path`` parameter's value as typer gives it, where typer would take it: ``Path(text)``
    when nothing is there (typer asks only that a path that exists be readable); ``_UNSURE``
    for a parameter with path options of its own, a path that exists but cannot be read, or a
    path the system refuses to look at (typer says what is wrong, in its words)."""
    if any(getattr(info, key, default) != default for key, default in _PATH_DEFAULTS):
        return _UNSURE
    path = Path(text)
    try:
        os.stat(path)
    except OSError:
        return path
    except ValueError:  # a NUL byte
        return _UNSURE
    return path if os.access(path, os.R_OK) else _UNSURE


#: A whole number as every option (and --set) reads one: ASCII digits, a minus sign at most.
WHOLE_NUMBER: Final = re.compile(r"-?[0-9]+")
MOST_DIGITS: Final = 4000  # past this a whole number is refused unread (int() stops at 4,300)


def _whole_number(param: Any, value: Any) -> None:
    """An integer option's text is ASCII digits, a minus sign at most: ``--rounds 1e6``, ``1_000``,
    `` 5``, ``+5`` and ``abc`` exit 2 in one line of pontoon's own (Python's int() and pydantic
    take more, and say it in their words)."""
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None or not isinstance(value, str) or descriptor.annotation not in _INTS:
        return
    name = next((o for o in getattr(param, "opts", ()) if o.startswith("--")), None)
    name = name or param.human_readable_name
    if not WHOLE_NUMBER.fullmatch(value):
        fail(f"{name} must be a whole number, got {shown(value)}")
    digits = len(value.lstrip("-"))
    if digits > MOST_DIGITS:
        fail(f"{name} must be within ±(2**53 - 1), got a number of {digits} digits")


_INTS = (int, int | None)


def _process(param: Any, ctx: Any, value: Any) -> Any:
    """``process_value`` without typer's validator where the value is plain (above): then the
    required check and the callback, as typer does after reading it."""
    _whole_number(param, value)
    plain = _plain_value(param, value)
    if plain is _UNSURE or (param.required and param.value_is_missing(plain)):
        return _UNSURE
    if param.callback is not None:
        plain = param.callback(ctx, param, plain)
    return plain


class _Option(TyperOption):
    """An option read without typer's pydantic validator where its value is plain (_plain_value)."""

    def process_value(self, ctx: Any, value: Any) -> Any:
        done = _process(self, ctx, value)
        return super().process_value(ctx, value) if done is _UNSURE else done


class _Argument(TyperArgument):
    """An argument read without typer's pydantic validator where its value is plain."""

    def process_value(self, ctx: Any, value: Any) -> Any:
        done = _process(self, ctx, value)
        return super().process_value(ctx, value) if done is _UNSURE else done


def _plainly_read(params: list[Any]) -> list[Any]:
    """The same parameter objects, read by _Option / _Argument."""
    for param in params:
        if type(param) is TyperOption:
            param.__class__ = _Option
        elif type(param) is TyperArgument:
            param.__class__ = _Argument
    return params


class _Command(TyperCommand):
    """A command whose help names arguments by their metavar alone (``LOG...``), never by a Python
    type (``LOG <list[str]>``, ``{LOG}...``); options show theirs (``--deals N``)."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plainly_read(super().get_params(ctx))  # --help's option too

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                pieces.append(param.metavar or (param.name or "").upper())
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        arguments, options = [], []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                arguments.append((param.metavar or (param.name or "").upper(), param.help or ""))
                continue
            record = param.get_help_record(ctx)
            if record is not None:
                options.append(record)
        for title, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


app = typer.Typer(
    name="pontoon",
    cls=_Group,
    help=(
        "The reference tool for the card game Pontoon: play deals by the rules, write them to a "
        "JSON-lines log, replay a log to verify every card, decision and payout.\n\n"
        "Every message cites a rule ID (T5.4, V1, ...); `pontoon rules T5.4` prints the rule.\n\n"
        "\b\n"
        "Examples:\n"
        "  pontoon play --seed 7 --deals 3 | jq -c 'select(.type==\"deal\") | .net'\n"
        "  pontoon play --seed 7 --deals 100 | pontoon replay -\n"
        "  pontoon rules T5.4"
    ),
    epilog=(
        "\b\n"
        "Exit codes:\n"
        "  0    success: every expectation held, every deal verified\n"
        "  1    the rules say otherwise: an illegal action, a failed expectation,\n"
        "       a replay divergence\n"
        "  2    bad usage or unreadable input\n"
        "  130  interrupted"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
command = functools.partial(app.command, cls=_Command)


EXIT_RULES = 1  # the rules say otherwise
EXIT_INPUT = 2  # bad usage or unreadable input


def say(message: str) -> None:
    """A message for people, on stderr, as written: never wrapped, marked up or coloured (rich
    is not loaded for one line, and would turn ``:name:`` in a user's text into an emoji)."""
    stream = sys.stderr
    stream.write(message + "\n")
    stream.flush()


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether ``a`` and ``b`` are one file (through ``./``, symbolic and hard links): both
    exist and share a device and inode."""
    try:
        return os.path.exists(a) and os.path.exists(b) and os.path.samefile(a, b)
    except OSError:
        return False


def strategy_file(spec: str | None) -> str | None:
    """The file of a ``FILE.py:NAME`` strategy spec; None for a module or a built-in name."""
    if spec is None or ":" not in spec:
        return None
    where = spec.rpartition(":")[0]
    return where if where.endswith(".py") or "/" in where or os.sep in where else None


def rules_file(rules: str | None) -> str | None:
    """The file ``--rules`` names; None for a preset."""
    from pontoon_cli.core.rules import PRESETS_KNOWN

    return None if rules is None or rules in PRESETS_KNOWN else rules


def keep_inputs(
    option: str, out: str | Path | None, *inputs: tuple[str, str | Path | None]
) -> None:
    """Exit 2 when the file ``option`` writes (``--out``, ``--log``, ``--plot``) is one of the
    command's inputs, ``(what, path)``: the output would replace it. Nothing is written then."""
    if out is None or str(out) == "-":
        return
    for what, given in inputs:
        if given is not None and same_file(out, given):
            fail(f"{option} {out} is {what} itself: the output would overwrite it")


def fail(message: str, code: int = EXIT_INPUT) -> NoReturn:
    """Print ``pontoon: message`` to stderr and exit with ``code``."""
    say(f"pontoon: {message}")
    raise typer.Exit(code)


def _version(value: bool) -> None:
    if value:
        from pontoon_cli._build import running_build

        print(f"pontoon-cli {__version__} ({running_build()})")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "-V", "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """The ``pontoon`` command group; its help is the app's (above)."""


def raw_stdout() -> Any:
    return sys.stdout.buffer


def data_out() -> Guarded:
    """stdout for data, as bytes: a closed pipe ends it quietly, a write error exits 2."""
    return Guarded(sys.stdout.buffer, STDOUT_NAME)


def counted(n: int, noun: str) -> str:
    """``1 deal``, ``2 deals``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


P = ParamSpec("P")
R = TypeVar("R")


def guarded(command: Callable[P, R]) -> Callable[P, R]:
    """Run ``command`` inside :func:`stream_guard` (signals, write errors, closed pipes)."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with stream_guard():
            return command(*args, **kwargs)

    return run


def write_json(data: Any, indent: bool = False) -> None:
    option = orjson.OPT_APPEND_NEWLINE | (orjson.OPT_INDENT_2 if indent else 0)
    out = data_out()
    out.write(orjson.dumps(data, option=option))
    out.flush()


# entry point -----------------------------------------------------------------------------------


@contextlib.contextmanager
def stream_guard() -> Iterator[None]:
    """How every command ends when its output cannot go on (output.py).

    A stop signal (Ctrl-C, SIGTERM, SIGHUP...) exits 128 + its number, saying what was kept
    (whole lines only; a --out file keeps its whole deals); a write error is one line and exit 2;
    a closed pipe is quiet and does not change the exit code, on stdout or stderr: a message
    that cannot be shown (``2>&1 | head -1``) is dropped and the run ends with its own code.
    """
    with quiet_text_streams(), stop_signals():
        try:
            yield
        except Interrupted as stop:
            _stopped(stop)
        except KeyboardInterrupt:  # SIGINT before the handler was in place
            _stopped(Interrupted(signal.SIGINT))
        except (OutputError, StrategyError) as err:  # a strategy of the user's: what it did
            fail(str(err))
        except BrokenPipeError:  # a stream not written through Guarded: the code is lost
            silence(sys.stdout)  # what Python flushes at exit goes nowhere, quietly
            raise typer.Exit(0) from None


def _stopped(stop: Interrupted) -> NoReturn:
    newline = "\n" if sys.stderr.isatty() else ""  # past the ^C the terminal echoed
    say(f"{newline}pontoon: {stop}")
    raise typer.Exit(stop.exit_code) from None
