"""Bad scenario input gets our own errors, never a traceback: random values in random places."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.engine import SPEC_SCENARIO

from pontoon_cli.core.errors import PontoonError
from pontoon_cli.scenario.reader import load, play

SCENARIO = (
    SPEC_SCENARIO.replace('strategy = "strict"', 'strategy = "default"')
    + 'sell_bank = { to = "bob", price = 5 }\n'
)
BASE = tomllib.loads(SCENARIO)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = []
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else []
    )
    for key, child in items:
        out.append((*prefix, key))
        out.extend(_paths(child, (*prefix, key)))
    return out


PATHS = _paths(BASE)
JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.sampled_from(["", "AS", "10h", "buy 3", "split", "stick", "ann", "zed", "pontoon"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["ann", "to", "x"]), inner, max_size=2)
    ),
    max_leaves=4,
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(changes=st.lists(st.tuples(st.sampled_from(PATHS), JUNK), min_size=1, max_size=3))
def test_any_value_anywhere_gives_our_errors_only(tmp_path: Path, changes: list[Any]) -> None:
    data = json.loads(json.dumps(BASE))
    for path, value in changes:
        node = data
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed the place
    file = tmp_path / "s.json"
    file.write_text(json.dumps(data))
    try:
        scenario, problems = load(file)
        if scenario is None:
            assert problems, "an unusable scenario names its problems"
            assert all(p.line >= 1 and p.message for p in problems)
        else:
            play(scenario, lambda game: None, lambda game, deal, sale: None)
    except PontoonError:
        pass
