"""Content-Security-Policy, Permissions-Policy and the language cookie (issue 11). tests/site/test_production.py
checks the same headers through gunicorn; tests/browser/test_csp.py checks that the pages break no rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from accounts.language import store_language
from tests.factories import TeamFactory, UserFactory

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
# The PDF's template inlines the print stylesheet for WeasyPrint, which fetches nothing; that document never
# reaches a browser (teams.sheet_views.pdf_response), so no Content-Security-Policy applies to it.
PDF_ONLY = {("teams/sheets.html", "<style>{{ sheet_css|safe }}</style>")}
INLINE = [
    ("an inline script", re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>")),
    ("a style element", re.compile(r"<style\b[^>]*>.*?</style>", re.S)),
    ("a style attribute", re.compile(r"\sstyle\s*=", re.I)),
    ("an event handler attribute", re.compile(r"\son[a-z]+\s*=", re.I)),
    ("a javascript: URL", re.compile(r"javascript:", re.I)),
]


def test_no_template_has_inline_scripts_styles_or_event_handlers():
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        name = path.relative_to(TEMPLATES).as_posix()
        text = path.read_text(encoding="utf-8")
        for what, pattern in INLINE:
            for match in pattern.finditer(text):
                if (name, match.group(0)) not in PDF_ONLY:
                    found.append(f"{name}: {what}: {match.group(0)[:60]}")
    assert found == []


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/leagues/", "/arena/board/", "/no-such-page/"])
def test_every_page_sends_a_strict_content_security_policy(client, path):
    response = client.get(path)
    policy = dict(
        (directive.split()[0], directive.split()[1:]) for directive in response["Content-Security-Policy"].split("; ")
    )
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["img-src"] == ["'self'", "data:"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"] and policy["form-action"] == ["'self'"]


@pytest.mark.django_db
def test_htmx_is_told_not_to_inject_its_indicator_styles(client):
    html = client.get("/").content.decode()
    assert """<meta name="htmx-config" content='{"includeIndicatorStyles": false}'>""" in html
    assert html.index('name="htmx-config"') < html.index("htmx")  # read before htmx starts
    assert '<script src="/static/js/viadal.js" defer></script>' in html


@pytest.mark.django_db
def test_every_page_sends_a_permissions_policy(client):
    policy = client.get("/")["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in policy


@pytest.mark.django_db
def test_the_language_switcher_sets_a_lax_httponly_cookie(client, settings):
    settings.LANGUAGE_COOKIE_SECURE = True  # as the production settings have it
    response = client.post("/i18n/setlang/", {"language": "hu", "next": "/"})
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "hu"
    assert cookie["samesite"] == "Lax" and cookie["httponly"] is True and cookie["secure"] is True


@pytest.mark.django_db
def test_the_cookie_set_for_a_players_stored_language_is_lax_and_httponly(client, settings):
    """accounts.middleware sets the cookie by hand when a player's stored language differs from it."""
    settings.LANGUAGE_COOKIE_SECURE = True
    player = UserFactory()
    store_language(player, "hu")
    client.force_login(player)
    client.session["accounts.language"] = "hu"
    response = client.get("/")
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "hu"
    assert cookie["samesite"] == "Lax" and cookie["httponly"] is True and cookie["secure"] is True


@pytest.mark.django_db
def test_the_sheet_print_button_needs_no_inline_handler(client):
    team = TeamFactory()
    html = client.get(f"/teams/share/{team.share_token}/sheets/").content.decode()
    assert "data-print" in html and "onclick" not in html
