"""Issue #7 in a real browser: a player switches the site to Hungarian in the header, builds a team
from the base team, and prints sheets that read in Hungarian."""

from __future__ import annotations

import pytest

from accounts.models import Preferences
from arena.engine.content.skills import SKILLS
from teams.models import Team
from tests.browser.actions import change_field, log_in
from tests.factories import UserFactory

pytestmark = pytest.mark.browser


def test_switch_to_hungarian_build_a_team_and_print_hungarian_sheets(live_server, transactional_db, page, artifacts):
    user = UserFactory(username="aurelia")
    log_in(page, live_server, "aurelia")
    assert page.get_attribute("html", "lang") == "en"

    page.click("#language-switcher button[value=hu]")
    page.wait_for_selector("html[lang=hu]")
    assert page.text_content("nav").count("Csapatok") == 1
    assert Preferences.objects.get(user=user).language == "hu"

    page.click("nav >> text=Csapatok")
    page.click("text=Új csapat")
    page.fill("#id_name", "Vasfarkasok")
    page.click("text=Létrehozás az alapcsapatból")
    team = Team.objects.get(owner=user)
    page.wait_for_url(f"{live_server.url}/teams/{team.pk}/edit/")
    assert "Képzettségek" in page.text_content("#member-gladiator")
    assert "Gladiátortípus" in page.text_content("#member-gladiator")

    change_field(page, "#id_gladiator-ep", "21")
    page.wait_for_selector("#problem-list [data-code='TB-02']")
    assert "A csapat értéke 201 pont" in page.text_content("#problem-list")
    page.screenshot(path=str(artifacts / "builder-hu.png"), full_page=False)
    # the points table keeps inside its card with the long Hungarian headings
    card, table = (page.locator(sel).bounding_box() for sel in ("#points-summary", "#points-summary table"))
    assert table["x"] + table["width"] <= card["x"] + card["width"] + 0.5
    change_field(page, "#id_gladiator-ep", "20")
    page.wait_for_selector("#team-valid")
    assert page.text_content("#team-valid") == "A csapat minden szabálynak megfelel."

    page.click("text=A csapat oldala")
    page.wait_for_url(f"{live_server.url}/teams/{team.pk}/")
    page.click("#sheets-link")
    page.wait_for_url(f"{live_server.url}/teams/{team.pk}/sheets/")
    sheet = page.locator("#character-sheets")
    sheet.wait_for()
    page.screenshot(path=str(artifacts / "sheets-hu.png"), full_page=True)

    text = sheet.inner_text()
    for word in (
        "Karakterlap",
        "GLADIÁTOR",
        "BOSZORKÁNYMESTER",
        "Egészség",
        "Mágiaellenállás",
        "Képzettség",
        "Hatás",
        "Kitérés",
        "Rövidkard",
        "Tulajdonos",
        "Kategória",
        "Vértes",
    ):
        assert word.casefold() in text.casefold(), word  # casefold: the sheet's CSS sets some headings in capitals
    assert SKILLS["dodging"].effect_hu[:40] in text
    for english in ("Health", "Magic resistance", "Dodging", "Owner", SKILLS["dodging"].effect_en[:40]):
        assert english not in text, english
    assert page.locator(".sheet-character").count() == 6
