"""The demo data gives each demo player his own base team, once however often it is loaded."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from arena.engine.roster.point_rules import roster_costs, validate_roster
from teams.models import Team
from teams.selectors import team_to_roster
from teams.services import team_update

pytestmark = pytest.mark.django_db


def test_each_demo_player_owns_one_valid_base_team_after_any_number_of_loads(capsys):
    call_command("load_demo")
    first = Team.objects.get(owner__username="aurelia")
    team_update(team=first, changes={"notes": "edited during the demo"})
    call_command("load_demo")

    teams = Team.objects.order_by("owner__username")
    assert [(t.owner.username, t.name) for t in teams] == [
        ("aurelia", "Aurelia's base team"),
        ("balint", "Bálint's base team"),
    ]
    aurelia = teams[0]
    # A player's changes to his demo team survive the next start of the app.
    assert (aurelia.pk, aurelia.share_token, aurelia.notes) == (first.pk, first.share_token, "edited during the demo")
    for team in teams:
        assert validate_roster(team_to_roster(team)) == ()
        assert roster_costs(team_to_roster(team)).total == 200
    output = capsys.readouterr().out
    assert "aurelia    / viadal-demo   (player, owns Aurelia's base team)" in output
    assert "organiser  / viadal-demo   (league organiser)" in output


def test_load_demo_refuses_the_production_settings(settings, capsys):
    """The demo logins' password is published and one of them is staff: never on a production site unless
    asked for by name."""
    from django.contrib.auth import get_user_model
    from django.core.management.base import CommandError

    settings.IS_PRODUCTION = True
    with pytest.raises(CommandError, match="Refusing to load the demo data under the production settings"):
        call_command("load_demo")
    assert not get_user_model().objects.exists()

    call_command("load_demo", "--allow-production")
    assert get_user_model().objects.filter(username="organiser", is_staff=True).exists()
