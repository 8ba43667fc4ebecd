"""League list, creation, the league page, settings, invitations and entering a team."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from common.http import AuthenticatedHttpRequest

from ..forms import EnterForm, InviteForm, LeagueForm
from ..permissions import require_organiser
from ..selectors.leagues import league_list as leagues
from ..selectors.leagues import league_page
from ..services.leagues import league_create, league_enter, league_invite, league_update
from .common import REFUSALS, get_league, refusal_text, tell_refusal


@require_safe
def league_list(request: HttpRequest) -> HttpResponse:
    return render(request, "campaigns/league_list.html", {"leagues": leagues()})


@login_required
def league_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        league = league_create(organiser=request.user, **form.settings())
        messages.success(request, _("%(league)s is set up. Invite players or open sign-up.") % {"league": league.name})
        return redirect("campaigns:league", pk=league.pk)
    return render(request, "campaigns/league_form.html", {"form": form})


@require_safe
def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    page = league_page(get_league(pk), request.user)
    context = {
        "page": page,
        "league": page.league,
        "invite_form": InviteForm(),
        "enter_form": EnterForm(teams=page.enterable_teams),
    }
    return render(request, "campaigns/league_detail.html", context)


@login_required
def league_edit(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    league = get_league(pk)
    require_organiser(league, request.user)
    # a ModelForm writes into its instance while it validates: give it a copy of its own
    form = LeagueForm(request.POST or None, instance=get_league(pk))
    if request.method == "POST" and form.is_valid():
        try:
            league_update(league=league, actor=request.user, changes=form.settings())
        except REFUSALS as error:
            form.add_error(None, refusal_text(error))
        else:
            messages.success(request, _("Saved."))
            return redirect("campaigns:league", pk=pk)
    return render(request, "campaigns/league_form.html", {"form": form, "league": league})


@login_required
@require_POST
def league_invite_player(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    league = get_league(pk)
    require_organiser(league, request.user)
    form = InviteForm(request.POST)
    if form.is_valid():
        league_invite(league=league, actor=request.user, player=form.cleaned_data["username"])
        messages.success(request, _("%(player)s is invited.") % {"player": form.cleaned_data["username"]})
    else:
        messages.error(request, " ".join(str(error) for error in form.errors.get("username", [])))
    return redirect("campaigns:league", pk=pk)


@login_required
@require_POST
def league_enter_team(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    league = get_league(pk)
    form = EnterForm(request.POST, teams=request.user.teams.all())
    if not form.is_valid():
        messages.error(request, _("Choose one of your teams."))
        return redirect("campaigns:league", pk=pk)
    try:
        entry = league_enter(league=league, player=request.user, team=form.cleaned_data["team"])
    except REFUSALS as error:
        tell_refusal(request, error)
    else:
        messages.success(
            request,
            _("%(team)s has entered %(league)s. The league keeps its own copy.")
            % {"team": entry.name, "league": league.name},
        )
    return redirect("campaigns:league", pk=pk)
