"""Replaying logs in the tests: a log written back from its records, replayed from a file to its
exit code and divergences (as ``replay --json`` writes them), the seeded base log, and the minimal
form of a log a third party writes."""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any

import orjson

from pontoon_cli.replay.run import Divergence, LogReplayer, StreamOutput, replay_logs
from support.logs import play_log, records

Record = dict[str, Any]


def dump(recs: list[Record]) -> bytes:
    return b"".join(orjson.dumps(r, option=orjson.OPT_APPEND_NEWLINE) for r in recs)


def written(path: Path, log: bytes) -> Path:
    """``path``, holding ``log``: a log file a test gives the command."""
    path.write_bytes(log)
    return path


def replay(tmp_path: Path, log: bytes, *, fail_fast: bool = False) -> tuple[int, list[Record], str]:
    """Replay ``log`` from a file: (exit code, divergences as JSON records, stderr)."""
    path = tmp_path / "game.jsonl"
    path.write_bytes(log)
    out, err = io.BytesIO(), io.StringIO()
    code = replay_logs([str(path)], StreamOutput(out, err), fail_fast=fail_fast, as_json=True)
    found = [orjson.loads(line) for line in out.getvalue().splitlines()]
    return code, found, err.getvalue()


def first(tmp_path: Path, recs: list[Record]) -> Record:
    """The first divergence of a tampered log (which must exit 1)."""
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1, err
    assert found, err
    return found[0]


BASE_LOG = play_log(4, deals=12, players=4)  # splits, shuffles after pontoons, a change of bank
BASE = records(BASE_LOG)


def base() -> list[Record]:
    return copy.deepcopy(BASE)


MINIMAL_DEAL_KEYS = ("type", "deal", "pack", "decisions", "net")


def minimal(recs: list[Record]) -> list[Record]:
    header = {k: recs[0][k] for k in ("type", "format", "rules", "table")}
    deals = []
    for rec in recs[1:]:
        deal = {k: rec[k] for k in MINIMAL_DEAL_KEYS}
        deal["decisions"] = [
            {k: v for k, v in d.items() if not (d["action"] == "split" and k == "amount")}
            for d in deal["decisions"]
        ]
        deals.append(deal)
    return [header, *deals]


STACKED_SALE = """\
name = "stacked deals and a sale of the bank"
seed = 3
strategy = "default"
deals = 4

[table]
players = ["ann", "bob", "cal"]
banker = "cal"
bankroll = 100

[[deal]]
pack = "AH KH 7D 3C 5S 4H"

[[deal]]
pack = "9S 9D 2C 8S 8D"

[[deal]]
sell_bank = { to = "bob", price = 5 }
"""


LOG = "game.jsonl"


def divergence(
    tmp_path: Path,
    line: int,
    deal: int | None,
    player: str | None,
    hand: int | None,
    field: str,
    recorded: Any,
    expected: Any,
    rule: str,
) -> Record:
    """A whole divergence, as ``replay --json`` writes it."""
    return {
        "file": str(tmp_path / LOG),
        "line": line,
        "deal": deal,
        "player": player,
        "hand": hand,
        "field": field,
        "recorded": recorded,
        "expected": expected,
        "rule": rule,
    }


def lacking(
    tmp_path: Path,
    line: int,
    deal: int,
    player: str,
    hand: int,
    index: int,
    why: str,
    rule: str,
    instead: str,
) -> Record:
    """A whole divergence for a decision the log lacks, as ``replay --json`` writes it: the hand
    that lacked it, ``decisions[index]``, why the rules ask it (``why``, ``rule``), and what the
    log holds there ``instead``."""
    return {
        **divergence(tmp_path, line, deal, player, hand, f"decisions[{index}]", None, why, rule),
        "detail": instead,
        "missing": True,
    }


def only(tmp_path: Path, recs: list[Record]) -> Record:
    """The one divergence of a tampered log: nothing after it may diverge too."""
    code, found, err = replay(tmp_path, dump(recs))
    assert code == 1, err
    assert len(found) == 1, found
    return found[0]


#: What replay says of p1's hand in deal 2 of the base log, after a net that differs: the hand
#: and the banker's as the rules dealt them, and the payout table's line (T7).
P1_NET_DETAIL = "; JH AD: pontoon 21 against the banker's 3S TC AH 5C: total 19, paid +2 × stake 2"
#: The same for p4's hand in deal 2 (he stuck on 16 and lost to the banker's 19, T7.1).
P4_NET_DETAIL = "7D 9H: total 16 against the banker's 3S TC AH 5C: total 19, paid -1 × stake 1"


def replay_bytes(log: bytes, name: str = "t.jsonl") -> list[Divergence]:
    """The divergences replay finds in ``log`` (read as the file ``name``), in order."""
    return list(LogReplayer(name).replay(io.BytesIO(log)))
