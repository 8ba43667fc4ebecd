"""The warband builder's pages: list, new (empty, army list, sample), builder with live checks, ready,
copy, share, delete, export and import; owners only."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.warbands.factories import WarbandFactory
from warbands.builder_post import SHAPE_FIELD, shape_of
from warbands.convert import rules_warband
from warbands.editor import SHOWN_FIELD, Editor
from warbands.models import Warband
from warbands.selectors import warband_report

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client):
    user = UserFactory()
    client.force_login(user)
    return user


def edit_post(client, warband, changes, *, htmx=True, shown=None, action=None):
    """A builder post as the page sends it: every field as shown, with ``changes``."""
    warband.refresh_from_db()
    rules = rules_warband(warband)
    data = {SHAPE_FIELD: shape_of(rules), "name": rules.name, "points": rules.points, "notes": rules.notes}
    for i, figure in enumerate(rules.figures):
        paths = [(f"figures[{i}]", figure)] + [
            (f"figures[{i}].minions[{j}]", m.figure) for j, m in enumerate(figure.minions)
        ]
        for path, f in paths:
            data.update({path: "1", f"{path}.name": f.name, f"{path}.quality": f.quality, f"{path}.combat": f.combat})
            data[f"{path}.rules"] = list(f.rules)
            data[f"{path}.spells"] = list(f.spells)
            data[f"{path}.skills"] = list(f.skills)
            data[f"{path}.element"] = f.element or ""
        for j, m in enumerate(figure.minions):
            data[f"figures[{i}].minions[{j}].grant"] = m.grant or ""
    for k, pool in enumerate(rules.pools):
        data[f"pools[{k}].borrowed"] = pool.borrowed
    data.update(changes)
    if shown is not None:
        data[SHOWN_FIELD] = shown
    if action:
        data["action"] = action
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("warbands:edit", args=[warband.pk]), data, **headers)


def test_the_list_shows_only_your_warbands_with_their_totals(client, player):
    WarbandFactory(owner=player, name="Grey Company")
    WarbandFactory(name="Someone else's")
    html = client.get(reverse("warbands:list")).content.decode()
    assert "Grey Company" in html and "Someone else" not in html and "200 / 200" in html


@pytest.mark.parametrize("count", [1, 6])
def test_the_list_needs_the_same_queries_for_any_number_of_warbands(client, player, django_assert_num_queries, count):
    WarbandFactory.create_batch(count, owner=player)
    # session, user, the warbands; the header's "waiting on you" count (two)
    with django_assert_num_queries(5):
        response = client.get(reverse("warbands:list"))
    assert len(response.context["rows"]) == count


@pytest.mark.parametrize("count", [1, 6])
def test_the_team_list_shows_the_warbands_in_one_more_query(client, player, django_assert_num_queries, count):
    WarbandFactory.create_batch(count, owner=player, name=factory_name())
    # session, user, teams (none: no prefetch), the warbands, the quest parties (none); the header's
    # "waiting on you" count (two)
    with django_assert_num_queries(7):
        html = client.get(reverse("teams:list")).content.decode()
    assert 'data-game="warband"' in html and "Your warbands" in html


def factory_name():
    import factory

    return factory.Sequence(lambda n: f"Band {n}")


def test_a_new_warband_from_the_army_list(client, player):
    response = client.post(
        reverse("warbands:create"),
        {"name": "Wolves", "points": 200, "start": "army", "pick-warrior": 2, "pick-archer": 1},
    )
    warband = Warband.objects.get(owner=player)
    assert response["Location"] == reverse("warbands:edit", args=[warband.pk])
    assert [f["name"] for f in warband.figures] == ["Warrior 1", "Warrior 2", "Archer"]
    assert warband_report(warband).totals.total == 23 + 23 + 26


def test_a_new_warband_may_start_empty_or_as_the_sample(client, player):
    client.post(reverse("warbands:create"), {"name": "Empty", "points": 150, "start": "empty"})
    client.post(reverse("warbands:create"), {"name": "Sample", "points": 200, "start": "sample"})
    empty, sample = Warband.objects.get(name="Empty"), Warband.objects.get(name="Sample")
    assert empty.figures == [] and empty.points == 150
    assert warband_report(empty).codes == {"WB-14"}  # no figure
    assert warband_report(sample).is_valid and warband_report(sample).totals.total == 200


def test_the_builder_page_names_every_broken_rule_beside_its_field(client, player):
    warband = WarbandFactory(owner=player)
    edit_post(client, warband, {"figures[1].quality": "7"}, htmx=False)
    html = client.get(reverse("warbands:edit", args=[warband.pk])).content.decode()
    box = html.split('id="wb-figures-1-quality-problems"')[1].split("</div>")[0]
    assert "WB-01" in box and "Quality" in box


def test_a_live_check_sends_only_what_changed(client, player):
    warband = WarbandFactory(owner=player)
    editor = Editor(_request(client, player), warband_report(warband))
    shown = editor.shown_state()
    response = edit_post(client, warband, {"figures[2].combat": "4"}, shown=shown)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="wb-figures-2-price"' in html and "30 points" in html  # Q4 C4: ⌊(20 × 3 + 1) / 2⌋ (WB-2)
    assert 'id="wb-figures-0-price"' not in html  # the Wizard's price did not change
    assert 'id="wb-totals"' in html and 'id="wb-problems"' in html and "WB-06" in html
    warband.refresh_from_db()
    assert warband.figures[2]["combat"] == 4


def _request(client, player):
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.user = player
    return request


def test_a_value_that_cannot_be_stored_is_refused_beside_its_field_and_not_saved(client, player):
    warband = WarbandFactory(owner=player)
    response = edit_post(client, warband, {"figures[0].quality": "x"}, htmx=False)
    assert response.status_code == 302
    warband.refresh_from_db()
    assert warband.figures[0]["quality"] == 3


def test_only_a_valid_warband_is_marked_ready(client, player):
    warband = WarbandFactory(owner=player)
    edit_post(client, warband, {"figures[1].rules": ["heavy_armour", "paladin", "villain"]}, htmx=False)
    client.post(reverse("warbands:mark-ready", args=[warband.pk]))
    warband.refresh_from_db()
    assert not warband.is_ready
    edit_post(client, warband, {"figures[1].rules": ["heavy_armour", "paladin"]}, htmx=False)
    client.post(reverse("warbands:mark-ready", args=[warband.pk]))
    warband.refresh_from_db()
    assert warband.is_ready


def test_actions_add_copy_and_remove_figures(client, player):
    warband = WarbandFactory(owner=player)
    edit_post(client, warband, {"add-profile": "wolf"}, action="add")
    edit_post(client, warband, {}, action="copy:5")
    edit_post(client, warband, {}, action="remove:0")
    warband.refresh_from_db()
    assert [f["name"] for f in warband.figures] == ["Knight", "Warrior 1", "Warrior 2", "Archer", "Wolf", "Wolf 2"]


def test_someone_elses_warband_is_not_found(client, player):
    other = WarbandFactory()
    for name in ("detail", "edit", "export", "roster", "delete"):
        assert client.get(reverse(f"warbands:{name}", args=[other.pk])).status_code == 404
    for name in ("copy", "mark-ready", "mark-draft", "delete", "edit"):
        assert client.post(reverse(f"warbands:{name}", args=[other.pk])).status_code == 404
    other.refresh_from_db()
    assert Warband.objects.filter(pk=other.pk).exists()


def test_a_share_link_shows_it_read_only_and_a_reader_copies_it(client, player):
    other = WarbandFactory(name="Their band")
    html = client.get(reverse("warbands:share", args=[other.share_token])).content.decode()
    assert "Their band" in html and reverse("warbands:edit", args=[other.pk]) not in html
    response = client.post(reverse("warbands:copy-shared", args=[other.share_token]))
    copy = Warband.objects.get(owner=player)
    assert response["Location"] == reverse("warbands:edit", args=[copy.pk])
    assert copy.figures == other.figures and copy.name == "Copy of Their band" and not copy.is_ready


def test_export_then_import_gives_the_same_warband(client, player):
    warband = WarbandFactory(owner=player, name="Round trip")
    text = client.get(reverse("warbands:export", args=[warband.pk])).content.decode()
    assert json.loads(text)["format"] == "viadal-warband"
    response = client.post(reverse("warbands:import"), {"text": text})
    imported = Warband.objects.exclude(pk=warband.pk).get(owner=player)
    assert response["Location"] == reverse("warbands:detail", args=[imported.pk])
    assert imported.figures == warband.figures and imported.name == "Round trip (2)"


def test_an_invalid_file_imports_nothing_and_names_every_problem(client, player):
    warband = WarbandFactory(owner=player)
    document = json.loads(client.get(reverse("warbands:export", args=[warband.pk])).content)
    document["figures"][1]["quality"] = 9
    document["figures"][2]["price"] = 99  # the Warrior costs 23 (WB-2)
    html = client.post(reverse("warbands:import"), {"text": json.dumps(document)}).content.decode()
    assert 'data-code="WB-01"' in html and 'data-code="WB-15"' in html
    assert Warband.objects.filter(owner=player).count() == 1


def test_a_second_live_check_with_nothing_new_sends_no_piece(client, player):
    import re

    warband = WarbandFactory(owner=player, points=150)  # WB-06 and WB-07: boxes that say something
    shown = Editor(_request(client, player), warband_report(warband)).shown_state()
    first = edit_post(client, warband, {"figures[2].combat": "4"}, shown=shown).content.decode()
    shown = re.search(r'id="warband-shown" value="([^"]*)"', first).group(1)
    second = edit_post(client, warband, {"figures[2].combat": "4"}, shown=shown).content.decode()
    pieces = re.compile(r'id="wb-[^"]*-(price|problems)"')
    assert pieces.search(first) and not pieces.search(second)
    assert 'id="wb-totals"' in second  # the panels come every time


def test_after_adding_a_figure_the_editor_names_its_name_field_for_the_focus(client, player):
    warband = WarbandFactory(owner=player)
    html = edit_post(client, warband, {"add-profile": "ogre"}, action="add").content.decode()
    assert 'id="wb-editor" class="row g-4" data-focus="wb-figures-5-name"' in html
    assert 'id="wb-figures-5-name"' in html and 'value="Ogre"' in html


def test_a_post_against_another_shape_saves_nothing_and_says_so_in_the_editor(client, player):
    warband = WarbandFactory(owner=player)
    stale = {SHAPE_FIELD: "not-this-one", "figures[0].quality": "5"}
    html = client.post(reverse("warbands:edit", args=[warband.pk]), stale, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="wb-notice"' in html and "another window" in html
    warband.refresh_from_db()
    assert warband.figures[0]["quality"] == 3


def test_a_live_check_that_breaks_a_ready_warband_answers_in_place(client, player):
    warband = WarbandFactory(owner=player, status=Warband.Status.READY)
    shown = Editor(_request(client, player), warband_report(warband)).shown_state()
    html = edit_post(client, warband, {"figures[1].quality": "7"}, shown=shown).content.decode()
    assert 'id="wb-editor"' not in html and 'data-status="draft"' in html and "WB-01" in html
    warband.refresh_from_db()
    assert not warband.is_ready


@pytest.mark.parametrize("extra", [0, 12])
def test_a_live_check_needs_the_same_queries_for_any_number_of_figures(
    client, player, django_assert_num_queries, extra
):
    warband = WarbandFactory(owner=player)
    contents = rules_warband(warband)
    for _ in range(extra):
        from warbands.builder_post import apply_action

        contents = apply_action("add", {"add-profile": "militia"}, contents, "en")
    from warbands import services

    services.warband_save(warband=warband, contents=contents)
    shown = Editor(_request(client, player), warband_report(warband)).shown_state()
    # the test's own read to fill the post; then session, user, the warband; a savepoint, the row locked
    # and read, its UPDATE, the release
    with django_assert_num_queries(8):
        response = edit_post(client, warband, {"figures[2].combat": "4"}, shown=shown)
    assert response.status_code == 200 and 'id="wb-totals"' in response.content.decode()
