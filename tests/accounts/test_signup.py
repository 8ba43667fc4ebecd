"""The accounts app: signing up (at /accounts/signup/, URL name `signup`), and the navbar links to it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_sign_up_creates_the_account_and_logs_in(client):
    response = client.post(
        reverse("signup"),
        {"username": "cassia", "password1": "gate-runner-4417", "password2": "gate-runner-4417"},
    )

    assert response["Location"] == reverse("teams:list")
    user = get_user_model().objects.get(username="cassia")
    assert user.check_password("gate-runner-4417")
    assert client.get(reverse("teams:list")).context["user"] == user


def test_sign_up_rerenders_a_mismatch_with_status_200(client):
    response = client.post(
        reverse("signup"), {"username": "cassia", "password1": "gate-runner-4417", "password2": "other"}
    )
    assert response.status_code == 200
    assert "The two password fields didn’t match." in response.content.decode()
    assert not get_user_model().objects.filter(username="cassia").exists()


def test_the_navbar_links_teams_sign_up_and_log_in(client):
    html = client.get(reverse("home")).content.decode()
    for url in (reverse("teams:list"), reverse("signup"), reverse("login"), reverse("arena:board")):
        assert f'href="{url}"' in html


def test_sign_up_does_not_tell_which_usernames_exist__issue_28(client):
    """A probe with a bad password learns nothing about the username; with a good one, a taken name
    is refused without saying that it exists."""
    get_user_model().objects.create_user("cassia", password="x-gate-runner-4417")
    probes = [
        {"username": name, "password1": "gate-runner-4417", "password2": "other"} for name in ("cassia", "nobody")
    ]
    for probe in probes:
        page = client.post(reverse("signup"), probe).content.decode()
        assert "didn’t match" in page and "exists" not in page and "cannot be used" not in page
    taken = client.post(
        reverse("signup"), {"username": "Cassia", "password1": "gate-runner-4417", "password2": "gate-runner-4417"}
    ).content.decode()
    assert "This username cannot be used. Choose another." in taken and "exists" not in taken
    assert get_user_model().objects.filter(username__iexact="cassia").count() == 1


def test_sign_up_posts_are_limited_per_address(client, settings):
    from django.core.cache import caches

    caches[settings.THROTTLE_CACHE].clear()
    settings.SIGNUP_LIMIT = 2
    for number in range(2):
        client.post(reverse("signup"), {"username": f"probe{number}", "password1": "x", "password2": "y"})
    refused = client.post(
        reverse("signup"), {"username": "fresh", "password1": "gate-runner-4417", "password2": "gate-runner-4417"}
    )
    assert refused.status_code == 429 and 'id="signup-limited"' in refused.content.decode()
    assert not get_user_model().objects.filter(username="fresh").exists()
    caches[settings.THROTTLE_CACHE].clear()
