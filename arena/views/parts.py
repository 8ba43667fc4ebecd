"""A seat's refreshed parts: the answer to an action and to a poll that found the match changed.

The play page's parts (the status, the board layer, the choices, the sides, the log, the poller) are
swapped in by id (``hx-swap-oob``). Each carries a fingerprint (``data-fp``: the part's name and a
digest of its HTML), and the page's script sends the fingerprints its page holds with every poll and
action (``have``): a part whose fingerprint the page already holds is left out of the answer (the page
keeps it as it is).

The rendered public parts of a position (what a spectator sees) are kept in Django's ``default`` cache
(Redis when ``REDIS_URL`` is set, so every process shares them; each process's memory otherwise) under a
key that names one position for ever: the match, a digest of its secret seed (two matches of a test
database may share an id), the version, the public view, the reader's language and time zone, and what
else the parts show that is not the position's: the match's status and whether the page listens to the
match's stream (push). Every spectator and every process then sends them without building the page
again. A seat's parts are not kept: only that seat's own page asks for them, about once a version, so a
kept copy was a round trip and a write of ~30 KB per answer that nobody read (``make load``: a twelfth
of the workers' CPU); a second tab builds them again. What is particular to one answer is
never cached: a message (a refusal, a stale board, the dice asked for at the table), the table device's
parts, the pages of a match that is over. The CSRF token is a stand-in in the cached HTML, each answer's
own put in its place.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone, translation
from django.utils.module_loading import import_string
from django.utils.translation import get_language

from ..models import Match, MatchSeat
from ..play_errors import DiceNeededError
from ..screen.page import seat_in, seat_page
from ..screen.parts_html import (
    board_part,
    choices_part,
    inbox_badge,
    log_part,
    poller_part,
    sides_part,
    status_part,
)
from ..selectors import match_with_seats, seats_with_players, your_move_among
from .push_mode import push_offered

# The parts' fingerprint names, in the page's order: each is written in Python (arena.screen.parts_html), and
# templates/arena/match.html's partial of the same part calls the same function for the whole page.
PARTS: tuple[str, ...] = ("status", "board", "choices", "sides", "log", "poller")
CSRF_STAND_IN = "viadal-csrf-stand-in"
FP_STAND_IN = "viadal-fp-stand-in"
CACHE_FORMAT = 1  # raise it when the parts' HTML changes the meaning of a cached entry
CACHE_SECONDS = 6 * 3600
MOST_HELD = 2048  # the characters of ``have`` read (six fingerprints are about 130)


def held(request: HttpRequest) -> set[str]:
    """The fingerprints the page says it holds (``have``, in the query or the post)."""
    text = request.POST.get("have", "") if request.method == "POST" else request.GET.get("have", "")
    return set(text[:MOST_HELD].split())


def render_parts(page: Any, *, push: bool = False) -> list[tuple[str, str]]:
    """The page's parts as (fingerprint, HTML with the CSRF stand-in); ``push``: the page listens to
    the match's stream (the poller says where)."""
    written = (
        status_part(page, oob=True, fp=FP_STAND_IN, csrf_token=CSRF_STAND_IN),
        board_part(page, oob=True, fp=FP_STAND_IN),
        choices_part(page, oob=True, fp=FP_STAND_IN, csrf_token=CSRF_STAND_IN),
        sides_part(page, oob=True, fp=FP_STAND_IN),
        log_part(page, oob=True, fp=FP_STAND_IN),
        poller_part(
            page,
            oob=True,
            fp=FP_STAND_IN,
            push=push,
            poll_ms=settings.VIADAL_MATCH_POLL_MS,
            safety_ms=settings.VIADAL_PUSH_SAFETY_POLL_MS,
        ),
    )
    found = []
    for name, html in zip(PARTS, written, strict=True):
        fp = f"{name}.{hashlib.blake2b(html.encode(), digest_size=8).hexdigest()}"
        found.append((fp, html.replace(FP_STAND_IN, fp)))
    return found


def _key(match: Match, push: bool) -> str:
    """The public parts' key: one position for ever, in the reader's language and time zone."""
    seed = hashlib.blake2b(match.seed.encode(), digest_size=6).hexdigest()
    where = f"{get_language()}:{timezone.get_current_timezone_name()}"
    return f"arena:parts:{CACHE_FORMAT}:{match.pk}:{seed}:{match.version}:public:{where}:{match.status}:{int(push)}"


def seat_parts(
    match: Match,
    user: User | AnonymousUser,
    *,
    push: bool = False,
    message: str = "",
    level: str = "warning",
    dice_needed: DiceNeededError | None = None,
    seats: Sequence[MatchSeat] = (),
) -> list[tuple[str, str]]:
    """The parts ``user``'s page shows now: a spectator's from the shared cache when this position's
    are there, else built (``seat_page``) and rendered, and kept when nothing in them is particular to
    this answer; a seat's built and rendered.
    ``seats``: the match's seats with their players, as stored with ``match`` (read when not given)."""
    seats = list(seats) if seats else seats_with_players(match)
    mine = seat_in(seats, user)
    particular = bool(message) or dice_needed is not None or match.table_played or not match.is_live
    seat = mine.seat if mine is not None else None
    key = "" if particular or seat is not None else _key(match, push)
    if key:
        found = cache.get(key)
        if found is not None:
            return list(found)
    page = seat_page(match, user, message=message, level=level, dice_needed=dice_needed, seats=seats)
    parts = render_parts(page, push=push)
    if key:
        cache.set(key, parts, CACHE_SECONDS)
    return parts


def refresh_response(
    request: HttpRequest, match: Match, status: int = 200, seats: Sequence[MatchSeat] = (), **message: Any
) -> HttpResponse:
    """The answer carrying the parts the page does not hold (all of them without ``have``) and the
    header's count, each part on its own line in the page's order."""
    seats = list(seats) if seats else seats_with_players(match)
    parts = seat_parts(match, request.user, push=push_offered(request), seats=seats, **message)
    text = _answer_text(parts, request, get_token(request), held(request), your_move_among(seats, request.user))
    return HttpResponse(text, status=status)


def _answer_text(
    parts: Sequence[tuple[str, str]], reader: HttpRequest, token: str, have: set[str], your_move: int | None
) -> str:
    """The parts the page does not hold (``have``), each on its own line in the page's order with its
    CSRF token, then the header's count (_inbox_badge.html, as the page's context counts it) for a
    signed-in ``reader.user``; ``your_move``: the matches owing him a move, when the seats read told
    them (counted otherwise)."""
    chunks = [html.replace(CSRF_STAND_IN, token) for fp, html in parts if fp not in have]
    text = "\n" + "\n".join(chunks) + "\n"
    if reader.user.is_authenticated:
        text += inbox_badge(_header_count()(reader, your_move))
    return text + "\n"


@functools.cache
def _header_count() -> Callable[[HttpRequest, int | None], int]:
    """The header's count on a refresh (``settings.INBOX_COUNT_ON_REFRESH``, the accounts app's)."""
    count: Callable[[HttpRequest, int | None], int] = import_string(settings.INBOX_COUNT_ON_REFRESH)
    return count


# --- the parts a push stream carries (issue 35) -------------------------------------------------------


@dataclass(frozen=True)
class Reader:
    """Who reads a push stream, as its request said when it opened: the account (None: a spectator
    signed out), its session, the language its pages are in and the CSRF token its forms carry."""

    user_id: int | None
    session_key: str | None
    language: str
    csrf_token: str


@dataclass(frozen=True)
class StreamedParts:
    """A seat's or a spectator's refreshed parts for the stream to send: the version they show,
    whether the match is over, and their HTML (with the header's count), as a refresh answers them."""

    version: int
    over: bool
    html: str


def _reader_now(reader: Reader) -> User | AnonymousUser | None:
    """The stream's reader, checked again as a request would check him: his session still signs him
    in (not logged out, not ended by a password change). None when it no longer does."""
    if reader.user_id is None:
        return AnonymousUser()
    if not reader.session_key:
        return None
    request = HttpRequest()
    request.session = import_module(settings.SESSION_ENGINE).SessionStore(reader.session_key)
    user = get_user(request)
    return user if user.is_authenticated and user.pk == reader.user_id else None


def stream_parts(pk: int, reader: Reader) -> StreamedParts | None:
    """The parts ``reader``'s page shows now, built as the refresh endpoint builds them (every part:
    the stream does not know which the page holds), or None when the stream should only tell the
    version: the reader is no longer signed in as he was, or the match is gone."""
    with translation.override(reader.language):
        user = _reader_now(reader)
        if user is None:
            return None
        match, seats = match_with_seats(pk)
        if match is None or match.setup is None:
            return None
        as_read = HttpRequest()  # what the header's count reads of a request: its user
        as_read.user = user
        parts = seat_parts(match, user, push=True, seats=seats)
        text = _answer_text(parts, as_read, reader.csrf_token, set(), your_move_among(seats, user))
        return StreamedParts(match.version, not match.is_live, text)
