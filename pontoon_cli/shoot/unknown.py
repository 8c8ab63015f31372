"""What replay of a Shoot Pontoon log does not know, and how it goes on without guessing.

A deal replay cannot finish (an illegal decision) has no settlement of its own: when its record
holds neither ``kitty`` nor ``balance`` (a third party's minimal log), what its shoot bets did to
the kitty and to the punters (S3, S6, S7) is not in the log. Replay reads it from the nets the
record holds: a punter whose ``net`` is above 0 beat the banker, so his shoot bets were paid
1:1 from the kitty (S7); below 0 he lost them to it (S3, S6, S7); 0 is a void deal, whose open
bets went back (T8.5). Only a punter who split (T5.2, S5) may have won on one hand and lost on
another: then the kitty and his balance are known within a range, and :class:`Unknowns` keeps
the range as replay's figure (the most either may hold: nothing the rules refuse at the most is
refused for a guess) and how much less it may be (its spread).

With a range, a check that fails at the most the kitty or a balance may hold fails whatever it
holds: such a divergence is independent. The log's word narrows a range: a seat that may or may
not cover the minimum stake and stakes nothing sits out (T8.6), said once by a line that follows
from the divergence the range came from; a recorded ``balance``, ``kitty.before`` or
``kitty.after`` within the range is taken as it is; and when every seat's balance is recorded
the kitty is what the table started with less all of them (the money on the table is only
ever moved, S1-S10, T8.4). When the bank changes hands the old banker takes the kitty (S10):
its range becomes his.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from pontoon_cli.logformat.divergence import Divergence, Place
from pontoon_cli.logformat.moves import Move

#: The key of the kitty among the quantities kept.
KITTY: Final = "kitty"
#: The recorded kitty's fields a range is compared with.
_KITTY_FIELDS: Final = ("kitty.before", "kitty.after")


class Unknowns:
    """The ranges of a Shoot game's kitty and balances that the log left open: for each
    quantity, how much less it may be than replay's figure, and the line and deal after which
    it became unknown."""

    def __init__(self) -> None:
        self.spread: dict[str, int] = {}  # KITTY or a seat -> how much less it may be (> 0)
        self.since: dict[str, tuple[int, int]] = {}  # the same -> (line, deal) it came from
        self.said: set[str] = set()  # seats whose sitting out replay took the log's word for

    def __bool__(self) -> bool:
        return bool(self.spread)

    def because(self, key: str) -> str:
        """What replay does not know: ``the kitty after deal 6 is unknown``."""
        return f"{self._what(key)} is unknown"

    def _what(self, key: str) -> str:
        what = "the kitty" if key == KITTY else f"{key}'s balance"
        return f"{what} after deal {self.since[key][1]}"

    def ranged(self, found: Divergence | None) -> Divergence | None:
        """``found``, where it is a recorded balance or kitty outside the range replay knows it
        within: the range as what the rules give (``"54 to 78"``), and why it is one."""
        if found is None or type(found.expected) is not int:
            return found
        field = found.field
        key = KITTY if field in _KITTY_FIELDS else found.player if field == "balance" else None
        if key is None or key not in self.spread:
            return found
        high: int = found.expected
        low = high - self.spread[key]
        detail = f"{self._what(key)} is known only within this range"
        return replace(found, expected=f"{low} to {high}", detail=detail)

    def widen(self, key: str, by: int, line: int, deal: int) -> None:
        """``key`` may be ``by`` less than replay's figure, besides what it already may."""
        if by <= 0:
            return
        self.spread[key] = self.spread.get(key, 0) + by
        self.since.setdefault(key, (line, deal))

    def narrow(self, key: str, spread: int) -> None:
        """``key`` may now be at most ``spread`` less than replay's figure (0: known)."""
        if key not in self.spread:
            return
        if spread > 0:
            self.spread[key] = min(self.spread[key], spread)
        else:
            del self.spread[key]
            del self.since[key]
            self.said.discard(key)

    def within(self, key: str, figure: int, value: Any) -> bool:
        """Whether ``value`` is one ``key`` may hold, replay's figure being ``figure``."""
        spread = self.spread.get(key, 0)
        return type(value) is int and figure - spread <= value <= figure

    # after a deal replay could not finish -------------------------------------------------------

    def settle(
        self,
        line: int,
        record: dict[str, Any],
        seats: tuple[str, ...],
        balances: dict[str, int],
        kitty: int,
        recorded: dict[str, Any],
    ) -> int:
        """The shoot bets of a deal replay could not finish, settled by its nets (the module's
        docstring) on ``balances`` (a seat whose balance is in ``recorded`` keeps it); returns
        the kitty after it, from ``kitty``, the kitty as it started."""
        deal: int = record["deal"]
        bets, split = _shoot_bets(record["decisions"], seats)
        net = record["net"]
        for p, amount in bets.items():
            won = net.get(p, 0) if type(net) is dict else 0
            if type(won) is not int:
                won = 0
            if p in split:  # won on one hand, lost on another: known within a range
                kitty += amount
                self.widen(KITTY, 2 * amount, line, deal)
                if p not in recorded:
                    balances[p] = balances[p] + amount
                    self.widen(p, 2 * amount, line, deal)
                continue
            paid = amount if won > 0 else -amount if won < 0 else 0  # S7; S3, S6, S7; T8.5
            kitty -= paid
            if p not in recorded:
                balances[p] = balances[p] + paid
        return max(kitty, 0)  # a bet the kitty could not cover (S2) empties it

    # the log's word ----------------------------------------------------------------------------

    def take_balances(self, recorded: dict[str, Any]) -> None:
        """The recorded balances are the seats' (``carry_balances`` kept them)."""
        for p in list(self.spread):
            if p != KITTY and type(recorded.get(p)) is int:
                self.narrow(p, 0)

    def sitting_out(
        self,
        at: Place,
        record: dict[str, Any],
        balances: dict[str, int],
        banker: str,
        least: int,
        stakers: set[str],
    ) -> list[Divergence]:
        """A seat whose balance may or may not cover the minimum stake ``least`` sits out when
        the log says so (T8.6: recorded in ``sat_out``, else staking nothing), and plays when it
        stakes; its range narrowed on ``balances``. A line, following from where the range came
        from, says so the first time replay's figure would have had the seat stake."""
        notes: list[Divergence] = []
        sat_out = record.get("sat_out")
        for p in [s for s in self.spread if s != KITTY and s != banker]:
            high = balances[p]
            low = high - self.spread[p]
            if not low < least <= high:
                continue  # the rules say whether he can stake, whatever he holds
            out = p in sat_out if type(sat_out) is list else p not in stakers
            if not out:
                self.narrow(p, high - least)
                continue
            balances[p] = least - 1
            if p not in self.said:
                line, why = self.since[p][0], self.because(p)
                note = at.div(
                    field="decisions",
                    recorded="no stake",
                    expected=f"{p} to stake",
                    rule="T8.6",
                    player=p,
                )
                notes.append(
                    note.following(line, f"{why}: replay takes the log's word that {p} sits out")
                )
            self.narrow(p, least - 1 - low)
            if p in self.spread:
                self.said.add(p)
        return notes


def _shoot_bets(decisions: Any, seats: tuple[str, ...]) -> tuple[dict[str, int], set[str]]:
    """Each seat's shoot bets in a deal's recorded decisions (S2, S4, S5), and the seats that
    split (T5.2) or bet on a hand other than their first."""
    bets: dict[str, int] = {}
    split: set[str] = set()
    player: Any
    hand: Any
    action: Any
    amount: Any
    for d in decisions if type(decisions) is list else ():
        if type(d) is tuple:  # a decision the line reader read from the writer's bytes
            move: Move = d
            player, hand, action, amount = move
        elif type(d) is dict:
            player, hand = d.get("player"), d.get("hand")
            action, amount = d.get("action"), d.get("amount")
        else:
            continue
        if player not in seats:
            continue
        if action == "split" or hand != 1:
            split.add(player)
        if action == "shoot" and type(amount) is int and amount > 0:
            bets[player] = bets.get(player, 0) + amount
    return bets, split
