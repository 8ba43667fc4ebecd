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
