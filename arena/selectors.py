"""Hosted matches' reads: the lobby's lists, the header's "your move" count.

The seat's play screen is built in :mod:`arena.play_page`.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from arena.engine.campaign.results import RESULT_NAMES, ResultKind
from arena.engine.content.amulets import OPTIONAL_RULES
from arena.i18n import entry_name, pair_name
from teams.models import Team

from .models import Match, MatchSeat

AnyUser = User | AnonymousUser


def your_move_seats(user: User) -> QuerySet[MatchSeat]:
    """The seats of ``user`` that owe a decision now (the seats' indexed flag)."""
    return MatchSeat.objects.filter(player=user, to_move=True)


def seat_player_name(seat: MatchSeat) -> str:
    """Who plays a seat: the player's name, or the computer (and its level)."""
    if seat.agent:
        return _("the computer (%(level)s)") % {"level": seat.get_agent_display()}
    return seat.player.get_username() if seat.player is not None else _("(imported)")


def your_move_count(user: User) -> int:
    """How many matches owe ``user`` a decision now: one indexed query on the seats' flag. The
    header counts them with everything else that waits on him (``accounts.inbox``)."""
    if not user.is_authenticated:
        return 0
    return your_move_seats(user).count()


def ready_teams(user: User) -> QuerySet[Team]:
    return Team.objects.filter(owner=user, status=Team.Status.READY).order_by("name", "pk")


@dataclass(frozen=True)
class MatchLine:
    """One match in a player's list: who plays whom and what it waits for."""

    match: Match
    mine: MatchSeat | None
    other: MatchSeat | None
    category: str  # waiting, setup, your_move, their_move, finished

    @property
    def opponent_name(self) -> str:
        if self.other is not None:
            return seat_player_name(self.other)
        invited = self.match.invited
        return invited.get_username() if invited is not None else ""

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


def matches_of(user: User) -> dict[str, list[MatchLine]]:
    """The player's matches by what they wait for (two queries whatever their number)."""
    matches = (
        Match.objects.filter(seats__player=user)
        .exclude(status=Match.Status.WITHDRAWN)
        .select_related("invited")
        .prefetch_related("seats__player")
        .distinct()
    )
    found: dict[str, list[MatchLine]] = {category: [] for category in CATEGORIES}
    for match in matches:
        seats = list(match.seats.all())
        mine = next((s for s in seats if s.player_id == user.pk), None)
        other = next((s for s in seats if s.player_id != user.pk), None)
        line = MatchLine(match, mine, other, _category(match, mine))
        found[line.category].append(line)
    return found


def open_challenges_for(user: AnyUser) -> list[Match]:
    """Challenges ``user`` may accept: open ones of other players, and invitations for him."""
    matches = Match.objects.filter(status=Match.Status.OPEN).select_related("created_by", "invited")
    if user.is_authenticated:
        matches = matches.filter(Q(invited__isnull=True) | Q(invited=user)).exclude(created_by=user)
    else:
        matches = matches.filter(invited__isnull=True)
    return list(matches.prefetch_related("seats")[:50])


def home_team_name(match: Match) -> str:
    seat = next((s for s in match.seats.all() if s.seat == 0), None)
    return seat.team_name if seat is not None else ""


def options_text(match: Match) -> str:
    """A match's options in a line: the round limit, the optional rules, trap insight."""
    parts = [_("round limit %(limit)s") % {"limit": match.round_limit}]
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
    elif match.winner_seat == seat:
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

    @property
    def result_text(self) -> str:
        return result_for(self.match, 0)


def _watch_lines(matches: QuerySet[Match]) -> list[WatchLine]:
    lines = []
    for match in matches.prefetch_related("seats__player"):
        seats = {s.seat: s for s in match.seats.all()}
        home, away = seats.get(0), seats.get(1)
        lines.append(
            WatchLine(
                match,
                f"{home.team_name} ({seat_player_name(home)})" if home else "",
                f"{away.team_name} ({seat_player_name(away)})" if away else "",
            )
        )
    return lines


LIST_LENGTH = 50


def live_matches() -> list[WatchLine]:
    """The matches being played now, the most recently active first: anyone may watch them."""
    matches = Match.objects.filter(status__in=(Match.Status.SETUP, Match.Status.PLAYING)).order_by(
        "-last_action_at", "-pk"
    )
    return _watch_lines(matches[:LIST_LENGTH])


def finished_matches() -> list[WatchLine]:
    """The matches that ended most recently (replays), imported records included."""
    matches = Match.objects.filter(status=Match.Status.FINISHED).order_by("-finished_at", "-pk")
    return _watch_lines(matches[:LIST_LENGTH])
