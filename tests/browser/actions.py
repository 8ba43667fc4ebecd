"""What a person does in the browser, shared by the browser tests."""

from __future__ import annotations

from tests.factories import PASSWORD

# An init script: each page notes when it first showed each version of the match (the latency figures).
SEEN = """
window.__seen = {};
new MutationObserver(function () {
  var status = document.querySelector("#match-status");
  if (status && !(status.dataset.version in window.__seen)) { window.__seen[status.dataset.version] = Date.now(); }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def log_in(page, live_server, username: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")


def change_field(page, selector: str, value: str) -> None:  # type: ignore[no-untyped-def]
    """Type a value and leave the field, which fires its change event as a person would."""
    page.fill(selector, value)
    page.press(selector, "Tab")


def log_out(page) -> None:  # type: ignore[no-untyped-def]
    page.click("nav >> text=Log out")


def create_league(page, live_server, name: str, season: str, **choices: str):  # type: ignore[no-untyped-def]
    """The organiser's "New league" form, sign-up open; ``choices``: other fields by id
    (``format="swiss"``, ``group_count="2"``). Returns the league."""
    from campaigns.models import League

    page.click("nav >> text=Leagues")
    page.click("text=New league")
    page.fill("#id_name", name)
    page.fill("#id_season", season)
    for field, value in choices.items():
        if page.eval_on_selector(f"#id_{field}", "element => element.tagName") == "SELECT":
            page.select_option(f"#id_{field}", value)
        else:
            page.fill(f"#id_{field}", value)
    page.check("#id_sign_up_open")
    page.click("text=Create the league")
    league = League.objects.get(name=name)
    page.wait_for_url(f"{live_server.url}/leagues/{league.pk}/")
    return league


def enter_team(page, live_server, league, username: str, team_name: str) -> None:  # type: ignore[no-untyped-def]
    """A player logs in, enters his ready team in the league and logs out."""
    log_in(page, live_server, username)
    page.goto(f"{live_server.url}/leagues/{league.pk}/")
    page.select_option("#id_team", label=team_name)
    page.click("text=Enter this team")
    page.wait_for_selector(f"#entries >> text={team_name}")
    log_out(page)
