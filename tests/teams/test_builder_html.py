"""The builder's fields written in Python (teams/builder_html.py) are the markup crispy-bootstrap5
writes for them: labels, inputs and their attributes, messages, help texts, aria attributes."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field
from django import forms
from django.test.html import parse_html
from django.utils import translation

from teams.builder import TeamBuilder
from teams.builder_html import field_html
from teams.forms import TeamForm
from teams.selectors import team_characters
from teams.services import team_update
from tests.factories import TeamFactory
from tests.teams.helpers import team_post_data

pytestmark = pytest.mark.django_db

# One refusal of every kind the forms give: required, not a number, out of range, unknown choice,
# too long, the weapon pile's total; and a value off its step, refused only by the engine.
BROKEN = {
    "team-name": "",
    "team-tier": "nope",
    "team-notes": "x" * 5001,
    "team-options": ["bad"],
    "gladiator-ep": "lots",
    "gladiator-gladiator_type": "zz",
    "gladiator-pile_sabre": "50",
    "witch_master-me_token": "77",
    "laeva-te": "99999",
    "laeva-skills": ["sneaking", "zzz"],
    "laeva-amulet": "bad",
    "laeva-ammo_throwing_daggers": "7",
    "crossbowman-name": "<b>Bolt & Co</b>",
}


def builders(team: Any) -> dict[str, TeamBuilder]:
    valid = TeamBuilder(team, team_characters(team), team_post_data(team, **{"gladiator-ep": 21}))
    broken = TeamBuilder(team, team_characters(team), team_post_data(team, **BROKEN))
    assert valid.is_valid() and not broken.is_valid()
    return {"unbound": TeamBuilder(team, team_characters(team)), "valid": valid, "broken": broken}


@pytest.mark.parametrize("language", ["en", "hu"])
def test_every_field_is_written_as_crispy_writes_it(language):
    team = TeamFactory(options=["opt_potion"])
    team_update(team=team, member_changes={"witch_master": {"me_token": 2}, "laeva": {"skills": ["sneaking"]}})
    with translation.override(language):
        for state, builder in builders(team).items():
            for form in builder.forms:
                for field in form:
                    # crispy writes into the widget: a copy, since the forms share their fields
                    theirs = forms.BoundField(form, copy.deepcopy(field.field), field.name)
                    ours, crispy = parse_html(field_html(field)), parse_html(as_crispy_field(theirs))
                    assert ours == crispy, f"{state} {field.html_name}:\n{ours}\n---\n{crispy}"


def test_the_broken_post_shows_each_refusal_beside_its_field():
    team = TeamFactory()
    builder = builders(team)["broken"]
    laeva = {form.prefix: form for form in builder.member_forms}["laeva"]

    html = field_html(laeva["te"])

    assert 'aria-invalid="true"' in html and 'aria-describedby="id_laeva-te_helptext id_laeva-te_error"' in html
    assert "Enter a number from 7 to 12 (HR-9.3)." in html and 'value="99999"' in html
    crossbowman = {form.prefix: form for form in builder.member_forms}["crossbowman"]
    assert 'value="&lt;b&gt;Bolt &amp; Co&lt;/b&gt;"' in field_html(crossbowman["name"])


def test_a_member_form_is_built_again_for_another_language_or_another_character():
    """Each process keeps the member forms it built (teams/member_forms.py), by everything they are
    built from: the reader's language, the optional rules and every value of the character."""
    team = TeamFactory()
    with translation.override("en"):
        english = TeamBuilder(team, team_characters(team)).member_forms[0]
    with translation.override("hu"):
        hungarian = TeamBuilder(team, team_characters(team)).member_forms[0]
    assert english.fields["gladiator_type"].label == "Gladiator type"
    assert hungarian.fields["gladiator_type"].label == "Gladiátortípus"
    assert hungarian.tokens == "Amulett, jelző és fiola"

    team_update(team=team, member_changes={"gladiator": {"ep": 21}})
    with translation.override("en"):
        again = TeamBuilder(team, team_characters(team)).member_forms[0]
    assert (english["ep"].value(), again["ep"].value()) == (20, 21)
    assert again.fields is not english.fields and again.board is not english.board


def test_crispy_never_changes_a_shared_field():
    """A checkbox list with an error goes to crispy, which writes its classes into the widget: into a
    copy, so the field the process keeps for the next forms is as it was built."""
    team = TeamFactory()
    builder = TeamBuilder(team, team_characters(team), team_post_data(team, **{"laeva-skills": ["zzz"]}))
    assert not builder.is_valid()
    laeva = {form.prefix: form for form in builder.member_forms}["laeva"]

    html = field_html(laeva["skills"])

    assert "Select a valid choice. zzz is not one of the available choices." in html
    assert "class" not in laeva.fields["skills"].widget.attrs
    fresh = {form.prefix: form for form in TeamBuilder(team, team_characters(team)).member_forms}["laeva"]
    assert fresh.fields["skills"] is laeva.fields["skills"]  # shared, and unchanged


def test_the_team_forms_share_their_fields_and_crispy_never_changes_them():
    """The team's form is built on every change: its fields, the same for every team and language,
    are the declared ones, shared; an optional rule refused goes through crispy, into a copy."""
    team = TeamFactory()
    builder = TeamBuilder(team, team_characters(team), team_post_data(team, **{"team-options": ["zzz"]}))
    assert not builder.is_valid()

    html = field_html(builder.team_form["options"])

    assert "Select a valid choice. zzz is not one of the available choices." in html
    assert builder.team_form.fields["options"] is TeamForm.declared_fields["options"]
    assert "class" not in TeamForm.declared_fields["options"].widget.attrs
    assert all("class" not in field.widget.attrs for field in TeamForm.declared_fields.values())


def test_the_engines_messages_beside_a_field_describe_it_and_mark_it_invalid():
    """A screen reader hears a field's rule messages with it (issue 20): each message beside the field
    has an id its ``aria-describedby`` names, and the field is ``aria-invalid``; a field without one is not."""
    from arena.engine.roster import Problem
    from teams.builder_html import row_html

    team = TeamFactory()
    builder = TeamBuilder(team, team_characters(team))
    laeva = next(form for form, _sections in builder.members() if form.prefix == "laeva")
    problems = [
        Problem("TB-07", "Too high.", "members.laeva.stats.te"),
        Problem("TB-09", "Too low.", "members.laeva.stats.te"),
    ]
    html = row_html(laeva["te"], "col-6", problems)
    described = re.search(r'<input[^>]*aria-describedby="([^"]*)"', html)
    assert described and described.group(1).split()[-2:] == ["message-laeva-te-1", "message-laeva-te-2"]
    assert 'aria-invalid="true"' in html
    assert 'id="message-laeva-te-1"' in html and 'id="message-laeva-te-2"' in html
    plain = row_html(laeva["te"], "col-6", [])
    assert "aria-invalid" not in plain and "message-laeva-te" not in plain
