"""Issue #34: an entry's source line as readable, linked notes — the rulebook's page, the house
rules' section by name, each reading's text (the digest's §23 "A44", HR-12's rulings) linked to its
place on the readings page — never bare digest codes."""

from __future__ import annotations

import re

import pytest
from django.utils.html import escape

from arena.engine.content.readings import READINGS
from reference.catalog import catalog
from reference.links import entry_url
from reference.sources import anchor, codes, notes

pytestmark = pytest.mark.django_db


def test_every_code_of_every_source_line_reads_in_words(language):
    for entry in catalog(language).entries.values():
        for note in notes(language, entry.source, entry.notes_source):
            assert note.text, (entry.kind, entry.id, note.code)


def test_ranges_and_pages_are_spelt_out():
    assert codes("HR-12.17–19", "RB p.9, p.20", "digest §16.1 n.8; A26, A44") == [
        "HR-12.17",
        "HR-12.18",
        "HR-12.19",
        "RB p.9",
        "RB p.20",
        "§16.1 n.8",
        "A26",
        "A44",
    ]


def test_zsibbaszto_shows_its_readings_as_text_linked_to_the_readings_page__a44_hr12_1(reader, language):
    html = reader.get(entry_url("spells", "numbing_poison")).content.decode()
    article = html[html.index("<article") : html.index("</article>")]
    assert "digest §16.1 n.8; A26, A44; HR-12.1" not in article  # no bare code line
    for code in ("A26", "A44", "HR-12.1"):
        reading = READINGS[code]
        text = reading.text_hu if language == "hu" else reading.text_en
        link = f'<a href="/rules/readings/#{anchor(code)}">{escape(text)}</a>'
        assert link in article, code
    page = reader.get("/rules/readings/").content.decode()
    for code, reading in READINGS.items():
        assert f'id="{anchor(code)}"' in page
        assert escape(reading.text_hu if language == "hu" else reading.text_en) in page


def test_house_rule_sections_are_named(reader, language):
    html = reader.get(entry_url("traps", "pit")).content.decode()
    assert ("A 16 csapdakártya" if language == "hu" else "The 16 trap cards") in html
    assert re.search(r"HR-5</span>: ", html)
