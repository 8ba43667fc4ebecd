"""The campaign roster as the engine sees it: an entry's stored team-file document, read and written."""

from __future__ import annotations

from dataclasses import replace

from arena.engine.campaign.between_matches import team_value
from arena.engine.campaign.hirelings import fielded_roster
from arena.engine.roster import Problem, Roster
from arena.engine.roster.point_rules import validate_roster
from arena.engine.roster.teamfile import roster_from_document, roster_to_document

from .models import Entry, League


def entry_roster(entry: Entry) -> Roster:
    return roster_from_document(entry.roster)


def set_entry_roster(entry: Entry, roster: Roster) -> None:
    """Put ``roster`` on the entry in memory; the caller saves."""
    entry.roster = roster_to_document(roster)


def for_league(league: League, roster: Roster) -> Roster:
    """The roster under the league's tier and optional rules, as it registers."""
    return replace(roster, tier=league.tier, options=frozenset(league.options))


def fielding_problems(roster: Roster) -> tuple[Problem, ...]:
    """What the builder's validators say of the team the campaign would field next (HR-10.8:
    hirelings in the places of dead or absent members; TB-24 and no tier rules, HR-10.6)."""
    return validate_roster(fielded_roster(roster), campaign=True)


def entry_team_value(entry: Entry) -> int:
    return team_value(entry_roster(entry))
