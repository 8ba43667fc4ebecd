"""The printable character sheets: an HTML print view and the same page as a PDF (WeasyPrint).

The owner reaches them through the team's id (anyone else gets 404); the share link shows them to
anyone. Each sheet carries a QR code of the team's share page, so a printed sheet leads back to it.
A PDF is rendered once and then served from the cache; anonymous readers' renders are limited
(``teams.sheet_pdf``).
"""

from __future__ import annotations

import uuid
from typing import Any

import segno
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from django.views.decorators.http import require_safe

from common.blocking import off_the_event_loop
from common.http import AuthenticatedHttpRequest

from . import selectors, sheet_pdf
from .models import Team
from .sheets import sheet_for

TEMPLATE = "teams/sheets.html"
RENDER_LIMITED_TEMPLATE = "teams/sheet_pdf_limited.html"
PDF_BASE_TEMPLATE = "teams/_sheet_document.html"
SHEET_CSS = "css/sheet.css"


def _with_owner(teams: QuerySet[Team]) -> QuerySet[Team]:
    return teams.select_related("owner").prefetch_related("characters")


def _owned_team(request: AuthenticatedHttpRequest, pk: int) -> Team:
    return get_object_or_404(_with_owner(selectors.teams_owned_by(request.user)), pk=pk)


def _shared_team(token: uuid.UUID) -> Team:
    return get_object_or_404(_with_owner(selectors.teams_shared_as(token)))


def share_qr_svg(url: str) -> SafeString:
    """An inline SVG QR code of ``url``; segno writes it from the URL alone, so it is safe markup."""
    svg = segno.make(url, error="m").svg_inline(scale=1, border=2, omitsize=True, svgclass="sheet-qr")
    return mark_safe(svg)


def sheet_context(request: HttpRequest, team: Team, *, is_owner: bool) -> dict[str, Any]:
    share_url = request.build_absolute_uri(reverse("teams:share", args=[team.share_token]))
    if is_owner:
        team_url, pdf_url = reverse("teams:detail", args=[team.pk]), reverse("sheets:pdf", args=[team.pk])
    else:
        team_url, pdf_url = share_url, reverse("sheets:share-pdf", args=[team.share_token])
    roster = selectors.team_to_roster(team)
    sheet = sheet_for(roster, owner=team.owner.get_username(), status=team.get_status_display())
    return {
        "team": team,
        "sheet": sheet,
        "share_url": share_url,
        "qr_svg": share_qr_svg(share_url),
        "team_url": team_url,
        "pdf_url": pdf_url,
    }


def sheet_css() -> str:
    """The print stylesheet's text, inlined into the PDF so that WeasyPrint fetches nothing."""
    found = finders.find(SHEET_CSS)
    if found:
        with open(found, encoding="utf-8") as css:
            return css.read()
    with staticfiles_storage.open(SHEET_CSS) as css:
        return css.read().decode("utf-8")


def pdf_response(request: HttpRequest, team: Team, *, is_owner: bool) -> HttpResponse:
    """The PDF from the cache, or rendered now (when the reader, his account or, anonymous, his
    address, is still within its limit).
    A sheet this process has served before is found by its version (``sheet_pdf.version_key``);
    otherwise its HTML is rendered and hashed for the key."""
    base_url = request.build_absolute_uri("/")
    version = sheet_pdf.version_key(team, base_url, is_owner=is_owner)
    key = sheet_pdf.known_key(version)
    pdf = sheet_pdf.cached_pdf(key) if key is not None else None
    if pdf is None:
        context = sheet_context(request, team, is_owner=is_owner)
        html = render_to_string(
            TEMPLATE, {**context, "base_template": PDF_BASE_TEMPLATE, "sheet_css": sheet_css()}, request=request
        )
        key = sheet_pdf.cache_key(team, html, base_url)
        pdf = sheet_pdf.cached_pdf(key)
        if pdf is None:
            allowance = sheet_pdf.take_render(request)  # per account when signed in, else per address
            if not allowance.allowed:
                return render_limited(request, team, allowance.retry_after)
            pdf = sheet_pdf.render_and_cache(key, html, base_url)
        sheet_pdf.remember_key(version, key)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{slugify(team.name) or team.pk}-sheets.pdf"'
    return response


def render_limited(request: HttpRequest, team: Team, retry_after: int) -> HttpResponse:
    """429: this account (or address) had its share of PDFs rendered for now; the print view still works."""
    page = {
        "retry_minutes": max(1, -(-retry_after // 60)),
        "per_account": request.user.is_authenticated,
        "sheets_url": reverse("sheets:share-html", args=[team.share_token]),
    }
    response = render(request, RENDER_LIMITED_TEMPLATE, page, status=429)
    response["Retry-After"] = str(retry_after)
    return response


@login_required
@require_safe
def team_sheets(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    context = sheet_context(request, _owned_team(request, pk), is_owner=True)
    return render(request, TEMPLATE, context)


@off_the_event_loop  # seconds of rendering: the event loop serves the others meanwhile
@login_required
@require_safe
def team_sheets_pdf(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    return pdf_response(request, _owned_team(request, pk), is_owner=True)


@require_safe
def shared_sheets(request: HttpRequest, token: uuid.UUID) -> HttpResponse:
    return render(request, TEMPLATE, sheet_context(request, _shared_team(token), is_owner=False))


@off_the_event_loop  # seconds of rendering: the event loop serves the others meanwhile
@require_safe
def shared_sheets_pdf(request: HttpRequest, token: uuid.UUID) -> HttpResponse:
    return pdf_response(request, _shared_team(token), is_owner=False)
