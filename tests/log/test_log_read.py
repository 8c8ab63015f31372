"""One way to read a log's lines (pontoon_cli/logformat/lines.py): replay and the views refuse
the same line in the same words."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from typer.testing import CliRunner

from pontoon_cli.cli.main import app
from pontoon_cli.core.errors import LogFormatError
from pontoon_cli.log.reader import records
from pontoon_cli.replay.run import Summary, replay_logs

LOG = CliRunner().invoke(app, ["play", "--seed", "7", "--deals", "2"]).stdout_bytes
HEADER, DEAL_1, DEAL_2 = LOG.splitlines(keepends=True)


class _Kept:
    """Keeps the messages replay writes (its unreadable-input line among them): an Output."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def write(self, data: bytes) -> None:
        pass

    def message(self, text: str) -> None:
        self.messages.append(text)

    def start(self, name: str, total: int | None) -> None:
        pass

    def advance(self, position: int) -> None:
        pass

    def finish(self) -> None:
        pass


def _replay_error(path: Path) -> str:
    out = _Kept()
    assert replay_logs([str(path)], out) == 2
    assert out.messages[-1].startswith(str(Summary())[:15])
    return out.messages[0].removeprefix("pontoon: ")


def _view_error(path: Path) -> str:
    with pytest.raises(LogFormatError) as err:
        for _ in records(str(path)):
            pass
    return str(err.value)


def _with_deal(**changes: object) -> bytes:
    deal = orjson.loads(DEAL_1)
    deal.update(changes)
    return orjson.dumps(deal) + b"\n"


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([HEADER, b"{not json\n"], ":2: "),
        ([HEADER, b"[1, 2]\n"], ":2: expected a JSON object (a header or deal record), got "),
        ([DEAL_1], ':1: type: expected the header record ("type": "header") first'),
        ([HEADER, b'{"type": "hand"}\n'], ':2: type: expected "header" or "deal", got "hand"'),
        ([HEADER, b'{"type": "deal", "deal": 1, "deal": 1}\n'], ":2: "),
        ([HEADER, _with_deal(decisions="none"), DEAL_2], ":2: decisions: expected "),
        ([], ": empty log: expected a header record on line 1"),
    ],
    ids=[
        "not-json",
        "not-an-object",
        "deal-first",
        "unknown-type",
        "duplicate-key",
        "bad-field",
        "empty",
    ],
)
def test_replay_and_the_views_refuse_a_line_in_the_same_words(
    tmp_path: Path, lines: list[bytes], message: str
) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"".join(lines))
    said = _replay_error(path)
    assert said == _view_error(path)
    assert said.startswith(str(path))
    assert message in said
