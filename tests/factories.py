"""factory-boy factories shared by the suite."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model
from factory.django import DjangoModelFactory

from arena.engine.content.points import DEFAULT_TIER
from arena.engine.roster import base_roster
from teams.models import Character, Team
from teams.services import member_fields

PASSWORD = "viadal-test-password"


class UserFactory(DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    password = factory.django.Password(PASSWORD)


class TeamFactory(DjangoModelFactory):
    """A draft holding the base team's six characters; ``members=False`` leaves it empty."""

    class Meta:
        model = Team
        skip_postgeneration_save = True

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Team {n}")
    tier = DEFAULT_TIER

    @factory.post_generation
    def members(team: Team, create: bool, extracted: bool | None, **kwargs: object) -> None:
        if create and extracted is not False:
            Character.objects.bulk_create(Character(team=team, **member_fields(m)) for m in base_roster().members)
