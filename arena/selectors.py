"""Hosted matches' reads: the lobby's lists, the header's "your move" count, when a forfeit may be
claimed and who owes the thumbs.

The seat's play screen is built in :mod:`arena.screen.page`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.paginator import Page, Paginator
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery, prefetch_related_objects
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from arena.engine import State, is_over, match_facts
from arena.engine.campaign.facts import Fate
from arena.engine.campaign.results import RESULT_NAMES, ResultKind
from arena.engine.content.amulets import OPTIONAL_RULES
from common.i18n import entry_name, pair_name
from common.prepared import PreparedPair, PreparedQuery
from teams.models import Team

from .models import Match, MatchSeat, Mode
from .team_names import team_label

AnyUser = User | AnonymousUser


# No match has a negative id. A play request reads the match by its id and then its seats with their
# players: the same two queries every time, their SQL written once per process (common.prepared).
_MATCH_STAND_IN = -7_300_002
_MATCH_BY_PK = PreparedQuery(Match, lambda pk: Match.objects.filter(pk=pk), pk=_MATCH_STAND_IN)
# Each seat is read with how many seats its player owes a move in every match (the header's count,
# ``your_move_among``): a play request's answer and a stream's build count it with the seats they read
# anyway, not in a query of its own. The seats' index on (player, to_move) answers it.
_OWING = Coalesce(
    Subquery(
        MatchSeat.objects.filter(player_id=OuterRef("player_id"), to_move=True)
        .order_by()
        .values("player_id")
        .annotate(n=Count("pk"))
        .values("n")
    ),
    0,
)
_SEATS_OF = PreparedQuery(
    MatchSeat,
    lambda match: (
        MatchSeat.objects.filter(match_id=match).select_related("player").annotate(player_owing=_OWING).order_by("seat")
    ),  # (the seats' own ordering joins the match)
    match=_MATCH_STAND_IN,
)
_MATCH_LOCKED = PreparedQuery(Match, lambda pk: Match.objects.select_for_update().filter(pk=pk), pk=_MATCH_STAND_IN)

# The header's count on every refreshed answer (``your_move_count``): the player's seats owing a move.
_YOUR_MOVE = PreparedQuery(
    MatchSeat,
    lambda player: MatchSeat.objects.filter(player_id=player, to_move=True).order_by().only("pk"),
    player=_MATCH_STAND_IN,
)


def match_by_pk(pk: int) -> Match | None:
    """The match of this id (``Match.objects.filter(pk=pk).first()``), or None."""
    rows = _MATCH_BY_PK.rows(pk=pk)
    return _MATCH_BY_PK.instance(rows[0], Match) if rows else None


def match_locked(pk: int) -> Match:
    """The match of this id, its row locked for the transaction (``select_for_update().get(pk=pk)``)."""
    rows = _MATCH_LOCKED.rows(pk=pk)
    if not rows:
        raise Match.DoesNotExist(f"no match {pk}")
    return _MATCH_LOCKED.instance(rows[0], Match)


# The match and its seats with their players in one statement (a push stream's build, every version).
_SEATS_AND_MATCH = PreparedPair(_SEATS_OF, _MATCH_BY_PK)


def match_with_seats(pk: int) -> tuple[Match | None, list[MatchSeat]]:
    """``match_by_pk(pk)`` and ``seats_with_players`` of it, read in one statement (one snapshot): the
    match (None when there is none) and its seats in seat order."""
    rows = _SEATS_AND_MATCH.rows({"match": pk}, {"pk": pk})
    if not rows or rows[0][1] is None:  # no seats (an open challenge has the challenger's): read it alone
        return match_by_pk(pk), []
    match = _MATCH_BY_PK.instance(rows[0][1], Match)
    seats = []
    for row, _match_row in rows:
        seat = _seat(row)
        seat.match = match
        seats.append(seat)
    return match, sorted(seats, key=lambda seat: seat.seat)  # (a subquery's order is not the statement's)


def seats_with_players(match: Match) -> list[MatchSeat]:
    """The match's seats in seat order, each with its player read (``select_related("player")``)."""
    return [_seat(row) for row in _SEATS_OF.rows(match=match.pk)]


def _seat(row: Sequence[Any]) -> MatchSeat:
    """A seat of ``_SEATS_OF``'s row, with its player, and its flag and its player's count as read."""
    seat = _SEATS_OF.instance(row, MatchSeat)
    seat.player = _SEATS_OF.instance(row, User) if seat.player_id is not None else None
    seat.owing_as_read = int(_SEATS_OF.annotation(row, "player_owing") or 0)  # type: ignore[attr-defined]
    seat.to_move_as_read = seat.to_move  # type: ignore[attr-defined]
    return seat


def your_move_among(seats: Sequence[MatchSeat], user: AnyUser) -> int | None:
    """``your_move_count(user)`` from a match's seats as this module read them: the seats his player
    owed a move then, in every match, with this match's flags as they stand now (an action's answer: as
    its transaction wrote them). None when he holds none of these seats, or they were read otherwise."""
    mine = [seat for seat in seats if user.is_authenticated and seat.player_id == user.pk]
    if not mine or not all(hasattr(seat, "owing_as_read") for seat in mine):
        return None
    then = sum(seat.to_move_as_read for seat in mine)  # type: ignore[attr-defined]
    return int(mine[0].owing_as_read) - then + sum(seat.to_move for seat in mine)  # type: ignore[attr-defined]


def your_move_seats(user: User) -> QuerySet[MatchSeat]:
    """The seats of ``user`` that owe a decision now (the seats' indexed flag)."""
    return MatchSeat.objects.filter(player=user, to_move=True)


def seat_player_name(seat: MatchSeat) -> str:
    """Who plays a seat: the player's name, or the computer (and its level)."""
    if seat.agent:
        return _("the computer, %(level)s") % {"level": seat.get_agent_display()}
    if seat.player is None and not seat.team_name:  # a four-seat match's seat still to be filled
        invited = seat.invited
        return _("kept for %(name)s") % {"name": invited.get_username()} if invited is not None else _("open seat")
    return seat.player.get_username() if seat.player is not None else _("(imported)")


def your_move_count(user: User) -> int:
    """How many matches owe ``user`` a decision now: one indexed query on the seats' flag. The
    header counts them with everything else that waits on him (``accounts.inbox``)."""
    if not user.is_authenticated:
        return 0
    return len(_YOUR_MOVE.rows(player=user.pk))  # your_move_seats(user).count(), its SQL written once


def ready_teams(user: User) -> QuerySet[Team]:
    return Team.objects.filter(owner=user, status=Team.Status.READY).order_by("name", "pk")


@dataclass(frozen=True)
class MatchLine:
    """One match in a player's list: who plays whom and what it waits for."""

    match: Match
    mine: MatchSeat | None
    other: MatchSeat | None
    category: str  # waiting, setup, your_move, their_move, finished
    others: tuple[MatchSeat, ...] = ()  # every other seat (four seats: three)

    @property
    def opponent_name(self) -> str:
        if self.match.four_seats:
            return "; ".join(seat_player_name(s) for s in self.others if s.filled)
        if self.other is not None:
            return seat_player_name(self.other)
        invited = self.match.invited
        return invited.get_username() if invited is not None else ""

    @property
    def teams_text(self) -> str:
        """ "Vasfarkasok – Ködlovagok – …": every filled seat's team, in seat order."""
        seats = sorted((s for s in (self.mine, *self.others) if s is not None and s.filled), key=lambda s: s.seat)
        return " – ".join(team_label(s.team_name) for s in seats)

    @property
    def result_text(self) -> str:
        return result_for(self.match, self.mine.seat if self.mine is not None else None)


CATEGORIES = ("your_move", "setup", "their_move", "waiting", "finished")


def _category(match: Match, mine: MatchSeat | None) -> str:
    if match.status == Match.Status.OPEN:
        return "waiting"
    if match.is_over:
        return "finished"
    if mine is not None and mine.to_move:
        return "your_move"
    if match.status == Match.Status.SETUP:
        return "setup"
    return "their_move"


ACTIVE_MOST = 100  # a player's matches not over: bounded by the limits per account (services.account_limits)
PAGE_SIZE = 20  # finished matches, live matches, replays: per page


def _lines(user: User, matches: QuerySet[Match]) -> list[MatchLine]:
    found = []
    for match in matches.select_related("invited").prefetch_related("seats__player", "seats__invited"):
        seats = list(match.seats.all())
        mine = next((s for s in seats if s.player_id == user.pk), None)
        other = next((s for s in seats if s.player_id != user.pk), None)
        others = tuple(s for s in seats if s is not mine)
        found.append(MatchLine(match, mine, other, _category(match, mine), others))
    return found


def _his(user: User) -> QuerySet[Match]:
    """His matches (a subquery on his seats: no duplicate rows, no DISTINCT)."""
    return Match.objects.filter(pk__in=MatchSeat.objects.filter(player=user).values("match"))


def matches_of(user: User, finished: Page | None = None) -> dict[str, list[MatchLine]]:
    """The player's matches by what they wait for: those not over (at most ``ACTIVE_MOST``), and one
    page of the finished ones (``finished``: a page of ``finished_page_of``, the first if None); a
    few queries whatever their number."""
    active = _his(user).filter(status__in=(Match.Status.OPEN, Match.Status.SETUP, Match.Status.PLAYING))
    found: dict[str, list[MatchLine]] = {category: [] for category in CATEGORIES}
    for line in _lines(user, active.order_by("-created_at", "-pk")[:ACTIVE_MOST]):
        found[line.category].append(line)
    page = finished if finished is not None else finished_page_of(user)
    found["finished"] = _lines(user, cast(QuerySet[Match], page.object_list))
    return found


def finished_page_of(user: User, page: int | str | None = 1) -> Page:
    """One page (``PAGE_SIZE``) of the player's finished matches, the latest first."""
    finished = _his(user).filter(status=Match.Status.FINISHED).order_by("-finished_at", "-pk")
    return Paginator(finished, PAGE_SIZE).get_page(page)


CHALLENGES_SHOWN = 50
CHALLENGES_PER_ACCOUNT = 2  # the public list is fair: one account cannot fill it
CHALLENGE_CANDIDATES = 400


def open_challenges_for(user: AnyUser) -> list[Match]:
    """Challenges ``user`` may accept: open ones of other players, and invitations for him; four-seat
    matches with a seat open to him (an open seat, or one kept for him) while he holds none. The
    newest first, at most ``CHALLENGES_PER_ACCOUNT`` of one challenger's (invitations for ``user``
    always shown), ``CHALLENGES_SHOWN`` in all."""
    matches = Match.objects.filter(status=Match.Status.OPEN).select_related("created_by", "invited")
    duel = Q(mode=Mode.DUEL)
    four = ~duel & Q(pk__in=MatchSeat.objects.filter(player__isnull=True, agent="").values("match"))
    if user.is_authenticated:
        duel &= Q(invited__isnull=True) | Q(invited=user)
        four &= Q(
            pk__in=MatchSeat.objects.filter(
                Q(invited__isnull=True) | Q(invited=user), player__isnull=True, agent=""
            ).values("match")
        )
        matches = (
            matches.filter(duel | four)
            .exclude(created_by=user)
            .exclude(pk__in=MatchSeat.objects.filter(player=user).values("match"))
        )
    else:
        matches = matches.filter(
            (duel & Q(invited__isnull=True))
            | (
                four
                & Q(
                    pk__in=MatchSeat.objects.filter(invited__isnull=True, player__isnull=True, agent="").values("match")
                )
            )
        )
    shown: list[Match] = []
    per_account: dict[int, int] = {}
    for match in matches.order_by("-created_at", "-pk")[:CHALLENGE_CANDIDATES]:
        mine = user.is_authenticated and match.invited_id == user.pk
        count = per_account.get(match.created_by_id, 0)
        if count >= CHALLENGES_PER_ACCOUNT and not mine:
            continue
        per_account[match.created_by_id] = count + 1
        shown.append(match)
        if len(shown) >= CHALLENGES_SHOWN:
            break
    prefetch_related_objects(shown, "seats")
    return shown


def home_team_name(match: Match) -> str:
    seat = next((s for s in match.seats.all() if s.seat == 0), None)
    return team_label(seat.team_name) if seat is not None else ""


def options_text(match: Match) -> str:
    """A match's options in a line: the mode (four seats), the round limit, the optional rules, trap insight."""
    parts = [str(match.get_mode_display())] if match.four_seats else []
    parts.append(_("round limit %(limit)s") % {"limit": match.round_limit})
    parts += [entry_name(OPTIONAL_RULES[rule]) for rule in match.optional_rules if rule in OPTIONAL_RULES]
    parts.append(_("trap insight on") if match.trap_insight else _("trap insight off (3 cards each)"))
    return " · ".join(parts)


@dataclass(frozen=True)
class Challenge:
    match: Match
    team_name: str
    options: str


def challenges_for(user: AnyUser) -> list[Challenge]:
    return [Challenge(m, home_team_name(m), options_text(m)) for m in open_challenges_for(user)]


def result_for(match: Match, seat: int | None) -> str:
    """A finished match's result as its player reads it: Victory, Defeat, Draw, won by forfeit …"""
    result = match.result or {}
    kind = result.get("kind")
    if kind is None:
        return ""
    if kind == "forfeit":
        key = ResultKind.FORFEIT_WIN if match.winner_seat == seat else ResultKind.FORFEIT_LOSS
    elif match.winner_seat is None or kind == "draw":
        key = ResultKind.DRAW
    elif seat is not None and match.winner_seat in (seat, match.arena_mode.partner(seat)):  # pairs: his side won
        key = ResultKind(kind)
    else:
        key = ResultKind.DEFEAT if kind == "victory" else ResultKind.POINTS_DEFEAT
    return pair_name(RESULT_NAMES[key])


@dataclass(frozen=True)
class WatchLine:
    """A match in the public lists: its seats' teams and players (or the computer)."""

    match: Match
    home: str
    away: str
    seats: tuple[str, ...] = ()  # every seat's "team (player)", in seat order

    @property
    def title(self) -> str:
        return " – ".join(self.seats)

    @property
    def result_text(self) -> str:
        return result_for(self.match, 0)


def _watch_lines(matches: QuerySet[Match]) -> list[WatchLine]:
    lines = []
    for match in matches.prefetch_related("seats__player"):
        seats = sorted(match.seats.all(), key=lambda s: s.seat)
        named = tuple(f"{team_label(s.team_name)} ({seat_player_name(s)})" for s in seats)
        lines.append(WatchLine(match, named[0] if named else "", named[1] if len(named) > 1 else "", named))
    return lines


LIST_LENGTH = 50


def live_page(page: int | str | None = 1) -> tuple[Page, list[WatchLine]]:
    """One page (``PAGE_SIZE``) of the matches being played now, the most recently active first
    (anyone may watch them), and its lines."""
    matches = Match.objects.filter(status__in=(Match.Status.SETUP, Match.Status.PLAYING)).order_by(
        "-last_action_at", "-pk"
    )
    return _watch_page(matches, page)


def finished_page(page: int | str | None = 1) -> tuple[Page, list[WatchLine]]:
    """One page of the matches that ended most recently (replays), imported records included."""
    return _watch_page(Match.objects.filter(status=Match.Status.FINISHED).order_by("-finished_at", "-pk"), page)


def _watch_page(matches: QuerySet[Match], page: int | str | None) -> tuple[Page, list[WatchLine]]:
    found = Paginator(matches, PAGE_SIZE).get_page(page)
    return found, _watch_lines(cast(QuerySet[Match], found.object_list))


def live_matches() -> list[WatchLine]:
    """The first page of ``live_page``."""
    return live_page()[1]


def finished_matches() -> list[WatchLine]:
    return finished_page()[1]


def seats_open_to(match: Match, user: AnyUser) -> list[MatchSeat]:
    """The seats of an open four-seat match ``user`` may take: none if he holds one already."""
    if not user.is_authenticated or match.status != Match.Status.OPEN:
        return []
    seats = list(match.seats.all())
    if any(s.player_id == user.pk for s in seats):
        return []
    return [s for s in seats if not s.filled and s.invited_id in (None, user.pk)]


@dataclass(frozen=True)
class SeatRow:
    """A four-seat match's seat on its challenge page: who fills it (or that it is open)."""

    seat: int
    team: str
    player: str
    filled: bool

    @property
    def number(self) -> int:
        return self.seat + 1


def seat_rows(match: Match) -> list[SeatRow]:
    return [
        SeatRow(s.seat, team_label(s.team_name), seat_player_name(s), s.filled)
        for s in match.seats.select_related("player", "invited").order_by("seat")
    ]


def claim_after() -> timedelta:
    """How long a seat may leave the decision it owes before the other may claim a forfeit."""
    return timedelta(seconds=int(getattr(settings, "VIADAL_MATCH_CLAIM_AFTER", 3 * 24 * 3600)))


def claimable_at(match: Match) -> datetime:
    """When the waiting seat may claim a forfeit (the last action + the claim delay)."""
    return (match.last_action_at or match.created_at) + claim_after()


def thumbs_owed_by(match: Match, state: State) -> int | None:
    """The seat that owes the thumbs (HR-10.5): the winner of a fixture's match in which the losing
    side's gladiator fell (died), while the league has no result yet; otherwise None."""
    if match.fixture_id is None or match.forfeit or match.winner_seat is None or not is_over(state):
        return None
    if match.four_seats:  # a table of four shows no thumbs: its result is recorded as it ends
        return None
    loser = match_facts(state).side(1 - match.winner_seat)
    gladiator = loser.members.get("gladiator")
    return match.winner_seat if gladiator is not None and gladiator.fate is Fate.DEAD else None
