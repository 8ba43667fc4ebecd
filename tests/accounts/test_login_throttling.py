"""Login throttling (django-axes): 5 failed logins for one username from one address lock that pair out
for 15 minutes, even with the right password; the login page says so in the reader's language."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import override_settings
from django.utils import timezone

from common.client_ip import client_ip
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
LOGIN = "/accounts/login/"


def attempt(client, username: str, password: str, address: str = "203.0.113.7", language: str = "en"):  # type: ignore[no-untyped-def]
    return client.post(
        LOGIN,
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        headers={"Accept-Language": language},
    )


def fail(client, username: str, times: int, address: str = "203.0.113.7") -> None:  # type: ignore[no-untyped-def]
    for _ in range(times):
        attempt(client, username, "not-the-password", address)


def test_five_failed_logins_lock_out_the_right_password_for_fifteen_minutes(client):
    player = UserFactory(username="cassia")
    fail(client, "cassia", 4)
    assert attempt(client, "cassia", "not-the-password").status_code == 429  # the 5th failure locks out

    locked = attempt(client, "cassia", PASSWORD)
    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session
    html = locked.content.decode()
    assert 'id="login-locked-out"' in html
    assert "Too many failed logins for this username from your address" in html
    assert "until 15 minutes have passed without another attempt" in html
    assert 'name="password"' in html and 'value="cassia"' in html  # the form again, the username kept

    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))  # the cool-off passes
    response = attempt(client, "cassia", PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(player.pk)


def test_four_failures_then_the_right_password_logs_in_and_starts_the_count_again(client):
    UserFactory(username="cassia")
    fail(client, "cassia", 4)
    assert attempt(client, "cassia", PASSWORD).status_code == 302
    client.logout()
    fail(client, "cassia", 4)
    assert attempt(client, "cassia", PASSWORD).status_code == 302  # reset on success: 4 more allowed


def test_the_lockout_is_per_username_and_address(client):
    UserFactory(username="cassia")
    UserFactory(username="balint")
    fail(client, "cassia", 5, address="203.0.113.7")

    assert attempt(client, "cassia", PASSWORD, address="203.0.113.7").status_code == 429
    assert attempt(client, "balint", PASSWORD, address="203.0.113.7").status_code == 302  # another player
    client.logout()
    assert attempt(client, "cassia", PASSWORD, address="198.51.100.4").status_code == 302  # another address


def test_the_lockout_page_reads_hungarian(client):
    UserFactory(username="cassia")
    fail(client, "cassia", 5)
    html = attempt(client, "cassia", PASSWORD, language="hu").content.decode()
    assert "Túl sok sikertelen bejelentkezés ezzel a felhasználónévvel a címedről" in html
    assert "amíg el nem telik 15 perc újabb próbálkozás nélkül" in html


def test_a_wrong_password_below_the_limit_shows_the_usual_form_error(client):
    UserFactory(username="cassia")
    response = attempt(client, "cassia", "not-the-password")
    assert response.status_code == 200
    assert "login-locked-out" not in response.content.decode()


def test_force_login_and_the_test_clients_login_still_work(client):
    player = UserFactory()
    client.force_login(player)
    assert client.get("/teams/").status_code == 200
    client.logout()
    assert client.login(username=player.username, password=PASSWORD)
    assert client.get("/teams/").status_code == 200
    assert not client.login(username=player.username, password="not-the-password")


def test_production_throttles_every_login_the_test_settings_throttle_those_through_a_page(settings):
    """Only the test settings let a login without a request through (for client.login); production's first
    backend is axes' own, which refuses one."""
    from viadal_site.settings import base

    assert base.AUTHENTICATION_BACKENDS == [
        "axes.backends.AxesStandaloneBackend",
        "accounts.backends.ModelBackend",
    ]
    assert settings.AUTHENTICATION_BACKENDS[0] == "tests.axes_backend.TestClientAxesBackend"


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "198.51.100.1", "10.0.0.2"),  # no proxy trusted: a client's X-Forwarded-For means nothing
        (1, "198.51.100.1", "198.51.100.1"),
        (1, "6.6.6.6, 198.51.100.1", "198.51.100.1"),  # the left one was written by the client
        (2, "6.6.6.6, 198.51.100.1, 10.0.0.9", "198.51.100.1"),
        (2, "198.51.100.1", "10.0.0.2"),  # fewer hops than proxies: not through them all
    ],
)
def test_the_client_address_trusts_only_the_configured_proxies(rf, proxies, forwarded, expected):
    request = rf.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=forwarded)
    with override_settings(TRUSTED_PROXY_COUNT=proxies):
        assert client_ip(request) == expected


@override_settings(LOGIN_ADDRESS_FAILURE_LIMIT=12)
def test_one_address_trying_many_usernames_is_locked_out_for_all_of_them__issue_28(client):
    """Four failures on each of three usernames stay under the per-username limit (5), but the
    address has failed 12 times: every login from it is refused, the right password included."""
    UserFactory(username="cassia")
    for name in ("aurelia", "balint", "decimus"):
        UserFactory(username=name)
        fail(client, name, 4)
    locked = attempt(client, "cassia", PASSWORD)
    assert locked.status_code == 429 and "_auth_user_id" not in client.session
    assert "Too many failed logins from your address, whatever the username" in locked.content.decode()
    hungarian = attempt(client, "cassia", PASSWORD, language="hu").content.decode()
    assert "a címedről, bármelyik felhasználónévvel" in hungarian
    assert attempt(client, "cassia", PASSWORD, address="198.51.100.9").status_code == 302  # another address
    client.logout()
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))  # the cool-off passes
    assert attempt(client, "cassia", PASSWORD).status_code == 302


@override_settings(LOGIN_ADDRESS_FAILURE_LIMIT=12)
def test_failures_under_the_address_limit_lock_nobody_else_out(client):
    UserFactory(username="cassia")
    for name in ("aurelia", "balint"):
        UserFactory(username=name)
        fail(client, name, 4)
    assert attempt(client, "cassia", PASSWORD).status_code == 302
