"""The match report and the result's life: one-match items bought before the match, report, confirm
or dispute, settle or correct, forfeit."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from common.http import AuthenticatedHtmxHttpRequest, AuthenticatedHttpRequest, HtmxHttpRequest
from games.league_protocol import league_pages

from ..forms import DisputeForm
from ..match_item_forms import MatchItemForm
from ..models import Fixture, Result
from ..permissions import require_opponent_of_reporter, require_organiser, require_owner, require_player_in
from ..report_forms import ResultReport
from ..result_facts import facts_of
from ..selectors.fixture_items import SIDE_NAMES
from ..selectors.fixtures import fixture_line
from ..selectors.reports import match_report as report_of
from ..services import reports
from ..services.fixture_items import fixture_buy_match_item
from .helpers import REFUSALS, get_fixture, refusal_text, tell_refusal

ROW = "campaigns/fixtures.html#fixture-row"


def _row(request: HttpRequest, pk: int, **extra: object) -> HttpResponse:
    """The fixture's row on the fixtures page, as it stands now."""
    return render(request, ROW, {"line": fixture_line(get_fixture(pk), request.user), **extra})


def _answer(request: HtmxHttpRequest, pk: int, notice: str, *, refused: bool = False) -> HttpResponse:
    """Under htmx the fixture's row with the notice in it; else the match report with a message."""
    if request.htmx:
        return _row(request, pk, notice=notice, refused=refused)
    messages.add_message(request, messages.ERROR if refused else messages.SUCCESS, notice)
    return redirect("campaigns:match", pk=pk)


@require_safe
def match_report(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = get_fixture(pk)
    if fixture.is_four_seat:
        return redirect("campaigns:table", pk=pk)
    if not fixture.league.is_viadal:
        return _game_match(request, fixture)
    report = report_of(fixture, request.user)
    options = report.fixture.league.options
    item_sides = [
        (prep, MatchItemForm(options=options, prefix=prep.side) if prep.side in report.buying else None)
        for prep in report.preparations
    ]
    return render(
        request,
        "campaigns/match_report.html",
        {"report": report, "fixture": report.fixture, "dispute_form": DisputeForm(), "item_sides": item_sides},
    )


def _game_match(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    """Another game's match page: campaigns' own (result, actions, the log, the audit trail) with the
    game's part of the result (``games.league_protocol.LeagueGamePages.match_template``) inside."""
    report = report_of(fixture, request.user)
    pages = league_pages(fixture.league.game)
    context = {
        "report": report,
        "fixture": report.fixture,
        "dispute_form": DisputeForm(),
        "game_template": pages.match_template,
        **pages.match_context(report.fixture, report.result, user=request.user),
    }
    return render(request, "campaigns/game_match.html", context)


def _game_report(request: AuthenticatedHttpRequest, fixture: Fixture, mode: str) -> HttpResponse:
    """Another game's report or settle form (``games.league_protocol.LeagueGamePages.report_form``): the
    game's fields inside campaigns' page; the result's life is campaigns' services'."""
    pages = league_pages(fixture.league.game)
    existing = Result.objects.filter(fixture=fixture).first()
    start = pages.report_of(existing) if existing is not None and mode == "settle" else None
    form = pages.report_form(fixture, request.POST or None, report=start)
    if request.method == "POST" and form.is_valid():
        try:
            if mode == "settle":
                reports.fixture_settle_result(fixture=fixture, actor=request.user, facts=form.report())
            else:
                reports.fixture_report_result(fixture=fixture, actor=request.user, facts=form.report())
        except REFUSALS as error:
            form.add_error(None, refusal_text(error))
        else:
            if mode == "settle":
                messages.success(request, _("Result settled. The standings follow it."))
            else:
                messages.success(request, _("Result reported. Your opponent confirms it or disputes it."))
            return redirect("campaigns:match", pk=fixture.pk)
    context = {"fixture": fixture, "form": form, "mode": mode, "game_template": pages.report_template}
    return render(request, "campaigns/game_report.html", context)


@login_required
@require_POST
def fixture_buy_item(request: AuthenticatedHttpRequest, pk: int, side: str) -> HttpResponse:
    """A side's player buys a one-match item for the fixture, with gold or patronage points."""
    fixture = get_fixture(pk)
    if not fixture.league.is_viadal:
        raise Http404(_("One-match items are Shuluri Viadal's (HR-10.7)."))
    entry = fixture.home if side == SIDE_NAMES[0] else fixture.away if side == SIDE_NAMES[1] else None
    if entry is None:
        raise Http404(_("No such side."))
    require_owner(entry, request.user)
    form = MatchItemForm(request.POST, options=fixture.league.options, prefix=side)
    if not form.is_valid():
        errors = [str(e) for field in form.errors.values() for e in field]
        messages.error(request, " ".join([_("Fill in the purchase."), *errors]))
        return redirect("campaigns:match", pk=pk)
    try:
        fixture_buy_match_item(
            fixture=fixture, entry=entry, actor=request.user, item=form.item_bought(), paid=form.paid_with()
        )
    except REFUSALS as error:
        tell_refusal(request, error)
    else:
        messages.success(request, _("Bought for this match."))
    return redirect("campaigns:match", pk=pk)


@login_required
def fixture_report(request: AuthenticatedHtmxHttpRequest, pk: int) -> HttpResponse:
    """A player reports a table result. Under htmx the form opens in the fixture's row."""
    fixture = get_fixture(pk)
    require_player_in(fixture, request.user)
    if not fixture.league.is_viadal:
        return _game_report(request, fixture, "report")
    report = ResultReport(fixture, request.POST or None)
    if request.method == "POST" and report.is_valid():
        try:
            reports.fixture_report_result(fixture=fixture, actor=request.user, facts=report.facts())
        except REFUSALS as error:
            report.form.add_error(None, refusal_text(error))
        else:
            return _answer(request, pk, _("Result reported. Your opponent confirms it or disputes it."))
    if request.htmx:
        return _row(request, pk, report=report)
    return render(request, "campaigns/report.html", {"fixture": fixture, "report": report, "mode": "report"})


@login_required
def fixture_settle(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The organiser settles a dispute or corrects a result, starting from the result as it is."""
    fixture = get_fixture(pk)
    require_organiser(fixture.league, request.user)
    if not fixture.league.is_viadal:
        if fixture.is_bye:
            raise Http404(_("A bye has no result to settle."))
        return _game_report(request, fixture, "settle")
    existing = Result.objects.filter(fixture=fixture).first()
    report = ResultReport(fixture, request.POST or None, facts=facts_of(existing) if existing else None)
    if request.method == "POST" and report.is_valid():
        try:
            reports.fixture_settle_result(fixture=fixture, actor=request.user, facts=report.facts())
        except REFUSALS as error:
            report.form.add_error(None, refusal_text(error))
        else:
            messages.success(request, _("Result settled. The standings follow it."))
            return redirect("campaigns:match", pk=pk)
    return render(request, "campaigns/report.html", {"fixture": fixture, "report": report, "mode": "settle"})


@login_required
@require_POST
def fixture_confirm(request: AuthenticatedHtmxHttpRequest, pk: int) -> HttpResponse:
    try:
        reports.fixture_confirm_result(fixture=get_fixture(pk), actor=request.user)
    except REFUSALS as error:
        return _answer(request, pk, refusal_text(error), refused=True)
    return _answer(request, pk, _("Result confirmed. The campaign sequence has run."))


@login_required
@require_POST
def fixture_dispute(request: AuthenticatedHtmxHttpRequest, pk: int) -> HttpResponse:
    fixture = get_fixture(pk)
    require_opponent_of_reporter(fixture, request.user)
    form = DisputeForm(request.POST)
    if not form.is_valid() and form.has_error("reason", "max_length"):
        return _answer(request, pk, str(form.errors["reason"][0]), refused=True)
    try:
        reason = form.cleaned_data["reason"] if form.is_valid() else ""
        reports.fixture_dispute_result(fixture=fixture, actor=request.user, reason=reason)
    except REFUSALS as error:
        return _answer(request, pk, refusal_text(error), refused=True)
    return _answer(request, pk, _("Result disputed. The organiser will settle it."))


@login_required
@require_POST
def fixture_forfeit(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    fixture = get_fixture(pk)
    require_organiser(fixture.league, request.user)
    forfeiting = fixture.away if request.POST.get("side") == "away" and fixture.away else fixture.home
    try:
        reports.fixture_record_forfeit(fixture=fixture, actor=request.user, forfeiting=forfeiting)
    except REFUSALS as error:
        tell_refusal(request, error)
    else:
        messages.success(request, _("Recorded: %(team)s forfeits.") % {"team": forfeiting.name})
    return redirect("campaigns:match", pk=pk)
