"""The start-up floor for `make bench`: a minimal typer app with two commands.

The bench runs ``python bench/typer_app.py --help`` next to ``pontoon play --seed 1 --deals 1``
and reports pontoon's CPU time as a multiple of this one's (the target: at most 0.7×), and also
``python bench/typer_app.py play --seed 1 --deals 1``. Typer's defaults, nothing trimmed. With
typer 0.29 and rich installed the defaults' ``--help`` renders with rich (and imports it), while
running a command with typed options builds pydantic adapters (and imports pydantic) instead:
the second line is the floor for any typer command that runs.
"""

import typer

app = typer.Typer()


@app.command()
def play(seed: int = 1, deals: int = 1) -> None:
    """Play some deals."""
    print(seed, deals)


@app.command()
def replay(path: str) -> None:
    """Replay a log."""
    print(path)


if __name__ == "__main__":
    app()
