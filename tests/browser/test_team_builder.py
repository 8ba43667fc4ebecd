"""The team builder in a real browser: a change is checked at once, without reloading the page."""

from __future__ import annotations

import pytest

from teams.models import Team
from tests.browser.actions import change_field, log_in
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.browser

TB_02 = "Team value is 201 points but the Standard budget is 200. Remove 1 points."


def test_build_a_team_go_over_budget_fix_it_and_mark_it_ready(live_server, transactional_db, page, artifacts):
    user = UserFactory(username="cassia")
    log_in(page, live_server, "cassia")

    page.click("nav >> text=Teams")
    page.click("text=New team")
    page.fill("#id_name", "Iron Wolves")
    page.click("text=Create from the base team")
    team = Team.objects.get(owner=user)
    page.wait_for_url(f"{live_server.url}/teams/{team.pk}/edit/")
    assert page.text_content("#points-total") == "200"
    page.evaluate("window.builderMarker = 'same page'")

    change_field(page, "#id_gladiator-ep", "21")
    page.wait_for_selector("#problem-list [data-code='TB-02']")
    assert page.text_content("#points-total") == "201"
    assert TB_02 in page.text_content("#problem-list")
    assert TB_02 in page.text_content("#team-fields")  # on the team card, beside the team's fields
    assert page.evaluate("window.builderMarker") == "same page"  # swapped in place, never reloaded
    page.screenshot(path=str(artifacts / "team-builder-over-budget.png"), full_page=True)

    change_field(page, "#id_gladiator-ep", "20")
    page.wait_for_selector("#team-valid")
    assert page.text_content("#points-total") == "200"
    assert page.evaluate("window.builderMarker") == "same page"

    page.click("#team-status >> text=Mark ready")
    page.wait_for_url(f"{live_server.url}/teams/{team.pk}/")
    assert page.text_content("[data-status]") == "Ready"
    team.refresh_from_db()
    assert (team.status, team.characters.get(slot="gladiator").ep) == (Team.Status.READY, 20)
    page.screenshot(path=str(artifacts / "team-builder-ready.png"), full_page=True)

    # The sheets the player prints: from the team page to the print view and the PDF.
    page.click("#sheets-link")
    page.wait_for_url(f"{live_server.url}/teams/{team.pk}/sheets/")
    assert page.locator(".sheet-character").count() == 6
    page.emulate_media(media="print")
    page.screenshot(path=str(artifacts / "team-builder-print-view.png"), full_page=True)
    page.emulate_media(media="screen")
    with page.expect_download() as download_info:
        page.click("#sheet-pdf-link")
    pdf = download_info.value.path().read_bytes()
    assert pdf.startswith(b"%PDF-") and b"%%EOF" in pdf[-64:]


def test_an_out_of_range_number_is_refused_beside_its_field_as_it_is_typed(live_server, transactional_db, page):
    """Issue 11: the live check posts the whole form; a number beyond its bound comes back with its
    message beside its field, what the player typed stays, and nothing is saved until he fixes it."""
    user = UserFactory(username="livia")
    team = TeamFactory(owner=user, name="Iron Wolves")
    log_in(page, live_server, "livia")
    page.goto(f"{live_server.url}/teams/{team.pk}/edit/")

    change_field(page, "#id_laeva-te", "99999")
    page.wait_for_selector("#id_laeva-te.is-invalid")
    assert page.text_content("#id_laeva-te_error").strip() == "Enter a number from 7 to 12 (HR-9.3)."
    assert page.input_value("#id_laeva-te") == "99999"
    assert team.characters.get(slot="laeva").te == 9

    change_field(page, "#id_laeva-te", "10")
    page.wait_for_selector("#id_laeva-te:not(.is-invalid)")
    assert page.locator("#id_laeva-te_error").count() == 0
    assert team.characters.get(slot="laeva").te == 10
