"""The team builder in a real browser: a change is checked at once, without reloading the page."""

from __future__ import annotations

from urllib.parse import parse_qs

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


def _mark(page, selectors: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Tag these elements in the page's memory: a swapped element comes back without the tag."""
    page.evaluate("(selectors) => selectors.forEach((s) => { document.querySelector(s).keptNode = true; })", selectors)


def _kept(page, selector: str) -> bool:  # type: ignore[no-untyped-def]
    return page.evaluate("(s) => document.querySelector(s).keptNode === true", selector)


POSTED: list[dict[str, list[str]]] = []  # what each live check posted, in order


def _after_the_answer(page, action) -> bytes:  # type: ignore[no-untyped-def]
    """Do ``action`` and wait until htmx has put the live check's answer in place; its body (what it
    posted goes to ``POSTED``)."""
    page.evaluate("window.settled = 0; document.body.addEventListener('htmx:afterSettle', () => window.settled++)")
    with page.expect_response(lambda r: r.url.endswith("/edit/") and r.request.method == "POST") as answer:
        action()
    page.wait_for_function("() => window.settled > 0")
    POSTED.append(parse_qs(answer.value.request.post_data or "", keep_blank_values=True))
    return answer.value.body()


def test_a_change_swaps_only_the_pieces_it_changed_and_focus_stays(live_server, transactional_db, page):
    """Issue 14: the answer holds the changed field, the messages it moved and the panels; the rest
    of the editor stays the same nodes, and the player's focus stays where it was."""
    user = UserFactory(username="marcia")
    team = TeamFactory(owner=user, name="Iron Wolves")
    log_in(page, live_server, "marcia")
    page.goto(f"{live_server.url}/teams/{team.pk}/edit/")
    untouched = ["#row-laeva-te", "#row-gladiator-te", "#member-strategist", "#team-builder"]
    _mark(page, ["#row-gladiator-ep", "#problems-team", "#points-summary", "#problem-list", *untouched])

    # Typed and left with Tab: the focus is on the next field, and stays there.
    body = _after_the_answer(page, lambda: change_field(page, "#id_gladiator-ep", "21"))
    next_field = page.evaluate("document.activeElement.id")
    assert next_field and next_field != "id_gladiator-ep"
    assert len(body) < 12_000 and b"team-editor" not in body
    assert page.text_content("#points-total") == "201"
    assert TB_02 in page.text_content("#problems-team") and TB_02 in page.text_content("#problem-list")
    for swapped in ("#row-gladiator-ep", "#problems-team", "#points-summary", "#problem-list"):
        assert not _kept(page, swapped), swapped
    for selector in untouched:
        assert _kept(page, selector), selector
    assert page.input_value("#id_gladiator-ep") == "21"
    # only the gladiator's card was posted (with the token and what the page shows)
    posted = POSTED[-1]
    assert posted["builder-part"] == ["gladiator"] and posted["gladiator-ep"] == ["21"]
    assert {name.split("-")[0] for name in posted} == {"gladiator", "builder", "csrfmiddlewaretoken"}

    # A checkbox ticked from the keyboard: its field is swapped, the focus stays on the same box.
    _mark(page, ["#row-laeva-skills"])
    page.focus("#id_laeva-skills_0")
    _after_the_answer(page, lambda: page.keyboard.press("Space"))
    assert page.evaluate("document.activeElement.id") == "id_laeva-skills_0"
    assert page.is_checked("#id_laeva-skills_0")
    assert not _kept(page, "#row-laeva-skills")
    assert _kept(page, "#row-laeva-te")
    assert "running" in team.characters.get(slot="laeva").skills

    # A refused number: its message appears beside it and the other fields stay as they were.
    _after_the_answer(page, lambda: change_field(page, "#id_laeva-te", "99999"))
    assert page.text_content("#id_laeva-te_error").strip() == "Enter a number from 7 to 12 (HR-9.3)."
    assert _kept(page, "#row-gladiator-te") and _kept(page, "#member-strategist")

    # Another card changed while that value is refused: the refused card is posted again with it, so
    # the refused value stays with its message, and nothing is saved until it is fixed (as with the
    # whole form).
    _after_the_answer(page, lambda: change_field(page, "#id_strategist-ep", "14"))
    assert sorted(POSTED[-1]["builder-part"]) == ["laeva", "strategist"]
    assert page.input_value("#id_laeva-te") == "99999"
    assert page.text_content("#id_laeva-te_error").strip() == "Enter a number from 7 to 12 (HR-9.3)."
    assert team.characters.get(slot="strategist").ep != 14
    # fixed: the strategist's change, refused with it, is posted again and saved with the fix
    _after_the_answer(page, lambda: change_field(page, "#id_laeva-te", "10"))
    assert sorted(POSTED[-1]["builder-part"]) == ["laeva", "strategist"]
    assert not page.locator("#id_laeva-te_error").count()
    assert team.characters.get(slot="laeva").te == 10 and team.characters.get(slot="strategist").ep == 14
    _after_the_answer(page, lambda: change_field(page, "#id_strategist-ep", "13"))
    assert POSTED[-1]["builder-part"] == ["strategist"]
