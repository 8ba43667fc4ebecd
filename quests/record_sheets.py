"""The printable record sheets (WQ-2) and party sheet: HTML print view and the same page as a PDF.

A PDF is rendered by WeasyPrint once per distinct HTML (the key is a digest of the HTML, which holds
every value, the QR code's address and the language) and then served from the ``sheets`` cache.
Anonymous readers (the share link) may have ``SHEET_PDF_RENDER_LIMIT`` renders per window per address,
as for the team sheets.
"""

from __future__ import annotations

import hashlib
import time

import segno
from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest
from django.utils.safestring import SafeString, mark_safe

from common.client_ip import client_ip

CACHE_ALIAS = "sheets"


def qr_svg(url: str) -> SafeString:
    """An inline SVG QR code of ``url``; segno writes it from the URL alone, so it is safe markup."""
    return mark_safe(segno.make(url, error="m").svg_inline(scale=1, border=2, omitsize=True, svgclass="sheet-qr"))


def cached_pdf(html: str) -> tuple[str, bytes | None]:
    key = "quest-pdf:" + hashlib.sha256(html.encode("utf-8")).hexdigest()
    pdf = caches[CACHE_ALIAS].get(key)
    return key, pdf if isinstance(pdf, bytes) else None


def render_pdf(key: str, html: str, base_url: str) -> bytes:
    import weasyprint  # loads pango: only the PDF views need it

    pdf: bytes = weasyprint.HTML(string=html, base_url=base_url).write_pdf()
    caches[CACHE_ALIAS].set(key, pdf)
    return pdf


def render_allowed(request: HttpRequest) -> bool:
    window = settings.SHEET_PDF_RENDER_WINDOW
    cache = caches[CACHE_ALIAS]
    key = f"quest-pdf-renders:{client_ip(request)}:{int(time.time() // window)}"
    cache.add(key, 0, timeout=window)
    try:
        count = cache.incr(key)
    except ValueError:
        cache.set(key, 1, timeout=window)
        count = 1
    return bool(count <= settings.SHEET_PDF_RENDER_LIMIT)
