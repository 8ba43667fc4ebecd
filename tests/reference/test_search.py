"""Issue #19: the reference's search box finds entries by a name in either language or a word of
the effect, as you type (htmx) and as a plain form."""

from __future__ import annotations

import re

import pytest

from arena.engine.content.rules_json import rules_document
from reference.text_search import search

pytestmark = pytest.mark.django_db

LIGHTNING_SPELLS = {s["id"] for s in rules_document()["spells"] if "villám" in s["name_hu"].lower()}


def found_ids(html: str) -> list[str]:
    return re.findall(r'data-kind="[^"]+" data-id="([^"]+)"', html)


@pytest.mark.parametrize("query", ["villám", "lightning", "VILLAM"])
def test_villam_and_lightning_find_the_lightning_spells(reader, language, query):
    response = reader.get("/rules/", {"q": query})
    ids = found_ids(response.content.decode())
    assert LIGHTNING_SPELLS <= set(ids)
    assert len(LIGHTNING_SPELLS) == 8


def test_names_come_before_mentions_in_an_effect(language):
    found = [entry.id for entry in search(language, "villám").entries]
    name_matches = found[: len(LIGHTNING_SPELLS)]
    assert set(name_matches) == LIGHTNING_SPELLS
    assert found[0] == "lightning_bolt"  # its name starts with the word


def test_every_word_must_match(language):
    word = "villám" if language == "hu" else "lightning"  # the spell type, in the reader's language
    assert {e.id for e in search(language, f"{word} 5").entries} >= {"imprisonment", "chain_lightning"}
    assert search(language, "villám xyzzy").entries == []


def test_an_htmx_search_returns_only_the_list(reader, language):
    response = reader.get("/rules/", {"q": "lightning"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "<html" not in html
    assert set(found_ids(html)) >= LIGHTNING_SPELLS
    assert "HX-Request" in response["Vary"]


def test_a_search_within_a_kind_keeps_to_it(reader, language):
    html = reader.get("/rules/amulets/", {"q": "lightning"}).content.decode()
    assert found_ids(html) == ["lightning"]
    assert re.search(r'<input[^>]+name="q"[^>]+value="lightning"', html)


def test_nothing_found_says_so(reader, language):
    html = reader.get("/rules/", {"q": "<script>"}).content.decode()
    assert "&lt;script&gt;" in html
    assert "<script>" not in html.split("<main")[1].split("</main>")[0]
    assert ("Nincs találat" if language == "hu" else "Nothing found") in html


def test_the_search_box_works_as_you_type_and_without_javascript(reader, language):
    html = reader.get("/rules/").content.decode()
    form = re.search(r'<form[^>]+id="reference-search"[^>]*>', html).group(0)
    assert 'method="get"' in form and 'action="/rules/"' in form
    box = re.search(r'<input[^>]+name="q"[^>]*>', html).group(0)
    assert 'hx-get="/rules/"' in box and 'hx-target="#reference-results"' in box
