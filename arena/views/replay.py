"""A finished match: its replay viewer, its record (export and import) and its dice check."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from common.http import AuthenticatedHttpRequest

from ..models import Match
from ..play_errors import MatchError
from ..screen.board_svg import board_svg_html
from ..screen.match_records import mismatch_text, roll_rows
from ..screen.replay import replay_page, seq_of_round
from ..screen.reviews import seat_reviews
from ..services import review_request
from ..services.match_records import MAX_BYTES, RecordError, import_record, parse_record, record_json, verify


def _finished(pk: int) -> Match:
    match = get_object_or_404(Match, pk=pk)
    if not match.seed_published:
        raise Http404(_("A match's replay opens once the match is over."))
    return match


def _number(value: str | None, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


@require_safe
def replay(request: HttpRequest, pk: int) -> HttpResponse:
    """``?at=N`` the position after action N (0 is the deal); ``?round=R`` the start of round R."""
    match = get_object_or_404(Match, pk=pk)
    if not match.seed_published:
        if match.setup is not None:
            messages.info(request, _("A match's replay opens once the match is over."))
            return redirect("play:match", pk=pk)
        raise Http404
    if "round" in request.GET:
        return redirect(f"{request.path}?at={seq_of_round(match, _number(request.GET.get('round'), 1))}")
    page = replay_page(match, _number(request.GET.get("at"), match.version))
    reviews = seat_reviews(match, request.user, page.names, page.public)
    context = {"page": page, "board_svg": board_svg_html(), "reviews": reviews}
    return render(request, "arena/replay.html", context)


@login_required
@require_POST
def ask_review(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """A player asks what the computer would have done in his seat; the worker computes it."""
    match = get_object_or_404(Match, pk=pk)
    try:
        review_request(match=match, player=request.user, seat=_number(request.POST.get("seat"), -1))
    except MatchError as error:
        messages.error(request, str(error))
    else:
        messages.info(request, _("The computer is looking at your decisions; reload this page in a minute."))
    return redirect(f"{reverse('play:replay', args=[pk])}#computer-review")


@require_safe
def record(request: HttpRequest, pk: int) -> HttpResponse:
    """The finished match as one JSON file: set-up (with the seed), deal, actions and their events."""
    match = _finished(pk)
    if match.table_played:
        raise Http404(_("A match played at the table has no record to replay from a seed."))
    response = HttpResponse(record_json(match), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="viadal-match-{match.pk}.json"'
    return response


class ImportForm(forms.Form):
    record = forms.FileField(
        label=gettext_lazy("Match record (JSON)"),
        help_text=gettext_lazy("A file exported from a finished match's replay; at most 4 MB."),
    )


@login_required
def import_view(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Upload a match record: it is read with limits, replayed from its seed and, if it replays as it
    says, stored as a finished, imported match that opens in the replay viewer."""
    form = ImportForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["record"]
        try:
            if upload.size > MAX_BYTES:
                raise RecordError(
                    _("The file is too large (%(size)s bytes; at most %(max)s).")
                    % {"size": upload.size, "max": MAX_BYTES}
                )
            match = import_record(parse_record(upload.read(MAX_BYTES + 1)), by=request.user)
        except RecordError as error:
            found = error.check
            message = str(error)
            if found is not None and found.mismatch is not None:  # where it parts, with the characters' names
                message = _("The record does not replay: %(problem)s") % {"problem": mismatch_text(found)}
            form.add_error("record", message)
            status = 422
        else:
            messages.success(request, _("The record replays as it says: here is its replay."))
            return redirect("play:replay", pk=match.pk)
    elif request.method == "POST":
        status = 422
    return render(request, "arena/import.html", {"form": form}, status=status)


@require_safe
def verify_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The published seed against the commitment shown from the start, and every roll of the log
    against the one the seed gives (every action replayed from the seed)."""
    match = get_object_or_404(Match, pk=pk)
    if match.setup is None:
        raise Http404
    found = verify(match)
    check = found.check
    problem = mismatch_text(check) if check is not None and check.mismatch is not None else found.problem
    rolls = roll_rows(check) if check is not None else []
    return render(request, "arena/verify.html", {"match": match, "found": found, "problem": problem, "rolls": rolls})
