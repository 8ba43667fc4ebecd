"""The play screen (``/play/<id>/``), its refresh (polling) endpoint, actions, the forfeit claim and the log.

Every answer for a seat is built by :func:`arena.screen.page.seat_page` from that seat's view. An
action answers with the seat's refreshed parts (``hx-swap-oob``; only those the page does not hold
already, and kept in the shared cache per position: :mod:`arena.views.parts`): 200 when it was applied, 409
when the page was stale ("the board has changed", with the position as it stands), 422 when the
app or the engine refused it (with the reason); the stored match is unchanged by any refusal.
Without htmx the same outcomes redirect (success) or render the whole page with that status.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from common.bounded_json import BoundedJsonError, read_json
from common.http import AuthenticatedHtmxHttpRequest, HtmxHttpRequest

from .. import services
from ..models import Match, MatchSeat
from ..play_errors import DiceNeededError, MatchError, StaleBoardError
from ..runtime.states import state_of
from ..screen.board_svg import board_svg_html
from ..screen.page import log_lines, seat_page
from ..screen.reader_words import Names
from ..screen.refusals import refusal_text
from ..selectors import match_by_pk
from .parts import refresh_response
from .push_mode import push_offered


def _match(pk: int) -> Match:
    match = match_by_pk(pk)
    if match is None:
        raise Http404
    return match


def _page_context(request: HttpRequest, match: Match, **message: Any) -> dict[str, Any]:
    return {
        "page": seat_page(match, request.user, **message),
        "poll_ms": settings.VIADAL_MATCH_POLL_MS,
        # push (issue 35): the page opens the match's stream and polls only as a safety net
        "push": push_offered(request),
        "push_safety_ms": settings.VIADAL_PUSH_SAFETY_POLL_MS,
        "board_svg": board_svg_html(),
    }


@require_safe
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(pk)
    if match.status in (Match.Status.OPEN, Match.Status.WITHDRAWN) or match.setup is None:
        # the invitation's link is its secret (ids are sequential): only for the challenger and the
        # invited player; an open challenge's link is public in the lobby anyway
        user = request.user
        if match.invited_id is not None and not (
            user.is_authenticated and user.pk in (match.created_by_id, match.invited_id)
        ):
            raise Http404
        return redirect("play:invite", token=match.invite_token)
    return render(request, "arena/match.html", _page_context(request, match))


@require_safe
def poll(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Nothing new" (204) in one query while the version the page was built from is current;
    otherwise the seat's refreshed parts and a ``match-changed`` event for the page's script; once
    the match is over those last parts come with 286, which stops the polling."""
    try:
        seen = int(request.GET.get("v", ""))
    except ValueError:
        return HttpResponseBadRequest()
    match = _match(pk)  # the whole row, its SQL kept (a refresh builds the page from it: one read)
    if match.status == Match.Status.OPEN:
        return HttpResponse(status=204)
    if seen < 0:  # the challenge's page, waiting for an opponent: the match has begun
        return HttpResponseClientRedirect(reverse("play:match", args=[pk]))
    over = match.status in (Match.Status.FINISHED, Match.Status.WITHDRAWN)
    if match.version == seen and not over:
        return HttpResponse(status=204)
    # over: the last parts, with 286 so that htmx stops polling (django-htmx HttpResponseStopPolling)
    response = refresh_response(request, match, status=286 if over else 200)
    return trigger_client_event(response, "match-changed", {"version": match.version})


# The JSON an action request carries, read with limits (common.bounded_json): 16 actions of the
# engine's JSON fit in a few kilobytes and nest 4 levels (a list of actions, an action, a path, a hex).
MOST_ACTIONS_CHARS = 32_768
MOST_ACTIONS_DEPTH = 6
MOST_DICE_CHARS = 1_024  # 64 d10s
MOST_DICE_DEPTH = 1


def _posted_actions(request: HttpRequest) -> list[Any]:
    try:
        if "actions" in request.POST:
            found = read_json(request.POST["actions"], most_chars=MOST_ACTIONS_CHARS, most_depth=MOST_ACTIONS_DEPTH)
            return found if isinstance(found, list) else [found]
        return [read_json(request.POST.get("action", ""), most_chars=MOST_ACTIONS_CHARS, most_depth=MOST_ACTIONS_DEPTH)]
    except BoundedJsonError:
        return [None]  # the engine's parser refuses it with a message


def _posted_dice(request: HttpRequest) -> list[Any]:
    """Table mode: the d10s entered so far (``dice``, JSON) and the one just entered (``die``)."""
    try:
        found = read_json(request.POST.get("dice") or "[]", most_chars=MOST_DICE_CHARS, most_depth=MOST_DICE_DEPTH)
        dice = found if isinstance(found, list) else [found]
        die = request.POST.get("die", "")
        if die:
            if len(die) > 2:
                return [0]
            dice.append(int(die))
    except ValueError:  # BoundedJsonError too
        return [0]  # refused with a message
    return dice


def _posted_version(request: HttpRequest) -> int:
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return -1


def _answer(
    request: HtmxHttpRequest, match: Match, status: int = 200, seats: Sequence[MatchSeat] = (), **message: Any
) -> HttpResponse:
    if request.htmx:
        return refresh_response(request, match, status, seats=seats, **message)
    if status == 200:
        return redirect("play:match", pk=match.pk)
    return render(request, "arena/match.html", _page_context(request, match, **message), status=status)


@login_required
@require_POST
def act(request: AuthenticatedHtmxHttpRequest, pk: int) -> HttpResponse:
    try:
        played = services.match_play(
            match=pk,  # read once, as the service locks it
            player=request.user,
            version=_posted_version(request),
            actions=_posted_actions(request),
            dice=_posted_dice(request),
        )
    except Match.DoesNotExist:
        raise Http404 from None
    except DiceNeededError as needed:
        return _answer(request, _match(pk), 200, message=str(needed), level="info", dice_needed=needed)
    except StaleBoardError as error:
        return _answer(request, _match(pk), 409, message=str(error), level="warning")
    except MatchError as error:
        return _answer(request, _match(pk), 422, message=refusal_text(error), level="danger")
    match = played.match  # as the service stored it (locked, then written in its transaction)
    seats = played.seats  # and its seats, as written
    stopped = played.stopped
    if isinstance(stopped, DiceNeededError):
        return _answer(request, match, 200, message=str(stopped), level="info", dice_needed=stopped, seats=seats)
    if stopped is not None:  # a die once rolled stands: the actions before the refusal were stored
        message = ngettext(
            "%(count)s action was played and stands with its dice. %(reason)s",
            "%(count)s actions were played and stand with their dice. %(reason)s",
            played.stored,
        ) % {"count": played.stored, "reason": refusal_text(stopped)}
        return _answer(request, match, 422, message=message, level="warning", seats=seats)
    return _answer(request, match, seats=seats)


@login_required
@require_POST
def claim(request: AuthenticatedHtmxHttpRequest, pk: int) -> HttpResponse:
    match = _match(pk)
    try:
        services.match_claim_forfeit(match=match, player=request.user, version=_posted_version(request))
    except StaleBoardError as error:
        match.refresh_from_db()
        return _answer(request, match, 409, message=str(error), level="warning")
    except MatchError as error:
        match.refresh_from_db()
        return _answer(request, match, 422, message=str(error), level="danger")
    match.refresh_from_db()
    return _answer(request, match, message=_("You win by forfeit."), level="success")


@require_safe
def match_log(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole log the reader may see (his seat's part, or the public one), oldest first."""
    match = _match(pk)
    if match.setup is None:
        raise Http404
    page = seat_page(match, request.user)
    state = state_of(match)
    _count, lines = log_lines(state, page.seat, Names(page.public, page.seat), last=None)
    return render(request, "arena/log.html", {"page": page, "lines": list(reversed(lines))})


@login_required
@require_POST
def thumbs(request: AuthenticatedHtmxHttpRequest, pk: int) -> HttpResponse:
    """The winner of a league fixture's match shows his thumbs (HR-10.5); the league records it."""
    match = _match(pk)
    try:
        services.match_thumbs(match=match, player=request.user, thumbs=request.POST.get("thumbs", ""))
    except MatchError as error:
        return _answer(request, match, 422, message=str(error), level="danger")
    return _answer(request, match, message=_("The league has the result."), level="success")
