"""help() on every public name: its docstring as its source writes it, and a signature that tells
the truth (each default a value, each annotation as written), in the build that runs; and the
compiled build's help the same as the pure build's (mypyc leaves class docstrings out and shows
``type`` for a dataclass's annotations: pontoon_cli._help restores them)."""

from __future__ import annotations

import ast
import inspect
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import ForwardRef

import pytest

import pontoon_cli

#: Each public name but the two constants.
NAMES = [n for n in pontoon_cli.__all__ if n not in ("BUILD", "__version__")]

#: Prints each public name's docstring and signature (None where Python finds none) as JSON.
SHOW_HELP = """
import inspect, json, pontoon_cli
def signature(value):
    try:
        return str(inspect.signature(value))
    except ValueError:  # an exception class of no __init__ of its own: as ValueError
        return None
names = [n for n in pontoon_cli.__all__ if n not in ("BUILD", "__version__")]
print(json.dumps({n: [getattr(pontoon_cli, n).__doc__, signature(getattr(pontoon_cli, n))]
                  for n in names}))
"""


def _source_docstring(value: object) -> str | None:
    """The docstring the source of ``value`` writes (found by name in its module's ``.py``)."""
    module = sys.modules[value.__module__]  # type: ignore[attr-defined]
    folder, name = os.path.split(module.__file__ or "")
    tree = ast.parse(Path(folder, name.split(".", 1)[0] + ".py").read_text(encoding="utf-8"))
    found = [  # the last one: an @overload's stubs come before the function
        node
        for node in tree.body
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and node.name == value.__name__  # type: ignore[attr-defined]
    ]
    assert found, f"{value!r} is not in {module.__file__}"
    return ast.get_docstring(found[-1], clean=False)


@pytest.mark.parametrize("name", NAMES)
def test_a_public_name_has_its_docstring_and_a_true_signature(name: str) -> None:
    value = getattr(pontoon_cli, name)
    assert value.__doc__ == _source_docstring(value), f"{name}: not its source's docstring"
    assert value.__doc__ and "mypyc" not in value.__doc__
    try:
        signature = inspect.signature(value)
    except ValueError:  # Python finds none for an exception without an __init__ of its own
        assert issubclass(value, Exception) and "__init__" not in vars(value), name
        return
    for parameter in signature.parameters.values():
        # as written (a str, or a NamedTuple's ForwardRef of it: the modules annotate lazily),
        # never mypyc's stand-in `type`
        annotation = parameter.annotation
        assert annotation is parameter.empty or isinstance(annotation, (str, ForwardRef)), (
            f"{name}: {parameter}"
        )
        # a default is its value, not mypyc's stand-in `type`
        assert parameter.default is parameter.empty or not isinstance(parameter.default, type), (
            f"{name}: {parameter}"
        )


@pytest.mark.skipif(
    pontoon_cli.BUILD != "compiled",
    reason="the pure build is what the compiled build is compared with: nothing to compare",
)
def test_the_compiled_builds_help_is_the_pure_builds() -> None:
    pure = subprocess.run(
        [sys.executable, "-c", SHOW_HELP],
        env={**os.environ, "PONTOON_PURE": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    compiled = subprocess.run(
        [sys.executable, "-c", SHOW_HELP],
        env={k: v for k, v in os.environ.items() if k != "PONTOON_PURE"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(compiled.stdout) == json.loads(pure.stdout)
