"""The lobby's writes: a challenge is made, accepted (the match begins) or withdrawn.

Locks (docs/hosting.md): ``match_accept`` and ``match_withdraw`` lock the match row
(``select_for_update``) before reading or writing anything of the match; ``match_create`` writes
only new rows. Every refusal is a ``MatchError`` raised before anything is written.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from arena.engine import MatchOptions, State, event_to_json, match_events, new_match, setup_to_json
from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.content.points import TRAP_CARDS_KEPT
from arena.engine.content.profiles import STRATEGIST
from arena.engine.match.words import ArenaMode
from arena.engine.roster import Roster, base_roster
from teams.models import Team
from teams.selectors import team_to_roster

from ..models import AWAY, HOME, Agent, Match, MatchAction, MatchSeat, seed_commitment
from ..play_errors import MatchError
from ..runtime.hosted_dice import dice_for
from ..runtime.push import announce
from .account_limits import check_live, check_start, lock_player
from .seats import refresh_seats


def match_options(*, round_limit: int, optional_rules: Iterable[str], mode: ArenaMode = ArenaMode.DUEL) -> MatchOptions:
    """The engine's options; its refusal (a round limit outside 12-30, HR-10.1) as a ``MatchError``."""
    unknown = sorted(set(optional_rules) - set(OPTIONAL_RULES))
    if unknown:
        raise MatchError(_("Unknown optional rule: %(rules)s.") % {"rules": ", ".join(unknown)})
    try:
        return MatchOptions(round_limit=round_limit, optional=frozenset(optional_rules), mode=mode)
    except ValueError as error:
        raise MatchError(_("The match options are refused: %(reason)s") % {"reason": error}) from error


def match_roster(team: Team, *, trap_insight: bool) -> Roster:
    """The roster a team brings to a match. With trap insight off every strategist draws the 3 cards
    of RB p.7, whatever his team paid for (docs/decisions.md, "Hosted matches")."""
    roster = team_to_roster(team)
    if trap_insight:
        return roster
    members = tuple(
        replace(m, trap_cards_drawn=TRAP_CARDS_KEPT) if m.slot == STRATEGIST and m.trap_cards_drawn else m
        for m in roster.members
    )
    return replace(roster, members=members)


def check_team(team: Team | None, player: User, options: MatchOptions, trap_insight: bool) -> Roster:
    """``team`` as ``player`` brings it to a match under ``options``, or the refusal. The team's fit
    to the optional rules (HR-7) is judged by starting a duel against the base team: it is the
    same for every mode, and a four-seat match's own set-up is judged when it begins."""
    if team is None or team.owner_id != player.pk:
        raise MatchError(_("Choose one of your own teams."))
    if not team.is_ready:
        raise MatchError(_("%(team)s is a draft: only a ready team can play.") % {"team": team.name})
    roster = match_roster(team, trap_insight=trap_insight)
    duel = MatchOptions(round_limit=options.round_limit, optional=options.optional)
    try:  # the engine judges whether the team suits the match's optional rules (HR-7)
        new_match((roster, base_roster()), duel)
    except ValueError as error:
        raise MatchError(
            _("%(team)s cannot play under these options: %(reason)s") % {"team": team.name, "reason": error}
        ) from error
    return roster


@transaction.atomic
def match_create(
    *,
    creator: User,
    team: Team,
    round_limit: int,
    optional_rules: Iterable[str] = (),
    trap_insight: bool = True,
    invited: User | None = None,
) -> Match:
    """An open challenge (``invited`` None: anyone may accept) or an invitation for a named player,
    with one of the creator's ready teams. Locks the creator's user row (``account_limits``); writes only new rows."""
    check_start(creator, open_challenge=True)
    rules = sorted(set(optional_rules))
    options = match_options(round_limit=round_limit, optional_rules=rules)
    check_team(team, creator, options, trap_insight)
    if invited is not None and invited.pk == creator.pk:
        raise MatchError(_("Invite another player: you cannot play against yourself."))
    match = Match.objects.create(
        created_by=creator,
        invited=invited,
        round_limit=options.round_limit,
        optional_rules=rules,
        trap_insight=trap_insight,
    )
    MatchSeat.objects.create(match=match, seat=HOME, player=creator, team=team, team_name=team.name)
    return match


def begin_match(match: Match, teams: Sequence[Roster], options: MatchOptions) -> State:
    """The match begins: the rosters, options and seed become its set-up, the seed's commitment is
    fixed, and the cards and discs are dealt (seq 0). Requires the match row locked or new."""
    try:
        state = new_match(tuple(teams), options, match.seed, dice_for(match.dice_script, match.seed, None))
    except ValueError as error:
        raise MatchError(_("The engine refused to start this match: %(reason)s") % {"reason": error}) from error
    MatchAction.objects.create(match=match, seq=0, events=[event_to_json(e) for e in match_events(state)])
    now = timezone.now()
    match.setup = setup_to_json(state.setup)
    # table mode: the d10s are entered at the table, so there is nothing to commit to
    match.commitment = "" if match.table_played else seed_commitment(match.seed, match.seed_salt)
    match.status = Match.Status.SETUP
    match.version = 0
    match.started_at = match.last_action_at = now
    match.save(update_fields=["setup", "commitment", "status", "version", "started_at", "last_action_at"])
    announce(match.pk, 0)
    return state


@transaction.atomic
def match_create_against_agent(
    *,
    creator: User,
    team: Team,
    agent: str = Agent.GREEDY,
    seat: int = HOME,
    round_limit: int,
    optional_rules: Iterable[str] = (),
    trap_insight: bool = True,
) -> Match:
    """A match against the engine's ``agent``, begun at once: the creator takes ``seat`` with his
    ready ``team``, the agent the other seat with the base team (HR-2). The agent moves from the
    ``run_agents`` worker, through :func:`arena.services.hosted_play.match_play_agent`. Writes only new rows."""
    if agent not in Agent.values:
        raise MatchError(_("Unknown computer opponent: %(agent)s.") % {"agent": agent})
    if seat not in (HOME, AWAY):
        raise MatchError(_("Choose the home or the away seat."))
    rules = sorted(set(optional_rules))
    options = match_options(round_limit=round_limit, optional_rules=rules)
    mine = check_team(team, creator, options, trap_insight)
    theirs = base_roster()
    check_start(creator, live=True, computer_seats=1)
    match = Match.objects.create(
        created_by=creator, round_limit=options.round_limit, optional_rules=rules, trap_insight=trap_insight
    )
    teams = (mine, theirs) if seat == HOME else (theirs, mine)
    state = begin_match(match, teams, options)
    agent_name = _("%(team)s (computer)") % {"team": theirs.name or _("Base team")}
    MatchSeat.objects.create(match=match, seat=seat, player=creator, team=team, team_name=team.name)
    MatchSeat.objects.create(match=match, seat=1 - seat, player=None, agent=agent, team=None, team_name=agent_name)
    refresh_seats(match, state, acting=None)
    return match


@transaction.atomic
def match_create_table(
    *,
    creator: User,
    home_team: Team,
    away_team: Team | None,
    round_limit: int,
    optional_rules: Iterable[str] = (),
    trap_insight: bool = True,
) -> Match:
    """Table mode: a match played with the physical board and dice, refereed on ``creator``'s device.
    Both teams are his ready teams (``away_team`` None: the base team, HR-2); he acts for both seats
    and enters the d10s rolled at the table. Begun at once; writes only new rows."""
    rules = sorted(set(optional_rules))
    options = match_options(round_limit=round_limit, optional_rules=rules)
    home = check_team(home_team, creator, options, trap_insight)
    away = check_team(away_team, creator, options, trap_insight) if away_team is not None else base_roster()
    check_start(creator, live=True)
    match = Match.objects.create(
        created_by=creator,
        round_limit=options.round_limit,
        optional_rules=rules,
        trap_insight=trap_insight,
        table_played=True,
    )
    state = begin_match(match, (home, away), options)
    away_name = away_team.name if away_team is not None else (away.name or _("Base team"))
    MatchSeat.objects.create(match=match, seat=HOME, player=creator, team=home_team, team_name=home_team.name)
    MatchSeat.objects.create(match=match, seat=AWAY, player=creator, team=away_team, team_name=away_name)
    refresh_seats(match, state, acting=None)
    return match


def _locked(match: Match) -> Match:
    return Match.objects.select_for_update().get(pk=match.pk)


@transaction.atomic
def match_accept(*, match: Match, player: User, team: Team) -> Match:
    """``player`` takes the away seat with his ready ``team``; the match begins: both rosters as they
    are now, the options and the seed become its set-up, and the cards and discs are dealt (seq 0).

    Locks: the accepting player's user row (``account_limits``), the match row (``select_for_update``), then
    writes its seats and its first action row.
    """
    lock_player(player)
    check_live(player)
    match = _locked(match)
    if match.status != Match.Status.OPEN:
        raise MatchError(_("This challenge is no longer open."))
    if match.created_by_id == player.pk:
        raise MatchError(_("You cannot accept your own challenge."))
    if match.invited_id is not None and match.invited_id != player.pk:
        raise MatchError(_("This invitation is for another player."))
    options = match_options(round_limit=match.round_limit, optional_rules=match.optional_rules)
    home_seat = MatchSeat.objects.select_related("team").get(match=match, seat=HOME)
    home_team = home_seat.team
    if home_team is None or not home_team.is_ready:
        raise MatchError(_("The challenger's team is no longer ready, so the challenge cannot be accepted."))
    home = check_team(home_team, match.created_by, options, match.trap_insight)
    away = check_team(team, player, options, match.trap_insight)
    check_live(match.created_by, own=False)
    state = begin_match(match, (home, away), options)
    home_seat.team_name = home_team.name
    home_seat.save(update_fields=["team_name"])
    MatchSeat.objects.create(match=match, seat=AWAY, player=player, team=team, team_name=team.name)
    refresh_seats(match, state, acting=None)
    return match


@transaction.atomic
def match_withdraw(*, match: Match, player: User) -> Match:
    """The challenger withdraws a challenge nobody has accepted. Locks: the match row."""
    match = _locked(match)
    if match.created_by_id != player.pk:
        raise MatchError(_("Only the challenger may withdraw a challenge."))
    if match.status != Match.Status.OPEN:
        raise MatchError(_("This challenge is no longer open."))
    match.status = Match.Status.WITHDRAWN
    match.finished_at = timezone.now()
    match.save(update_fields=["status", "finished_at"])
    return match
