"""A team's campaign sheet (printable), its history, and the player's choices between matches."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from common.http import AuthenticatedHttpRequest
from games.league_protocol import league_pages

from ..models import Entry
from ..permissions import is_owner, require_owner
from ..record_forms import SPEND_FORMS, AdvanceForm, HealForm, RepairForm, repair_label
from ..selectors.records import campaign_sheet, match_log, team_events
from ..services.records import entry_game_action, entry_heal, entry_purchase, entry_take_advance
from .helpers import REFUSALS, get_entry, tell_refusal

REPAIR = "repair"  # a repair is bought like any purchase, from the sheet's list of broken weapons
BLANK_LOG_ROWS = 4  # ruled lines for the matches still to come, on paper


@require_safe
def entry_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    entry = get_entry(pk)
    if not entry.league.is_viadal:
        return _game_entry(request, entry)
    sheet = campaign_sheet(entry)
    owner = is_owner(sheet.entry, request.user)
    context = {
        "sheet": sheet,
        "entry": sheet.entry,
        "is_owner": owner,
        "advance_forms": [AdvanceForm(member=m.member) for m in sheet.members if m.advances_pending] if owner else [],
        # the sheet shows every purchase form at once: each its own ids (the field names stay the same)
        "spend_forms": {kind: form(auto_id=f"id_{kind}_%s") for kind, form in SPEND_FORMS.items()} if owner else {},
        "heal_form": HealForm(auto_id="id_heal_%s") if owner else None,
        "repair_label": repair_label() if owner and sheet.broken else "",
        "blank_rows": range(BLANK_LOG_ROWS),
    }
    return render(request, "campaigns/entry_sheet.html", context)


def _game_entry(request: HttpRequest, entry: Entry) -> HttpResponse:
    """Another game's campaign sheet: campaigns' page (the match log) with the game's record and
    its forms inside (``games.league_protocol.LeagueGamePages.entry_template``)."""
    pages = league_pages(entry.league.game)
    owner = is_owner(entry, request.user)
    context = {
        "entry": entry,
        "is_owner": owner,
        "log": match_log(entry.pk, team_events(entry)),
        "game_template": pages.entry_template,
        **pages.entry_context(entry, owner=owner),
    }
    return render(request, "campaigns/game_entry.html", context)


@login_required
@require_POST
def entry_action(request: AuthenticatedHttpRequest, pk: int, action: str) -> HttpResponse:
    """A campaign choice of another game's entry (a purchase, an advance, the healer): its plug-in
    checks and makes it under campaigns' locks (``services.records.entry_game_action``)."""
    entry = get_entry(pk)
    require_owner(entry, request.user)
    if entry.league.is_viadal:
        raise Http404(_("No such action."))
    try:
        message = entry_game_action(entry=entry, actor=request.user, action=action, data=request.POST)
    except REFUSALS as error:
        tell_refusal(request, error)
    else:
        messages.success(request, message)
    return redirect("campaigns:entry", pk=pk)


@require_safe
def entry_history(request: HttpRequest, pk: int) -> HttpResponse:
    entry = get_entry(pk)
    events = team_events(entry)
    context = {
        "entry": entry,
        "events": events,
        "log": match_log(entry.pk, events),
        "other_game": not entry.league.is_viadal,  # its own columns: victory points, no rounds
    }
    return render(request, "campaigns/entry_history.html", context)


def _done(request: HttpRequest, pk: int, attempt: Callable[[], object]) -> HttpResponse:
    """Run ``attempt`` (a service call) and tell what came of it on the sheet."""
    try:
        attempt()
    except REFUSALS as error:
        tell_refusal(request, error)
    else:
        messages.success(request, _("Saved to the campaign record."))
    return redirect("campaigns:entry", pk=pk)


@login_required
@require_POST
def entry_advance(request: AuthenticatedHttpRequest, pk: int, slot: str) -> HttpResponse:
    entry = get_entry(pk)
    require_owner(entry, request.user)
    sheet_member = next((m for m in campaign_sheet(entry).members if m.member.slot == slot), None)
    if sheet_member is None:
        messages.error(request, _("No such member."))
        return redirect("campaigns:entry", pk=pk)
    form = AdvanceForm(request.POST, member=sheet_member.member)
    if not form.is_valid():
        messages.error(request, _("Choose one of the advances listed."))
        return redirect("campaigns:entry", pk=pk)
    return _done(
        request, pk, lambda: entry_take_advance(entry=entry, actor=request.user, slot=slot, advance=form.advance())
    )


@login_required
@require_POST
def entry_spend(request: AuthenticatedHttpRequest, pk: int, kind: str) -> HttpResponse:
    entry = get_entry(pk)
    require_owner(entry, request.user)
    form_class = SPEND_FORMS.get(kind)
    if kind == REPAIR:
        form: Any = RepairForm(request.POST, broken=entry.broken)
    else:
        form = form_class(request.POST) if form_class else None
    if form is None or not form.is_valid():
        messages.error(request, _("Fill in the purchase."))
        return redirect("campaigns:entry", pk=pk)
    return _done(request, pk, lambda: entry_purchase(entry=entry, actor=request.user, purchase=form.purchase()))


@login_required
@require_POST
def entry_heal_view(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    entry = get_entry(pk)
    require_owner(entry, request.user)
    form = HealForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a member and a number of matches."))
        return redirect("campaigns:entry", pk=pk)
    data = form.cleaned_data
    return _done(
        request, pk, lambda: entry_heal(entry=entry, actor=request.user, slot=data["slot"], matches=data["matches"])
    )
