"""Replay's lines scored against where the planted bug really fired.

A **real error** is a deal where the bug fired and the form's log shows it (several firings in
one deal are one error: replay reports a deal's first divergence). A line is **exact** when it
is at one of the error's sites: the same deal, player and hand (a site that names nobody, as a
pack's, takes any) and the same rule; **at the hand** when only the rule differs. The issue's
targets: recall (real errors with an exact line) at least 90%; every line that is not exact
marked as following from another, and no exact line marked; the independent count (lines less
the marked ones, as replay's summary gives it) within 10% of the real count.
"""

from __future__ import annotations

from dataclasses import dataclass

from pontoon_cli import LogFormatError
from pontoon_cli.replay.run import Divergence, LogReplayer
from referee.common import Fire, Run, Site


@dataclass
class Score:
    bug: str
    form: str
    real: int = 0  # real errors this form's log shows
    found: int = 0  # of them, with at least one exact line
    lines: int = 0
    exact: int = 0
    at_hand: int = 0  # at a real error's deal, player and hand, whatever the rule
    marked: int = 0  # marked as following from another line
    marked_exact: int = 0  # exact, yet marked
    stray: int = 0  # neither exact nor marked
    refused: str | None = None  # replay's message when it refused the log (exit 2)

    @property
    def recall(self) -> float:
        return self.found / self.real if self.real else 1.0

    @property
    def precision(self) -> float:
        return self.exact / self.lines if self.lines else 1.0

    @property
    def independent(self) -> int:
        return self.lines - self.marked

    def meets(self) -> dict[str, bool]:
        """The issue's three targets."""
        return {
            "recall": self.refused is None and self.recall >= 0.9,
            "marked": self.stray == 0 and self.marked_exact == 0,
            "count": abs(self.independent - self.real) <= 0.1 * self.real,
        }


def divergences(name: str, lines: list[bytes]) -> tuple[list[Divergence], str | None]:
    """Every line replay gives for the log, and its message if it refused the log part way."""
    found: list[Divergence] = []
    try:
        for d in LogReplayer(name).replay(lines):
            found.append(d)
    except LogFormatError as err:
        return found, str(err)
    return found, None


def errors(fires: list[Fire], form: str) -> list[list[Site]]:
    """The real errors a form's log shows: each deal's firings, by their sites."""
    by_deal: dict[int, list[Site]] = {}
    for fire in fires:
        sites = fire.sites.get(form)
        if sites:
            by_deal.setdefault(fire.deal, []).extend(sites)
    return list(by_deal.values())


def at(line: Divergence, site: Site, *, rule: bool = True) -> bool:
    return (
        line.deal == site.deal
        and (site.player is None or line.player == site.player)
        and (site.hand is None or line.hand == site.hand)
        and (not rule or line.rule == site.rule)
    )


def score(bug: str, run: Run, form: str) -> Score:
    """Replay the form's log and score its lines."""
    found, refused = divergences(form, run.logs[form])
    return score_lines(bug, form, run.fires, found, refused)


def score_lines(
    bug: str, form: str, fires: list[Fire], found: list[Divergence], refused: str | None = None
) -> Score:
    real = errors(fires, form)
    every = [site for sites in real for site in sites]
    s = Score(bug, form, real=len(real), lines=len(found), refused=refused)
    s.found = sum(any(at(line, site) for line in found for site in sites) for sites in real)
    for line in found:
        exact = any(at(line, site) for site in every)
        s.exact += exact
        s.at_hand += any(at(line, site, rule=False) for site in every)
        if line.follows is not None:
            s.marked += 1
            s.marked_exact += exact
        elif not exact:
            s.stray += 1
    return s
