"""The warband builder in a real browser (issue 30): a new player builds a warband from the army list,
breaks a rule and mends it without reloading the page, marks it ready and prints its roster — in both
languages, at desktop and phone widths, every page axe-clean."""

from __future__ import annotations

import pytest

from tests.browser.actions import change_field, log_in
from tests.browser.test_accessibility import problems_on
from tests.browser.test_phone_layout import PHONE, switch_language, too_wide
from tests.budget import THOROUGH
from tests.factories import UserFactory
from warbands.models import Warband

pytestmark = pytest.mark.browser

WORDS = {
    "en": {"new": "New warband", "make": "Make the warband", "kept": "Every rule is kept.", "ready": "Ready"},
    "hu": {"new": "Új osztag", "make": "Az osztag elkészítése", "kept": "Minden szabály teljesül.", "ready": "Kész"},
}
SIZES = {"desktop": {"width": 1280, "height": 1000}, "phone": PHONE}


# Each language at each size in the thorough run; `make test` English on the desktop and Hungarian on a
# phone, so both languages and both sizes are read (tests/budget.py).
SCREENS = (
    [(language, size) for language in ("en", "hu") for size in SIZES]
    if THOROUGH
    else [("en", "desktop"), ("hu", "phone")]
)


@pytest.mark.parametrize(("language", "size"), SCREENS)
def test_build_from_the_army_list_break_and_mend_a_rule_mark_ready_and_print(
    live_server, transactional_db, browser, artifacts, language, size
):
    words = WORDS[language]
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    user = UserFactory(username=f"vezer-{language}-{size}")
    log_in(page, live_server, user.username)
    switch_language(page, language)
    found: dict[str, list[str]] = {}

    # From the home page's card of the warband game to a new warband from the army list (WB-6).
    page.click(f"[data-game=warband] >> text={words['new']}")
    page.fill("#id_name", "Szürke Társaság")
    for profile, count in (("wizard", 1), ("knight", 1), ("warrior", 2), ("archer", 1)):
        page.fill(f"#id_pick-{profile}", str(count))
    found["create"] = problems_on(page)
    page.click(f"text={words['make']}")
    warband = Warband.objects.get(owner=user)
    page.wait_for_url(f"{live_server.url}/warbands/{warband.pk}/edit/")
    assert page.text_content("[data-share=total] td").split() == ["188", "/", "200"]  # 66 + 50 + 2 × 23 + 26
    found["builder"] = problems_on(page)
    page.evaluate("window.builderMarker = 'same page'")

    # The army list's order: Warrior 1 and 2, Archer, Knight, Wizard. Warrior 1's Combat up by one: his
    # price and the total change as he types, nothing else is sent.
    change_field(page, "#wb-figures-0-combat", "4")
    page.wait_for_selector("#wb-figures-0-price[data-price='30']")
    assert page.text_content("[data-share=total] td").split() == ["195", "/", "200"]

    # Break a rule: a Quality of 7 is WB-01, named beside the field and in the list, in the reader's words.
    change_field(page, "#wb-figures-1-quality", "7")
    page.wait_for_selector("#wb-figures-1-quality-problems li")
    assert "WB-01" in page.text_content("#wb-figures-1-quality-problems")
    assert "WB-01" in page.text_content("#wb-problem-list")
    assert page.locator("#mark-ready").count() == 0  # only a valid warband can be marked ready
    page.screenshot(path=str(artifacts / f"warband-builder-broken-{language}-{size}.png"), full_page=True)
    found["builder, broken"] = problems_on(page)

    # Mend it: the box empties, the rules card says every rule is kept, and "Mark ready" appears.
    change_field(page, "#wb-figures-1-quality", "4")
    page.wait_for_selector("#mark-ready")
    assert page.text_content("#wb-figures-1-quality-problems").strip() == ""
    assert words["kept"] in page.text_content("#wb-problems")
    assert page.evaluate("window.builderMarker") == "same page"  # swapped in place, never reloaded
    warband.refresh_from_db()
    assert (warband.figures[0]["combat"], warband.figures[1]["quality"]) == (4, 4)

    # One more figure from the army list: the editor is redrawn and the keyboard is on its name.
    page.select_option("#wb-add-profile", "militia")
    page.click("#wb-add-figure button")
    page.wait_for_selector("#wb-figures-5-name")
    page.wait_for_selector("#wb-figures-5-name:focus")
    assert page.text_content("[data-share=total] td").split() == ["198", "/", "200"]

    page.click("#mark-ready")
    page.wait_for_url(f"{live_server.url}/warbands/{warband.pk}/")
    assert page.text_content("h1 [data-status]").strip() == words["ready"]
    warband.refresh_from_db()
    assert warband.is_ready
    found["warband page"] = problems_on(page)

    # The roster: one A4 page with every figure, the total and the shares, and its PDF.
    page.click("#roster-link")
    page.wait_for_url(f"{live_server.url}/warbands/{warband.pk}/roster/")
    assert page.locator("#roster-figures tbody tr").count() == 6
    assert page.text_content("#roster-total").split()[:3] == ["198", "/", "200"]
    assert page.text_content("#roster-personality").split() == ["66", "/", "66"]
    found["roster"] = problems_on(page)
    if size == "phone":
        assert too_wide(page) == []
    page.emulate_media(media="print")
    page.screenshot(path=str(artifacts / f"warband-roster-{language}-{size}.png"), full_page=True)
    page.emulate_media(media="screen")
    if size == "desktop":
        with page.expect_download() as download:
            page.click("#roster-pdf-link")
        assert download.value.path().read_bytes().startswith(b"%PDF")

    # The other pages of the game, read as a person would: the list, the import, the share link, the rules.
    for where in (
        "/warbands/",
        "/warbands/import/",
        f"/warbands/share/{warband.share_token}/",
        "/rules/warband/",
        "/rules/warband/necromancer/",
    ):
        page.goto(live_server.url + where)
        found[where] = problems_on(page)
        width, screen = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        if width > screen:  # a wide table scrolls in its own frame; the page itself never does
            found[where].append(f"{width} px wide on a {screen} px screen: {too_wide(page)}")
    context.close()
    assert not any(found.values()), "\n".join(f"{where}: {problems}" for where, problems in found.items() if problems)
