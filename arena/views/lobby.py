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

from campaigns.models import Fixture
from common.http import AuthenticatedHttpRequest

from .. import selectors, services
from ..forms import AcceptForm, ChallengeForm, ComputerForm, FourSeatForm, TableForm
from ..models import Match
from ..play_errors import MatchError

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
    finished = selectors.finished_page_of(request.user, request.GET.get("page"))
    lines = selectors.matches_of(request.user, finished)
    context = {
        "form": form,
        "computer_form": ComputerForm(teams=teams, prefix="computer"),
        "table_form": TableForm(teams=teams, prefix="table"),
        "four_form": FourSeatForm(teams=teams, prefix="four"),
        "teams": teams,
        "sections": [(category, SECTION_TITLES[category], lines[category]) for category in selectors.CATEGORIES],
        "challenges": selectors.challenges_for(request.user),
        "finished_page": finished,
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
        "seats": selectors.seat_rows(match) if match.four_seats else [],
        "open_seats": selectors.seats_open_to(match, request.user) if match.four_seats else [],
        "holds_seat": match.four_seats
        and request.user.is_authenticated
        and match.seats.filter(player=request.user).exists(),
    }
    return render(request, "arena/invite.html", context)


@login_required
@require_POST
def accept(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    if match.fixture_id is not None and match.table_played:  # the opponent confirms the match at the table
        try:
            services.match_confirm_table_fixture(match=match, player=request.user)
        except MatchError as error:
            messages.error(request, str(error))
            return redirect("play:lobby")
        messages.success(request, _("Confirmed: the fixture is played at the table; its result will wait for you."))
        return redirect("play:match", pk=match.pk)
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


@login_required
@require_POST
def computer(request: AuthenticatedHttpRequest) -> HttpResponse:
    """A match against the computer, begun at once (the lobby's "Play against the computer")."""
    form = ComputerForm(request.POST, teams=selectors.ready_teams(request.user), prefix="computer")
    if not form.is_valid():
        messages.error(request, _("Choose one of your ready teams and a computer opponent."))
        return redirect("play:lobby")
    try:
        match = services.match_create_against_agent(
            creator=request.user,
            team=form.cleaned_data["team"],
            agent=form.cleaned_data["agent"],
            seat=form.cleaned_data["seat"],
            round_limit=form.cleaned_data["round_limit"],
        )
    except MatchError as error:
        messages.error(request, str(error))
        return redirect("play:lobby")
    return redirect("play:match", pk=match.pk)


@require_safe
def live(request: HttpRequest) -> HttpResponse:
    """The matches being played now (anyone may follow one, with the public view only) and the
    latest finished ones (their replays)."""
    live_page, live = selectors.live_page(request.GET.get("live"))
    finished_page, finished = selectors.finished_page(request.GET.get("finished"))
    context = {"live": live, "finished": finished, "live_page": live_page, "finished_page": finished_page}
    return render(request, "arena/live.html", context)


@login_required
@require_POST
def fixture(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """A league fixture's player begins its hosted match (the fixture page's "Play it here")."""
    found = get_object_or_404(Fixture, pk=pk)
    try:
        match = services.match_begin_fixture(fixture=found, player=request.user, table=request.POST.get("table") == "1")
    except MatchError as error:
        messages.error(request, str(error))
        return redirect("campaigns:table" if found.is_four_seat else "campaigns:match", pk=pk)
    if match.status == Match.Status.OPEN:  # at the table: it waits for the opponent's confirmation
        messages.success(request, _("Your opponent must confirm, on his own device, that this fixture is played here."))
        return redirect("play:invite", token=match.invite_token)
    messages.success(request, _("The fixture's hosted match begins: both teams as they stand in the league."))
    return redirect("play:match", pk=match.pk)


@login_required
@require_POST
def table(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Table mode: a match played with the physical board and dice, refereed on this device."""
    form = TableForm(request.POST, teams=selectors.ready_teams(request.user), prefix="table")
    if not form.is_valid():
        messages.error(request, _("Choose the teams and the round limit of the match at the table."))
        return redirect("play:lobby")
    try:
        match = services.match_create_table(
            creator=request.user,
            home_team=form.cleaned_data["home_team"],
            away_team=form.cleaned_data["away_team"],
            round_limit=form.cleaned_data["round_limit"],
        )
    except MatchError as error:
        messages.error(request, str(error))
        return redirect("play:lobby")
    return redirect("play:match", pk=match.pk)
