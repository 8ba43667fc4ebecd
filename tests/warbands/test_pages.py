"""The warband game's other pages: the rules reference (with the seed's Russian terms), the roster sheet
(print view and PDF, with its QR code), the home page and the rules index, in both languages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.warbands.factories import WarbandFactory
from warbands.rules.warband_content import ALL_ENTRIES

pytestmark = pytest.mark.django_db


def test_the_reference_lists_every_rule_spell_and_skill_with_its_cost_source_and_russian_term(client):
    html = client.get(reverse("warband_rules:index")).content.decode()
    for entry in ALL_ENTRIES.values():
        row = html.split(f'id="entry-{entry.id}"')[1].split("</tr>")[0]
        assert entry.name.en in row and f"{entry.cost:+d}" in row and entry.wb in row
        assert entry.russian in row
    assert "Necromancer" in html.split('id="wb-army-list"')[1]


def test_a_reference_entry_reads_hungarian_with_its_russian_term(client):
    client.cookies["django_language"] = "hu"
    entry = ALL_ENTRIES["necromancer"]
    html = client.get(reverse("warband_rules:entry", args=["necromancer"])).content.decode()
    assert entry.name.hu in html and entry.effect.hu in html and f'lang="ru">({entry.russian})' in html
    assert client.get(reverse("warband_rules:entry", args=["no_such_rule"])).status_code == 404


def test_the_sites_rules_index_links_the_warband_section(client):
    html = client.get(reverse("reference:index")).content.decode()
    assert f'href="{reverse("warband_rules:index")}" data-game="warband"' in html


def test_each_choice_in_the_builder_is_explained_where_it_is_chosen(client):
    player = UserFactory()
    client.force_login(player)
    warband = WarbandFactory(owner=player)
    html = client.get(reverse("warbands:edit", args=[warband.pk])).content.decode()
    option = html.split('id="wb-figures-0-skills-necromancer-note"')[1].split("</div>")[0]
    entry = ALL_ENTRIES["necromancer"]
    assert entry.effect.en in option and entry.seed_reference() in option
    assert reverse("warband_rules:entry", args=["necromancer"]) in option


def test_the_roster_prints_every_figure_its_rules_with_their_effect_its_minion_and_the_shares(client):
    player = UserFactory(username="owner")
    client.force_login(player)
    warband = WarbandFactory(owner=player, name="Grey Company")
    html = client.get(reverse("warbands:roster", args=[warband.pk])).content.decode()
    assert html.count('<tr class="') == 6  # five figures and the Raven
    assert "minion of Wizard" in html and "grants Flying" in html
    assert ALL_ENTRIES["binding"].effect.en in html
    assert 'id="roster-total">200 / 200' in html and 'id="roster-personality">66 / 66' in html
    assert "<svg" in html and str(warband.share_token) in html  # the QR code of the share page


def test_the_roster_pdf_is_one_page_and_cached(client):
    from io import BytesIO

    from pypdf import PdfReader

    player = UserFactory()
    client.force_login(player)
    warband = WarbandFactory(owner=player)
    first = client.get(reverse("warbands:roster-pdf", args=[warband.pk]))
    assert first["Content-Type"] == "application/pdf"
    assert len(PdfReader(BytesIO(first.content)).pages) == 1
    assert client.get(reverse("warbands:roster-pdf", args=[warband.pk])).content == first.content


def test_a_shared_roster_is_public_and_someone_elses_by_id_is_not(client):
    warband = WarbandFactory()
    assert client.get(reverse("warbands:share-roster", args=[warband.share_token])).status_code == 200
    client.force_login(UserFactory())
    assert client.get(reverse("warbands:roster", args=[warband.pk])).status_code == 404


def test_the_builder_speaks_hungarian(client):
    player = UserFactory()
    client.force_login(player)
    client.cookies["django_language"] = "hu"
    warband = WarbandFactory(owner=player, points=150)
    html = client.get(reverse("warbands:edit", args=[warband.pk])).content.decode()
    assert "Különleges szabályok" in html and "Osztag" in html
    assert "A személyiségek ára 66; legfeljebb 50 lehet." in html  # WB-07, in Hungarian


def test_the_home_page_has_a_card_for_the_warband_game(client):
    client.force_login(UserFactory())
    html = client.get(reverse("home")).content.decode()
    card = html.split('data-game="warband"')[1].split("</div>\n        </div>")[0]
    assert "Warbands" in card and reverse("warbands:create") in card and "played at the table" in card


def test_an_anonymous_reader_gets_a_limited_number_of_roster_pdfs_rendered(client, settings):
    settings.SHEET_PDF_RENDER_LIMIT = 0
    warband = WarbandFactory()
    response = client.get(reverse("warbands:share-roster-pdf", args=[warband.share_token]))
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert reverse("warbands:share-roster", args=[warband.share_token]) in response.content.decode()
