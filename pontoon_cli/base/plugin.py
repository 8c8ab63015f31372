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

A ``FILE.py`` that is the running script (``__main__``'s file) is that script's module, not a
second copy of it: the script is not run again. A file that asks, while it is being loaded, for a
strategy of its own file (its top-level code plays) is refused with one error saying so.

From Python, ``strategy=`` and ``banker_strategy=`` take the object itself, a class or an
instance (:func:`strategy_given`), built as ``NAME`` is. It goes through the engine as a
:class:`Given`: a ``str`` (the engine, compiled, takes a strategy by its name) whose text names
the object and which carries it. The log header records :attr:`Given.header`: the spec
``pontoon play --strategy`` loads the same object by, or, when there is none, its
``module:qualname`` with why it cannot be re-played.

Not compiled (``_build.NOT_COMPILED``): it imports the user's code.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, Final

from pontoon_cli.core.arguments import ArgumentError, got
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
_loading: set[str] = set()  # the files being loaded now (absolute paths)
_looped: set[str] = set()  # those of them that asked for themselves while loading


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


def _running_script(path: str) -> Any:
    """The ``__main__`` module when ``path`` is its file (the script running now), else None."""
    main = sys.modules.get("__main__")
    file = getattr(main, "__file__", None)
    if not isinstance(file, str) or not file.endswith(".py"):
        return None
    return main if os.path.realpath(file) == os.path.realpath(path) else None


def _load_file(where: str) -> Any:
    """The module of the file ``where`` (relative to the working directory), loaded once; the
    running script's own module when ``where`` is its file."""
    path = os.path.abspath(where)
    module = _files.get(path)
    if module is not None:
        return module
    if not os.path.isfile(path):
        raise StrategyError(f"no file {where} (relative to {os.getcwd()})")
    main = _running_script(path)
    if main is not None:  # run again under a name of its own, it would play again, and so on
        return main
    if path in _loading:  # its top-level code plays a strategy of its own file: without end
        _looped.add(path)
        raise StrategyError(
            f"{where} asks for a strategy of its own while it is being loaded: put the code "
            'that plays under `if __name__ == "__main__":`'
        )
    import hashlib
    import importlib.util

    name = FILE_MODULE_PREFIX + hashlib.sha256(path.encode()).hexdigest()[:16]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:  # pragma: no cover - a .py path always has a loader
        raise StrategyError(f"cannot load {where} as Python")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its own name only: dataclasses and pickle look a class up there
    _loading.add(path)
    try:
        with user_code():
            spec.loader.exec_module(module)
    except BaseException as err:
        if sys.modules.get(name) is module:  # cleaning up never hides the error it follows
            del sys.modules[name]
        if path in _looped:  # the loop's own error, said once, as it was said
            raise
        if isinstance(err, Interrupted):
            raise
        _library_interrupt(err)
        raise StrategyError(f"loading {where} raised {_said(err)}") from None
    finally:
        _loading.discard(path)
        _looped.discard(path)
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
    """The strategy ``spec`` names (or, a :class:`Given`, carries), for one seat as punter
    (``banker`` False) or as banker, with the seat's own generator ``rng`` (the module
    docstring); StrategyError saying what is wrong: it cannot be found or made, or lacks a
    method its role calls."""
    from pontoon_cli.base.seat import SeatAdapter

    target = spec.target if isinstance(spec, Given) else find(spec)
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


# a strategy given as an object, from Python ---------------------------------------------------


class Given(str):
    """A strategy object given from Python, as the engine takes a strategy: by a name (this
    ``str``: the spec that loads it, or its ``module:qualname``), carrying ``target`` (the class
    or instance). ``header`` is what the log header records: the name, followed by
    `` (not re-playable: why)`` when ``pontoon play --strategy`` cannot load the object by it.
    Pickled, it sends ``target`` along (pickle's rules: a class by its module and name, an
    instance by its class and its state)."""

    target: Any
    header: str

    def __new__(cls, name: str, target: Any, header: str | None = None) -> Given:
        given = super().__new__(cls, name)
        given.target = target
        given.header = name if header is None else header
        return given

    def __reduce__(self) -> tuple[Any, ...]:
        return (Given, (str(self), self.target, self.header))


def recorded(name: str) -> str:
    """What the log header (and simulate's report) records for the strategy ``name``: a
    :class:`Given`'s :attr:`~Given.header`, any other name as it is."""
    return name.header if isinstance(name, Given) else name


def strategy_given(call: str, parameter: str, value: object) -> str | None:
    """``value``, given to ``call``'s ``parameter=`` (``strategy``, ``banker_strategy``), as the
    engine takes it: None or a ``str`` (a name, ``MODULE:NAME``, ``FILE.py:NAME``) as it is; a
    class, or an object with any of the protocol's methods, as a :class:`Given`.
    :class:`~pontoon_cli.core.arguments.ArgumentError` for anything else."""
    if value is None or isinstance(value, str):
        return value
    import inspect

    methods = (*PUNTER_METHODS, *BANKER_METHODS)
    # read as the class defines it: a strategy's own __getattr__ is not run to ask
    if isinstance(value, type) or any(
        inspect.getattr_static(value, m, None) is not None for m in methods
    ):
        return _given(value)
    needs = "bank(view)" if parameter == "banker_strategy" else "stake(view) and play(view)"
    raise ArgumentError(
        f"{call}: {parameter}= takes a name or spec (str: 'random', 'mymod:Cautious', "
        f"'FILE.py:NAME'), a strategy class, or an instance with {needs}; got {got(value)}"
    )


def _given(target: Any) -> Given:
    """``target`` named (:class:`Given`): by the spec that loads it again where there is one."""
    cls = target if isinstance(target, type) else type(target)
    module_name = str(getattr(cls, "__module__", None) or "?")
    qualname = str(getattr(cls, "__qualname__", None) or cls.__name__)
    own = f"{module_name}:{qualname}"
    module = sys.modules.get(module_name)
    where = _where(module_name, module)
    if "<locals>" in qualname:
        why = "a class defined in a function"
    elif where is None:
        why = (
            "defined in a __main__ without a file: a prompt, a notebook"
            if module_name == "__main__"
            else f"no module {module_name} is loaded"
        )
    elif isinstance(target, type):
        found = _reach(module, qualname)
        if found is target:
            return Given(f"{where}:{qualname}", target)
        why = "not found by that name" if found is None else "that name holds another object"
    else:
        names = [k for k, v in _items(module) if v is target and k.isidentifier()]
        if names:  # an instance a module holds: play uses it as it is, as here
            return Given(f"{where}:{names[0]}", target)
        why = "an instance no module names"
    return Given(own, target, f"{own} (not re-playable: {why})")


def _where(module_name: str, module: Any) -> str | None:
    """How ``--strategy`` names the module ``module_name``: its name, or its file (the running
    script's, or one loaded from a ``FILE.py`` spec) relative to the working directory when
    below it; None when nothing can load it by a name."""
    if module is None:
        return None
    if module_name != "__main__" and not module_name.startswith(FILE_MODULE_PREFIX):
        return module_name
    file = getattr(module, "__file__", None)
    if not isinstance(file, str) or not file.endswith(".py"):
        return None
    path = os.path.abspath(file)
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive
        return path
    return path if relative.startswith(os.pardir) else relative


def _reach(module: Any, qualname: str) -> Any:
    """What ``qualname`` (dots reach inside) names in ``module``, read without running its code
    (no ``__getattr__``); None when nothing does."""
    import inspect

    target = module
    for part in qualname.split("."):
        try:
            target = inspect.getattr_static(target, part)
        except AttributeError:
            return None
    return target


def _items(module: Any) -> list[tuple[str, Any]]:
    """A module's names and values."""
    return list(getattr(module, "__dict__", {}).items())
