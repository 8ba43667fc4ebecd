"""The project's JSONField (common/fields.py): an empty list or object read without the decoder,
the same values as Django's field reads, and no migration to switch to it."""

from __future__ import annotations

import pytest
from django.db import models

from common.fields import JSONField
from teams.models import Character, Team
from tests.factories import TeamFactory

pytestmark = pytest.mark.django_db


def test_empty_and_full_values_read_as_djangos_field_reads_them():
    ours, django = JSONField(), models.JSONField()
    for text in ["[]", "{}", '["a", 1]', '{"bolts": 12}', "null", "3", '"[]"', " [] "]:
        assert ours.from_db_value(text, None, None) == django.from_db_value(text, None, None), text
    assert ours.from_db_value(None, None, None) is None


def test_each_empty_value_read_is_a_new_list_or_dict():
    field = JSONField()
    first, second = field.from_db_value("[]", None, None), field.from_db_value("[]", None, None)
    first.append("sabre")
    assert second == [] and first is not second
    assert field.from_db_value("{}", None, None) is not field.from_db_value("{}", None, None)


def test_a_field_with_its_own_decoder_reads_everything_through_it():
    import json

    class Marked(json.JSONDecoder):
        def decode(self, s, *args, **kwargs):  # type: ignore[no-untyped-def, override]
            return ["decoded", super().decode(s, *args, **kwargs)]

    assert JSONField(decoder=Marked).from_db_value("[]", None, None) == ["decoded", []]


def test_migrations_see_djangos_field():
    assert JSONField().deconstruct()[1] == "django.db.models.JSONField"
    assert isinstance(Character._meta.get_field("fixed_discs"), JSONField)
    assert isinstance(Team._meta.get_field("options"), JSONField)


def test_a_team_read_back_keeps_its_empty_and_full_values():
    team = TeamFactory(options=[])
    character = team.characters.get(slot="crossbowman")
    character.fixed_discs, character.kit = [], {}
    character.save()
    again = Character.objects.get(pk=character.pk)
    assert (again.fixed_discs, again.kit, again.ammunition) == ([], {}, character.ammunition)
    assert Team.objects.get(pk=team.pk).options == []
