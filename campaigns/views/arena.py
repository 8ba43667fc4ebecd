"""Four-seat fixtures (HR-8): the table page, report, confirm or dispute, settle or correct."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from common.http import AuthenticatedHttpRequest

from ..arena_report_forms import ArenaReport
from ..forms import DisputeForm
from ..league_errors import LeagueError
from ..models import Fixture
from ..permissions import require_arena_confirmer, require_organiser, require_seated_player
from ..selectors.arena import fixture_arena_facts, seat_entries, seated_fixture_queryset, table_view
from ..services import arena_results
from .helpers import REFUSALS, refusal_text, tell_refusal


def get_table(pk: int) -> Fixture:
    return get_object_or_404(seated_fixture_queryset(), pk=pk)


@require_safe
def table_detail(request: HttpRequest, pk: int) -> HttpResponse:
    view = table_view(get_table(pk), request.user)
    return render(
        request, "campaigns/table.html", {"table": view, "fixture": view.fixture, "dispute_form": DisputeForm()}
    )


def _report_page(request: HttpRequest, fixture: Fixture, report: ArenaReport, mode: str) -> HttpResponse:
    return render(request, "campaigns/table_report.html", {"fixture": fixture, "report": report, "mode": mode})


@login_required
def table_report(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """A seated player reports the table's result; the other three confirm it or dispute it."""
    fixture = get_table(pk)
    seats = seat_entries(fixture)
    require_seated_player(seats, request.user)
    report = ArenaReport(fixture, seats, request.POST or None)
    if request.method == "POST" and report.is_valid():
        try:
            arena_results.arena_fixture_report_result(fixture=fixture, actor=request.user, facts=report.facts())
        except REFUSALS as error:
            report.form.add_error(None, refusal_text(error))
        else:
            messages.success(request, _("Result reported. The other seated players confirm it or dispute it."))
            return redirect("campaigns:table", pk=pk)
    return _report_page(request, fixture, report, "report")


@login_required
def table_settle(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The organiser settles a dispute or enters or corrects the result."""
    fixture = get_table(pk)
    require_organiser(fixture.league, request.user)
    report = ArenaReport(fixture, seat_entries(fixture), request.POST or None, facts=fixture_arena_facts(fixture))
    if request.method == "POST" and report.is_valid():
        try:
            arena_results.arena_fixture_settle_result(fixture=fixture, actor=request.user, facts=report.facts())
        except REFUSALS as error:
            report.form.add_error(None, refusal_text(error))
        else:
            messages.success(request, _("Result settled. The standings follow it."))
            return redirect("campaigns:table", pk=pk)
    return _report_page(request, fixture, report, "settle")


@login_required
@require_POST
def table_confirm(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    try:
        result = arena_results.arena_fixture_confirm_result(fixture=get_table(pk), actor=request.user)
    except REFUSALS as error:
        tell_refusal(request, error)
    else:
        final = result.confirmed_at is not None
        messages.success(
            request,
            _("Result confirmed. The campaign sequence has run.")
            if final
            else _("Confirmed. The result is final when every other seated player has confirmed it."),
        )
    return redirect("campaigns:table", pk=pk)


@login_required
@require_POST
def table_dispute(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    fixture = get_table(pk)
    require_arena_confirmer(fixture, seat_entries(fixture), request.user)
    form = DisputeForm(request.POST)
    try:
        if not form.is_valid() and form.has_error("reason", "max_length"):
            raise LeagueError(str(form.errors["reason"][0]))
        reason = form.cleaned_data["reason"] if form.is_valid() else ""
        arena_results.arena_fixture_dispute_result(fixture=fixture, actor=request.user, reason=reason)
    except REFUSALS as error:
        tell_refusal(request, error)
    else:
        messages.success(request, _("Result disputed. The organiser will settle it."))
    return redirect("campaigns:table", pk=pk)
