"""The warband game's section of the rules reference: every rule, spell and magic skill of WB-3 with
its cost, its one-line effect, its WB section, the seed's lines and the seed's Russian term (so that a
player holding the Russian text finds it), the army list of WB-6, and a page per entry.

Public and read only, the same for everyone in a language.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from warbands.rules.army_list import ARMY_LIST
from warbands.rules.warband_content import ALL_ENTRIES, MAGIC_SKILLS, RULES, SPELLS

from .reader_language import reader_language


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    language = reader_language()
    groups = [("rules", RULES), ("spells", SPELLS), ("skills", MAGIC_SKILLS)]
    army = [
        (
            profile,
            profile.name.get(language),
            [
                ALL_ENTRIES[i].name.get(language)
                for i in (*profile.rules, *profile.spells, *profile.skills)
                if i in ALL_ENTRIES
            ],
        )
        for profile in ARMY_LIST.values()
    ]
    context = {
        "groups": [(key, list(catalogue.values())) for key, catalogue in groups],
        "army": army,
        "language": language,
    }
    return render(request, "warbands/reference_index.html", context)


@require_safe
def entry(request: HttpRequest, entry_id: str) -> HttpResponse:
    found = ALL_ENTRIES.get(entry_id)
    if found is None:
        raise Http404("no such rule")
    return render(request, "warbands/reference_entry.html", {"entry": found, "language": reader_language()})
