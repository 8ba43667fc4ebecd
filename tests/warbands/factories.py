"""Warbands for the tests, stored as the builder stores them."""

from __future__ import annotations

from dataclasses import replace

import factory

from tests.factories import UserFactory
from warbands.convert import stored_fields
from warbands.models import Warband
from warbands.rules.army_list import sample_warband


def sample_fields(name: str = "Sample warband") -> dict:
    """WB-5's sample (L 200: Wizard with a Raven, Knight, two Warriors, Archer; T = 200)."""
    return stored_fields(replace(sample_warband("en"), name=name))


class WarbandFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Warband

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Warband {n}")
    points = 200
    figures = factory.LazyFunction(lambda: sample_fields()["figures"])
    pools = factory.LazyFunction(list)
    illusions = factory.LazyFunction(list)
