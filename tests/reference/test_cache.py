"""Issue #19: the reference is the same for every reader of a language, so each page is rendered once
per language and then read from the cache; it reads no database rows for an anonymous reader."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from reference import pages
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URLS = ["/rules/", "/rules/spells/", "/rules/spells/lightning_bolt/", "/rules/points/stats/"]


def main(html: str) -> str:
    return html.split("<main", 1)[1].split("</main>", 1)[0]


def test_each_page_is_rendered_once_per_language(reader, language):
    with mock.patch.object(pages, "render_to_string", wraps=pages.render_to_string) as render:
        for url in URLS:
            first = main(reader.get(url).content.decode())
            second = main(reader.get(url).content.decode())
            assert first == second
    assert render.call_count == len(URLS)
    assert cache.get(pages.cache_key(language, "entry", "spells", "lightning_bolt")) is not None


def test_the_languages_are_cached_apart(client):
    hu = client.get("/rules/spells/pain/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    en = client.get("/rules/spells/pain/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Fájdalom" in hu and '<h1 class="h3">Pain' in en
    assert '<h1 class="h3">Fájdalom</h1>' in hu


def test_a_changed_rules_document_is_a_new_key(language):
    key = pages.cache_key(language, "index", "all")
    pages.rules_fingerprint.cache_clear()
    with mock.patch.object(pages, "document", return_value={"changed": True}):
        assert pages.cache_key(language, "index", "all") != key
    pages.rules_fingerprint.cache_clear()
    assert pages.cache_key(language, "index", "all") == key


def test_an_anonymous_reader_costs_no_query(reader, language):
    for url in [*URLS, "/rules/?q=villam"]:
        reader.get(url)  # warm
        with CaptureQueriesContext(connection) as queries:
            assert reader.get(url).status_code == 200
        assert len(queries) == 0, (url, [q["sql"] for q in queries])


def test_a_signed_in_reader_costs_the_same_few_queries_on_every_page(reader, language):
    reader.force_login(UserFactory())
    counts = []
    for url in URLS:
        reader.get(url)
        with CaptureQueriesContext(connection) as queries:
            reader.get(url)
        counts.append(len(queries))
    assert len(set(counts)) == 1 and counts[0] <= 4, counts
