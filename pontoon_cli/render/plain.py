"""Tables as plain lines, laid out as rich lays them out without colour, in linear time.

rich builds a table cell by cell, measuring and styling each: about a millisecond a row, which
a log of thousands of players (``pontoon stats``) or deals (``pontoon show`` into a pipe) turns
into minutes. Into a pipe, a file or with ``NO_COLOR`` nothing is styled, so these functions
write the same characters directly: the same column widths (cells measured as a terminal shows
them, wide characters two columns), the same justification and the same rule under the heads.
``tests/views`` compares them with rich's own output.
"""

from __future__ import annotations

from rich.cells import cell_len

#: Between two columns: one space of padding each side and the box's own blank divider.
GAP = "   "
RULE = "─"


def grid_lines(
    columns: list[str],
    rows: list[list[str]],
    left: frozenset[int] = frozenset({0}),
    caption: str | None = None,
) -> list[str]:
    """A table of ``columns`` heads and ``rows`` (the columns numbered in ``left`` justified
    left, the others right; a short row is filled with empty cells), as rich's
    ``box.SIMPLE_HEAD`` grid with no edge and no outer padding draws it: the heads, a rule
    under them, each row, and the ``caption`` centred under them; no line ends in spaces."""
    widths = [_cells(column) for column in columns]
    for row in rows:
        for i, cell in enumerate(row):
            size = _cells(cell)
            if size > widths[i]:
                widths[i] = size
    full = sum(widths) + len(GAP) * (len(widths) - 1)
    lines = [_line(columns, widths, left), RULE * full]
    lines += [_line(row, widths, left) for row in rows]
    if caption is not None:
        lines.append((" " * ((full - cell_len(caption)) // 2) + caption).rstrip())
    return lines


def _cells(text: str) -> int:
    """The columns ``text`` takes on a terminal: its length, unless it holds wide characters."""
    return len(text) if text.isascii() else cell_len(text)


def _line(cells: list[str], widths: list[int], left: frozenset[int]) -> str:
    parts = []
    for i, width in enumerate(widths):
        cell = cells[i] if i < len(cells) else ""
        pad = " " * (width - _cells(cell))
        parts.append(cell + pad if i in left else pad + cell)
    return GAP.join(parts).rstrip()
