"""Team services: creating, copying, editing, marking ready, deleting."""

from __future__ import annotations

import pytest

from arena.engine.content.profiles import GLADIATOR, LAEVA, MEMBER_SLOTS
from arena.engine.roster import base_roster
from arena.engine.roster.point_rules import roster_costs, validate_roster
from teams.models import Character, Team
from teams.selectors import team_to_roster
from teams.services import (
    TeamInvalidError,
    team_copy,
    team_create_from_base,
    team_delete,
    team_mark_draft,
    team_mark_ready,
    team_update,
)
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_create_from_base_is_the_valid_200_point_base_team():
    owner = UserFactory()
    team = team_create_from_base(owner=owner, name="Iron Wolves", tier="standard")

    roster = team_to_roster(team)
    assert team.status == Team.Status.READY  # valid, so ready from the start (issue 16)
    assert [c.slot for c in team.characters.order_by("pk")] == list(MEMBER_SLOTS)
    assert roster.members == base_roster().members
    assert validate_roster(roster) == ()
    assert roster_costs(roster).total == 200


def test_copy_belongs_to_the_new_owner_with_the_same_members_and_its_own_share_link():
    team = TeamFactory(name="Iron Wolves", notes="Plays the gates.")
    team_mark_ready(team=team)
    other = UserFactory()

    copy = team_copy(team=team, owner=other)

    assert (copy.owner, copy.name, copy.notes, copy.status) == (
        other,
        "Copy of Iron Wolves",
        "Plays the gates.",
        "draft",
    )
    assert copy.share_token != team.share_token
    assert team_to_roster(copy).members == team_to_roster(team).members
    assert Character.objects.filter(team=team).count() == 6


def test_delete_removes_the_team_and_its_characters():
    team = TeamFactory()
    team_delete(team=team)
    assert (Team.objects.count(), Character.objects.count()) == (0, 0)


def test_mark_ready_refuses_a_broken_team_with_its_problems_and_leaves_it_a_draft():
    team = TeamFactory()
    team_update(team=team, member_changes={GLADIATOR: {"ep": 21}})

    with pytest.raises(TeamInvalidError) as refused:
        team_mark_ready(team=team)

    assert [p.code for p in refused.value.problems] == ["TB-02"]
    assert refused.value.problems[0].message == (
        "Team value is 201 points but the Standard budget is 200. Remove 1 points."
    )
    team.refresh_from_db()
    assert team.status == Team.Status.DRAFT


def test_mark_ready_then_draft():
    team = TeamFactory()
    team_mark_ready(team=team)
    assert Team.objects.get().status == Team.Status.READY
    team_mark_draft(team=team)
    assert Team.objects.get().status == Team.Status.DRAFT


def test_update_saves_a_broken_team_as_a_draft_and_reports_its_problems():
    team = TeamFactory()
    edit = team_update(team=team, changes={"name": "Iron Wolves"}, member_changes={LAEVA: {"skills": ["running"]}})

    assert not edit.back_to_draft
    assert [(p.code, p.path) for p in edit.problems] == [("TB-07", "members.laeva.skills")]
    assert Team.objects.get().name == "Iron Wolves"
    assert Character.objects.get(slot=LAEVA).skills == ["running"]


def test_an_edit_that_breaks_a_ready_team_makes_it_a_draft_again():
    team = TeamFactory()
    team_mark_ready(team=team)

    edit = team_update(team=team, member_changes={GLADIATOR: {"ep": 21}})

    assert edit.back_to_draft
    assert Team.objects.get().status == Team.Status.DRAFT


def test_an_edit_that_keeps_a_ready_team_valid_keeps_it_ready():
    team = TeamFactory()
    team_mark_ready(team=team)

    edit = team_update(team=team, member_changes={GLADIATOR: {"name": "Quintus"}})

    assert (edit.problems, edit.back_to_draft) == ((), False)
    assert Team.objects.get().status == Team.Status.READY


def test_changing_the_gladiator_type_puts_the_values_tied_to_it_at_the_new_base():
    team = TeamFactory()
    team_update(team=team, member_changes={GLADIATOR: {"gladiator_type": "heavy", "te": 15}})

    gladiator = Character.objects.get(slot=GLADIATOR)
    # Nehézvértes (HR-3.3): TÉ 13, VÉ 2, Mozgás 4, SFÉ 3, STP 6; Ép and Eg are not tied to the type.
    assert (gladiator.te, gladiator.ve, gladiator.mov, gladiator.sfe, gladiator.stp) == (13, 2, 4, 3, 6)
    assert (gladiator.ep, gladiator.eg) == (20, 5)


def test_update_refuses_fields_that_are_not_editable():
    team = TeamFactory()
    with pytest.raises(ValueError, match="not editable: owner"):
        team_update(team=team, changes={"owner": UserFactory()})
    with pytest.raises(ValueError, match="not editable: slot"):
        team_update(team=team, member_changes={LAEVA: {"slot": GLADIATOR}})
