"""tinypontoon's logs, checked by the pontoon pytest plugin (installed with pontoon-cli).

``pytest examples/engine`` replays 200 deals of the engine. With ``TINYPONTOON_BROKEN=1`` the
engine pays a five card trick 1:1, and the test fails with the divergences ``pontoon replay``
prints, each citing T7.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).with_name("tinypontoon.py")
BROKEN = ["--broken"] if os.environ.get("TINYPONTOON_BROKEN") == "1" else []


def test_every_deal_of_the_engine_replays(pontoon, tmp_path: Path) -> None:
    log = tmp_path / "engine.jsonl"
    with log.open("wb") as out:
        command = [sys.executable, str(ENGINE), "--deals", "200", "--seed", "1", *BROKEN]
        subprocess.run(command, stdout=out, check=True)
    pontoon.assert_replays(log)
