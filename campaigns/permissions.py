"""Who may do what in a league (issue #6, point 7).

Only the organiser changes a league, generates fixtures, reschedules, settles and corrects results;
a player reports, confirms and disputes only his own fixtures and manages only his own team. The
predicates are used by the templates to show buttons; the ``require_*`` guards by the services, so a
refused action raises ``PermissionDenied`` (403) before anything is written.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from .models import Entry, Fixture, League

AnyUser = User | AnonymousUser


def is_organiser(league: League, user: AnyUser) -> bool:
    return user.is_authenticated and league.organiser_id == user.pk


def is_player_in(fixture: Fixture, user: AnyUser) -> bool:
    if not user.is_authenticated or fixture.is_bye:
        return False
    away = fixture.away
    return away is not None and user.pk in (fixture.home.player_id, away.player_id)


def is_opponent_of_reporter(fixture: Fixture, user: AnyUser) -> bool:
    """The player who did not report the result: the one who confirms or disputes it."""
    reporter = fixture.result.reported_by_id if hasattr(fixture, "result") else None
    return is_player_in(fixture, user) and reporter is not None and reporter != user.pk


def is_seated_player(seats: list[Entry], user: AnyUser) -> bool:
    """A player of one of a four-seat fixture's entries (``seats``, in seat order)."""
    return user.is_authenticated and any(entry.player_id == user.pk for entry in seats)


def may_confirm_arena(fixture: Fixture, seats: list[Entry], user: AnyUser) -> bool:
    """A seated player other than the reporter who has not confirmed yet: he confirms or disputes."""
    result = getattr(fixture, "arena_result", None)
    if result is None or fixture.status != Fixture.Status.REPORTED or not is_seated_player(seats, user):
        return False
    return result.reported_by_id != user.pk and user.pk not in result.confirmations


def require_seated_player(seats: list[Entry], user: AnyUser) -> None:
    if not is_seated_player(seats, user):
        raise PermissionDenied(_("Only the players seated at this fixture may report its result."))


def require_arena_confirmer(fixture: Fixture, seats: list[Entry], user: AnyUser) -> None:
    if not may_confirm_arena(fixture, seats, user):
        raise PermissionDenied(_("Only a seated player other than the reporter may confirm or dispute this result."))


def is_owner(entry: Entry, user: AnyUser) -> bool:
    return user.is_authenticated and entry.player_id == user.pk


def require_organiser(league: League, user: AnyUser) -> None:
    if not is_organiser(league, user):
        raise PermissionDenied(_("Only the league's organiser may do this."))


def require_player_in(fixture: Fixture, user: AnyUser) -> None:
    if not is_player_in(fixture, user):
        raise PermissionDenied(_("Only the two players of this fixture may report its result."))


def require_opponent_of_reporter(fixture: Fixture, user: AnyUser) -> None:
    if not is_opponent_of_reporter(fixture, user):
        raise PermissionDenied(_("Only the reporter's opponent may confirm or dispute this result."))


def require_owner(entry: Entry, user: AnyUser) -> None:
    if not is_owner(entry, user):
        if entry.league.is_viadal:
            raise PermissionDenied(_("Only the team's player may change its campaign record."))
        raise PermissionDenied(_("Only the entry's player may change its campaign record."))


def already_entered(league: League) -> str:
    # Viadal's words speak of teams; another game's entries are its own (warbands …)
    if league.is_viadal:
        return _("You have entered this league already; a player enters one team.")
    return _("You have entered this league already; a player enters once.")


def entry_refusal(league: League, player: User) -> str | None:
    """Why ``player`` cannot enter ``league`` now, in the reader's language; None when he can:
    invited or sign-up open, no entry of his yet, no fixtures yet."""
    if league.fixtures.exists():
        if league.is_viadal:
            return _("The fixtures are out; this league takes no more teams.")
        return _("The fixtures are out; this league takes no more entries.")
    if league.entries.filter(player=player).exists():
        return already_entered(league)
    if not league.sign_up_open and not league.invitations.filter(player=player).exists():
        return _("You are not invited to this league, and its sign-up is closed.")
    return None


def can_enter(league: League, player: User) -> bool:
    """Invited, or sign-up is open; and no entry yet and no fixtures."""
    return player.is_authenticated and entry_refusal(league, player) is None
