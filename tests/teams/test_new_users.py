"""What a new player meets in the team builder (issue 16): a shared team copied into his list, an
import numbered when its name is taken, a new base team ready at once, a fixed team offered to be
ready again in the same notice, the amulets' price explained, tiers named in the reader's language."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.engine.roster import base_roster
from arena.engine.roster.teamfile import dumps
from teams.models import Team
from teams.services import team_create_from_base, team_import, unused_team_name
from tests.factories import TeamFactory, UserFactory
from tests.teams.helpers import team_post_data

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def share_url(team: Team) -> str:
    return reverse("teams:share", args=[team.share_token])


def test_a_logged_in_reader_copies_a_shared_team_into_his_list(client):
    shared = TeamFactory(name="Iron Wolves", notes="Shield wall")
    reader = UserFactory()
    client.force_login(reader)
    html = client.get(share_url(shared)).content.decode()
    assert reverse("teams:copy-shared", args=[shared.share_token]) in html
    response = client.post(reverse("teams:copy-shared", args=[shared.share_token]))
    copy = Team.objects.get(owner=reader)
    assert response["Location"] == reverse("teams:edit", args=[copy.pk])
    assert (copy.name, copy.notes, copy.status, copy.characters.count()) == (
        "Copy of Iron Wolves",
        "Shield wall",
        Team.Status.DRAFT,
        6,
    )
    assert copy.share_token != shared.share_token and Team.objects.filter(owner=shared.owner).count() == 1
    client.post(reverse("teams:copy-shared", args=[shared.share_token]))
    assert sorted(Team.objects.filter(owner=reader).values_list("name", flat=True)) == [
        "Copy of Iron Wolves",
        "Copy of Iron Wolves (2)",
    ]


def test_a_visitor_is_asked_to_log_in_and_the_owner_is_not_offered_a_copy(client):
    shared = TeamFactory()
    html = client.get(share_url(shared)).content.decode()
    assert 'id="copy-shared-login"' in html and 'id="copy-shared"' not in html
    response = client.post(reverse("teams:copy-shared", args=[shared.share_token]))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert Team.objects.count() == 1
    client.force_login(shared.owner)
    assert 'id="copy-shared"' not in client.get(share_url(shared)).content.decode()


def test_copying_needs_a_post_and_a_real_share_link(client):
    client.force_login(UserFactory())
    shared = TeamFactory()
    assert client.get(reverse("teams:copy-shared", args=[shared.share_token])).status_code == 405
    assert client.post(reverse("teams:copy-shared", args=["00000000-0000-0000-0000-000000000000"])).status_code == 404


def test_an_import_whose_name_is_taken_is_numbered():
    owner = UserFactory()
    text = dumps(base_roster(name="Iron Wolves"))
    names = [team_import(owner=owner, text=text).name for _ in range(3)]
    assert names == ["Iron Wolves", "Iron Wolves (2)", "Iron Wolves (3)"]
    assert team_import(owner=owner, text=dumps(base_roster(name="Iron Wolves (2)"))).name == "Iron Wolves (4)"
    assert team_import(owner=UserFactory(), text=text).name == "Iron Wolves"  # another player's list


def test_a_numbered_name_stays_within_the_names_length():
    owner = UserFactory()
    long = "W" * 80
    TeamFactory(owner=owner, name=long)
    numbered = unused_team_name(owner=owner, name=long)
    assert numbered == "W" * 76 + " (2)" and len(numbered) == 80


def test_a_new_base_team_starts_ready_and_says_so(client):
    client.force_login(UserFactory())
    response = client.post(reverse("teams:create"), {"name": "Iron Wolves", "tier": "standard"}, follow=True)
    assert Team.objects.get().status == Team.Status.READY
    assert "which keeps every rule: it is ready to play" in response.content.decode()


def test_a_team_fixed_back_to_valid_is_offered_ready_in_the_same_notice(client):
    owner = UserFactory()
    client.force_login(owner)
    team = team_create_from_base(owner=owner, name="Iron Wolves", tier="standard")
    edit = reverse("teams:edit", args=[team.pk])
    broken = client.post(edit, team_post_data(team, **{"gladiator-ep": 21}), headers=HTMX).content.decode()
    assert 'id="back-to-draft"' in broken and 'id="ready-offer"' not in broken
    fixed = client.post(edit, team_post_data(team, **{"gladiator-ep": 20}), headers=HTMX).content.decode()
    notice = fixed.split('id="ready-offer"')[1].split("</div>")[0]
    assert "Saved. The team keeps every rule now: mark it ready to play." in notice
    assert reverse("teams:mark-ready", args=[team.pk]) in notice
    assert Team.objects.get(pk=team.pk).status == Team.Status.DRAFT  # offered, not done for him
    without_htmx = client.post(edit, team_post_data(team, **{"gladiator-ep": 20}), follow=True).content.decode()
    assert "Saved. Iron Wolves keeps every rule: mark it ready to play." in without_htmx


def test_the_points_panel_says_what_the_amulets_cost(client):
    owner = UserFactory()
    client.force_login(owner)
    team = team_create_from_base(owner=owner, name="Iron Wolves", tier="standard")
    html = client.get(reverse("teams:edit", args=[team.pk])).content.decode()
    row = html.split('id="points-amulets"')[1].split("</tr>")[0]
    carried = team.characters.exclude(amulet=None).exclude(amulet="").count()
    assert carried == 3
    assert "3 carried: the first 3, one of each type, are free; a duplicate type among them +1, a 4th amulet +4" in row
    assert row.rstrip().endswith('<td class="text-end">0</td><td></td><td></td>')
    client.cookies["django_language"] = "hu"
    hungarian = client.get(reverse("teams:detail", args=[team.pk])).content.decode()
    assert "3 van a tagoknál" in hungarian


def test_tiers_read_in_the_readers_language_only(client):
    client.force_login(UserFactory())
    english = client.get(reverse("teams:create")).content.decode()
    assert "Rookie · 200 points" in english and "Újonc" not in english
    client.cookies["django_language"] = "hu"
    hungarian = client.get(reverse("teams:create")).content.decode()
    assert "Újonc · 200 pont" in hungarian and "Rookie" not in hungarian


def test_the_sheet_says_what_the_team_page_says(client):
    owner = UserFactory()
    client.force_login(owner)
    team = team_create_from_base(owner=owner, name="Iron Wolves", tier="standard")
    page = client.get(reverse("teams:detail", args=[team.pk])).content.decode()
    sheets = client.get(reverse("sheets:html", args=[team.pk])).content.decode()
    assert "metal armour (mail)" in page and "metal armour (mail)" in sheets  # one name for one armour
    assert "TÉ 14" in page and "base 14, +4 with the starting grip" in sheets  # what the sheet's 18 holds
    assert "quicchures" not in sheets and "magitor" not in sheets
    assert "DAGGER-THROWER (deasta)" in sheets and "Dagger-thrower (deasta)" in page  # the pair told apart alike
