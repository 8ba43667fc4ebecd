"""The quest tracker as a new player uses it: sign up, make a party of four, roll its Wounds, play an
adventure's log through (a monster slain, treasure found, a warrior falling and healed, another dying),
end it, sell treasure and print the sheets — in English on a desktop and in Hungarian on a phone, every
page no wider than the screen and axe-clean. The thorough run takes both journeys; `make test` the
Hungarian one on a phone alone (tests/budget.py)."""

from __future__ import annotations

import pytest

from quests.models import Adventure, LogEntry, Party, Roll
from tests.budget import variants

from .test_accessibility import problems_on
from .test_phone_layout import DESKTOP, PHONE, switch_language, too_wide

pytestmark = pytest.mark.browser

PROFILE = {
    "move": "4",
    "weapon_skill": "4",
    "ballistic_skill": "5",
    "strength": "4",
    "toughness": "4",
    "attacks": "1",
    "wounds_bonus": "9",
    "shooting": "5",
}
WARRIORS = [
    ("barbarian", "Conan", "3", "5"),
    ("dwarf", "Gimli", "2", "4"),
    ("elf", "Aranel", "6", ""),
    ("wizard", "Merlin", "3", "6"),
]


# the pages checked on the way with axe, in order
CHECKED = (
    "warrior form",
    "party page",
    "adventure set-up",
    "adventure log",
    "ended adventure",
    "sheets",
    "one warrior's record sheet",
)
LANGUAGES = ["en", "hu"]


class Checks:
    """The page checks of one run: every page fits the screen and passes axe."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def clean(self, page, what: str) -> None:  # type: ignore[no-untyped-def]
        assert what in CHECKED, what
        self.seen.append(what)
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], (what, width, too_wide(page))
        assert problems_on(page) == [], what


def record(page, form: str, **fields: str) -> None:  # type: ignore[no-untyped-def]
    """Fill one of the log's forms by its fields' ids and send it; the page comes back at the log."""
    for selector, value in fields.items():
        target = f"#{selector.replace('_', '-')}"
        if page.eval_on_selector(target, "e => e.tagName") == "SELECT":
            page.select_option(target, label=value)
        else:
            page.fill(target, value)
    with page.expect_navigation():
        page.click(f"#{form} button[type=submit]")
    assert not page.is_visible("#entry-errors"), page.inner_text("#entry-errors")


@pytest.mark.parametrize(("language", "viewport"), variants([(LANGUAGES[0], DESKTOP), (LANGUAGES[1], PHONE)], quick=1))
def test_a_new_player_keeps_a_party_through_an_adventure(
    live_server, transactional_db, browser, artifacts, language, viewport
):
    checks = Checks()
    clean = checks.clean
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/signup/")
    if language != "en":
        switch_language(page, language)
    username = f"newcomer-{language}"
    page.fill("#id_username", username)
    page.fill("#id_password1", "a long enough passphrase 42")
    page.fill("#id_password2", "a long enough passphrase 42")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/teams/")

    page.goto(f"{live_server.url}/")
    page.click('[data-game="quest"] a.btn-outline-primary')  # the home page's "New party"
    page.fill("#id_name", "Lantern Bearers")
    with page.expect_navigation():
        page.click("main button[type=submit]")
    party = Party.objects.get(owner__username=username)
    for cls, name, initiative, pinning in WARRIORS:
        if cls == "wizard":  # the last class free, drawn by the app's lot: the form offers only it
            with page.expect_navigation():
                page.click("#class-lot")
            assert page.is_visible("#class-drawn") and page.locator("#id_cls option").count() == 1
        else:
            page.click("#add-warrior")
        page.select_option("#id_cls", cls)
        page.fill("#id_name", name)
        for field, value in {**PROFILE, "initiative": initiative, "pinning": pinning}.items():
            page.fill(f"#id_{field}", value)
        if cls == "barbarian":
            clean(page, "warrior form")
        with page.expect_navigation():
            page.click("#warrior-form button[type=submit]")
    assert page.locator("tbody tr[data-warrior]").count() == 4
    clean(page, "party page")

    page.fill("#id_objective", "Fire Chasm")
    with page.expect_navigation():
        page.click("#adventure-form button[type=submit]")
    with page.expect_navigation():
        page.click("#roll-wounds")
    assert page.locator("#roll-list li").count() == 6  # adventure number, 4 × starting Wounds, power tokens
    rolled = sorted(Roll.objects.filter(party=party).values_list("key", "total"))
    with page.expect_navigation():
        page.click("#roll-wounds")  # asking again shows the same rolls
    assert sorted(Roll.objects.filter(party=party).values_list("key", "total")) == rolled
    for deck, name in (("attack", "Fireball"), ("defence", "Shield"), ("healing", "Mend")):
        page.fill(f"#{deck}_name", name)
        page.fill(f"#{deck}_casting", "5")
        page.fill(f"#{deck}_cost", "1")
    with page.expect_navigation():
        page.click("#spells-form button[type=submit]")
    clean(page, "adventure set-up")
    with page.expect_navigation():
        page.click("#begin-adventure")

    record(page, "form-card", card_name="Stairway", card_kind="entrance" if language == "en" else "bejárat")
    record(page, "form-card", card_name="Guard room", card_kind="room" if language == "en" else "terem")
    record(page, "form-event", event_name="Orc ambush")
    record(page, "form-kill", kill_monster="Orc warrior", kill_gold="15", kill_killer="Gimli")
    record(page, "form-treasure", treasure_name="Gold chalice", treasure_value="40", treasure_recipient="Aranel")
    record(page, "form-wounds", wounds_warrior="Merlin", wounds_amount="99", wounds_cause="Minotaur")
    merlin = page.locator("#warrior-state tr", has_text="Merlin")
    assert merlin.locator("td.wounds").inner_text().startswith("0 /")
    page.select_option("#wounds-warrior", label="Merlin")
    page.fill("#wounds-amount", "2")
    with page.expect_navigation():
        page.click('#form-wounds button[value="wounds_healed"]')
    assert merlin.locator("td.wounds").inner_text().startswith("2 /")
    record(page, "form-wounds", wounds_warrior="Conan", wounds_amount="99")
    record(page, "form-end-turn")
    record(page, "form-lantern")  # drawn by lot among the living, the dice in the log
    assert page.locator("#log-lines li").count() == 10
    clean(page, "adventure log")
    page.screenshot(path=str(artifacts / f"quest-log-{language}.png"), full_page=True)

    with page.expect_navigation():
        page.click("#end-adventure")
    assert not page.is_visible("#entry-errors")
    with page.expect_navigation():
        page.click("#sale-list button")
    adventure = Adventure.objects.get(party=party)
    assert adventure.stage == "ended" and adventure.result == "completed" and adventure.survivors == 3
    assert adventure.gold == 55 and LogEntry.objects.filter(adventure=adventure).count() == 12
    assert party.warriors.get(name="Conan").status == "dead" and party.warriors.get(name="Aranel").gold == 40
    assert page.locator("#placings li").count() == 3
    clean(page, "ended adventure")

    page.goto(f"{live_server.url}/quests/{party.pk}/")
    page.click("#party-sheets")
    assert page.locator(".quest-record").count() == 4 and page.is_visible("svg.sheet-qr")
    clean(page, "sheets")
    page.screenshot(path=str(artifacts / f"quest-sheets-{language}.png"), full_page=True)
    with page.expect_download() as download:
        page.click("#sheet-pdf-link")
    pdf = download.value.path().read_bytes()
    assert pdf.startswith(b"%PDF-")
    gimli = party.warriors.get(name="Gimli")
    page.goto(f"{live_server.url}/quests/{party.pk}/sheets/?warrior={gimli.pk}")
    assert page.locator(".quest-record").count() == 1
    clean(page, "one warrior's record sheet")
    page.emulate_media(media="print")
    assert not page.is_visible("nav") and not page.is_visible("#sheet-pdf-link")
    assert checks.seen == list(CHECKED)
    context.close()
