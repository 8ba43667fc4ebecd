"""A warband file checked for the command line (``validate_team FILE --game warband [--points N]``):
the file's limits and shape (``warbands.rules.warband_file``), then every building rule WB-01 … WB-15."""

from __future__ import annotations

from dataclasses import replace

from games.registry import FileCheck
from warbands.rules.figure_prices import warband_totals
from warbands.rules.warband_checks import check_warband
from warbands.rules.warband_file import WarbandFileError, parse_warband_file


def check_file(data: bytes, points: int | None, language: str) -> FileCheck:
    """One ``CODE: message`` line per problem in ``language``, or none and the warband's total T.
    ``points`` checks the warband for a game of that size instead of its own L (WB-05 judges it)."""
    try:
        warband = parse_warband_file(data)
    except WarbandFileError as error:
        return FileCheck(tuple(f"{p.code}: {p.text(language)}" for p in error.problems))
    if points is not None:
        warband = replace(warband, points=points)
    violations = check_warband(warband)
    if violations:
        return FileCheck(tuple(f"{v.code}: {v.text(language)}" for v in violations))
    return FileCheck((), warband_totals(warband).total)
