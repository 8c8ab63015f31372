"""help() as the source writes it, in both builds: what mypyc leaves out of a public class.

mypyc compiles a class without its docstring (``__doc__`` is empty, or "mypyc filler docstring"
for a class it leaves to Python); the signature of a compiled ``__init__`` has no annotations,
that of a dataclass's generated ``__init__`` shows ``type`` for most of them, and an exception
with no ``__init__`` of its own shows ``()`` though it takes a message. The public names are given
out by ``pontoon_cli`` itself (PEP 562): the first time a class is, :func:`restore` gives it and
each class of a compiled module it derives from the docstring and the signature its source gives
it in the pure build (the sources are shipped beside the compiled modules), and an exception with
no ``__init__`` of its own ``(*args)`` (ValueError's, where Python finds no signature). It runs in
the pure build too, where that last is all it changes: help() is the same in both. A public
function is never compiled (its module stays Python: ``_build.NOT_COMPILED``), so it keeps its
own help.
"""

from __future__ import annotations

import ast
import functools
import inspect
import os
from typing import Any

from pontoon_cli import _build

#: What mypyc puts in place of the docstring of a class it leaves to Python.
FILLER = "mypyc filler docstring"

#: The package's folder: a module's source is found by its name below it (a compiled module's
#: ``__file__`` is not always beside its source).
_PACKAGE_DIR = os.path.dirname(__file__)


def restore(value: object) -> None:
    """Give the class ``value``, and each compiled class it derives from, its source's docstring
    and signature; anything else (a function, a constant) is left as it is."""
    if not isinstance(value, type):
        return
    for klass in reversed(value.__mro__):  # a base first: its subclasses may inherit from it
        if _module(klass) in _compiled():
            _restore(klass)


@functools.cache
def _compiled() -> frozenset[str]:
    return frozenset(_build.compiled_modules(_PACKAGE_DIR))


def _module(cls: type) -> str | None:
    """``core.errors`` for a class of ``pontoon_cli.core.errors``; None for another package's."""
    package, _, module = cls.__module__.partition(".")
    return module if package == _build.PACKAGE else None


@functools.cache  # once a class: a later call finds it restored
def _restore(cls: type) -> None:
    node = _class_node(cls)
    if node is None:
        return  # no source to read: left as mypyc made it
    if not cls.__doc__ or cls.__doc__ == FILLER:
        cls.__doc__ = ast.get_docstring(node, clean=False)
    init = next(
        (s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None
    )
    params = vars(cls).get("__dataclass_params__")
    if init is not None:
        written = {a.arg: a.annotation for a in [*init.args.args, *init.args.kwonlyargs]}
        for extra in (init.args.vararg, init.args.kwarg):
            if extra is not None:
                written[extra.arg] = extra.annotation
        cls.__signature__ = _annotated(cls, written, init.returns)  # type: ignore[attr-defined]
    elif params is not None and params.init:  # a dataclass's generated __init__: its fields
        fields: dict[str, ast.expr | None] = {}
        for klass in reversed(cls.__mro__):
            base = _class_node(klass) if _module(klass) else None
            for s in [] if base is None else base.body:
                if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name):
                    fields[s.target.id] = s.annotation
        cls.__signature__ = _annotated(cls, fields, None)  # type: ignore[attr-defined]
    elif not any(_defines_init(klass) for klass in cls.__mro__):
        # an exception with no __init__ of the package's takes ValueError's arguments: mypyc's
        # signature says ``()``, and Python finds none for a builtin's
        args = inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL)
        cls.__signature__ = inspect.Signature([args])  # type: ignore[attr-defined]


def _defines_init(cls: type) -> bool:
    node = _class_node(cls) if _module(cls) else None
    return node is not None and any(
        isinstance(s, ast.FunctionDef) and s.name == "__init__" for s in node.body
    )


def _annotated(
    cls: type, annotations: dict[str, ast.expr | None], returns: ast.expr | None
) -> inspect.Signature:
    """The compiled class's signature (its names, kinds and defaults are true) with the
    annotations its source writes, as strings (the modules annotate lazily)."""
    signature = inspect.signature(cls)

    def text(node: ast.expr | None) -> Any:
        return inspect.Parameter.empty if node is None else ast.unparse(node)

    return signature.replace(
        parameters=[
            p.replace(annotation=text(annotations.get(p.name)))
            for p in signature.parameters.values()
        ],
        # a written __init__ says `-> None` as a string; a dataclass's generated one, None itself
        return_annotation=None if returns is None else text(returns),
    )


def _class_node(cls: type) -> ast.ClassDef | None:
    """The class statement of ``cls`` in its module's source, or None."""
    module = _module(cls)
    tree = None if module is None else _parsed(_build.source_path(_PACKAGE_DIR, module))
    for node in [] if tree is None else tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__qualname__:
            return node
    return None


@functools.cache
def _parsed(source: str) -> ast.Module | None:
    try:
        with open(source, encoding="utf-8") as f:
            return ast.parse(f.read())
    except OSError:
        return None
