"""The log format's name, which every log's header carries (docs/log-format.md).

The writer (:mod:`pontoon_cli.log.writer`) writes it and the record checks
(:mod:`pontoon_cli.logformat.check`) read it; it lives apart from both so a reader of logs imports
no writer, and the writer no reader.
"""

from __future__ import annotations

from typing import Final

#: The header's ``format``: the only log format this tool writes and reads.
FORMAT: Final = "pontoon-log/1"
