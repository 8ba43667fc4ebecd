"""What one account may start (issue 28; docs/hosting.md, "Limits per account").

One client sending one request at a time could make thousands of challenges, matches against the
computer, table matches or four-seat matches a minute, and the one agent worker then owed thousands
of seats. Each service that makes or begins a match first locks the acting player's user row
(``select_for_update``: his own requests are serialised, so no race goes past a limit), then counts,
then goes on to lock what it locks itself (a match row, a fixture): the user row is always first.
A refusal is a ``MatchError`` saying which limit and what to do.

The numbers are ``settings.VIADAL_HOSTED_LIMITS`` (``LIMITS`` here are the defaults):
``open_challenges`` (matches he made that wait for an opponent or a seat), ``live_matches`` (matches
being played in which he holds a seat), ``computer_seats`` (seats the computer plays in his live
matches), ``created`` matches made per ``window_seconds``, and ``imports`` match records imported
per ``imports_window_seconds``.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import Match, MatchSeat
from ..play_errors import MatchError

LIMITS: dict[str, int] = {
    "open_challenges": 5,
    "live_matches": 20,
    "computer_seats": 6,
    "created": 10,
    "window_seconds": 600,
    "imports": 10,
    "imports_window_seconds": 86_400,
}
LIVE = (Match.Status.SETUP, Match.Status.PLAYING)


class LimitError(MatchError):
    """One account's limit on hosted play is reached."""


def limit(name: str) -> int:
    configured: dict[str, Any] = getattr(settings, "VIADAL_HOSTED_LIMITS", {})
    return int(configured.get(name, LIMITS[name]))


def lock_player(user: User) -> None:
    """The acting player's row, locked first: his starts are counted one at a time."""
    User.objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True).first()


def live_count(user: User) -> int:
    return Match.objects.filter(seats__player=user, status__in=LIVE).distinct().count()


def check_live(user: User, *, own: bool = True) -> None:
    """``user`` may take a seat in one more match being played."""
    most = limit("live_matches")
    count = live_count(user)
    if count < most:
        return
    if own:
        raise LimitError(
            _("You have %(count)s matches under way, the most one account may have: finish one first.")
            % {"count": count}
        )
    raise LimitError(
        _("%(name)s has %(count)s matches under way, the most one account may have.")
        % {"name": user.get_username(), "count": count}
    )


def check_start(user: User, *, open_challenge: bool = False, live: bool = False, computer_seats: int = 0) -> None:
    """``user`` may make one more match now: the rate, then what the match will hold. Requires a
    transaction; locks his user row (``lock_player``)."""
    lock_player(user)
    window = limit("window_seconds")
    made = Match.objects.filter(created_by=user, created_at__gte=timezone.now() - timedelta(seconds=window)).count()
    if made >= limit("created"):
        minutes = max(1, window // 60)
        raise LimitError(
            _("You have made %(count)s matches in the last %(minutes)s minutes: wait a little before you make another.")
            % {"count": made, "minutes": minutes}
        )
    if open_challenge:
        waiting = Match.objects.filter(created_by=user, status=Match.Status.OPEN).count()
        if waiting >= limit("open_challenges"):
            raise LimitError(
                _(
                    "You have %(count)s challenges waiting for an opponent, the most one account may have: "
                    "withdraw one, or wait until one is accepted."
                )
                % {"count": waiting}
            )
    if live:
        check_live(user)
    if computer_seats:
        most = limit("computer_seats")
        playing = MatchSeat.objects.filter(match__created_by=user, match__status__in=LIVE).exclude(agent="").count()
        if playing + computer_seats > most:
            raise LimitError(
                _(
                    "The computer plays %(count)s seats in your matches under way; one account may have it play "
                    "at most %(most)s: finish a match against the computer first."
                )
                % {"count": playing, "most": most}
            )


def check_imports(user: User) -> None:
    """``user`` may import one more match record now. Locks his user row."""
    lock_player(user)
    window = limit("imports_window_seconds")
    since = timezone.now() - timedelta(seconds=window)
    made = Match.objects.filter(created_by=user, imported=True, created_at__gte=since).count()
    if made >= limit("imports"):
        raise LimitError(
            _("You have imported %(count)s match records in the last %(hours)s hours: wait before you import another.")
            % {"count": made, "hours": max(1, window // 3600)}
        )
