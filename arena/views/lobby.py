"""The lobby (``/play/``): challenge with a ready team, accept a challenge or an invitation, see
your matches by what they wait for."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from accounts.http import AuthenticatedHttpRequest

from .. import selectors, services
from ..errors import MatchError
from ..forms import AcceptForm, ChallengeForm
from ..models import Match

SECTION_TITLES = {
    "your_move": gettext_lazy("Your move"),
    "setup": gettext_lazy("Set-up: waiting for your opponent"),
    "their_move": gettext_lazy("Your opponent's move"),
    "waiting": gettext_lazy("Your challenges, waiting for an opponent"),
    "finished": gettext_lazy("Finished"),
}


@login_required
def lobby(request: AuthenticatedHttpRequest) -> HttpResponse:
    teams = selectors.ready_teams(request.user)
    form = ChallengeForm(request.POST or None, teams=teams)
    if request.method == "POST" and form.is_valid():
        try:
            match = services.match_create(
                creator=request.user,
                team=form.cleaned_data["team"],
                round_limit=form.cleaned_data["round_limit"],
                optional_rules=form.cleaned_data["optional_rules"],
                trap_insight=form.cleaned_data["trap_insight"],
                invited=form.cleaned_data["invite"],
            )
        except MatchError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Challenge made. Share its link, or wait for a player to accept it."))
            return redirect("play:invite", token=match.invite_token)
    lines = selectors.matches_of(request.user)
    context = {
        "form": form,
        "teams": teams,
        "sections": [(category, SECTION_TITLES[category], lines[category]) for category in selectors.CATEGORIES],
        "challenges": selectors.challenges_for(request.user),
        "teams_url": reverse("teams:list"),
    }
    return render(request, "arena/lobby.html", context)


@require_safe
def invite(request: HttpRequest, token: uuid.UUID) -> HttpResponse:
    """A challenge's own page, reached by its link: accept it here with a ready team."""
    match = get_object_or_404(Match.objects.select_related("created_by", "invited"), invite_token=token)
    if match.status != Match.Status.OPEN and match.setup is not None:
        return redirect("play:match", pk=match.pk)
    teams = selectors.ready_teams(request.user) if request.user.is_authenticated else None
    context = {
        "match": match,
        "home_team": selectors.home_team_name(match),
        "options": selectors.options_text(match),
        "teams": teams,
        "teams_url": reverse("teams:list"),
        "is_creator": request.user.is_authenticated and match.created_by_id == request.user.pk,
        "invite_url": request.build_absolute_uri(),
    }
    return render(request, "arena/invite.html", context)


@login_required
@require_POST
def accept(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    form = AcceptForm(request.POST, teams=selectors.ready_teams(request.user))
    if not form.is_valid():
        messages.error(request, _("Choose one of your ready teams."))
        return redirect("play:invite", token=match.invite_token)
    try:
        services.match_accept(match=match, player=request.user, team=form.cleaned_data["team"])
    except MatchError as error:
        messages.error(request, str(error))
        return redirect("play:lobby")
    messages.success(request, _("Challenge accepted: the match begins with the set-up."))
    return redirect("play:match", pk=match.pk)


@login_required
@require_POST
def withdraw(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    try:
        services.match_withdraw(match=match, player=request.user)
    except MatchError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Challenge withdrawn."))
    return redirect("play:lobby")
