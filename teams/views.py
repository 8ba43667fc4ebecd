"""The team builder's pages. Each view parses a form, calls one service or selector, and renders.

Only the owner reaches a team through its id (anyone else gets 404); the share link shows it to
anyone, read-only.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import reswap

from arena.engine.roster import Problem
from common.http import AuthenticatedHtmxHttpRequest, AuthenticatedHttpRequest
from games.registry import DEFAULT_GAME, Feature, all_games, games_offering

from . import builder_panels, selectors, services
from .builder import PART_FIELD, SHOWN_FIELD, TeamBuilder, parse_shown, posted_parts
from .forms import TeamCreateForm, TeamImportForm
from .models import Team
from .services import TeamEdit, TeamInvalidError


def _owned_team(request: AuthenticatedHttpRequest, pk: int) -> Team:
    return get_object_or_404(selectors.teams_owned_by(request.user).prefetch_related("characters"), pk=pk)


@login_required
def team_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Viadal's teams, then the player's things of every other game, each in its own words
    (``games.registry``): a fixed number of queries per game whatever their number. A game with a
    builder always shows its section (it offers a new one); a tracker only when the player has a party."""
    builders = {game.id for game in games_offering(Feature.BUILDER)}
    others = []
    for game in all_games():
        if game.id == DEFAULT_GAME or game.owned is None:
            continue
        things = game.owned(request.user)
        if things or game.id in builders:
            others.append((game, things))
    return render(request, "teams/team_list.html", {"rows": selectors.team_list_for(request.user), "others": others})


@login_required
def team_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = TeamCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        team = services.team_create_from_base(
            owner=request.user, name=form.cleaned_data["name"], tier=form.cleaned_data["tier"]
        )
        if team.is_ready:
            notice = _(
                "%(team)s starts as the base team, which keeps every rule: it is ready to play. Change anything; "
                "every change is saved, and a change that breaks a rule makes it a draft."
            )
        else:
            notice = _("%(team)s starts as the base team. Change anything; every change is saved.")
        messages.success(request, notice % {"team": team.name})
        return redirect("teams:edit", pk=team.pk)
    return render(request, "teams/team_create.html", {"form": form})


@login_required
def team_import(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = TeamImportForm(request.POST or None, request.FILES or None)
    problems: tuple[Problem, ...] = ()
    if request.method == "POST" and form.is_valid():
        try:
            team = services.team_import(owner=request.user, text=form.cleaned_data["text"])
        except TeamInvalidError as error:
            problems = error.problems
        else:
            messages.success(request, _("Imported %(team)s.") % {"team": team.name})
            return redirect("teams:detail", pk=team.pk)
    return render(request, "teams/team_import.html", {"form": form, "problems": problems})


@login_required
def team_detail(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    report = selectors.team_report(_owned_team(request, pk))
    return render(request, "teams/team_detail.html", {"report": report, "team": report.team, "is_owner": True})


@require_safe
def team_share(request: HttpRequest, token: uuid.UUID) -> HttpResponse:
    team = get_object_or_404(selectors.teams_shared_as(token).prefetch_related("characters"))
    report = selectors.team_report(team)
    return render(request, "teams/team_detail.html", {"report": report, "team": team, "is_owner": False})


@login_required
def team_edit(request: AuthenticatedHtmxHttpRequest, pk: int) -> HttpResponse:
    """The builder. Every post saves (in any state, as a draft when broken). Without htmx it answers
    with the page (a redirect after a save); a live check under htmx answers with only what changed
    (``TeamBuilder.changes``, written by ``builder_panels.live_check_answer``), or with the whole
    ``team-editor`` when the page did not say what it shows or the change reshaped the forms. The forms
    are built once, except after a reshaping save."""
    team = selectors.owned_team_with_characters(request.user, pk)
    if team is None:
        raise Http404
    characters = selectors.team_characters(team)
    parts = posted_parts(request.POST.getlist(PART_FIELD), (c.slot for c in characters)) if request.htmx else None
    builder = TeamBuilder(team, characters, request.POST or None, parts)
    edit: TeamEdit | None = None
    if request.method == "POST":
        saved = builder.is_valid()
        if saved:
            edit = builder.save()
            if not request.htmx:
                _announce_edit(request, team, edit)
                return redirect("teams:edit", pk=team.pk)
        if request.htmx:
            shown = parse_shown(request.POST.get(SHOWN_FIELD))
            if shown is not None and not (saved and builder.reshaped()):
                report = (
                    selectors.team_report(team, edit.problems, edit.costs, characters)
                    if edit
                    else selectors.team_report(team, characters=characters)
                )
                builder.place(report.problems)
                changes = builder.changes(shown)
                return HttpResponse(
                    builder_panels.live_check_answer(
                        request, team, report, edit, changes.pieces, changes.shown, builder.unsaved_parts()
                    )
                )
            if saved:
                builder = TeamBuilder(team, selectors.team_characters(team))
    report = selectors.team_report(team)
    builder.place(report.problems)
    context = {"team": team, "builder": builder, "report": report, "edit": edit}
    if request.htmx:
        return reswap(render(request, "teams/team_edit.html#team-editor", context), "outerHTML")
    return render(request, "teams/team_edit.html", context)


def _announce_edit(request: HttpRequest, team: Team, edit: TeamEdit) -> None:
    if edit.back_to_draft:
        broken = len(edit.problems)
        messages.warning(
            request,
            ngettext(
                "Saved. %(team)s now breaks %(count)d rule, so it is a draft again.",
                "Saved. %(team)s now breaks %(count)d rules, so it is a draft again.",
                broken,
            )
            % {"team": team.name, "count": broken},
        )
    elif edit.can_be_ready:
        messages.success(request, _("Saved. %(team)s keeps every rule: mark it ready to play.") % {"team": team.name})
    else:
        messages.success(request, _("Saved."))


@login_required
@require_POST
def team_copy(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    copy = services.team_copy(team=_owned_team(request, pk), owner=request.user)
    messages.success(request, _("Copied as %(team)s, a draft.") % {"team": copy.name})
    return redirect("teams:edit", pk=copy.pk)


@login_required
@require_POST
def team_copy_shared(request: AuthenticatedHttpRequest, token: uuid.UUID) -> HttpResponse:
    """A logged-in reader of a share link copies the team into his own list, as a draft."""
    team = get_object_or_404(selectors.teams_shared_as(token).prefetch_related("characters"))
    copy = services.team_copy(team=team, owner=request.user)
    messages.success(request, _("Copied into your teams as %(team)s, a draft.") % {"team": copy.name})
    return redirect("teams:edit", pk=copy.pk)


@login_required
def team_delete(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    team = _owned_team(request, pk)
    if request.method == "POST":
        services.team_delete(team=team)
        messages.success(request, _("Deleted %(team)s.") % {"team": team.name})
        return redirect("teams:list")
    return render(request, "teams/team_confirm_delete.html", {"team": team})


@login_required
@require_POST
def team_mark_ready(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    team = _owned_team(request, pk)
    try:
        services.team_mark_ready(team=team)
    except TeamInvalidError as error:
        broken = len(error.problems)
        messages.error(
            request,
            ngettext(
                "%(team)s stays a draft: it breaks %(count)d rule, listed below.",
                "%(team)s stays a draft: it breaks %(count)d rules, listed below.",
                broken,
            )
            % {"team": team.name, "count": broken},
        )
    else:
        messages.success(request, _("%(team)s is ready to play.") % {"team": team.name})
    return redirect("teams:detail", pk=team.pk)


@login_required
@require_POST
def team_mark_draft(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    team = _owned_team(request, pk)
    services.team_mark_draft(team=team)
    messages.info(request, _("%(team)s is a draft again.") % {"team": team.name})
    return redirect("teams:detail", pk=team.pk)


@login_required
def team_export(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    team = _owned_team(request, pk)
    response = HttpResponse(services.team_export(team=team), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="team-{slugify(team.name) or team.pk}.json"'
    return response
