"""Issue 11: every number the builder takes is bounded by the rules (``teams.team_bounds``).

A number beyond its bound is refused beside its field, in the reader's language, with a 200 and
nothing saved, and the page keeps what the player typed; the model's validators and the database's
CHECK constraints hold the same bounds, and never refuse what the form takes.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from arena.engine.content.common import Stat
from arena.engine.content.points import stat_rules
from arena.engine.content.profiles import GLADIATOR, LAEVA, MEMBER_SLOTS
from arena.engine.content.weapons import GLADIATOR_TYPES, PILE_ITEMS
from arena.engine.roster import base_roster
from teams.member_forms import MemberForm
from teams.models import Character, Team
from teams.services import member_fields
from teams.team_bounds import PILE_ITEMS_MAX, PILE_POINTS_MAX, SLOT_STAT_BOUNDS, pile_copies_max
from tests.factories import TeamFactory, UserFactory
from tests.teams.helpers import team_post_data

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
HUGE = 10**9


@pytest.fixture
def team(client):
    owner = UserFactory()
    client.force_login(owner)
    return TeamFactory(owner=owner, name="Iron Wolves")


def edit(client, team: Team, **changes: object):  # type: ignore[no-untyped-def]
    return client.post(reverse("teams:edit", args=[team.pk]), team_post_data(team, **changes), headers=HTMX)


def field_errors(response, slot: str, name: str) -> list[str]:  # type: ignore[no-untyped-def]
    form = next(form for form in response.context["builder"].member_forms if form.prefix == slot)
    return list(form.errors.get(name, []))


def numeric_fields() -> list[str]:
    """Every number a player can post on the builder of the base team, as ``slot-field``."""
    names = []
    for member in base_roster().members:
        form = MemberForm(character=Character(**member_fields(member)), team_options=[])
        for name, field in form.fields.items():
            numeric = field.__class__.__name__ == "IntegerField" or getattr(field, "coerce", None) is int
            if numeric and not field.disabled:
                names.append(f"{member.slot}-{name}")
    return names


# --- the weapon pile ---------------------------------------------------------------------------------


def test_a_weapon_pile_beyond_the_budget_is_refused_with_a_message(client, team):
    response = edit(client, team, **{"gladiator-pile_sabre": 1_000_000, "gladiator-name": "Maximus"})

    assert response.status_code == 200
    message = (
        f"Enter 0–{pile_copies_max('sabre')}: more copies would cost more than a gladiator may "
        "(100 points in the largest budget, TB-03)."
    )
    assert field_errors(response, GLADIATOR, "pile_sabre") == [message]
    html = response.content.decode()
    assert message in html
    assert 'value="Maximus"' in html and 'value="1000000"' in html  # what he typed stays on the page
    gladiator = Character.objects.get(team=team, slot=GLADIATOR)
    assert (gladiator.name, len(gladiator.pile)) == ("Gladiator", 4)  # nothing saved


def test_a_pile_dearer_than_the_largest_budget_in_all_is_refused_beside_each_item(client, team):
    response = edit(client, team, **{"gladiator-pile_sabre": 40, "gladiator-pile_greatsword": 10})

    # 40 sabres and 10 greatswords, with the short sword, shield and halberd it holds: 80 + 30 + 7
    message = (
        "The weapon pile would cost 117 points, more than a gladiator may (100 points in the largest budget, TB-03)."
    )
    assert field_errors(response, GLADIATOR, "pile_sabre") == [message]
    assert field_errors(response, GLADIATOR, "pile_greatsword") == [message]
    assert len(Character.objects.get(team=team, slot=GLADIATOR).pile) == 4


def test_a_pile_within_the_budget_is_still_a_draft_that_may_break_the_pile_rules(client, team):
    response = edit(client, team, **{"gladiator-pile_sabre": 3})

    assert field_errors(response, GLADIATOR, "pile_sabre") == []
    assert Character.objects.get(team=team, slot=GLADIATOR).pile.count("sabre") == 3
    assert {"TB-12", "TB-14"} <= {p.code for p in response.context["report"].problems}


# --- stats and supplies ------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [6, 13, HUGE, -HUGE])
def test_a_stat_beyond_its_range_is_refused_beside_its_field_and_nothing_is_saved(client, team, value):
    response = edit(client, team, **{f"{LAEVA}-te": value})

    assert response.status_code == 200
    assert field_errors(response, LAEVA, "te") == ["Enter a number from 7 to 12 (HR-9.3)."]
    assert Character.objects.get(team=team, slot=LAEVA).te == 9


def test_a_gladiators_stat_range_is_his_types(client, team):
    response = edit(client, team, **{"gladiator-te": 17})  # a Kardművész may have TÉ 17, a Vértes not

    assert field_errors(response, GLADIATOR, "te") == ["Enter a number from 12 to 16 (HR-9.3)."]


@pytest.mark.parametrize(
    ("slot", "name", "message"),
    [
        ("crossbowman", "ammo_bolts", "Enter a number from 8 to 16 (HR-9.5)."),
        ("deasta", "ammo_throwing_daggers", "Enter a number from 6 to 12 (HR-9.5)."),
        ("witch_master", "disc_count", "Enter a number from 5 to 7 (HR-9.5)."),
    ],
)
def test_a_supply_beyond_its_range_is_refused_beside_its_field(client, team, slot, name, message):
    response = edit(client, team, **{f"{slot}-{name}": 99999})

    assert response.status_code == 200
    assert field_errors(response, slot, name) == [message]


def test_the_refusal_reads_in_hungarian(client, team):
    response = client.post(
        reverse("teams:edit", args=[team.pk]),
        team_post_data(team, **{f"{LAEVA}-te": 99999}),
        headers={**HTMX, "Accept-Language": "hu"},
    )

    assert "Adj meg egy számot 7 és 12 között (HR-9.3)." in response.content.decode()


def test_a_skill_posted_twice_is_kept_once(client, team):
    skills = list(Character.objects.get(team=team, slot=LAEVA).skills)

    edit(client, team, **{f"{LAEVA}-skills": [*skills, skills[0], skills[0]]})

    assert Character.objects.get(team=team, slot=LAEVA).skills == skills


@pytest.mark.parametrize("field", numeric_fields())
@pytest.mark.parametrize("value", [HUGE, -HUGE])
def test_a_huge_number_in_any_builder_field_is_a_form_error_not_a_500(client, team, field, value):
    slot, name = field.split("-", 1)

    response = edit(client, team, **{field: value})

    assert response.status_code == 200
    assert field_errors(response, slot, name), f"{field}={value} was taken"
    assert response.context["edit"] is None  # nothing saved


# --- the model and the database agree with the forms ------------------------------------------------


def forms_of_every_kind() -> list[tuple[str, str | None]]:
    return [(GLADIATOR, t) for t in GLADIATOR_TYPES] + [(slot, None) for slot in MEMBER_SLOTS if slot != GLADIATOR]


@pytest.mark.parametrize(("slot", "gladiator_type"), forms_of_every_kind())
def test_the_database_takes_every_number_the_form_takes_and_refuses_one_beyond(slot, gladiator_type):
    """The extremes each form accepts are stored, and one past a place's widest range is refused by
    the database, on SQLite and PostgreSQL alike."""
    character = TeamFactory().characters.get(slot=slot)
    character.gladiator_type = gladiator_type
    character.save()
    form = MemberForm(character=character, team_options=[])
    for stat, rule in stat_rules(slot, gladiator_type).items():
        field = form.fields[stat.value]
        if not field.disabled:
            assert (field.min_value, field.max_value) == (rule.minimum, rule.maximum)
        low, high = SLOT_STAT_BOUNDS[slot][stat]
        assert low <= rule.minimum and rule.maximum <= high
        for value in (rule.minimum, rule.maximum):
            Character.objects.filter(pk=character.pk).update(**{stat.value: value})
        for value in (low - 1, high + 1):
            with pytest.raises(IntegrityError), transaction.atomic():
                Character.objects.filter(pk=character.pk).update(**{stat.value: value})


def test_the_database_refuses_a_stat_a_place_does_not_have():
    strategist = TeamFactory().characters.get(slot="strategist")

    with pytest.raises(IntegrityError), transaction.atomic():
        Character.objects.filter(pk=strategist.pk).update(te=5)
    Character.objects.filter(pk=strategist.pk).update(te=0)  # "–" may be written as 0 (TB-06)


@pytest.mark.parametrize(
    ("slot", "changes"),
    [
        (GLADIATOR, {"pile": ["sabre"] * (PILE_ITEMS_MAX + 1)}),
        ("crossbowman", {"ammunition": {"bolts": 17}}),
        ("deasta", {"ammunition": {"throwing_daggers": 5}}),
        ("witch_master", {"disc_count": 8}),
        ("witch_master", {"fixed_discs": [1] * 8}),
        ("strategist", {"trap_cards_drawn": 6}),
        (GLADIATOR, {"me_token": 4}),
        (GLADIATOR, {"te": 99999}),
    ],
)
def test_the_database_refuses_a_number_beyond_its_bound(slot, changes):
    character = TeamFactory().characters.get(slot=slot)

    with pytest.raises((IntegrityError, DataError)), transaction.atomic():
        Character.objects.filter(pk=character.pk).update(**changes)


def test_the_database_takes_the_largest_pile_the_form_takes():
    gladiator = TeamFactory().characters.get(slot=GLADIATOR)
    pile = [item for item in PILE_ITEMS if pile_copies_max(item) == PILE_ITEMS_MAX][:1] * PILE_ITEMS_MAX

    Character.objects.filter(pk=gladiator.pk).update(pile=pile)

    assert len(Character.objects.get(pk=gladiator.pk).pile) == PILE_ITEMS_MAX
    assert (PILE_POINTS_MAX, PILE_ITEMS_MAX) == (100, 50)  # 40% of 250; the cheapest pile item costs 2 points


def test_model_validation_names_the_bound_too():
    laeva = TeamFactory().characters.get(slot=LAEVA)
    laeva.te = 6  # within every place's widest TÉ (0–17), outside a laeva's (7–12): the constraint says so

    with translation.override("en"), pytest.raises(ValidationError) as refused:
        laeva.full_clean()
    assert "character_te_in_range" in str(refused.value)
    laeva.te = 18
    with pytest.raises(ValidationError) as refused:
        laeva.full_clean()
    assert "te" in refused.value.message_dict


def test_every_stat_has_a_bound_for_every_place():
    for slot in MEMBER_SLOTS:
        assert set(SLOT_STAT_BOUNDS[slot]) == set(stat_rules(slot))
    assert set(Stat) >= set(SLOT_STAT_BOUNDS[GLADIATOR])


def test_the_stats_whose_constraint_lets_them_be_empty_are_the_stats_whose_column_may_be():
    from arena.engine.content.common import Stat
    from teams.constraints import may_be_empty
    from teams.models import Character

    assert {stat for stat in Stat if may_be_empty(stat)} == {
        stat for stat in Stat if Character._meta.get_field(stat.value).null
    }
