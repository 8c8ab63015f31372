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


def grid_lines(columns: list[str], rows: list[list[str]]) -> list[str]:
    """A table of ``columns`` heads and ``rows`` (the first column justified left, the others
    right), as rich's ``box.SIMPLE_HEAD`` grid with no edge and no outer padding draws it: the
    heads, a rule under them, then each row; no line ends in spaces."""
    widths = [cell_len(column) for column in columns]
    for row in rows:
        for i, cell in enumerate(row):
            size = cell_len(cell)
            if size > widths[i]:
                widths[i] = size
    rule = RULE * (sum(widths) + len(GAP) * (len(widths) - 1))
    return [_line(columns, widths), rule, *[_line(row, widths) for row in rows]]


def _line(cells: list[str], widths: list[int]) -> str:
    parts = []
    for i, cell in enumerate(cells):
        pad = " " * (widths[i] - cell_len(cell))
        parts.append(cell + pad if i == 0 else pad + cell)
    return GAP.join(parts).rstrip()
