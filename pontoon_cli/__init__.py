"""pontoon: the reference tool for the card game Pontoon (rules: docs/rules.md).

The public Python API is the names below, imported from ``pontoon_cli`` itself; every other
module is internal and may change between versions. The names load on first use (PEP 562), so
``import pontoon_cli`` and ``pontoon --version`` load nothing more.

- :class:`Rules`, :class:`Table`: a preset and its settings; who sits where (``Table.seated``).
- :func:`new_game`: a game a program steps through, decision by decision (:class:`Game`).
- :func:`play`: the records ``pontoon play`` writes; :func:`write_log`: writing them.
- :func:`read_log`: a log's records, or a :class:`LogVisitor`'s result.
- :func:`verify`: ``pontoon replay``, one :class:`Divergence` at a time.
- :func:`simulate`: ``pontoon simulate --json``'s report.
- :func:`stats`: ``pontoon stats --json``'s figures; :func:`strategy`: ``pontoon
  strategy``'s chart (:class:`StrategyChart`: the :class:`Decision` for a hand, the
  :class:`Equilibrium`); :func:`cases`: ``pontoon cases``' conformance set (its coverage:
  :class:`RuleCoverage`).
- The records' and reports' types for a type checker (:class:`DealRecord`,
  :class:`HeaderRecord`, :class:`HandRecord`, :class:`SimulateReport`, :class:`StatsFigures`;
  the rest in ``pontoon_cli.api.types``) and :class:`LegalAction`, what a :class:`Game` allows.
- :class:`SeatStrategy`: the protocol of your own strategy, which sees a :class:`SeatView`
  (``--strategy MODULE:NAME`` or ``FILE.py:NAME``; from Python, ``strategy=`` takes the class or
  an instance itself).
- :class:`PontoonFixture`: the type of the pytest fixture ``pontoon``, for an annotation
  (importing it imports pytest).
- The errors: :class:`PontoonError` and its kinds :class:`RulesError`, :class:`IllegalAction`,
  :class:`ScenarioError`, :class:`ExpectationError`, :class:`LogFormatError`,
  :class:`StrategyError`, and :class:`LogSourceError` (a log given in a form the readers do not
  take: also a ``TypeError``).

>>> import pontoon_cli
>>> header, *deals = pontoon_cli.play(seed=7, deals=2)
>>> [d["deal"] for d in deals]
[1, 2]
"""

from __future__ import annotations

import os as _os
from typing import TYPE_CHECKING, Any

from pontoon_cli import _build

# "compiled" or "pure Python". A compiled module whose source changed since the build (or
# PONTOON_PURE=1) makes every compiled module load from its source instead
# (docs/development/builds.md).
BUILD: str = _build.check(_os.path.dirname(__file__))

#: Each public name and the module it comes from.
_PUBLIC = {
    "__version__": "pontoon_cli._version",
    "Rules": "pontoon_cli.core.rules",
    "Table": "pontoon_cli.core.rules",
    "Game": "pontoon_cli.api.playing",
    "new_game": "pontoon_cli.api.playing",
    "play": "pontoon_cli.api.playing",
    "write_log": "pontoon_cli.api.playing",
    "Written": "pontoon_cli.api.playing",
    "read_log": "pontoon_cli.api.logs",
    "verify": "pontoon_cli.api.logs",
    "LogVisitor": "pontoon_cli.log.reader",
    "Divergence": "pontoon_cli.logformat.divergence",
    "RuleCoverage": "pontoon_cli.replay.coverage",
    "simulate": "pontoon_cli.api.simulating",
    "SeatStrategy": "pontoon_cli.base.seat",
    "SeatView": "pontoon_cli.base.seat",
    "StrategyError": "pontoon_cli.core.errors",
    "PontoonError": "pontoon_cli.core.errors",
    "RulesError": "pontoon_cli.core.errors",
    "IllegalAction": "pontoon_cli.core.errors",
    "ScenarioError": "pontoon_cli.core.errors",
    "ExpectationError": "pontoon_cli.core.errors",
    "LogFormatError": "pontoon_cli.core.errors",
    "LogSourceError": "pontoon_cli.api.logs",
    "PontoonFixture": "pontoon_cli.pytest_plugin",
    # typed results, stats and strategy
    "LegalAction": "pontoon_cli.base.deal",
    "DealRecord": "pontoon_cli.api.types",
    "HeaderRecord": "pontoon_cli.api.types",
    "HandRecord": "pontoon_cli.api.types",
    "SimulateReport": "pontoon_cli.api.types",
    "StatsFigures": "pontoon_cli.api.types",
    "stats": "pontoon_cli.api.charts",
    "strategy": "pontoon_cli.api.charts",
    "StrategyChart": "pontoon_cli.api.charts",
    "Decision": "pontoon_cli.api.charts",
    "Equilibrium": "pontoon_cli.api.charts",
    "cases": "pontoon_cli.api.conformance",
}

__all__ = [
    "BUILD",
    "DealRecord",
    "Decision",
    "Divergence",
    "Equilibrium",
    "ExpectationError",
    "Game",
    "HandRecord",
    "HeaderRecord",
    "IllegalAction",
    "LegalAction",
    "LogFormatError",
    "LogSourceError",
    "LogVisitor",
    "PontoonError",
    "PontoonFixture",
    "RuleCoverage",
    "Rules",
    "RulesError",
    "ScenarioError",
    "SeatStrategy",
    "SeatView",
    "SimulateReport",
    "StatsFigures",
    "StrategyChart",
    "StrategyError",
    "Table",
    "Written",
    "__version__",
    "cases",
    "new_game",
    "play",
    "read_log",
    "simulate",
    "stats",
    "strategy",
    "verify",
    "write_log",
]


def __getattr__(name: str) -> Any:
    """A public name, imported on first use (PEP 562)."""
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'pontoon_cli' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    from pontoon_cli import _help  # help() as the source writes it, whichever the build

    _help.restore(value)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_PUBLIC})


#: True only while mypyc type-checks the compiled build (setup.py passes ``--always-true``): a
#: build environment has no pytest, so the fixture's type stays out of that check.
_MYPYC_BUILD = False

if TYPE_CHECKING:
    from pontoon_cli._version import __version__
    from pontoon_cli.api.charts import Decision, Equilibrium, StrategyChart, stats, strategy
    from pontoon_cli.api.conformance import cases
    from pontoon_cli.api.logs import LogSourceError, read_log, verify
    from pontoon_cli.api.playing import Game, Written, new_game, play, write_log
    from pontoon_cli.api.simulating import simulate
    from pontoon_cli.api.types import (
        DealRecord,
        HandRecord,
        HeaderRecord,
        SimulateReport,
        StatsFigures,
    )
    from pontoon_cli.base.deal import LegalAction
    from pontoon_cli.base.seat import SeatStrategy, SeatView
    from pontoon_cli.core.errors import (
        ExpectationError,
        IllegalAction,
        LogFormatError,
        PontoonError,
        RulesError,
        ScenarioError,
        StrategyError,
    )
    from pontoon_cli.core.rules import Rules, Table
    from pontoon_cli.log.reader import LogVisitor
    from pontoon_cli.logformat.divergence import Divergence
    from pontoon_cli.replay.coverage import RuleCoverage

    if not _MYPYC_BUILD:
        from pontoon_cli.pytest_plugin import PontoonFixture
