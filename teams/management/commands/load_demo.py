"""Load the demo data: demo users, each player's base team, and a league with one confirmed result.

Safe to run again: missing demo rows are created, nothing is duplicated, and what a player changed in a
demo team is kept (`make run` loads the demo data on every start).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from arena.engine.content.points import DEFAULT_TIER
from arena.engine.roster import base_roster
from campaigns.demo import DEMO_LEAGUE, demo_league_load
from teams.models import Team
from teams.services import team_create_from_roster


@dataclass(frozen=True)
class DemoUser:
    username: str
    password: str
    role: str
    is_staff: bool = False
    team_name: str | None = None


DEMO_USERS = (
    DemoUser("aurelia", "viadal-demo", "player", team_name="Aurelia's base team"),
    DemoUser("balint", "viadal-demo", "player", team_name="Bálint's base team"),
    DemoUser("organiser", "viadal-demo", "league organiser", is_staff=True),
)


class Command(BaseCommand):
    help = "Create the demo users and their teams where missing, and print their logins."

    @transaction.atomic
    def handle(self, *args: object, **options: object) -> None:
        user_model = get_user_model()
        for demo in DEMO_USERS:
            user, _ = user_model.objects.get_or_create(username=demo.username)
            user.is_staff = demo.is_staff
            user.set_password(demo.password)
            user.save()
            if demo.team_name is not None:
                if not Team.objects.filter(owner=user, name=demo.team_name).exists():
                    roster = base_roster(name=demo.team_name, tier=DEFAULT_TIER)
                    team_create_from_roster(owner=user, roster=roster)
        players = [(demo.username, demo.team_name) for demo in DEMO_USERS if demo.team_name is not None]
        organiser = next(demo.username for demo in DEMO_USERS if demo.role == "league organiser")
        if demo_league_load(organiser_name=organiser, players=players) is not None:
            self.stdout.write(f"Created the demo league {DEMO_LEAGUE}: both teams entered, one result confirmed.")
        self.stdout.write("Demo logins (username / password):")
        for demo in DEMO_USERS:
            team = f", owns {demo.team_name}" if demo.team_name else ""
            self.stdout.write(f"  {demo.username:<10} / {demo.password}   ({demo.role}{team})")
