"""Load the demo data: demo users, each player's base team, and a league with one confirmed result.

Safe to run again: missing demo rows are created, nothing is duplicated, and what a player changed in a
demo team is kept (`make run` loads the demo data on every start).

Refused under the production settings: the demo logins' password is published (README), and one of them
is staff. ``--allow-production`` loads them anyway, for a public demo site (docs/decisions.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
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

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--allow-production",
            action="store_true",
            help="Load the demo logins (published password, one of them staff) even under the production settings.",
        )

    def handle(self, *args: object, **options: object) -> None:
        if settings.IS_PRODUCTION and not options["allow_production"]:
            raise CommandError(
                "Refusing to load the demo data under the production settings: it creates logins whose "
                "password is published in the README, one of them staff. Pass --allow-production only "
                "for a public demo site."
            )
        self.load()

    @transaction.atomic
    def load(self) -> None:
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
