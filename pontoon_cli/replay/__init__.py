"""Replay: re-deal every deal of a log through the engine and verify what the record holds."""
