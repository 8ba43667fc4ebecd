"""The pages under their Content-Security-Policy in a real browser: every page is served with the policy, and
chromium reports no violation on the main pages while they are used (the builder's live validation, the
league pages with their htmx rows, the board's hover, the print buttons), in either language (issue 11)."""

from __future__ import annotations

import pytest

from arena.engine.campaign.results import ResultKind
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.leagues import league_enter
from campaigns.services.reports import fixture_report_result
from teams.models import Team
from tests.browser.actions import change_field, log_in, log_out
from tests.campaigns.factories import LeagueFactory
from tests.campaigns.helpers import facts
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.browser

# Recorded by the page itself from its first moment (an init script runs before any of the page's own).
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
    + ` at ${event.sourceFile || document.location.pathname}:${event.lineNumber}`);
});
"""


class Watch:
    """Every document the page loads and every CSP complaint chromium makes, over the whole visit."""

    def __init__(self, page) -> None:  # type: ignore[no-untyped-def]
        self.page = page
        self.console: list[str] = []
        self.without_policy: list[str] = []
        self.violations: list[str] = []
        page.add_init_script(RECORD_VIOLATIONS)
        page.on("console", self.on_console)
        page.on("response", self.on_response)

    def on_console(self, message) -> None:  # type: ignore[no-untyped-def]
        text = message.text
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            self.console.append(text)

    def on_response(self, response) -> None:  # type: ignore[no-untyped-def]
        if response.request.resource_type == "document" or response.request.headers.get("hx-request"):
            if "content-security-policy" not in response.headers:
                self.without_policy.append(response.url)

    def collect(self) -> None:
        """Keep what the current page recorded (a navigation starts a fresh list)."""
        self.violations += self.page.evaluate("window.__cspViolations || []")
        self.page.evaluate("window.__cspViolations = []")


def visit(watch: Watch, url: str, ready: str) -> None:
    watch.page.goto(url)
    watch.page.wait_for_selector(ready)
    watch.collect()


def test_the_main_pages_break_no_content_security_policy_rule(live_server, transactional_db, page):
    organiser = UserFactory(username="organiser")
    cassia, balint = UserFactory(username="cassia"), UserFactory(username="balint")
    team = TeamFactory(owner=cassia, name="Iron Wolves", notes="Gate runners.")
    TeamFactory(owner=balint, name="Bronze Bears", status=Team.Status.READY)
    league = LeagueFactory(organiser=organiser, name="Shulur Cup")
    league_enter(league=league, player=cassia, team=TeamFactory(owner=cassia, status=Team.Status.READY))
    league_enter(league=league, player=balint, team=Team.objects.get(name="Bronze Bears"))
    reported, *_ = fixtures_generate(league=league, actor=organiser)
    fixture_report_result(
        fixture=reported, actor=reported.home.player, facts=facts(ResultKind.VICTORY, 12, 4, rounds=10)
    )
    base = live_server.url
    watch = Watch(page)

    visit(watch, f"{base}/", "main")
    visit(watch, f"{base}/arena/board/", "#arena-board")
    page.hover("polygon.hex >> nth=100")
    page.wait_for_function("document.getElementById('hex-info').textContent.trim().length > 0")  # viadal.js
    watch.collect()

    log_in(page, live_server, "cassia")
    watch.collect()
    visit(watch, f"{base}/teams/", "main")
    visit(watch, f"{base}/teams/{team.pk}/", "main")
    visit(watch, f"{base}/teams/{team.pk}/edit/", "#id_gladiator-ep")
    page.evaluate("window.builderMarker = 'same page'")
    change_field(page, "#id_gladiator-ep", "21")  # htmx posts the form and swaps the editor in place
    page.wait_for_selector("#problem-list [data-code='TB-02']")
    change_field(page, "#id_gladiator-ep", "20")
    page.wait_for_selector("#team-valid")
    assert page.evaluate("window.builderMarker") == "same page"
    watch.collect()
    visit(watch, f"{base}/teams/{team.pk}/sheets/", ".sheet-character")
    page.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")
    page.click("[data-print]")
    assert page.evaluate("window.printed") == 1  # the print button works without an inline handler
    watch.collect()

    visit(watch, f"{base}/leagues/", "main")
    visit(watch, f"{base}/leagues/{league.pk}/", "main")
    visit(watch, f"{base}/leagues/{league.pk}/standings/", "main")
    entry = reported.home if reported.home.player == cassia else reported.away
    visit(watch, f"{base}/leagues/entries/{entry.pk}/", "#kronika")
    visit(watch, f"{base}/leagues/fixtures/{reported.pk}/", "main")
    log_out(page)

    log_in(page, live_server, reported.away.player.username)  # the opponent confirms in the fixture's row
    visit(watch, f"{base}/leagues/{league.pk}/fixtures/", f"#fixture-{reported.pk}")
    page.click(f"#fixture-{reported.pk} >> text=Confirm")
    page.wait_for_selector(f"#fixture-{reported.pk}[data-status=confirmed]")
    watch.collect()

    page.click("#language-switcher >> text=Magyar")  # and the same pages in Hungarian
    page.wait_for_selector("html[lang=hu]")
    visit(watch, f"{base}/leagues/{league.pk}/", "main")
    visit(watch, f"{base}/arena/board/", "#arena-board")

    assert watch.without_policy == []
    assert watch.violations == []
    assert watch.console == []


# A sample of the builder's fields: every select, checkbox and number of the team's card and of the first
# two members' cards (each change is a round trip; the rest of the cards are the same fields again).
BUILDER_WALK = """async () => {
  const settled = () => new Promise(resolve => {
    const busy = () => document.querySelector('#team-builder.htmx-request');
    const wait = () => busy() ? setTimeout(wait, 50) : setTimeout(resolve, 120);
    setTimeout(wait, 60);
  });
  const cards = [...document.querySelectorAll('#team-builder [data-builder-part]')].slice(0, 3);
  const names = cards.flatMap(card => [...card.querySelectorAll('select, input[type=checkbox], input[type=number]')])
    .map(field => field.name);
  for (const name of names) {
    const field = document.querySelector(`#team-builder [name="${name}"]`);
    if (!field || field.disabled) continue;
    if (field.tagName === 'SELECT') field.selectedIndex = (field.selectedIndex + 1) % field.options.length;
    else if (field.type === 'checkbox') field.checked = !field.checked;
    else field.value = String((+field.value || 0) + 1);
    field.dispatchEvent(new Event('change', {bubbles: true}));
    await settled();
  }
  return names.length;
}"""


def test_the_builders_log_no_console_error(live_server, transactional_db, browser):
    """Issue 32, item 7: the team builder used through its fields (selects, checkboxes, numbers: each a
    live check swapped in), its members' jump links on a phone, and the warband builder's first page
    and a warband's page with notes, log no console error and break no CSP rule (an inline style
    attribute did on the warband pages)."""
    from warbands.models import Warband

    user = UserFactory(username="cassia")
    team = TeamFactory(owner=user, name="Iron Wolves")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    watch = Watch(page)
    log_in(page, live_server, "cassia")
    visit(watch, f"{live_server.url}/teams/{team.pk}/edit/", "#team-builder")
    assert page.evaluate(BUILDER_WALK) >= 10
    for link in page.locator("#member-jumps a").all()[:3]:
        link.click()
    watch.collect()
    visit(watch, f"{live_server.url}/warbands/new/", "#id_name")
    page.fill("#id_name", "Szürke Társaság")
    for profile, count in (("wizard", 1), ("warrior", 2)):
        page.fill(f"#id_pick-{profile}", str(count))
    page.locator("main form button[type=submit]").last.click()
    page.wait_for_url(f"{live_server.url}/warbands/*/edit/")
    warband = Warband.objects.get(owner=user)
    Warband.objects.filter(pk=warband.pk).update(notes="Gate runners.\nNight raids.")
    visit(watch, f"{live_server.url}/warbands/{warband.pk}/", "main")
    assert watch.violations == [] and watch.console == [], (watch.violations, watch.console)
    assert errors == [], errors
    context.close()
