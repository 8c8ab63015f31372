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
from typing import ForwardRef, is_typeddict

import pytest

import pontoon_cli

#: Each public name but the two constants.
NAMES = [n for n in pontoon_cli.__all__ if n not in ("BUILD", "__version__")]

#: Prints each public name's docstring and signature as JSON.
SHOW_HELP = """
import inspect, json, typing, pontoon_cli
names = [n for n in pontoon_cli.__all__ if n not in ("BUILD", "__version__")]
show = lambda value: [value.__doc__, sorted(value.__annotations__) if typing.is_typeddict(value)
                      else str(inspect.signature(value))]
print(json.dumps({n: show(getattr(pontoon_cli, n))
                  for n in names}))
"""


def _source_docstring(value: object) -> str | None:
    """The docstring the source of ``value`` writes (found by name in its module's ``.py``)."""
    # by its name below the package: a compiled module's __file__ may not be beside its source
    module = value.__module__.removeprefix("pontoon_cli.")  # type: ignore[attr-defined]
    source = Path(pontoon_cli.__file__).parent.joinpath(*module.split(".")).with_suffix(".py")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    found = [  # the last one: an @overload's stubs come before the function
        node
        for node in tree.body
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and node.name == value.__name__  # type: ignore[attr-defined]
    ]
    if not found:  # a TypedDict made by a call (a key that is a keyword): NAME.__doc__ = "..."
        for node in tree.body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(target := node.targets[0], ast.Attribute)
                and target.attr == "__doc__"
                and isinstance(target.value, ast.Name)
                and target.value.id == value.__name__  # type: ignore[attr-defined]
                and isinstance(node.value, ast.Constant)
            ):
                return str(node.value.value)
    assert found, f"{value!r} is not in {source}"
    return ast.get_docstring(found[-1], clean=False)


@pytest.mark.parametrize("name", NAMES)
def test_a_public_name_has_its_docstring_and_a_true_signature(name: str) -> None:
    value = getattr(pontoon_cli, name)
    assert value.__doc__ == _source_docstring(value), f"{name}: not its source's docstring"
    assert value.__doc__ and "mypyc" not in value.__doc__
    if is_typeddict(value):  # a record's type: its keys are what help() shows
        assert value.__annotations__, name
        return
    signature = inspect.signature(value)  # an exception of no __init__ of its own: (*args)
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
