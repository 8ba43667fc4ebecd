"""Four-seat matches in the lobby (HR-8): made with the lobby's form, filled seat by seat."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from common.http import AuthenticatedHttpRequest

from .. import selectors, services
from ..forms import FourSeatForm, TakeSeatForm
from ..models import Match
from ..play_errors import MatchError


@login_required
@require_POST
def create(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The lobby's "Four-seat match": begun at once when the computer takes every other seat."""
    form = FourSeatForm(request.POST, teams=selectors.ready_teams(request.user), prefix="four")
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, str(error))
        return redirect("play:lobby")
    try:
        match = services.match_create_four(
            creator=request.user,
            team=form.cleaned_data["team"],
            mode=form.cleaned_data["mode"],
            others=form.cleaned_data["others"],
            round_limit=form.cleaned_data["round_limit"],
            optional_rules=form.cleaned_data["optional_rules"],
            trap_insight=form.cleaned_data["trap_insight"],
        )
    except MatchError as error:
        messages.error(request, str(error))
        return redirect("play:lobby")
    if match.status != Match.Status.OPEN:
        return redirect("play:match", pk=match.pk)
    messages.success(request, _("Four-seat match made. Share its link; it begins when every seat is filled."))
    return redirect("play:invite", token=match.invite_token)


@login_required
@require_POST
def take_seat(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    form = TakeSeatForm(request.POST, teams=selectors.ready_teams(request.user))
    if not form.is_valid():
        messages.error(request, _("Choose one of your ready teams and a seat."))
        return redirect("play:invite", token=match.invite_token)
    try:
        match = services.match_take_seat(
            match=match, player=request.user, team=form.cleaned_data["team"], seat=form.cleaned_data["seat"]
        )
    except MatchError as error:
        messages.error(request, str(error))
        return redirect("play:invite", token=match.invite_token)
    if match.status == Match.Status.OPEN:
        messages.success(request, _("You hold your seat: the match begins when every seat is filled."))
        return redirect("play:invite", token=match.invite_token)
    messages.success(request, _("Every seat is filled: the match begins with the set-up."))
    return redirect("play:match", pk=match.pk)
