"""The site on a phone (390 px wide) and on a desktop, as its readers see it, on the demo data: no page
is wider than the screen in either language, the header folds into a menu, the team builder shows the
points before its long form, and controls line up and can be seen."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 1100}
DEMO_PASSWORD = "viadal-demo"  # load_demo's logins


@pytest.fixture
def demo(transactional_db):  # type: ignore[no-untyped-def]
    """The demo data: aurelia's and balint's teams, the demo league with a confirmed and a scheduled fixture."""
    from campaigns.models import Entry, Fixture, League
    from teams.models import Team

    call_command("load_demo", stdout=io.StringIO())
    league = League.objects.get()
    confirmed = Fixture.objects.get(league=league, status=Fixture.Status.CONFIRMED)
    scheduled = Fixture.objects.get(league=league, status=Fixture.Status.SCHEDULED)
    return {
        "team": Team.objects.get(owner__username="aurelia").pk,
        "league": league.pk,
        "confirmed": confirmed.pk,
        "scheduled": scheduled.pk,
        "entry": Entry.objects.get(league=league, player__username="aurelia").pk,
    }


@pytest.fixture
def phone(browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE)
    opened = context.new_page()
    yield opened
    context.close()


def demo_log_in(page, live_server, username: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")


def switch_language(page, language: str) -> None:  # type: ignore[no-untyped-def]
    page.click(f"#language-switcher button[value={language}]")
    page.wait_for_selector(f"html[lang={language}]")


def too_wide(page) -> list[str]:  # type: ignore[no-untyped-def]
    """The outermost elements that reach past the right edge of the screen (empty when the page fits)."""
    return page.evaluate(
        """() => {
          const edge = window.innerWidth + 1;
          const wide = e => e.getBoundingClientRect().right > edge;
          return [...document.querySelectorAll('body *')]
            .filter(e => wide(e) && !(e.parentElement && wide(e.parentElement)))
            .map(e => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`);
        }"""
    )


def assert_fits(page, url: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(url)
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], (url, width, too_wide(page))
    assert page.title().split(" · ")[0] not in ("", "Viadal"), (url, page.title())  # every page names itself


@pytest.mark.parametrize("language", ["en", "hu"])
def test_no_page_is_wider_than_a_phone_in_either_language(live_server, demo, phone, language):
    base = live_server.url
    public = [
        "/",
        "/accounts/login/",
        "/accounts/signup/",
        "/arena/board/",
        "/leagues/",
        f"/leagues/{demo['league']}/",
        f"/leagues/{demo['league']}/fixtures/",
        f"/leagues/{demo['league']}/standings/",
        f"/leagues/fixtures/{demo['confirmed']}/",
    ]
    player = [
        "/play/",
        "/teams/",
        f"/teams/{demo['team']}/",
        f"/teams/{demo['team']}/edit/",
        "/teams/new/",
        "/teams/import/",
        f"/teams/{demo['team']}/sheets/",
        f"/leagues/fixtures/{demo['scheduled']}/",
        f"/leagues/fixtures/{demo['scheduled']}/report/",
        f"/leagues/entries/{demo['entry']}/",
        f"/leagues/entries/{demo['entry']}/history/",
        f"/teams/{demo['team']}/delete/",
    ]
    organiser = ["/leagues/new/", f"/leagues/{demo['league']}/edit/", f"/leagues/{demo['league']}/"]

    phone.goto(f"{base}/")
    switch_language(phone, language)
    for url in public:
        assert_fits(phone, base + url)

    demo_log_in(phone, live_server, "aurelia")
    switch_language(phone, language)
    for url in ["/", *player]:
        assert_fits(phone, base + url)
    phone.locator("nav .navbar-toggler").click()
    phone.wait_for_selector("#site-menu.show")  # unfolded: a tap while it still slides open can miss
    phone.locator("#site-menu button[type=submit]").click()  # log out, from the folded menu
    phone.wait_for_selector("#nav-username", state="detached")

    demo_log_in(phone, live_server, "organiser")
    switch_language(phone, language)
    for url in organiser:
        assert_fits(phone, base + url)


def test_the_header_folds_into_a_menu_on_a_phone_with_the_language_switcher_outside(live_server, demo, phone, page):
    phone.goto(f"{live_server.url}/")
    assert phone.locator("#language-switcher").is_visible()  # one tap away, menu closed
    assert not phone.locator("#site-menu >> text=Leagues").is_visible()
    toggler = phone.locator("nav .navbar-toggler")
    assert toggler.get_attribute("aria-label") == "Menu"
    toggler.click()
    phone.wait_for_selector("#site-menu.show")
    phone.locator("#site-menu >> text=Leagues").click()
    phone.wait_for_url(f"{live_server.url}/leagues/")

    switch_language(phone, "hu")
    assert phone.locator("nav .navbar-toggler").get_attribute("aria-label") == "Menü"

    page.goto(f"{live_server.url}/")  # a desktop: the whole header on one line, no menu button
    assert not page.locator("nav .navbar-toggler").is_visible()
    assert page.locator("nav >> text=Leagues").is_visible() and page.locator("nav >> text=Sign up").is_visible()


def test_the_team_builder_shows_status_and_points_above_the_form_on_a_phone(live_server, demo, phone, page):
    for opened in (phone, page):
        demo_log_in(opened, live_server, "aurelia")
        opened.goto(f"{live_server.url}/teams/{demo['team']}/edit/")
    on_phone = phone.evaluate(
        "['#team-status', '#points-summary', '#team-builder']"
        ".map(s => document.querySelector(s).getBoundingClientRect().top)"
    )
    assert on_phone[0] < on_phone[1] < on_phone[2]
    # on a desktop they stay beside the form, on its right
    form, points = (page.locator(s).bounding_box() for s in ("#team-builder", "#points-summary"))
    assert points["x"] > form["x"] + form["width"] - 1 and points["y"] < form["y"] + 600


def test_the_weapon_pile_inputs_line_up_when_their_labels_wrap(live_server, demo, page):
    demo_log_in(page, live_server, "aurelia")
    page.goto(f"{live_server.url}/teams/{demo['team']}/edit/")
    pile = page.locator("#member-gladiator fieldset", has_text="Weapon pile").locator("input[type=number]")
    rows: list[list[float]] = []
    for top in sorted(pile.nth(index).bounding_box()["y"] for index in range(pile.count())):
        if rows and top - rows[-1][0] < 60:  # a row's inputs, give or take a wrapped label line
            rows[-1].append(top)
        else:
            rows.append([top])
    assert len(rows) >= 2
    for row in rows:
        assert max(row) - min(row) < 1, rows


def test_checkboxes_and_radios_have_a_border_that_can_be_seen(live_server, demo, page):
    demo_log_in(page, live_server, "aurelia")
    page.goto(f"{live_server.url}/leagues/fixtures/{demo['scheduled']}/report/")
    colour = page.locator("#report-form input[type=radio]").first.evaluate("e => getComputedStyle(e).borderTopColor")
    red, green, blue, *alpha = (float(part) for part in colour[colour.index("(") + 1 : -1].split(","))
    opacity = alpha[0] if alpha else 1.0

    def luminance(channel: float) -> float:
        value = (channel * opacity + 255 * (1 - opacity)) / 255  # over the white page
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    light = 0.2126 * luminance(red) + 0.7152 * luminance(green) + 0.0722 * luminance(blue)
    assert 1.05 / (light + 0.05) >= 3, colour  # WCAG 1.4.11: 3:1 for the parts of a control


def test_the_report_form_fate_select_shows_its_whole_choice_on_a_phone(live_server, demo, phone):
    demo_log_in(phone, live_server, "aurelia")
    switch_language(phone, "hu")
    phone.goto(f"{live_server.url}/leagues/fixtures/{demo['scheduled']}/report/")
    select = phone.locator(".report-members select").first
    needed = select.evaluate(
        """s => { const c = document.createElement('canvas').getContext('2d'); c.font = getComputedStyle(s).font;
                  return Math.max(...[...s.options].map(o => c.measureText(o.text).width)); }"""
    )
    room = select.evaluate(
        "s => { const st = getComputedStyle(s); "
        "return s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight); }"
    )
    assert needed <= room, (needed, room)


def test_the_match_report_score_reads_top_to_bottom_on_a_phone(live_server, demo, phone):
    phone.goto(f"{live_server.url}/leagues/fixtures/{demo['confirmed']}/")
    home, score, away = (
        phone.locator(s).bounding_box()
        for s in ("#match-head [data-side-result='0']", "#match-score", "#match-head [data-side-result='1']")
    )
    assert home["y"] < score["y"] < away["y"]


def test_login_offers_sign_up_and_the_board_legend_names_every_feature(live_server, demo, page):
    page.goto(f"{live_server.url}/accounts/login/")
    switch_language(page, "hu")
    page.click("main >> text=Regisztrálj")
    page.wait_for_url(f"{live_server.url}/accounts/signup/")
    page.goto(f"{live_server.url}/arena/board/")
    legend = page.locator("main ul.list-inline").inner_text()
    for feature in ("torony", "fegyverhalom (P)", "csapdamező", "felállítási mező", "kapu", "keresztfal"):
        assert feature in legend
