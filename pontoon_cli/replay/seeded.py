"""``pontoon replay --seeded``: every shuffle of a log re-derived from the header's seed.

Without it a log's ``seed`` is information: a log whose packs were chosen by hand verifies as long
as every deal follows the rules from its recorded pack. With it, the packs must also be the ones the
seed deals: :class:`SeededPacks` plays the game's side of the seed as live play does (its generator,
:func:`~pontoon_cli.core.rng.session_rngs`, the game's first; the engine's own cut for the bank,
shuffle and cut, T3.2, T8.2; a casino shoe's, C1) and compares each shuffled pack with the recorded
one. The players' decisions come from a generator of their own, so the game's draws do not depend on
them: only on how many shuffles the log records, in order.

The first pack the seed did not deal is reported, and no more of that log's packs are compared
(a hand-made pack breaks the chain; its rules are still checked). A scenario's log stacks its
packs by hand and a log without a seed names no generator: neither can be checked this way, which
is bad usage for that input (LogFormatError, naming the header's line).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pontoon_cli.core.cards import Card
from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.core.rng import session_rngs
from pontoon_cli.core.rules import Rules, Table
from pontoon_cli.games import new_game
from pontoon_cli.logformat.divergence import Divergence, Place
from pontoon_cli.traditional.game import Game


class SeededPacks:
    """The packs a log's seed deals, followed shuffle by shuffle (the module docstring)."""

    def __init__(
        self, file: str, line: int, header: dict[str, Any], rules: Rules, table: Table
    ) -> None:
        where = f"{file}:{line}"
        if header.get("scenario"):
            raise LogFormatError(
                f"{where}: scenario: a scenario's log stacks its packs by hand, so --seeded "
                "cannot check them: it checks a log dealt from its seed (pontoon play --seed N)",
                file,
                line,
            )
        seed = header.get("seed")
        if seed is None:
            raise LogFormatError(
                f"{where}: seed: --seeded needs the header's seed to re-derive the shuffles, "
                "and this log has none: replay it without --seeded",
                file,
                line,
            )
        self.seed: int = seed
        self.rule = "C1" if table.house else "T8.2"
        cut = header.get("cut") or []
        if cut and not table.house:  # the bank was cut for (T3.2): the seed's first draws
            table = replace(table, banker=None)
        game_rng, _ = session_rngs(seed)
        self.game = new_game(rules, table, game_rng)
        self.cut: list[dict[str, str]] = []
        if isinstance(self.game, Game):
            self.cut = [{p: c.text for p, c in r.items()} for r in self.game.cut_rounds]
        self.recorded_cut = cut
        self.first = True
        self.broken = False  # a pack the seed did not deal was reported: no more are compared

    def check_cut(self, at: Place) -> Divergence | None:
        """T3.2: the recorded cut for the bank is the one the seed's first shuffles make."""
        for i, (want, got) in enumerate(zip(self.cut, self.recorded_cut, strict=False)):
            for player, card in want.items():
                if got.get(player) != card:
                    self.broken = True
                    cut = got.get(player)
                    return at.div(
                        field=f"cut[{i}]",
                        recorded=cut,
                        expected=self._given(card),
                        rule="T3.2",
                        player=player,
                    )
        return None

    def check(
        self, at: Place, pack: list[Card], shuffled: bool, before: list[Card] | None
    ) -> Divergence | None:
        """A deal's recorded ``pack``. The first deal's is the seed's first pack; a later one
        that was shuffled (``shuffled``), the seed's next shuffle of ``before``, the pack the
        last deal left (None when it is not known: the shuffle is then drawn, to stay in step,
        and compared only where it does not depend on it, a casino's new shoe)."""
        if self.broken or not (shuffled or self.first):
            return None
        want: list[Card] | None
        if self.first:
            self.first = False
            want = self.game.pack_now()
        elif before is not None:
            want = self.game.shuffle_again(before)
        else:  # a shuffle's draws depend on the pack's size only, never on its cards
            made = self.game.shuffle_again(pack)
            want = made if self.rule == "C1" else None
        if want is None or pack == want:
            return None
        self.broken = True
        for i, (got, card) in enumerate(zip(pack, want, strict=False)):
            if got is not card:
                return at.div(
                    field=f"pack[{i}]",
                    recorded=got.text,
                    expected=self._given(card.text),
                    rule=self.rule,
                )
        shown = f"{len(want)} cards"
        return at.div(
            field="pack", recorded=f"{len(pack)} cards", expected=self._given(shown), rule=self.rule
        )

    def _given(self, what: str) -> str:
        return f"{what}, as seed {self.seed} shuffles"
