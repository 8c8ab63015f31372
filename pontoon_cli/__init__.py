"""pontoon: the reference tool for the card game Pontoon (see ../shared/RULES.md)."""

__version__ = "0.1.0"
