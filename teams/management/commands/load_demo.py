"""Load the demo data: demo users (and, as the apps grow, their teams, a league and a match).

Safe to run again: existing demo rows are brought back to their demo state, nothing is duplicated.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction


@dataclass(frozen=True)
class DemoUser:
    username: str
    password: str
    role: str
    is_staff: bool = False


DEMO_USERS = (
    DemoUser("aurelia", "viadal-demo", "player"),
    DemoUser("balint", "viadal-demo", "player"),
    DemoUser("organiser", "viadal-demo", "league organiser", is_staff=True),
)


class Command(BaseCommand):
    help = "Create or refresh the demo users and print their logins."

    @transaction.atomic
    def handle(self, *args: object, **options: object) -> None:
        user_model = get_user_model()
        for demo in DEMO_USERS:
            user, _ = user_model.objects.get_or_create(username=demo.username)
            user.is_staff = demo.is_staff
            user.set_password(demo.password)
            user.save()
        self.stdout.write("Demo logins (username / password):")
        for demo in DEMO_USERS:
            self.stdout.write(f"  {demo.username:<10} / {demo.password}   ({demo.role})")
