"""The PDF of the character sheets: rendered by WeasyPrint once, then served from the cache.

Rendering costs seconds of a worker; the PDF depends only on the HTML it is rendered from. So the cache
key holds the team's identity, its last change, the reader's language and a digest of the HTML (which
holds every value on the sheet, the QR code's address, the print stylesheet and the templates), with
WeasyPrint's version and ``PDF_FORMAT_VERSION``: whatever changes on a sheet, the key changes with it.

The ``sheets`` cache is a folder shared by every worker of the machine (Redis when ``REDIS_URL`` is
set), so a PDF rendered by one gunicorn worker is served by all (docs/decisions.md, "Caches").

Anonymous readers (share links) may have ``SHEET_PDF_RENDER_LIMIT`` PDFs rendered per
``SHEET_PDF_RENDER_WINDOW`` seconds from one address; a cached PDF is not a render and is not counted.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest
from django.utils import translation

from common.bounded_lru import BoundedLRU
from common.client_ip import client_ip

from .models import Team

CACHE_ALIAS = "sheets"
# Bump when the PDF changes while the HTML it is rendered from does not (WeasyPrint's options, say).
PDF_FORMAT_VERSION = "1"


def write_pdf(html: str, base_url: str) -> bytes:
    """WeasyPrint's rendering of ``html``: the slow part, and the only one."""
    import weasyprint  # loads pango: only the PDF views need it

    return weasyprint.HTML(string=html, base_url=base_url).write_pdf()


@functools.cache
def weasyprint_version() -> str:
    """From the package's metadata: importing weasyprint loads pango, a second of a fresh worker's time
    that a cached PDF should not cost."""
    return importlib.metadata.version("weasyprint")


def cache_key(team: Team, html: str, base_url: str) -> str:
    digest = hashlib.sha256(
        "\0".join((PDF_FORMAT_VERSION, weasyprint_version(), base_url, html)).encode("utf-8")
    ).hexdigest()
    changed = int(team.updated.timestamp() * 1_000_000) if team.updated else 0
    return f"sheet-pdf:{team.pk}:{changed}:{translation.get_language()}:{digest}"


# The cache key of each version of a sheet this process has seen (``version_key`` to ``cache_key``),
# the last VERSIONS_KEPT: a second request for the same sheet finds its PDF without rendering the HTML
# (and drawing the QR code) only to hash it, most of the cost of a cached PDF. Per process, so a new
# release (templates, translations, code), which restarts the workers, hashes the HTML afresh.
VERSIONS_KEPT = 512
_keys: BoundedLRU[str, str] = BoundedLRU(VERSIONS_KEPT)


def version_key(team: Team, base_url: str, *, is_owner: bool) -> str:
    """Everything the sheet's HTML is made of, besides the release: the team's and each member's
    stored values (a member saved through the admin leaves ``Team.updated`` alone), the owner's name,
    the language, the site's address, and whose link it is."""
    characters = sorted(team.characters.all(), key=lambda character: character.pk)
    values = (
        [getattr(team, field.attname) for field in team._meta.concrete_fields],
        [[getattr(c, field.attname) for field in c._meta.concrete_fields] for c in characters],
        team.owner.get_username(),
        translation.get_language(),
        base_url,
        is_owner,
    )
    return hashlib.sha256(repr(values).encode("utf-8")).hexdigest()


def known_key(version: str) -> str | None:
    """The cache key this process found for the sheet of ``version``, if any."""
    return _keys.get(version)


def remember_key(version: str, key: str) -> None:
    _keys.put(version, key)


def cached_pdf(key: str) -> bytes | None:
    pdf = caches[CACHE_ALIAS].get(key)
    return pdf if isinstance(pdf, bytes) else None


def render_and_cache(key: str, html: str, base_url: str) -> bytes:
    pdf = write_pdf(html, base_url)
    caches[CACHE_ALIAS].set(key, pdf)
    return pdf


@dataclass(frozen=True)
class RenderAllowance:
    allowed: bool
    retry_after: int  # seconds until the window ends


def take_render(request: HttpRequest) -> RenderAllowance:
    """Count one render in the current window, for the signed-in reader's account (his own sheets
    included: ``SHEET_PDF_ACCOUNT_RENDER_LIMIT``) or for an anonymous reader's address
    (``SHEET_PDF_RENDER_LIMIT``); not allowed past the limit."""
    window = settings.SHEET_PDF_RENDER_WINDOW
    now = time.time()
    bucket = int(now // window)
    retry_after = max(1, int((bucket + 1) * window - now))
    cache = caches[CACHE_ALIAS]
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        key, most = f"sheet-pdf-renders:user:{user.pk}:{bucket}", settings.SHEET_PDF_ACCOUNT_RENDER_LIMIT
    else:
        key, most = f"sheet-pdf-renders:{client_ip(request)}:{bucket}", settings.SHEET_PDF_RENDER_LIMIT
    cache.add(key, 0, timeout=window)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=window)
        count = 1
    cache.touch(key, timeout=window)  # the file cache's incr writes the default timeout
    return RenderAllowance(count <= most, retry_after)
