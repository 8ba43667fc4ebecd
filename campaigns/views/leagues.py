"""League list, creation, the league page, settings, invitations and entering a team."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from common.http import AuthenticatedHttpRequest
from games.league_protocol import VIADAL, league_game

from ..forms import EnterCopyForm, EnterForm, InviteForm, LeagueForm
from ..league_labels import game_choices
from ..models import League
from ..permissions import require_organiser
from ..selectors.leagues import league_list as leagues
from ..selectors.leagues import league_page
from ..services.leagues import league_create, league_enter, league_enter_copy, league_invite, league_update
from .helpers import REFUSALS, get_league, refusal_text, tell_refusal


@require_safe
def league_list(request: HttpRequest) -> HttpResponse:
    return render(request, "campaigns/league_list.html", {"leagues": leagues()})


@login_required
def league_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    """A new league of one game: Shuluri Viadal unless ``?game=`` names another that plays leagues."""
    games = game_choices()
    game = request.GET.get("game") or request.POST.get("game") or VIADAL
    if game not in dict(games):
        raise Http404(_("There is no such game."))
    form = LeagueForm(request.POST or None, game=game)
    if request.method == "POST" and form.is_valid():
        try:
            league = league_create(organiser=request.user, **form.settings())
        except REFUSALS as error:
            form.add_error(None, refusal_text(error))
        else:
            messages.success(
                request, _("%(league)s is set up. Invite players or open sign-up.") % {"league": league.name}
            )
            return redirect("campaigns:league", pk=league.pk)
    return render(request, "campaigns/league_form.html", {"form": form, "game": game, "games": games})


@require_safe
def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    page = league_page(get_league(pk), request.user)
    league = page.league
    if league.is_viadal:
        enter_form: EnterForm | EnterCopyForm = EnterForm(teams=page.enterable_teams)
    else:
        enter_form = EnterCopyForm(choices=list(page.enterable), label=league.game_words.your_teams)
    context = {"page": page, "league": league, "invite_form": InviteForm(), "enter_form": enter_form}
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
    if not league.is_viadal:
        return _enter_copy(request, league)
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


def _enter_copy(request: AuthenticatedHttpRequest, league: League) -> HttpResponse:
    """Enter one of the player's things of another game (a ready warband): the league copies it."""
    choices = list(league_game(league.game).enterable(league, request.user))
    form = EnterCopyForm(request.POST, choices=choices)
    if not form.is_valid():
        messages.error(request, _("Choose one of yours that is ready."))
        return redirect("campaigns:league", pk=league.pk)
    try:
        entry = league_enter_copy(league=league, player=request.user, source_ref=form.cleaned_data["source"])
    except REFUSALS as error:
        tell_refusal(request, error)
    else:
        messages.success(
            request,
            _("%(team)s has entered %(league)s. The league keeps its own copy.")
            % {"team": entry.name, "league": league.name},
        )
    return redirect("campaigns:league", pk=league.pk)
