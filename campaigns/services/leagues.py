"""Leagues and their entries: creating and changing a league, invitations, entering a team.

When a team enters, the league keeps its own copy (``Entry.roster``, a team-file document under the
league's tier and options), so later edits in the team builder never change league play.

Locks (``services.locks``): every service here that changes a league locks its row first and reads
it (its settings, entries, fixtures) only then; entering a team is decided under that lock, so two
entries at once are told apart by the second one's check, not by the database's unique constraint.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arena.engine.campaign.gold import starting_treasury
from arena.engine.roster.point_rules import validate_roster
from games.league_protocol import VIADAL, UnknownLeagueGame, league_game
from teams.models import Team
from teams.selectors import team_to_roster

from ..league_errors import CampaignRosterError, LeagueError
from ..models import CampaignEvent, Entry, Invitation, League, MemberRecord
from ..permissions import already_entered, entry_refusal, require_organiser
from ..rosters import for_league, set_entry_roster
from .locks import lock_league
from .log import EventLog

LEAGUE_FIELDS = frozenset(
    {
        "name",
        "season",
        "tier",
        "format",
        "arena_mode",
        "options",
        "validation_mode",
        "sign_up_open",
        "round_limit",
        "group_count",
        "game",
        "game_settings",
    }
)
FIELDS_FIXED_BY_ENTRIES = frozenset({"tier", "format", "options", "game", "game_settings"})
FIXED_FIELD_NAMES = {
    "tier": gettext_lazy("tier"),
    "format": gettext_lazy("format"),
    "options": gettext_lazy("optional rules"),
    "game": gettext_lazy("game"),
    "game_settings": gettext_lazy("the game's settings"),
}


def _refuse_unknown(values: Mapping[str, Any]) -> None:
    unknown = set(values) - LEAGUE_FIELDS
    if unknown:
        raise ValueError(f"not a league setting: {', '.join(sorted(unknown))}")


@transaction.atomic
def league_create(*, organiser: User, **settings: Any) -> League:
    _refuse_unknown(settings)
    league = League(organiser=organiser, **settings)
    _check_game(league)
    league.full_clean()
    league.save()
    return league


def _check_game(league: League) -> None:
    """The league's game must play leagues here, and its settings are as the game's plug-in keeps
    them (a new league without any takes the game's defaults)."""
    try:
        game = league_game(league.game)
    except UnknownLeagueGame:
        raise LeagueError(_("There is no such game.")) from None
    try:
        league.game_settings = game.check_settings(league.game_settings or game.default_settings())
    except ValueError as error:
        raise LeagueError(str(error)) from None


@transaction.atomic
def league_update(*, league: League, actor: User, changes: Mapping[str, Any]) -> League:
    """Change the league's settings (organiser only). Tier, format and options are fixed once a
    team has entered, since the entries were registered and checked under them. Locks: the league
    (so no team enters, and no fixture is drawn, while it changes)."""
    league = lock_league(league.pk)
    require_organiser(league, actor)
    _refuse_unknown(changes)
    changed = {name for name, value in changes.items() if getattr(league, name) != value}
    fixed = changed & FIELDS_FIXED_BY_ENTRIES
    if fixed and league.entries.exists():
        names = ", ".join(str(FIXED_FIELD_NAMES[name]) for name in sorted(fixed))
        raise LeagueError(_("Teams have entered; %(fields)s can no longer change.") % {"fields": names})
    if "format" in changed and league.fixtures.exists():
        raise LeagueError(_("Fixtures exist; the format can no longer change."))
    if "arena_mode" in changed and league.fixtures.exists():
        raise LeagueError(_("Fixtures exist; the arena mode can no longer change."))
    if "group_count" in changed and league.fixtures.exists():
        raise LeagueError(_("The groups are drawn; the number of groups can no longer change."))
    for name in changed:
        setattr(league, name, changes[name])
    _check_game(league)
    league.full_clean()
    league.save()
    return league


@transaction.atomic
def league_invite(*, league: League, actor: User, player: User) -> Invitation:
    """Invite ``player`` (organiser only; inviting twice is one invitation). Locks: the league."""
    league = lock_league(league.pk)
    require_organiser(league, actor)
    invitation, _ = Invitation.objects.get_or_create(league=league, player=player)
    return invitation


@transaction.atomic
def league_enter(*, league: League, player: User, team: Team) -> Entry:
    """Enter ``team`` (the player's own, ready) and copy it as the campaign roster.

    Strict leagues refuse a team the validators find fault with under the league's tier; advisory
    leagues take it and show the problems. Either way the treasury starts as HR-10.7 says, which
    refuses a team over the budget.

    Locks: the league. The checks run under its lock, so of two entries at once the second is
    refused with a message; the unique constraint behind them (one entry per player) is answered
    with the same message, should a writer that skips the lock ever meet it.
    """
    if team.owner_id != player.pk:
        raise LeagueError(_("You can enter only a team of your own."))
    if not team.is_ready:
        raise LeagueError(_("%(team)s is a draft; mark it ready first.") % {"team": team.name})
    league = lock_league(league.pk)
    if league.game != VIADAL:
        raise LeagueError(_("This league is not a Shuluri Viadal league; enter one of its game's own."))
    refusal = entry_refusal(league, player)
    if refusal is not None:
        raise LeagueError(refusal)
    roster = for_league(league, team_to_roster(team))
    problems = validate_roster(roster)
    if problems and league.is_strict:
        message = _("%(team)s breaks %(count)s rule(s) of this league.")
        raise CampaignRosterError(message % {"team": team.name, "count": len(problems)}, problems)
    entry = Entry(league=league, player=player, source_team=team, name=team.name, treasury=starting_treasury(roster))
    set_entry_roster(entry, roster)
    _save_entry(league, player, entry)
    MemberRecord.objects.bulk_create(MemberRecord(entry=entry, slot=m.slot, name=m.name) for m in roster.members)
    _log_entered(league, entry, [p.code for p in problems])
    return entry


@transaction.atomic
def league_enter_copy(*, league: League, player: User, source_ref: int) -> Entry:
    """Enter the player's thing ``source_ref`` of the league's game (a ready warband) as its plug-in
    copies it (``games.league_protocol.LeagueGame.entry_copy``): the league keeps that copy. A strict league
    refuses a copy that breaks any of the game's rules under the league's settings.

    Locks: the league, as :func:`league_enter`; the plug-in copies under it.
    """
    league = lock_league(league.pk)
    game = league_game(league.game)
    refusal = entry_refusal(league, player)
    if refusal is not None:
        raise LeagueError(refusal)
    copy = game.entry_copy(league, player, source_ref)
    if copy.problems and league.is_strict:
        message = _("%(team)s breaks %(count)s rule(s) of this league.") % {
            "team": copy.name,
            "count": len(copy.problems),
        }
        raise LeagueError(" ".join([message, *copy.problem_texts]))
    entry = Entry(
        league=league,
        player=player,
        source_ref=copy.source_ref,
        name=copy.name,
        roster=copy.document,
        treasury=copy.treasury,
    )
    _save_entry(league, player, entry)
    game.entered(entry)
    _log_entered(league, entry, list(copy.problems))
    return entry


def _save_entry(league: League, player: User, entry: Entry) -> None:
    try:
        with transaction.atomic():  # a savepoint: the refusal leaves the outer transaction usable
            entry.save()
    except IntegrityError:
        if not league.entries.filter(player=player).exists():
            raise
        raise LeagueError(already_entered(league)) from None


def _log_entered(league: League, entry: Entry, problems: list[str]) -> None:
    log = EventLog(league)
    log.add(CampaignEvent.Kind.ENTERED, entry=entry, data={"treasury": entry.treasury, "problems": problems})
    log.save()
