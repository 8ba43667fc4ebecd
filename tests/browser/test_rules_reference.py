"""Issue #19 in a real browser, on a desktop and at a phone's width, in both languages: the rules
reference is in the menu, its search box filters as you type (and works as a plain form without
JavaScript), "villám" and "lightning" find the lightning spells, an entry's link on a character sheet
opens the entry, no page is wider than the screen and no Content-Security-Policy rule is broken."""

from __future__ import annotations

import pytest

from arena.engine.content.rules_json import rules_document
from tests.browser.actions import log_in
from tests.browser.test_csp import Watch
from tests.budget import THOROUGH
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.browser

SCREENS = {"desktop": {"width": 1280, "height": 1100}, "phone": {"width": 390, "height": 844}}
LOCALES = {"hu": "hu-HU", "en": "en-GB"}
QUERIES = {"hu": "villám", "en": "lightning"}
LIGHTNING_SPELLS = {s["id"] for s in rules_document()["spells"] if "villám" in s["name_hu"].lower()}
DODGING = next(s for s in rules_document()["skills"] if s["id"] == "dodging")
# The reader's tests (a language's browser at a screen's size): each language at each size in the thorough
# run; `make test` English on the desktop and Hungarian on a phone, so both languages and both sizes are
# read (tests/budget.py).
READERS = (
    [(screen, language) for screen in SCREENS for language in LOCALES]
    if THOROUGH
    else [("desktop", "en"), ("phone", "hu")]
)


@pytest.fixture(params=list(SCREENS))
def screen(request) -> str:
    return request.param


@pytest.fixture(params=list(LOCALES))
def language(request) -> str:
    return request.param


@pytest.fixture
def reader(browser, screen, language):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=SCREENS[screen], locale=LOCALES[language])
    opened = context.new_page()
    yield opened
    context.close()


def fits(page) -> bool:  # type: ignore[no-untyped-def]
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    return width[0] <= width[1]


def found_ids(page) -> set[str]:  # type: ignore[no-untyped-def]
    return set(page.eval_on_selector_all("#reference-results .reference-item", "items => items.map(i => i.dataset.id)"))


@pytest.mark.parametrize(("screen", "language"), READERS)
def test_the_search_finds_the_lightning_spells_as_you_type(
    live_server, transactional_db, reader, screen, language, artifacts
):
    watch = Watch(reader)
    reader.goto(f"{live_server.url}/")
    if screen == "phone":
        reader.click(".navbar-toggler")
    reader.click("#nav-rules")
    reader.wait_for_url(f"{live_server.url}/rules/")
    assert reader.locator("html").get_attribute("lang") == language
    everything = len(found_ids(reader))
    assert everything > 100
    reader.evaluate("window.sameDocument = true")

    reader.click("#reference-q")
    reader.keyboard.type(QUERIES[language], delay=30)
    reader.wait_for_selector("#reference-count")
    found = found_ids(reader)
    assert LIGHTNING_SPELLS <= found and len(found) < everything
    ranked = reader.eval_on_selector_all("#reference-results .reference-item", "items => items.map(i => i.dataset.id)")
    assert set(ranked[: len(LIGHTNING_SPELLS)]) == LIGHTNING_SPELLS  # names first, then mentions in effects
    assert reader.evaluate("window.sameDocument") is True  # htmx swapped the list, no page load
    assert "q=" in reader.url  # the address keeps the search, for a link or a reload
    assert fits(reader)
    reader.screenshot(path=str(artifacts / f"rules-search-{language}-{screen}.png"), full_page=False)

    reader.click("#reference-results [data-id=lightning_bolt] a")
    reader.wait_for_url(f"{live_server.url}/rules/spells/lightning_bolt/")
    assert (
        reader.locator("article.reference-entry h1")
        .inner_text()
        .startswith("Villám" if language == "hu" else "Lightning Bolt")
    )
    assert reader.locator(".reference-source .source").inner_text() == "RB p.13"
    assert fits(reader)
    reader.screenshot(path=str(artifacts / f"rules-entry-{language}-{screen}.png"), full_page=True)
    watch.collect()
    assert watch.violations == [] and watch.console == [] and watch.without_policy == []


def test_the_search_works_without_javascript(live_server, transactional_db, browser, language):
    context = browser.new_context(java_script_enabled=False, locale=LOCALES[language])
    page = context.new_page()
    page.goto(f"{live_server.url}/rules/")
    page.fill("#reference-q", QUERIES[language])
    page.click("#reference-search button[type=submit]")
    page.wait_for_url("**/rules/?q=*")
    assert LIGHTNING_SPELLS <= found_ids(page)
    context.close()


@pytest.mark.parametrize(("screen", "language"), READERS)
def test_a_skill_on_a_character_sheet_opens_its_entry(
    live_server, transactional_db, reader, screen, language, artifacts
):
    team = TeamFactory(owner=UserFactory(username="cassia"))
    log_in(reader, live_server, "cassia")
    reader.goto(f"{live_server.url}/teams/{team.pk}/sheets/")
    link = reader.locator("#sheet-gladiator a.rule-link[href='/rules/skills/dodging/']")
    assert link.inner_text() == DODGING[f"name_{language}"]
    link.click()
    reader.wait_for_url(f"{live_server.url}/rules/skills/dodging/")
    assert reader.locator("article.reference-entry h1").inner_text().startswith(DODGING[f"name_{language}"])
    assert reader.locator(".reference-effect").inner_text() == DODGING[f"effect_{language}"]
    assert fits(reader)
    reader.screenshot(path=str(artifacts / f"rules-from-sheet-{language}-{screen}.png"), full_page=True)


@pytest.mark.parametrize(("screen", "language"), READERS)
def test_a_skills_line_in_the_builder_matches_its_entry(
    live_server, transactional_db, reader, screen, language, artifacts
):
    team = TeamFactory(owner=UserFactory(username="cassia"))
    log_in(reader, live_server, "cassia")
    reader.goto(f"{live_server.url}/teams/{team.pk}/edit/")
    note = reader.locator("#member-gladiator [data-rule='skills/dodging']").first
    note.scroll_into_view_if_needed()
    line = note.inner_text()
    link = note.locator("a.rule-link")
    assert line == f"{DODGING[f'effect_{language}']} {link.inner_text()}"
    assert fits(reader)
    reader.screenshot(path=str(artifacts / f"rules-builder-{language}-{screen}.png"), full_page=False)
    link.click()
    reader.wait_for_url(f"{live_server.url}/rules/skills/dodging/")
    assert reader.locator(".reference-effect").inner_text() == DODGING[f"effect_{language}"]


@pytest.mark.parametrize("language", list(LOCALES))
def test_no_reference_page_is_wider_than_a_phone(live_server, transactional_db, browser, language):
    from reference.catalog import entry_ids
    from reference.entry_words import KINDS

    context = browser.new_context(viewport=SCREENS["phone"], locale=LOCALES[language])
    page = context.new_page()
    urls = ["/rules/", *(f"/rules/{kind}/" for kind in KINDS)]
    urls += [f"/rules/{kind}/{entry_id}/" for kind, entry_id in sorted(entry_ids()) if kind in ("points", "profiles")]
    urls += ["/rules/spells/chain_lightning/", "/rules/traps/falling_portcullis/", "/rules/gladiator-types/heavy/"]
    for url in urls:
        page.goto(f"{live_server.url}{url}")
        assert fits(page), url
        heading = page.locator("main h1").first.inner_text()
        assert heading.startswith(page.title().split(" · ")[0]), url  # every page names itself
    context.close()


@pytest.mark.parametrize(("screen", "language"), READERS)
def test_a_builder_message_links_its_rule_and_the_link_opens_it(
    live_server, transactional_db, reader, screen, language, artifacts
):
    """Issue #34: a broken rule's message in the builder links its team-building rule (HR-9.6), whose
    page says the rule in the reader's language and where the reference explains it."""
    from tests.browser.actions import change_field
    from tests.browser.test_accessibility import problems_on

    rule = next(r for r in rules_document()["points"]["validation_rules"] if r["id"] == "TB-02")
    team = TeamFactory(owner=UserFactory(username="cassia"))
    log_in(reader, live_server, "cassia")
    reader.goto(f"{live_server.url}/teams/{team.pk}/edit/")
    change_field(reader, "#id_gladiator-ep", "21")
    link = reader.locator("#problem-list a.rule-code[href='/rules/team-rules/TB-02/']")
    link.wait_for()
    assert link.inner_text() == "TB-02"
    assert fits(reader)
    link.click()
    reader.wait_for_url(f"{live_server.url}/rules/team-rules/TB-02/")
    assert reader.locator("main h1").first.inner_text() == "TB-02"
    assert reader.locator(".reference-effect").inner_text() == rule["summary_hu" if language == "hu" else "summary"]
    tiers = reader.locator("main a[href='/rules/points/tiers/']")
    assert tiers.count() == 1 and fits(reader)
    assert problems_on(reader) == []
    reader.screenshot(path=str(artifacts / f"rules-team-rule-{language}-{screen}.png"), full_page=True)
    tiers.click()
    reader.wait_for_url(f"{live_server.url}/rules/points/tiers/")


@pytest.mark.parametrize("language", list(LOCALES))
def test_the_guide_and_the_readings_fit_a_phone_and_pass_axe(live_server, transactional_db, browser, language):
    """Issue #34: "How a match goes" and the readings page, at a phone's width, axe-core clean; a
    reading's link on an entry opens its place on the readings page."""
    from tests.browser.test_accessibility import problems_on

    context = browser.new_context(viewport=SCREENS["phone"], locale=LOCALES[language])
    page = context.new_page()
    for url in ("/rules/how-a-match-goes/", "/rules/readings/", "/rules/team-rules/TB-25/"):
        page.goto(f"{live_server.url}{url}")
        assert fits(page), url
        assert problems_on(page) == [], url
    page.goto(f"{live_server.url}/rules/spells/numbing_poison/")
    page.locator(".reference-notes a[href='/rules/readings/#reading-a44']").click()
    page.wait_for_url(f"{live_server.url}/rules/readings/#reading-a44")
    assert page.locator("#reading-a44").inner_text() == "A44"
    context.close()
