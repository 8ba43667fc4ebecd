"""The replay viewer's "What would the computer have done?" (issue #33): a seat's review as rows,
the three biggest drops flagged. Reads only; the worker computes (arena/services/reviews.py)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User

from arena.engine import SeatView, action_from_json
from arena.models import Match, MatchReview

from .choices import choice_of
from .reader_words import Names


@dataclass(frozen=True)
class ReviewRow:
    seq: int
    played: str
    best: str  # the computer's choice ("" when it is the same as the player's)
    played_chance: int  # percent
    best_chance: int
    drop: int  # percentage points
    flagged: bool


@dataclass(frozen=True)
class SeatReview:
    """One seat's review, or the offer to ask for it (``review`` None)."""

    seat: int
    team: str
    review: MatchReview | None
    rows: tuple[ReviewRow, ...]
    flagged: tuple[ReviewRow, ...]


def _percent(x: float) -> int:
    return round(100 * x)


def seat_reviews(match: Match, user: User | AnonymousUser, names: Names, public: SeatView) -> tuple[SeatReview, ...]:
    """The reviews of the seats ``user`` played in the finished ``match`` (none for others)."""
    if not user.is_authenticated or not match.seed_published or match.table_played:
        return ()
    seats = list(match.seats.filter(player_id=user.pk).values_list("seat", flat=True))
    found = {r.seat: r for r in MatchReview.objects.filter(match=match, seat__in=seats)}
    out = []
    for seat in sorted(seats):
        review = found.get(seat)
        rows: list[ReviewRow] = []
        if review is not None and review.status == MatchReview.Status.DONE:
            marked = set(review.flagged)
            for v in review.verdicts:
                played, best = action_from_json(v["played"]), action_from_json(v["best"])
                played_label = choice_of(played, names, public).label
                best_label = "" if best == played else choice_of(best, names, public).label
                drop = max(0.0, v["best_chance"] - v["played_chance"])
                rows.append(
                    ReviewRow(
                        v["seq"],
                        played_label,
                        best_label,
                        _percent(v["played_chance"]),
                        _percent(v["best_chance"]),
                        _percent(drop),
                        v["seq"] in marked,
                    )
                )
        out.append(SeatReview(seat, names.team(seat), review, tuple(rows), tuple(r for r in rows if r.flagged)))
    return tuple(out)
