"""Load a strategy of the user's by its spec: ``MODULE:NAME`` or ``FILE.py:NAME``.

``MODULE`` is imported as Python imports it (from ``sys.path``); ``FILE.py`` (a path ending in
``.py`` or holding a ``/``, relative to the working directory) is loaded from that file under a
name of its own (``_pontoon_strategy_`` and a hash of its path), without being on ``sys.path``
and without touching any other module. Each is loaded once per process. ``NAME`` (dots reach
inside: ``Outer.Inner``) is:

- a class, or a function with none of the protocol's methods: called once per seat and role
  (punter, banker), with ``rng=`` a seeded :class:`~pontoon_cli.core.rng.Rng` when it takes an
  ``rng`` parameter, else with ``seed=`` an int when it takes ``seed``, else with nothing. The
  generator is the seat's own, spawned from the players' generator in seat order as the built-in
  strategies' are (README "Determinism"), so a seed fixes it;
- any other object: used as it is, by every seat it plays (its state, if any, is shared).

Not compiled (``_build.NOT_COMPILED``): it imports the user's code.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, Final

from pontoon_cli.core.errors import StrategyError
from pontoon_cli.core.rng import Rng
from pontoon_cli.core.stop import Interrupted, signals_active, user_code

if TYPE_CHECKING:  # loaded when a strategy of the user's is built: `play` starts without it
    from pontoon_cli.base.seat import SeatAdapter

#: What a punter's strategy must have, and what a banker's must have (``doubles`` is optional).
PUNTER_METHODS: Final = ("stake", "play")
BANKER_METHODS: Final = ("bank",)
#: A file's module name: this prefix and a hash of its absolute path.
FILE_MODULE_PREFIX: Final = "_pontoon_strategy_"

_files: dict[str, Any] = {}  # absolute path -> its module, loaded once per process


def _library_interrupt(err: BaseException) -> None:
    """Re-raise a library caller's own Ctrl-C (``KeyboardInterrupt`` while no command turns
    signals into :class:`Interrupted`); any other exception is the user's code's to answer for."""
    if isinstance(err, KeyboardInterrupt) and not signals_active():
        raise err


def _said(err: BaseException) -> str:
    """``err`` in one line, as a message says it (:func:`~pontoon_cli.base.seat.one_line`)."""
    from pontoon_cli.base.seat import one_line

    return one_line(err)


def is_spec(name: str) -> bool:
    """A strategy of the user's (``MODULE:NAME``, ``FILE.py:NAME``) rather than a built-in name."""
    return ":" in name


def _is_file(where: str) -> bool:
    return where.endswith(".py") or "/" in where or os.sep in where


def _import(where: str) -> Any:
    """The module ``where`` names; StrategyError saying why not."""
    import importlib

    if not all(part.isidentifier() for part in where.split(".")):
        raise StrategyError(
            f"{where!r} is neither a module name (a.b.c) nor a file (ending in .py)"
        )
    try:
        with user_code():
            return importlib.import_module(where)
    except ModuleNotFoundError as err:
        missing = err.name or where
        if where == missing or where.startswith(missing + "."):
            raise StrategyError(f"no module named {missing!r}") from None
        raise StrategyError(f"importing {where} raised {_said(err)}") from None
    except Interrupted:
        raise
    except BaseException as err:  # SystemExit, its own KeyboardInterrupt: the module's error
        _library_interrupt(err)
        raise StrategyError(f"importing {where} raised {_said(err)}") from None


def _load_file(where: str) -> Any:
    """The module of the file ``where`` (relative to the working directory), loaded once."""
    path = os.path.abspath(where)
    module = _files.get(path)
    if module is not None:
        return module
    if not os.path.isfile(path):
        raise StrategyError(f"no file {where} (relative to {os.getcwd()})")
    import hashlib
    import importlib.util

    name = FILE_MODULE_PREFIX + hashlib.sha256(path.encode()).hexdigest()[:16]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:  # pragma: no cover - a .py path always has a loader
        raise StrategyError(f"cannot load {where} as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its own name only: dataclasses and pickle look a class up there
    try:
        with user_code():
            spec.loader.exec_module(module)
    except BaseException as err:
        del sys.modules[name]
        if isinstance(err, Interrupted):
            raise
        _library_interrupt(err)
        raise StrategyError(f"loading {where} raised {_said(err)}") from None
    _files[path] = module
    return module


def find(spec: str) -> Any:
    """What ``spec`` names: ``NAME`` in its module or file; StrategyError saying what is wrong."""
    where, _, attribute = spec.rpartition(":")
    if not where or not attribute:
        raise StrategyError(
            "expected MODULE:NAME or FILE.py:NAME, e.g. examples/strategy.py:Cautious"
        )
    target = _load_file(where) if _is_file(where) else _import(where)
    for part in attribute.split("."):
        try:
            with user_code():
                target = getattr(target, part)
        except AttributeError:
            raise StrategyError(f"{where} has no attribute {attribute!r}") from None
        except Interrupted:
            raise
        except BaseException as err:
            _library_interrupt(err)
            raise StrategyError(f"reading {attribute} of {where} raised {_said(err)}") from None
    return target


def _made(target: Any) -> bool:
    """A class, or a function with none of the methods: called to make the strategy."""
    if isinstance(target, type):
        return True
    methods = (*PUNTER_METHODS, *BANKER_METHODS)
    return callable(target) and not any(hasattr(target, m) for m in methods)


def _seeded(target: Any, rng: Rng) -> dict[str, Any]:
    """``{"rng": rng}`` when ``target`` takes an ``rng`` parameter, ``{"seed": int}`` when it
    takes ``seed``, else nothing."""
    import inspect

    try:
        parameters = inspect.signature(target).parameters
    except (TypeError, ValueError):  # no signature to read (a builtin): called with nothing
        return {}
    keyword = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    for name, value in (("rng", rng), ("seed", rng.seed)):
        found = parameters.get(name)
        if found is not None and found.kind in keyword:
            return {name: value}
    return {}


def build(spec: str, rng: Rng, banker: bool) -> SeatAdapter:
    """The strategy ``spec`` names, for one seat as punter (``banker`` False) or as banker,
    with the seat's own generator ``rng`` (the module docstring); StrategyError saying what is
    wrong: it cannot be found or made, or lacks a method its role calls."""
    from pontoon_cli.base.seat import SeatAdapter

    target = find(spec)
    attribute = spec.rpartition(":")[2]
    seat = target
    if _made(target):
        try:
            with user_code():
                seat = target(**_seeded(target, rng))
        except Interrupted:
            raise
        except BaseException as err:
            _library_interrupt(err)
            raise StrategyError(f"{attribute}() raised {_said(err)}") from None
    needed = BANKER_METHODS if banker else PUNTER_METHODS
    for method in needed:
        if not callable(getattr(seat, method, None)):
            role = "the banker" if banker else "a punter"
            raise StrategyError(f"{attribute} has no method {method}(view), which {role} is asked")
    return SeatAdapter(spec, seat)
