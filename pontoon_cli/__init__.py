"""pontoon: the reference tool for the card game Pontoon (rules: docs/rules.md)."""

import os as _os

from pontoon_cli import _build

__version__ = "0.1.0"

# "compiled" or "pure Python". A compiled module whose source changed since the build (or
# PONTOON_PURE=1) makes every compiled module load from its source instead (README "Builds").
BUILD: str = _build.check(_os.path.dirname(__file__))
