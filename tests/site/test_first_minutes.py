"""The first minutes of a new visitor: the home page says what to do first (the demo logins while the
demo data is loaded, else sign up), the site has an icon, the README and `make run` say what a new
operator needs, and the fixture form's date reads right for any round."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from campaigns.forms import GenerateFixturesForm
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def test_a_visitor_is_told_to_sign_up_when_there_is_no_demo(client):
    html = client.get(reverse("home")).content.decode()
    assert 'id="first-steps"' in html and 'id="demo-logins"' not in html
    actions = html.split('id="home-actions"')[1].split("</div>")[0]
    assert actions.index(reverse("signup")) < actions.index(reverse("login"))  # sign up comes first


def test_a_visitor_is_offered_the_demo_logins_when_the_demo_is_loaded(client):
    call_command("load_demo", stdout=io.StringIO())
    html = client.get(reverse("home")).content.decode()
    logins = html.split('id="demo-logins"')[1].split("</section>")[0]
    for name in ("aurelia", "balint", "organiser"):
        assert f"<strong>{name}</strong>" in logins
    assert "<code>viadal-demo</code>" in logins and "Log in with a demo account" in html


def test_a_logged_in_player_gets_his_own_links_not_the_first_steps(client):
    client.force_login(UserFactory())
    html = client.get(reverse("home")).content.decode()
    assert 'id="first-steps"' not in html and reverse("inbox") in html


def test_the_home_page_speaks_hungarian(client):
    call_command("load_demo", stdout=io.StringIO())
    client.cookies["django_language"] = "hu"
    html = client.get(reverse("home")).content.decode()
    assert "Hol kezdd" in html and "Bejelentkezés demófiókkal" in html


def test_the_site_has_an_icon(client):
    html = client.get(reverse("home")).content.decode()
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in html
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/favicon.svg"
    assert (ROOT / "static" / "favicon.svg").read_text().startswith("<svg")


def test_the_readme_says_which_csv_uses_semicolons_and_how_to_choose_the_port():
    readme = (ROOT / "README.md").read_text()
    assert "the Hungarian file semicolon-separated" in readme and "the English one comma-separated" in readme
    assert "make run PORT=8080" in readme


def test_make_run_keeps_the_migration_log_out_of_the_way():
    makefile = (ROOT / "Makefile").read_text()
    assert "migrate --noinput --verbosity 0" in makefile and "compilemessages --ignore=.venv --verbosity 0" in makefile
    assert "make run PORT=8080" in makefile


def test_the_fixture_forms_date_names_the_round_drawn_now():
    assert str(GenerateFixturesForm().fields["start"].label) == "Date of the round drawn now"
