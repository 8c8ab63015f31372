"""pontoon: the reference tool for the card game Pontoon (rules: docs/rules.md)."""

__version__ = "0.1.0"
