"""Issue #34: "How a match goes" — the round, its steps, MAN, naming, the gladiators' step, the
spell discs, the traps and the end, short, in both languages, each part citing its source (RB page
or HR section) and linked to the entries it touches."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from arena.engine.content.rules_json import rules_document

pytestmark = pytest.mark.django_db

GUIDE = rules_document()["guide"]


def test_the_guide_has_the_parts_a_player_needs():
    assert [p["id"] for p in GUIDE] == [
        "setup",
        "round",
        "naming",
        "man",
        "gladiators",
        "attacks",
        "discs",
        "traps",
        "end",
    ]
    for part in GUIDE:
        assert re.search(r"\b(RB p\.\d+|HR-\d+)", part["source"]), part["id"]
        assert part["text_hu"] and part["text_en"] and part["text_hu"] != part["text_en"]
        assert len(part["text_en"]) < 600  # short


def test_the_page_reads_in_the_readers_language_with_every_link_working(reader, language):
    response = reader.get(reverse("reference:guide"))
    assert response.status_code == 200
    html = response.content.decode()
    other = "en" if language == "hu" else "hu"
    for part in GUIDE:
        assert escape(part[f"text_{language}"]) in html
        assert escape(part[f"text_{other}"]) not in html
        assert f'id="guide-{part["id"]}"' in html
        for kind, entry_id in part["links"]:
            url = f"/rules/{kind}/{entry_id}/" if entry_id else f"/rules/{kind}/"
            assert f'href="{url}"' in html
            assert reader.get(url).status_code == 200
    assert ("Hogyan zajlik egy viadal" if language == "hu" else "How a match goes") in html


def test_the_numbers_are_the_rules_datas__rb_p7_p11_hr6_hr9_5_hr10_1():
    from arena.engine.content import discs, points
    from arena.engine.match.state import ROUND_LIMIT, ROUND_LIMIT_FOUR

    text = {p["id"]: p["text_en"] for p in GUIDE}
    pool = ", ".join(str(c) for c in discs.DISC_POOL.values())
    assert f"{discs.DISCS_DRAWN} discs from the pool of {discs.DISC_POOL_SIZE}" in text["discs"]
    assert pool.replace(", 2", " and 2") in text["discs"]
    assert f"costs {points.FIXED_DISC_POINTS_PER_LEVEL} points per level" in text["discs"]
    assert "at most two fixed discs" in text["discs"] and points.MAX_FIXED_DISCS == 2
    assert f"{ROUND_LIMIT} rounds with two players, {ROUND_LIMIT_FOUR} with four" in text["end"]


def test_the_index_links_the_guide(reader):
    html = reader.get("/rules/").content.decode()
    assert 'id="guide-link" href="/rules/how-a-match-goes/"' in html
