"""The names the app gives the teams it makes (the base team of a computer seat, of table mode, of a
four-seat match's computer seats), said in the reader's language.

A match stores its teams' names as they were when it was made, in the language of the page that made
it; one page speaks one language (issue 32), so every page and list that shows a stored team name
reads it through :func:`team_label`. Below the selectors (it reads nothing): the lobby's and the
inbox's lists use it as the play screen does.
"""

from __future__ import annotations

import re
from functools import cache

from django.utils.translation import gettext as _
from django.utils.translation import override as language_override


@cache
def _app_name_patterns() -> tuple[re.Pattern[str], ...]:
    """The names the app gives the teams it makes (the base team of a computer seat, of table mode),
    in every language they may have been stored in: base team, base team of a seat, computer."""
    found: list[str] = []
    for language in ("en", "hu"):
        with language_override(language):
            found += [
                "(?P<base>" + re.escape(_("Base team")) + ")",
                re.escape(_("Base team, seat %(number)s")).replace(re.escape("%(number)s"), r"(?P<seat>\d)"),
            ]
    return tuple(re.compile(f"^{pattern}$") for pattern in found)


@cache
def _computer_patterns() -> tuple[re.Pattern[str], ...]:
    found = []
    for language in ("en", "hu"):
        with language_override(language):
            found.append(
                re.compile("^" + re.escape(_("%(team)s (computer)")).replace(re.escape("%(team)s"), "(.+)") + "$")
            )
    return tuple(found)


def team_label(stored: str) -> str:
    """A team's name in the reader's language when the app made the team ("Base team, seat 3",
    "Alapcsapat (gép)"); a player's own team name as he wrote it. Names are stored in the language of
    the page that made the match, and one page speaks one language (issue 32)."""
    inner, is_computer = stored, False
    for pattern in _computer_patterns():
        found = pattern.match(stored)
        if found:
            inner, is_computer = found.group(1), True
            break
    for pattern in _app_name_patterns():
        found = pattern.match(inner)
        if found:
            seat = found.groupdict().get("seat")
            inner = _("Base team, seat %(number)s") % {"number": seat} if seat else _("Base team")
            return _("%(team)s (computer)") % {"team": inner} if is_computer else inner
    return stored


def is_app_team(stored: str) -> bool:
    inner = next((found.group(1) for p in _computer_patterns() if (found := p.match(stored))), stored)
    return any(p.match(inner) for p in _app_name_patterns())
