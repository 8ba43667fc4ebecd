"""A warband league in a real browser, in both languages, on a desktop and on a phone: a new player
builds a warband from the army list in the builder and marks it ready, the organiser sets up a league
of the warband game, two players enter their ready warbands, the fixtures are drawn,
one player reports the match figure by figure, the other confirms it, the campaign sequence shows its
rolls, and the winner takes an advance and buys a figure on his campaign sheet. Every page on the way
is checked for one h1, unique ids and no skipped heading, and on a phone that it is no wider than the
screen, and with axe-core (WCAG 2.1 A and AA). The thorough run takes both journeys; `make test` the
English one on a desktop alone (tests/budget.py)."""

from __future__ import annotations

import pytest

from campaigns.models import Entry, Fixture, League
from tests.budget import variants
from tests.factories import UserFactory
from tests.warband_leagues.helpers import make_warband, warriors
from warbands.models import Warband

from .actions import log_in
from .test_accessibility import problems_on, settle
from .test_phone_layout import PHONE, switch_language, too_wide

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": {"width": 1280, "height": 1100}, "phone": PHONE}
# the pages checked on the way with axe, in order
CHECKED = (
    "new league",
    "league page (aurelia)",
    "league page (balint)",
    "report form",
    "match page, reported",
    "match page, confirmed",
    "standings",
    "campaign sheet",
    "campaign sheet after the choices",
)


class Checks:
    """The page checks of one run: every page's structure and axe (and on a phone its width)."""

    def __init__(self, phone: bool) -> None:
        self.phone = phone
        self.seen: list[str] = []
        self.found: dict[str, list[str]] = {}

    def __call__(self, page, where: str) -> None:  # type: ignore[no-untyped-def]
        assert where in CHECKED, where
        self.seen.append(where)
        # loaded (a form's answer may still be loading when its first element is found) and settled: no
        # page here fetches anything of its own afterwards (tests/browser/test_accessibility.py, SETTLED)
        page.wait_for_load_state("load")
        settle(page)
        problems = problems_on(page)  # axe and the structure
        scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        if self.phone and scroll > inner:  # the page itself scrolls sideways (a wide table scrolls in its own box)
            problems.append(f"wider than the phone ({scroll} > {inner}): " + ", ".join(too_wide(page)[:4]))
        if problems:
            self.found[where] = problems


def as_player(page, live_server, username: str, language: str) -> None:  # type: ignore[no-untyped-def]
    page.context.clear_cookies()
    log_in(page, live_server, username)
    switch_language(page, language)


@pytest.mark.parametrize(("language", "screen"), variants([("en", "desktop"), ("hu", "phone")], quick=0))
def test_a_warband_league_from_entry_to_the_campaign(
    live_server, transactional_db, browser, artifacts, language, screen
):
    context = browser.new_context(viewport=VIEWPORTS[screen])
    page = context.new_page()
    checked = Checks(phone=screen == "phone")
    UserFactory(username="organiser")
    aurelia = UserFactory(username="aurelia")
    make_warband(UserFactory(username="balint"), warriors(8), name="Bálint's Eight")  # T 184

    # a new player builds hers from the army list (WB-6): Wizard, Knight, two Warriors, Archer, T 188
    as_player(page, live_server, "aurelia", language)
    page.click("[data-game=warband] a[href$='/warbands/new/']")
    page.fill("#id_name", "Aurelia's Company")
    for profile, count in (("wizard", 1), ("knight", 1), ("warrior", 2), ("archer", 1)):
        page.fill(f"#id_pick-{profile}", str(count))
    page.click("#warband-create button[type=submit]")
    warband = Warband.objects.get(owner=aurelia)
    page.wait_for_url(f"{live_server.url}/warbands/{warband.pk}/edit/")
    page.click("#mark-ready")
    page.wait_for_url(f"{live_server.url}/warbands/{warband.pk}/")
    warband.refresh_from_db()
    assert warband.is_ready
    knight = next(f["name"] for f in warband.figures if "paladin" in f["rules"])

    as_player(page, live_server, "organiser", language)
    page.goto(f"{live_server.url}/leagues/new/")
    page.click("#league-games [data-game=warband]")
    page.wait_for_selector("#id_points")
    checked(page, "new league")
    page.fill("#id_name", "Skirmish Cup")
    page.fill("#id_season", "Winter")
    page.fill("#id_points", "200")
    page.check("#id_sign_up_open")
    page.click("main form button[type=submit]")
    league = League.objects.get(name="Skirmish Cup")
    page.wait_for_url(f"{live_server.url}/leagues/{league.pk}/")
    assert league.game == "warband" and league.game_settings["points"] == 200

    for username, warband in (("aurelia", "Aurelia's Company"), ("balint", "Bálint's Eight")):
        as_player(page, live_server, username, language)
        page.goto(f"{live_server.url}/leagues/{league.pk}/")
        checked(page, f"league page ({username})")
        page.select_option("#id_source", label=warband)
        page.click("#enter-team button[type=submit]")
        page.wait_for_selector(f"#entries >> text={warband}")

    as_player(page, live_server, "organiser", language)
    page.goto(f"{live_server.url}/leagues/{league.pk}/fixtures/")
    page.click("#generate button[type=submit]")
    page.wait_for_selector(".fixture[data-status=scheduled]")
    fixture = Fixture.objects.get(league=league, away__isnull=False)
    sample = fixture.home if fixture.home.name == "Aurelia's Company" else fixture.away
    sample_side = "home" if sample == fixture.home else "away"
    eight_side = "away" if sample_side == "home" else "home"

    # the sample's player reports: his Knight took out the first Warrior (23 VP, a lead of 23 ≥ 20)
    as_player(page, live_server, "aurelia", language)
    page.goto(f"{live_server.url}/leagues/fixtures/{fixture.pk}/")
    page.click(f"#match-actions a[href$='/fixtures/{fixture.pk}/report/']")
    page.wait_for_selector("#report-form")
    checked(page, "report form")
    page.select_option(f"#id_{eight_side}-0-state", "killed")
    page.select_option(f"#id_{eight_side}-0-by", knight)
    page.fill("#id_scenario", "The bridge")
    page.click("#report-form button[type=submit]")
    page.wait_for_selector(".fixture-status[data-fixture-status]")
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.REPORTED
    checked(page, "match page, reported")

    as_player(page, live_server, "balint", language)
    page.goto(f"{live_server.url}/leagues/fixtures/{fixture.pk}/")
    page.click("#match-actions form[action$='/confirm/'] button")
    page.wait_for_selector("#campaign-sequence [data-kind=roll]")
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.CONFIRMED
    assert page.text_content("#match-score").replace(" ", "") == ("23–0" if sample_side == "home" else "0–23")
    assert "d6" in page.locator("#campaign-sequence [data-kind=roll]").nth(0).text_content()
    checked(page, "match page, confirmed")
    page.screenshot(path=str(artifacts / f"warband-match-{language}-{screen}.png"), full_page=True)

    page.goto(f"{live_server.url}/leagues/{league.pk}/standings/")
    assert page.locator("#standings tbody tr").nth(0).get_attribute("data-entry") == str(sample.pk)
    checked(page, "standings")

    # the winner's Knight has 4 XP: an advance is due (WB-8.4); he takes Combat +1 and buys a Militia
    as_player(page, live_server, "aurelia", language)
    page.goto(f"{live_server.url}/leagues/entries/{sample.pk}/")
    advance = f'[data-advance="{knight}"]'
    assert page.locator(advance).count() == 1
    checked(page, "campaign sheet")
    page.select_option(f"{advance} select", "combat")
    page.click(f"{advance} button[type=submit]")
    page.wait_for_selector(f'[data-figure="{knight}"] td:nth-child(3) >> text=5')
    page.select_option("#buy-figure select", "militia")
    page.fill("#buy-figure input[name=name]", "Helper")
    page.click("#buy-figure button[type=submit]")
    page.wait_for_selector("[data-figure=Helper]")
    sample = Entry.objects.get(pk=sample.pk)
    assert sample.treasury == 12 + 20 + 2 - 3  # L − T, a Win 20, ⌊23/10⌋, less the Militia's 3 (WB-8.5)
    page.screenshot(path=str(artifacts / f"warband-sheet-{language}-{screen}.png"), full_page=True)
    checked(page, "campaign sheet after the choices")
    context.close()
    assert checked.seen == list(CHECKED)
    found = checked.found
    assert not found, "\n".join(f"{where}:\n  " + "\n  ".join(problems) for where, problems in found.items())
