"""help() on the compiled build: what mypyc leaves out of a public class, restored from its source.

mypyc compiles a class without its docstring (``__doc__`` is None, or "mypyc filler docstring"
for a class it leaves to Python), and the ``__init__`` it makes for a dataclass shows ``type`` for
every field's annotation in ``inspect.signature``. The public names are given out by
``pontoon_cli`` itself (PEP 562): the first time a class of a compiled module is, :func:`restore`
gives it the docstring of its source (shipped beside the compiled module) and, for a dataclass,
the signature the pure build has (each field's annotation as written, ``-> None``). A public
function is never compiled (its module stays Python: ``_build.NOT_COMPILED``), so it keeps its
own. The pure build needs none of this; its classes are left as they are.
"""

from __future__ import annotations

import ast
import inspect
import os
import sys
from typing import Any

#: What mypyc puts in place of the docstring of a class it leaves to Python.
FILLER = "mypyc filler docstring"


def restore(value: object) -> None:
    """Give the class ``value`` its source's docstring and, for a dataclass, its fields'
    annotations as written; anything else (a function, a constant) is left as it is."""
    if not isinstance(value, type) or value.__doc__ not in (None, FILLER):
        return  # not a class, or its docstring is its own (restored already, or interpreted)
    value.__doc__ = source_docstring(value)
    params = getattr(value, "__dataclass_params__", None)
    if params is not None and params.init:  # the dataclass's own __init__, not one written
        value.__signature__ = _dataclass_signature(value)  # type: ignore[attr-defined]


def source_docstring(cls: type) -> str | None:
    """The docstring of ``cls`` as its module's source writes it (uncleaned, as ``__doc__``
    holds it in the pure build), or None when the source is not there."""
    compiled = getattr(sys.modules.get(cls.__module__), "__file__", None)
    if not compiled:
        return None
    folder, name = os.path.split(compiled)  # core/ruleset.cpython-311-x86_64-linux-gnu.so
    source = os.path.join(folder, name.split(".", 1)[0] + ".py")
    try:
        with open(source, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except OSError:
        return None
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__qualname__:
            return ast.get_docstring(node, clean=False)
    return None


def _dataclass_signature(cls: type) -> inspect.Signature:
    """The signature of a dataclass's generated ``__init__`` as the pure build shows it."""
    annotations: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        annotations.update(getattr(klass, "__annotations__", {}))
    signature = inspect.signature(cls)
    return signature.replace(
        parameters=[
            p.replace(annotation=annotations.get(p.name, p.empty))
            for p in signature.parameters.values()
        ],
        return_annotation=None,
    )
