"""The rules reference: an index with a search box, an index per kind and a page per entry.

Public, read only, the same for everyone in a language: the bodies come from ``pages`` (cached);
the views only pick the language and the page.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe

from common.i18n import reader_language
from games.registry import all_games

from . import pages
from .catalog import catalog
from .entry_words import KINDS


@require_safe
def index(request: HttpRequest, kind: str | None = None) -> HttpResponse:
    if kind is not None and kind not in KINDS:
        raise Http404("no such kind of rule")
    query = request.GET.get("q", "").strip()[: pages.MAX_QUERY]
    results = pages.results_html(reader_language(), query, kind)
    if getattr(request, "htmx", False):
        response = HttpResponse(results)
    else:
        context = {
            "kind": kind,
            "kind_title": KINDS[kind][0] if kind else "",
            "kinds": [(slug, title) for slug, (title, _noun) in KINDS.items()],
            "query": query,
            "results": results,
            # each other game's own section of the reference (games.registry)
            "other_games": [game for game in all_games() if not game.is_default and game.reference_url],
        }
        response = render(request, "reference/index.html", context)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_safe
def entry(request: HttpRequest, kind: str, entry_id: str) -> HttpResponse:
    language = reader_language()
    body = pages.entry_html(language, kind, entry_id) if kind in KINDS else None
    if body is None:
        raise Http404("no such rule")
    found = catalog(language).get(kind, entry_id)
    context = {"kind": kind, "kind_title": KINDS[kind][0], "entry": found, "body": body}
    return render(request, "reference/entry.html", context)


@require_safe
def how_a_match_goes(request: HttpRequest) -> HttpResponse:
    return render(request, "reference/guide.html", {"body": pages.guide_html(reader_language())})


@require_safe
def readings(request: HttpRequest) -> HttpResponse:
    return render(request, "reference/readings.html", {"body": pages.readings_html(reader_language())})
