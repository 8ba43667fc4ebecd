"""Every CSV the site writes goes through ``formula_safe_writer``: no cell can become a formula.

A spreadsheet program runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or a carriage
return before one) as a formula, so a team named ``=HYPERLINK("http://evil.example", "Click")`` would turn
into a live link, or worse, in an organiser's spreadsheet (CSV injection). Per OWASP, such a text cell is
written with a leading apostrophe, which makes the program read it as text. Plain numbers (``-3``,
``-1,5``) are left as they are: they are numbers, not formulas. The full-width forms of the same
characters are treated alike (some programs read them as the ASCII ones). docs/decisions.md, "CSV".
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def neutralise(value: object) -> object:
    """``value`` safe to put in a spreadsheet cell: a text that a spreadsheet would run gets a ``'``."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


class FormulaSafeWriter:
    """``csv.writer`` with every cell neutralised (``writerow``, ``writerows``)."""

    def __init__(self, stream: Any, **options: Any) -> None:
        self._writer = csv.writer(stream, **options)

    def writerow(self, row: Iterable[object]) -> Any:
        return self._writer.writerow([neutralise(value) for value in row])

    def writerows(self, rows: Iterable[Iterable[object]]) -> None:
        for row in rows:
            self.writerow(row)


def formula_safe_writer(stream: Any, **options: Any) -> FormulaSafeWriter:
    return FormulaSafeWriter(stream, **options)
