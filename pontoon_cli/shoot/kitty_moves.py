"""A deal's recorded kitty moves against the re-deal's (S1-S10): which move is missing, which
is one the rules do not make, and which differs in a field.

The two lists are lined up by their longest common run of equal moves (a move equals another
when every field it gives is the other's), so a move left out or added is named as such, by its
rule, player, hand and amount, rather than shifting every move after it and counting the
difference (``kitty.moves[0].player recorded "p1", rules give "p2"``, ``recorded "0 moves"``).
Between two equal moves, a recorded move and a rules' move of the same player and hand are the
same move with a field changed (``kitty.moves[0].amount recorded 5, rules give 6 (S7)``); of
what is left, as many recorded moves as the rules give are compared in order, as before.
"""

from __future__ import annotations

from typing import Any, Final

from pontoon_cli.logformat.check import MISSING
from pontoon_cli.logformat.compare import first_key
from pontoon_cli.logformat.divergence import Divergence, Place

#: The fields of a kitty move, in the order they are compared.
MOVE_KEYS: Final = ("rule", "player", "hand", "amount")


def compare_moves(at: Place, moves: list[Any], want: list[dict[str, Any]]) -> Divergence | None:
    """The first recorded kitty move that is not the rules' (``moves`` as recorded, ``want``
    as the re-deal gives them): a field that differs, a move missing, or a move too many."""
    for got_part, want_part, got_at, want_at in _gaps(moves, want):
        found = _gap(at, got_part, want_part, got_at, want_at)
        if found is not None:
            return found
    return None


def _same(m: Any, w: dict[str, Any]) -> bool:
    """A recorded move is the rules' move ``w``: every field it gives is ``w``'s."""
    return type(m) is dict and first_key(m, w, MOVE_KEYS) is None


def _gaps(
    moves: list[Any], want: list[dict[str, Any]]
) -> list[tuple[list[Any], list[dict[str, Any]], int, int]]:
    """The runs of ``moves`` and ``want`` between their equal moves (the longest common
    subsequence), each with where it starts in both lists, in order."""
    n, m = len(moves), len(want)
    # longest[i][j]: the longest common run of moves[i:] and want[j:]
    longest = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            if _same(moves[i], want[j]):
                longest[i][j] = longest[i + 1][j + 1] + 1
            else:
                longest[i][j] = max(longest[i + 1][j], longest[i][j + 1])
    gaps: list[tuple[list[Any], list[dict[str, Any]], int, int]] = []
    i = j = 0
    gi, gj = 0, 0
    while i < n and j < m:
        if _same(moves[i], want[j]) and longest[i][j] == longest[i + 1][j + 1] + 1:
            if i > gi or j > gj:
                gaps.append((moves[gi:i], want[gj:j], gi, gj))
            i += 1
            j += 1
            gi, gj = i, j
        elif longest[i + 1][j] >= longest[i][j + 1]:
            i += 1
        else:
            j += 1
    if gi < n or gj < m:
        gaps.append((moves[gi:], want[gj:], gi, gj))
    return gaps


def _gap(
    at: Place, got: list[Any], want: list[dict[str, Any]], got_at: int, want_at: int
) -> Divergence | None:
    """The first divergence of one run of recorded moves against the rules' between two equal
    moves: the same player's hand with a field changed, then (as many on each side) the moves in
    order, else a rules' move missing or a recorded one too many."""
    paired: dict[int, int] = {}  # a rules' move -> the recorded move that is it, changed
    taken: set[int] = set()
    for j, w in enumerate(want):
        for i, m in enumerate(got):
            if i not in taken and type(m) is dict and _whose(m) == (w["player"], w["hand"]):
                paired[j] = i
                taken.add(i)
                break
    left_got = [i for i in range(len(got)) if i not in taken]
    left_want = [j for j in range(len(want)) if j not in paired]
    if len(left_got) == len(left_want):  # as many on each side: compared in order
        paired.update(zip(left_want, left_got, strict=True))
        left_got, left_want = [], []
    for j in range(len(want)):
        k = paired.get(j)
        if k is not None:
            found = _changed(at, got[k], want[j], got_at + k)
            if found is not None:
                return found
        elif j in left_want:
            w = want[j]
            missing = f"missing: {describe(w)}"
            return _move_line(at, want_at + j, None, w, w["rule"], w, missing)
    for i in left_got:
        m = got[i]
        whose = m if type(m) is dict else {}
        extra = f"a move the rules do not make: {_written(m)}"
        return _move_line(at, got_at + i, m, None, _rule_of(m), whose, extra)
    return None


def _move_line(
    at: Place, index: int, recorded: Any, expected: Any, rule: str, whose: Any, detail: str
) -> Divergence:
    """The line of ``kitty.moves[index]``, a move missing or extra, named by ``whose`` player
    and hand."""
    player, hand = whose.get("player"), whose.get("hand")
    field = f"kitty.moves[{index}]"
    return at.div(field=field, recorded=recorded, expected=expected, rule=rule, player=player,
                  hand=hand, detail=detail)  # fmt: skip


def _whose(m: dict[str, Any]) -> tuple[Any, Any]:
    return m.get("player", MISSING), m.get("hand")


def _changed(at: Place, m: Any, w: dict[str, Any], index: int) -> Divergence | None:
    """The first field of the recorded move ``m`` that is not the rules' move ``w``'s, citing
    the move's rule (S5 for which hand of a split holds a bet)."""
    if type(m) is not dict:
        return None  # pragma: no cover - the schema makes every move an object
    for key in MOVE_KEYS:
        value = m.get(key, MISSING)
        if value is not MISSING and value != w[key]:
            rule = w["rule"]
            if key == "hand" and type(value) is int and type(w[key]) is int:
                rule = "S5"  # two hand numbers: which hand of a split holds the bet
            return at.div(
                field=f"kitty.moves[{index}].{key}",
                recorded=value,
                expected=w[key],
                rule=rule,
                player=w["player"],
                hand=w["hand"],
            )
    return None


def _rule_of(m: Any) -> str:
    """The rule a recorded move the rules do not make is judged by: its own (an S7 payout
    for a hand that held no bet, S7), else S8 (nothing moves but by a rule's move)."""
    rule = m.get("rule") if type(m) is dict else None
    return rule if type(rule) is str and rule.startswith("S") else "S8"


def describe(w: dict[str, Any]) -> str:
    """A rules' kitty move in words: ``p2 hand 1 wins 5 from the kitty (S7)``."""
    rule, player, hand, amount = w["rule"], w["player"], w["hand"], w["amount"]
    who = player if hand is None else f"{player} hand {hand}"
    if rule == "S1":
        what = f"{who} puts up the first kitty, {amount}"
    elif rule == "S9":
        what = f"{who} puts up a new kitty of {amount}, the last one emptied"
    elif rule == "S10":
        what = (
            f"{who}, the new banker, puts up a kitty of {amount}"
            if amount > 0
            else f"{who}, the old banker, takes the kitty of {-amount}"
        )
    elif rule == "S8":
        what = f"{who} adds {amount} to the kitty"
    elif rule == "S3":
        what = f"{who}'s shoot bets of {amount} go into the kitty on the banker's pontoon"
    elif rule == "S6":
        what = f"{who}'s shoot bets of {amount} go into the kitty as it busts"
    elif amount < 0:
        what = f"{who} wins {-amount} from the kitty, having beaten the banker"
    else:
        what = f"{who}'s shoot bets of {amount} go into the kitty, not having beaten the banker"
    return f"{what} ({rule})"


def _written(m: Any) -> str:
    """A recorded move as its fields: ``S7 p1 hand 1 +1``."""
    if type(m) is not dict:
        return repr(m)  # pragma: no cover - the schema makes every move an object
    parts = [str(m.get(key)) for key in ("rule", "player") if key in m]
    if m.get("hand") is not None:
        parts.append(f"hand {m['hand']}")
    amount = m.get("amount")
    if type(amount) is int:
        parts.append(f"{amount:+d}")
    return " ".join(parts)
