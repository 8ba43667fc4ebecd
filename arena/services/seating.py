"""Four-seat matches (HR-8: pairs or free-for-all) in the lobby: made, and filled seat by seat.

The creator takes seat 0 with his ready team and says how each other seat is filled: open (anyone
signed in may take it with a ready team), kept for an invited player, or played by the computer
(the engine's agent, with the base team of HR-2). The match begins, as a duel does when its
challenge is accepted, once every seat is filled: the rosters as they are then, the options and the
seed become its set-up and the cards and discs are dealt.

Locks (docs/hosting.md): ``match_take_seat`` locks the match row first (``select_for_update``),
then its seat rows; ``match_create_four`` writes only new rows. Every refusal is a ``MatchError``
raised before anything is written.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from arena.engine.match.words import ArenaMode
from arena.engine.roster import Roster, base_roster
from teams.models import Team

from ..models import FOUR_SEAT_ROUND_LIMIT, HOME, Agent, Match, MatchSeat
from ..play_errors import MatchError
from .account_limits import check_live, check_start, lock_player
from .lobby import begin_match, check_team, match_options
from .seats import refresh_seats


class SeatKind:
    OPEN = "open"
    INVITED = "invited"
    COMPUTER = "computer"


@dataclass(frozen=True)
class SeatPlan:
    """How one of seats 1-3 is filled: ``kind`` (open, invited, computer) and, invited, for whom."""

    kind: str
    invited: User | None = None
    agent: str = Agent.GREEDY  # the computer's strength, for a computer seat


FOUR_SEAT_MODES = (ArenaMode.PAIRS, ArenaMode.FFA)


def computer_team_name(seat: int) -> str:
    """The base team a computer seat brings, named by its seat: two computer seats' teams (and
    their characters, in the log) are told apart."""
    return _("Base team, seat %(number)s") % {"number": seat + 1}


def _check_plans(creator: User, others: Sequence[SeatPlan]) -> None:
    if len(others) != 3:
        raise MatchError(_("Say how each of the other three seats is filled."))
    invited: set[int] = set()
    for plan in others:
        if plan.kind not in (SeatKind.OPEN, SeatKind.INVITED, SeatKind.COMPUTER):
            raise MatchError(_("A seat is open, kept for an invited player, or played by the computer."))
        if plan.kind == SeatKind.COMPUTER and plan.agent not in Agent.values:
            raise MatchError(_("Unknown computer opponent: %(agent)s.") % {"agent": plan.agent})
        if plan.kind != SeatKind.INVITED:
            continue
        if plan.invited is None:
            raise MatchError(_("Name the player you invite to a seat."))
        if plan.invited.pk == creator.pk:
            raise MatchError(_("You already hold the first seat: invite other players."))
        if plan.invited.pk in invited:
            raise MatchError(_("A player may hold only one seat of a match."))
        invited.add(plan.invited.pk)


@transaction.atomic
def match_create_four(
    *,
    creator: User,
    team: Team,
    mode: str,
    others: Sequence[SeatPlan],
    round_limit: int = FOUR_SEAT_ROUND_LIMIT,
    optional_rules: Iterable[str] = (),
    trap_insight: bool = True,
) -> Match:
    """A four-seat match (``mode``: pairs or ffa): the creator in seat 0 with his ready ``team``,
    seats 1-3 filled as ``others`` say. Begun at once if the computer fills every other seat.
    Writes only new rows."""
    if mode not in FOUR_SEAT_MODES:
        raise MatchError(_("Choose pairs or free-for-all for a four-seat match."))
    _check_plans(creator, others)
    rules = sorted(set(optional_rules))
    options = match_options(round_limit=round_limit, optional_rules=rules)  # the range of HR-10.1
    check_team(team, creator, options, trap_insight)
    computers = sum(1 for plan in others if plan.kind == SeatKind.COMPUTER)
    at_once = computers == len(others)
    check_start(creator, open_challenge=not at_once, live=at_once, computer_seats=computers if at_once else 0)
    match = Match.objects.create(
        created_by=creator,
        mode=mode,
        round_limit=options.round_limit,
        optional_rules=rules,
        trap_insight=trap_insight,
    )
    MatchSeat.objects.create(match=match, seat=HOME, player=creator, team=team, team_name=team.name)
    for seat, plan in enumerate(others, start=1):
        if plan.kind == SeatKind.COMPUTER:
            MatchSeat.objects.create(match=match, seat=seat, agent=plan.agent, team_name=computer_team_name(seat))
        else:
            MatchSeat.objects.create(match=match, seat=seat, invited=plan.invited, team_name="")
    if all(plan.kind == SeatKind.COMPUTER for plan in others):
        _begin_four(match)
    return match


@transaction.atomic
def match_take_seat(*, match: Match, player: User, team: Team, seat: int | None = None) -> Match:
    """``player`` takes ``seat`` (or the first seat open to him) of an open four-seat match with his
    ready ``team``; the match begins when that was the last seat to fill.

    Locks: the player's user row (``account_limits``), the match row (``select_for_update``), then its seat rows."""
    lock_player(player)
    check_live(player)
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.status != Match.Status.OPEN or not match.four_seats:
        raise MatchError(_("This match has no seat to take."))
    rows = list(MatchSeat.objects.select_for_update().filter(match=match).order_by("seat"))
    if any(row.player_id == player.pk for row in rows):
        raise MatchError(_("A player may hold only one seat of a match."))
    free = [row for row in rows if not row.filled and row.invited_id in (None, player.pk)]
    if seat is not None:
        free = [row for row in free if row.seat == seat]
    if not free:
        raise MatchError(_("This seat is not open to you."))
    options = match_options(round_limit=match.round_limit, optional_rules=match.optional_rules)
    check_team(team, player, options, match.trap_insight)
    row = free[0]
    row.player, row.team, row.team_name = player, team, team.name
    row.save(update_fields=["player", "team", "team_name"])
    if all(r.filled for r in rows):
        _begin_four(match)
    return match


def _begin_four(match: Match) -> None:
    """Every seat is filled: the rosters as they are now become the set-up and the match begins.
    Requires the match row locked or new."""
    options = match_options(round_limit=match.round_limit, optional_rules=match.optional_rules, mode=match.arena_mode)
    rosters: list[Roster] = []
    for row in MatchSeat.objects.filter(match=match).select_related("team", "player").order_by("seat"):
        if row.agent:
            rosters.append(base_roster(row.team_name))
            continue
        team = row.team
        if team is None or row.player is None or not team.is_ready:
            raise MatchError(
                _("%(team)s is no longer ready, so the match cannot begin.") % {"team": row.team_name or "?"}
            )
        rosters.append(check_team(team, row.player, options, match.trap_insight))
        if row.team_name != team.name:
            row.team_name = team.name
            row.save(update_fields=["team_name"])
    state = begin_match(match, rosters, options)
    refresh_seats(match, state, acting=None)


__all__ = ["SeatKind", "SeatPlan", "match_create_four", "match_take_seat"]
