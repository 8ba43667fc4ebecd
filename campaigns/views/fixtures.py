"""Fixtures (generate, reschedule) and the standings table with its CSV export."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from common.csv_export import formula_safe_writer
from common.http import AuthenticatedHtmxHttpRequest, AuthenticatedHttpRequest

from ..forms import GenerateFixturesForm, RescheduleForm
from ..permissions import is_organiser, require_organiser
from ..selectors.arena import arena_csv_header, arena_csv_rows, arena_league_standings
from ..selectors.fixtures import fixture_line, league_rounds
from ..selectors.league_tables import csv_dialect, csv_header, group_tables, league_standings, standings_csv_rows
from ..services.fixtures import fixture_reschedule as reschedule
from ..services.fixtures import fixtures_generate
from .helpers import REFUSALS, get_fixture, get_league, tell_refusal


@require_safe
def fixture_list(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_league(pk)
    rounds = league_rounds(league, request.user)
    organiser = is_organiser(league, request.user)
    context = {
        "league": league,
        "rounds": rounds,
        "is_organiser": organiser,
        # a round robin is generated once; Swiss and knockout leagues a round at a time, a league of
        # groups its group stage at once, then its knockout stage a round at a time
        "can_generate": organiser and (not rounds or not league.is_round_robin),
        "starts_knockout": bool(rounds) and rounds[-1].group_stage,
        "generate_form": GenerateFixturesForm(),
    }
    return render(request, "campaigns/fixtures.html", context)


@login_required
@require_POST
def fixtures_generate_view(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    league = get_league(pk)
    require_organiser(league, request.user)  # refused before the form is read: no "give a date" to a stranger
    form = GenerateFixturesForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give a valid date and a number of days between rounds."))
        return redirect("campaigns:fixtures", pk=pk)
    try:
        fixtures = fixtures_generate(league=league, actor=request.user, **form.cleaned_data)
    except REFUSALS as error:
        tell_refusal(request, error)
    else:
        rounds = sorted({f.round for f in fixtures})
        messages.success(
            request,
            _("Generated %(fixtures)s fixture(s) in %(rounds)s round(s).")
            % {"fixtures": len(fixtures), "rounds": len(rounds)},
        )
    return redirect("campaigns:fixtures", pk=pk)


@login_required
@require_POST
def fixture_reschedule(request: AuthenticatedHtmxHttpRequest, pk: int) -> HttpResponse:
    """Set a fixture's date; under htmx, answer with its row."""
    fixture = get_fixture(pk)
    require_organiser(fixture.league, request.user)
    form = RescheduleForm(request.POST)
    if form.is_valid():
        reschedule(fixture=fixture, actor=request.user, scheduled_for=form.cleaned_data["scheduled_for"])
        fixture = get_fixture(pk)  # as the service left it
        notice = _("Rescheduled.")
    else:
        notice = _("That is not a date.")
    if request.htmx:
        context = {"line": fixture_line(fixture, request.user), "notice": notice, "refused": not form.is_valid()}
        return render(request, "campaigns/fixtures.html#fixture-row", context)
    messages.add_message(request, messages.SUCCESS if form.is_valid() else messages.ERROR, notice)
    return redirect("campaigns:fixtures", pk=fixture.league_id)


@require_safe
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_league(pk)
    if not league.has_table:
        return redirect("campaigns:fixtures", pk=pk)
    if league.is_four_player:
        context = {"league": league, "standings": arena_league_standings(league)}
    elif league.has_groups:
        tables = group_tables(league)
        context = {"league": league, "groups": tables, "standings": tables[0] if tables else league_standings(league)}
    else:
        context = {"league": league, "standings": league_standings(league)}
    return render(request, "campaigns/standings.html", context)


@require_safe
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_league(pk)
    if not league.has_table:
        raise Http404(_("A knockout has a bracket, not a table."))
    # the CSV speaks the reader's language, like the table it is downloaded from; a Hungarian reader's
    # spreadsheet expects semicolons and a decimal comma, and a BOM to read UTF-8 (docs/decisions.md)
    language = get_language()
    dialect = csv_dialect(language)
    response = HttpResponse(content_type="text/csv; charset=utf-8", headers={"Content-Language": language})
    response["Content-Disposition"] = f'attachment; filename="standings-{slugify(league.name) or league.pk}.csv"'
    if dialect.bom:
        response.write("\ufeff")
    writer = formula_safe_writer(response, delimiter=dialect.delimiter)  # a team named "=…" stays text
    if league.is_four_player:
        writer.writerow(arena_csv_header())
        writer.writerows(dialect.row(row) for row in arena_csv_rows(arena_league_standings(league)))
    elif league.has_groups:
        writer.writerow((_("Group"), *csv_header(league)))
        for table in group_tables(league):
            writer.writerows(dialect.row((table.letter, *row)) for row in standings_csv_rows(table))
    else:
        writer.writerow(csv_header(league))
        writer.writerows(dialect.row(row) for row in standings_csv_rows(league_standings(league)))
    return response
