"""What a person does in the browser, shared by the browser tests."""

from __future__ import annotations

from tests.factories import PASSWORD


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
