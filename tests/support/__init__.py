"""Helpers the tests share (imported as ``support.X``: pyproject.toml puts tests/ on the path)."""
