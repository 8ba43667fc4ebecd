"""Issue #7: the reader's language. The browser's preference by default, Hungarian when it asks for
neither, the switcher in the header, and a logged-in player's choice remembered across logins."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

from accounts.language import SESSION_KEY
from accounts.models import Preferences
from tests.factories import PASSWORD, UserFactory
from viadal_site.settings import base

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def nav_language(client: Client, path: str = "/") -> str:
    """The language the page is in, by its <html lang> and its navbar."""
    html = client.get(path).content.decode()
    if '<html lang="hu">' in html:
        assert "Csapatok" in html and "Ligák" in html and "Arénatábla" in html
        return "hu"
    assert '<html lang="en">' in html and "Teams" in html and "Leagues" in html
    return "en"


def test_settings_offer_hungarian_and_english_and_fall_back_to_hungarian():
    assert base.LANGUAGES == [("hu", "Magyar"), ("en", "English")]
    assert base.LANGUAGE_CODE == "hu"
    assert base.LOCALE_PATHS == [base.BASE_DIR / "locale"]
    middleware = base.MIDDLEWARE
    locale = middleware.index("django.middleware.locale.LocaleMiddleware")
    assert middleware.index("django.contrib.sessions.middleware.SessionMiddleware") < locale
    assert locale < middleware.index("django.middleware.common.CommonMiddleware")
    user = middleware.index("accounts.middleware.UserLanguageMiddleware")
    assert middleware.index("django.contrib.auth.middleware.AuthenticationMiddleware") < user


@pytest.mark.parametrize(
    ("accept_language", "expected"),
    [
        ("hu-HU,hu;q=0.9", "hu"),
        ("en-US,en;q=0.9", "en"),
        ("en-GB,hu;q=0.5", "en"),
        ("de-DE,de;q=0.9", "hu"),
        (None, "hu"),
    ],
)
def test_the_browser_decides_and_hungarian_is_the_fallback(accept_language, expected):
    headers = {"HTTP_ACCEPT_LANGUAGE": accept_language} if accept_language else {}
    with override_settings(LANGUAGE_CODE=base.LANGUAGE_CODE):  # the production fallback
        assert nav_language(Client(**headers)) == expected


def test_every_page_has_the_switcher_posting_to_set_language(en_client):
    html = en_client.get("/arena/board/?hex=1").content.decode()
    assert reverse("set_language") == "/i18n/setlang/"
    assert 'id="language-switcher"' in html and 'action="/i18n/setlang/"' in html
    assert 'name="language" value="hu" lang="hu"' in html and ">Magyar</button>" in html
    assert 'name="language" value="en" lang="en"' in html and ">English</button>" in html
    assert '<input type="hidden" name="next" value="/arena/board/?hex=1">' in html


def test_an_anonymous_reader_switches_by_cookie(en_client):
    assert nav_language(en_client) == "en"
    response = en_client.post(reverse("set_language"), {"language": "hu", "next": "/arena/board/"})
    assert response.status_code == 302 and response["Location"] == "/arena/board/"
    assert response.cookies[COOKIE].value == "hu"
    assert nav_language(en_client) == "hu"
    assert nav_language(en_client, "/arena/board/") == "hu"
    assert not Preferences.objects.exists()

    en_client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert nav_language(en_client) == "en"


def test_an_unknown_language_changes_nothing(en_client):
    response = en_client.post(reverse("set_language"), {"language": "de", "next": "/"})
    assert response.status_code == 302 and COOKIE not in response.cookies
    assert nav_language(en_client) == "en"


def log_in(client: Client, username: str) -> None:
    response = client.post(reverse("login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302, response.content.decode()


def test_a_logged_in_players_choice_is_stored_and_restored_at_his_next_login():
    user = UserFactory(username="cassia")
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    log_in(browser, "cassia")
    assert nav_language(browser) == "en"

    browser.post(reverse("set_language"), {"language": "hu", "next": "/teams/"})
    assert Preferences.objects.get(user=user).language == "hu"
    assert browser.session[SESSION_KEY] == "hu"
    assert nav_language(browser, "/teams/") == "hu"
    browser.post(reverse("logout"))

    # Another browser that asks for English, without the cookie: his stored choice wins once he logs in.
    elsewhere = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert nav_language(elsewhere) == "en"
    log_in(elsewhere, "cassia")
    response = elsewhere.get("/")
    assert '<html lang="hu">' in response.content.decode()
    assert response.cookies[COOKIE].value == "hu"  # and stays after he logs out
    elsewhere.post(reverse("logout"))
    assert nav_language(elsewhere) == "hu"


def test_a_player_who_never_chose_reads_his_browsers_language():
    UserFactory(username="cassia")
    browser = Client(HTTP_ACCEPT_LANGUAGE="hu")
    log_in(browser, "cassia")
    assert nav_language(browser) == "hu"
    assert browser.session[SESSION_KEY] == ""
    assert not Preferences.objects.exists()


def test_signing_up_remembers_the_language_of_the_sign_up(hu_client):
    response = hu_client.post(
        reverse("signup"),
        {"username": "aurelia", "password1": "gate-runner-4417", "password2": "gate-runner-4417"},
        follow=True,
    )
    assert Preferences.objects.get(user__username="aurelia").language == "hu"
    html = response.content.decode()
    assert "Üdv, aurelia! Kezdd az alapcsapattal." in html
    assert "Csapataid" in html


def test_switching_back_and_forth_keeps_one_preferences_row(client):
    user = UserFactory()
    client.force_login(user)
    for language in ("hu", "en", "hu"):
        client.post(reverse("set_language"), {"language": language, "next": "/"})
    assert list(Preferences.objects.values_list("user", "language")) == [(user.pk, "hu")]


def test_the_stored_language_costs_no_query_per_page(client, django_assert_num_queries):
    user = UserFactory()
    Preferences.objects.create(user=user, language="hu")
    client.force_login(user)  # the login hook reads it once, into the session
    # the session and the user, as before languages; and the header's "waiting on you" count (two)
    with django_assert_num_queries(4):
        html = client.get("/").content.decode()
    assert '<html lang="hu">' in html
