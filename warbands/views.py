"""The warband builder's pages. Each view reads a form, calls one service or selector, and renders.

Only the owner reaches a warband through its id (anyone else gets 404); the share link shows it to
anyone, read only.
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

from common.http import AuthenticatedHtmxHttpRequest, AuthenticatedHttpRequest
from warbands.rules.warband_checks import Violation

from . import selectors, services
from .builder_post import ACTION_FIELD, SHAPE_FIELD, ActionError, apply_action, focus_after, read_post, shape_of
from .convert import rules_warband
from .editor import SHOWN_FIELD, Editor, parse_shown
from .forms import WarbandCreateForm, WarbandImportForm
from .models import Warband
from .reader_language import reader_language


def _owned(request: AuthenticatedHttpRequest, pk: int) -> Warband:
    warband = selectors.owned_warband(request.user, pk)
    if warband is None:
        raise Http404(_("You have no such warband."))
    return warband


@login_required
def warband_list(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(request, "warbands/warband_list.html", {"rows": selectors.warband_list_for(request.user)})


@login_required
def warband_create(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = WarbandCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        warband = services.warband_create_new(
            owner=request.user,
            name=form.cleaned_data["name"],
            points=form.cleaned_data["points"],
            start=form.cleaned_data["start"],
            picks=form.picks(),
        )
        messages.success(
            request, _("%(warband)s is made. Change anything; every change is saved.") % {"warband": warband.name}
        )
        return redirect("warbands:edit", pk=warband.pk)
    return render(request, "warbands/warband_create.html", {"form": form})


@login_required
def warband_import(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = WarbandImportForm(request.POST or None, request.FILES or None)
    problems: tuple[Violation, ...] = ()
    if request.method == "POST" and form.is_valid():
        try:
            warband = services.warband_import(owner=request.user, text=form.cleaned_data["text"])
        except services.WarbandInvalidError as error:
            problems = error.violations
        else:
            messages.success(request, _("Imported %(warband)s.") % {"warband": warband.name})
            return redirect("warbands:detail", pk=warband.pk)
    lines = [(p.code, p.text(reader_language())) for p in problems]
    return render(request, "warbands/warband_import.html", {"form": form, "problems": lines})


def _detail(request: HttpRequest, warband: Warband, *, is_owner: bool) -> HttpResponse:
    report = selectors.warband_report(warband)
    totals = report.totals
    figures = [
        (figure, price, list(zip(figure.minions, minion_prices, strict=True)))
        for figure, price, minion_prices in zip(
            report.rules.figures, totals.figure_prices, totals.minion_prices, strict=True
        )
    ]
    context = {"report": report, "warband": warband, "is_owner": is_owner, "figures": figures}
    return render(request, "warbands/warband_detail.html", context)


@login_required
def warband_detail(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    return _detail(request, _owned(request, pk), is_owner=True)


@require_safe
def warband_share(request: HttpRequest, token: uuid.UUID) -> HttpResponse:
    warband = get_object_or_404(selectors.warbands_shared_as(token))
    return _detail(request, warband, is_owner=request.user.is_authenticated and warband.owner_id == request.user.pk)


@login_required
def warband_edit(request: AuthenticatedHtmxHttpRequest, pk: int) -> HttpResponse:
    """The builder. Every post saves what can be stored (in any state: a draft when it breaks a rule).
    A live check under htmx answers with only the pieces that changed and the panels (``Editor.live_answer``);
    an action (add, copy, remove …) or a post against another shape answers with the whole editor;
    without htmx, a post redirects back to the page."""
    warband = _owned(request, pk)
    if request.method != "POST":
        editor = Editor(request, selectors.warband_report(warband))
        return render(request, "warbands/warband_edit.html", {"warband": warband, "editor": editor})
    stored = rules_warband(warband)
    if request.POST.get(SHAPE_FIELD) != shape_of(stored):
        notice = _("The warband changed in another window: here it is as saved. Make your change again.")
        return _whole_editor(request, warband, Editor(request, selectors.warband_report(warband), notice=notice))
    post = read_post(request.POST, stored)
    contents = post.contents
    action = request.POST.get(ACTION_FIELD)
    focus = notice = ""
    if action:
        try:
            contents = apply_action(action, request.POST, contents, reader_language())
        except ActionError:
            notice = _("That change cannot be made to this warband.")
        else:
            focus = focus_after(action, contents)
    edit = services.warband_save(warband=warband, contents=contents)
    if edit.back_to_draft:
        notice = _("%(warband)s now breaks a rule, so it is a draft again.") % {"warband": warband.name}
    report = selectors.warband_report(warband, contents)
    editor = Editor(request, report, refused=post.refused, focus=focus, notice=notice)
    shown = parse_shown(request.POST.get(SHOWN_FIELD))
    if request.htmx and not action and shown is not None:
        return HttpResponse(editor.live_answer(shown))  # the status panel says it fell back to a draft
    return _whole_editor(request, warband, editor)


def _whole_editor(request: AuthenticatedHtmxHttpRequest, warband: Warband, editor: Editor) -> HttpResponse:
    """The editor in place under htmx (its notice inside it); else back to the page, the notice a message."""
    if editor.notice and not request.htmx:
        messages.warning(request, editor.notice)
    if request.htmx:
        response = render(request, "warbands/_editor.html", {"warband": warband, "editor": editor})
        return reswap(response, "outerHTML")
    return redirect("warbands:edit", pk=warband.pk)


@login_required
@require_POST
def warband_copy(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    copy = services.warband_copy(warband=_owned(request, pk), owner=request.user)
    messages.success(request, _("Copied as %(warband)s, a draft.") % {"warband": copy.name})
    return redirect("warbands:edit", pk=copy.pk)


@login_required
@require_POST
def warband_copy_shared(request: AuthenticatedHttpRequest, token: uuid.UUID) -> HttpResponse:
    """A logged-in reader of a share link copies the warband into his own list, as a draft."""
    warband = get_object_or_404(selectors.warbands_shared_as(token))
    copy = services.warband_copy(warband=warband, owner=request.user)
    messages.success(request, _("Copied into your warbands as %(warband)s, a draft.") % {"warband": copy.name})
    return redirect("warbands:edit", pk=copy.pk)


@login_required
def warband_delete(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    warband = _owned(request, pk)
    if request.method == "POST":
        services.warband_delete(warband=warband)
        messages.success(request, _("Deleted %(warband)s.") % {"warband": warband.name})
        return redirect("warbands:list")
    return render(request, "warbands/warband_confirm_delete.html", {"warband": warband})


@login_required
@require_POST
def warband_mark_ready(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    warband = _owned(request, pk)
    try:
        services.warband_mark_ready(warband=warband)
    except services.WarbandInvalidError as error:
        broken = len(error.violations)
        messages.error(
            request,
            ngettext(
                "%(warband)s stays a draft: it breaks %(count)d rule, listed below.",
                "%(warband)s stays a draft: it breaks %(count)d rules, listed below.",
                broken,
            )
            % {"warband": warband.name, "count": broken},
        )
    else:
        messages.success(request, _("%(warband)s is ready to play.") % {"warband": warband.name})
    return redirect("warbands:detail", pk=warband.pk)


@login_required
@require_POST
def warband_mark_draft(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    warband = _owned(request, pk)
    services.warband_mark_draft(warband=warband)
    messages.info(request, _("%(warband)s is a draft again.") % {"warband": warband.name})
    return redirect("warbands:detail", pk=warband.pk)


@login_required
def warband_export(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    warband = _owned(request, pk)
    response = HttpResponse(services.warband_export(warband=warband), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="warband-{slugify(warband.name) or warband.pk}.json"'
    return response
