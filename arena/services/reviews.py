"""What would the computer have done? Asking for a review of a finished match, and the worker's
side of it (docs/agents.md, "Reviews"; issue #33).

A player of a finished match asks for his seat's review (one per match and seat); the
``run_agents`` worker claims the oldest waiting one and computes it with the search agent from
the stored events, never in a request. A claim that was not finished within ``STALE`` (a worker
that died) is claimed again; the computation is deterministic, so nothing is lost but time.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from arena.engine import State, action_from_json, action_to_json, event_from_json, replay, setup_from_json
from arena.engine.agents.review import REVIEW_BUDGET, Verdict, flagged, review_positions
from arena.engine.match.actions import Action

from ..models import Match, MatchReview
from ..play_errors import MatchError

STALE = timedelta(minutes=15)


def review_budget() -> int:
    """Search iterations per reviewed decision (``VIADAL_REVIEW_BUDGET``)."""
    return int(getattr(settings, "VIADAL_REVIEW_BUDGET", REVIEW_BUDGET))


@transaction.atomic
def review_request(*, match: Match, player: User, seat: int) -> MatchReview:
    """``player`` asks what the computer would have done in his ``seat`` of the finished ``match``;
    the existing review if there is one. Only the seat's own player may ask."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if not match.seed_published:
        raise MatchError(_("The computer reviews a match once it is over."))
    if match.table_played:
        raise MatchError(_("A match played at the table cannot be reviewed: its dice were not the seed's."))
    row = match.seats.filter(seat=seat).first()
    if row is None:
        raise MatchError(_("This match has no such seat."))
    if row.player_id != player.pk:
        raise PermissionDenied(_("Only the seat's own player may ask for its review."))
    found, _created = MatchReview.objects.get_or_create(
        match=match, seat=seat, defaults={"requested_by": player, "budget": review_budget()}
    )
    return found


def review_claim(now: Any = None) -> MatchReview | None:
    """The oldest waiting review (or one whose worker stopped), claimed for this worker."""
    now = now or timezone.now()
    waiting = Q(status=MatchReview.Status.PENDING) | Q(status=MatchReview.Status.RUNNING, claimed_at__lt=now - STALE)
    for review in MatchReview.objects.filter(waiting).order_by("created_at", "pk")[:5]:
        claimed = MatchReview.objects.filter(pk=review.pk, status=review.status, claimed_at=review.claimed_at).update(
            status=MatchReview.Status.RUNNING, claimed_at=now
        )
        if claimed:  # no other worker took it meanwhile
            review.refresh_from_db()
            return review
    return None


def _positions(match: Match, seat: int) -> Iterator[tuple[int, State, Action]]:
    """(seq, the state before it, action) of the seat's actions, from the stored events."""
    setup = setup_from_json(match.setup)
    events: list[Any] = []
    rows = match.actions.order_by("seq").values_list("seq", "seat", "action", "events")
    for seq, row_seat, action, row_events in rows.iterator():
        if seq > 0 and row_seat == seat and action is not None:
            yield seq, replay(setup, events), action_from_json(action)
        events.extend(event_from_json(e) for e in row_events)


def _verdict_json(v: Verdict) -> dict[str, Any]:
    return {
        "seq": v.index,
        "played": action_to_json(v.played),
        "best": action_to_json(v.best),
        "played_chance": round(v.played_chance, 4),
        "best_chance": round(v.best_chance, 4),
    }


def review_compute(review: MatchReview) -> MatchReview:
    """Compute a claimed review and store it (the worker's; minutes of CPU for a long match)."""
    match = review.match
    try:
        verdicts = review_positions(_positions(match, review.seat), review.seat, review.budget, f"review:{match.pk}")
    except ValueError as error:  # a record the engine refuses: said, not retried
        MatchReview.objects.filter(pk=review.pk).update(
            status=MatchReview.Status.FAILED, error=str(error)[:200], finished_at=timezone.now()
        )
        review.refresh_from_db()
        return review
    MatchReview.objects.filter(pk=review.pk).update(
        status=MatchReview.Status.DONE,
        verdicts=[_verdict_json(v) for v in verdicts],
        flagged=flagged(verdicts),
        finished_at=timezone.now(),
    )
    review.refresh_from_db()
    return review
