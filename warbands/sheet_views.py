"""The roster sheet: one printable A4 page per warband, as an HTML print view and as a PDF
(WeasyPrint), with a QR code of the warband's share page so that a printed roster leads back to it.

The owner reaches it through the warband's id (anyone else gets 404); the share link shows it to
anyone. A PDF is rendered once per version of its HTML and then served from the ``sheets`` cache;
anonymous readers may have ``SHEET_PDF_RENDER_LIMIT`` renders per ``SHEET_PDF_RENDER_WINDOW`` from one
address, as for Viadal's character sheets.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import time
import uuid
from typing import Any

import segno
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from django.views.decorators.http import require_safe

from common.blocking import off_the_event_loop
from common.client_ip import client_ip
from common.http import AuthenticatedHttpRequest

from . import selectors
from .models import Warband
from .reader_language import reader_language
from .roster import roster_of

TEMPLATE = "warbands/roster.html"
ROSTER_CSS = "warbands/roster.css"
CACHE_ALIAS = "sheets"
PDF_FORMAT_VERSION = "1"


def _owned(request: AuthenticatedHttpRequest, pk: int) -> Warband:
    warband = selectors.warbands_owned_by(request.user).select_related("owner").filter(pk=pk).first()
    if warband is None:
        raise Http404
    return warband


def _shared(token: uuid.UUID) -> Warband:
    return get_object_or_404(selectors.warbands_shared_as(token).select_related("owner"))


def qr_svg(url: str) -> SafeString:
    """An inline SVG QR code of ``url``; segno writes it from the URL alone, so it is safe markup."""
    return mark_safe(segno.make(url, error="m").svg_inline(scale=1, border=2, omitsize=True, svgclass="roster-qr"))


def roster_css() -> str:
    found = finders.find(ROSTER_CSS)
    with open(str(found), encoding="utf-8") as css:
        return css.read()


def roster_context(request: HttpRequest, warband: Warband, *, is_owner: bool) -> dict[str, Any]:
    share_url = request.build_absolute_uri(reverse("warbands:share", args=[warband.share_token]))
    if is_owner:
        back_url, pdf_url = (
            reverse("warbands:detail", args=[warband.pk]),
            reverse("warbands:roster-pdf", args=[warband.pk]),
        )
    else:
        back_url, pdf_url = share_url, reverse("warbands:share-roster-pdf", args=[warband.share_token])
    report = selectors.warband_report(warband)
    roster = roster_of(
        report, owner=warband.owner.get_username(), status=str(warband.get_status_display()), language=reader_language()
    )
    return {
        "warband": warband,
        "roster": roster,
        "totals": report.totals,
        "share_url": share_url,
        "qr_svg": qr_svg(share_url),
        "back_url": back_url,
        "pdf_url": pdf_url,
    }


def _render_allowed(request: HttpRequest) -> tuple[bool, int]:
    """Count one render for an anonymous reader's address in the current window."""
    window = settings.SHEET_PDF_RENDER_WINDOW
    now = time.time()
    bucket = int(now // window)
    retry_after = max(1, int((bucket + 1) * window - now))
    cache = caches[CACHE_ALIAS]
    key = f"roster-pdf-renders:{client_ip(request)}:{bucket}"
    cache.add(key, 0, timeout=window)
    try:
        count = cache.incr(key)
    except ValueError:
        cache.set(key, 1, timeout=window)
        count = 1
    return count <= settings.SHEET_PDF_RENDER_LIMIT, retry_after


def pdf_response(request: HttpRequest, warband: Warband, *, is_owner: bool) -> HttpResponse:
    """The PDF from the cache, keyed by a digest of the HTML it is rendered from (which holds every
    value on the roster, the QR code's address and the stylesheet), or rendered now."""
    context = roster_context(request, warband, is_owner=is_owner)
    html = render_to_string(TEMPLATE, {**context, "pdf": True, "roster_css": roster_css()}, request=request)
    base_url = request.build_absolute_uri("/")
    version = importlib.metadata.version("weasyprint")
    digest = hashlib.sha256("\0".join((PDF_FORMAT_VERSION, version, base_url, html)).encode()).hexdigest()
    key = f"roster-pdf:{warband.pk}:{translation.get_language()}:{digest}"
    cache = caches[CACHE_ALIAS]
    pdf = cache.get(key)
    if not isinstance(pdf, bytes):
        if not request.user.is_authenticated:
            allowed, retry_after = _render_allowed(request)
            if not allowed:
                page = {
                    "retry_minutes": max(1, -(-retry_after // 60)),
                    "roster_url": reverse("warbands:share-roster", args=[warband.share_token]),
                }
                response = render(request, "warbands/roster_pdf_limited.html", page, status=429)
                response["Retry-After"] = str(retry_after)
                return response
        import weasyprint  # loads pango: only the PDF views need it

        pdf = weasyprint.HTML(string=html, base_url=base_url).write_pdf()
        cache.set(key, pdf)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{slugify(warband.name) or warband.pk}-roster.pdf"'
    return response


@login_required
@require_safe
def roster(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    return render(request, TEMPLATE, roster_context(request, _owned(request, pk), is_owner=True))


@off_the_event_loop  # seconds of rendering: the event loop serves the others meanwhile
@login_required
@require_safe
def roster_pdf(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    return pdf_response(request, _owned(request, pk), is_owner=True)


@require_safe
def shared_roster(request: HttpRequest, token: uuid.UUID) -> HttpResponse:
    return render(request, TEMPLATE, roster_context(request, _shared(token), is_owner=False))


@off_the_event_loop  # seconds of rendering: the event loop serves the others meanwhile
@require_safe
def shared_roster_pdf(request: HttpRequest, token: uuid.UUID) -> HttpResponse:
    return pdf_response(request, _shared(token), is_owner=False)
