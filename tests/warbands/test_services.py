"""The warband services: saving in any state, ready only when valid, copies, imports with the file's
limits, and the builder's actions (WB-5's sample and its Necromancer)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tests.factories import UserFactory
from tests.warbands.factories import WarbandFactory
from warbands import services
from warbands.builder_post import ActionError, apply_action, read_post
from warbands.convert import rules_warband
from warbands.models import Warband
from warbands.rules.warband_file import MAX_FILE_BYTES, dump_warband_file
from warbands.selectors import ready_warbands_of, warband_list_for, warband_report

pytestmark = pytest.mark.django_db


def test_the_sample_of_wb5_is_accepted_and_a_necromancer_breaks_wb06_wb07_and_wb13():
    warband = WarbandFactory()
    report = warband_report(warband)
    assert report.is_valid and report.totals.total == 200 and report.totals.personality == 66
    added = apply_action("add", {"add-profile": "necromancer"}, rules_warband(warband), "en")
    services.warband_save(warband=warband, contents=added)
    assert warband_report(warband).codes == {"WB-06", "WB-07", "WB-13"}


def test_a_save_that_breaks_a_ready_warband_makes_it_a_draft():
    warband = WarbandFactory()
    services.warband_mark_ready(warband=warband)
    broken = rules_warband(warband)
    broken = replace(broken, figures=(replace(broken.figures[1], quality=7), *broken.figures[2:]))
    edit = services.warband_save(warband=warband, contents=broken)
    warband.refresh_from_db()
    assert edit.back_to_draft and not warband.is_ready and {v.code for v in edit.violations} == {"WB-01"}


def test_marking_ready_is_refused_with_every_broken_rule():
    warband = WarbandFactory(points=150)
    with pytest.raises(services.WarbandInvalidError) as refused:
        services.warband_mark_ready(warband=warband)
    assert {v.code for v in refused.value.violations} == {"WB-06", "WB-07"}
    warband.refresh_from_db()
    assert not warband.is_ready and list(ready_warbands_of(warband.owner)) == []


def test_a_save_writes_nothing_when_nothing_changed(django_assert_num_queries):
    warband = WarbandFactory()
    with django_assert_num_queries(3):  # a savepoint, the row locked and read, its release; no UPDATE
        services.warband_save(warband=warband, contents=rules_warband(warband))


def test_a_copy_is_a_draft_with_its_own_share_link_named_apart():
    warband = WarbandFactory(name="Grey Company")
    services.warband_mark_ready(warband=warband)
    first = services.warband_copy(warband=warband, owner=warband.owner)
    second = services.warband_copy(warband=warband, owner=warband.owner)
    assert (first.name, second.name) == ("Copy of Grey Company", "Copy of Grey Company (2)")
    assert not first.is_ready and first.share_token != warband.share_token and first.figures == warband.figures


def test_an_import_beyond_the_file_limit_saves_nothing():
    owner = UserFactory()
    with pytest.raises(services.WarbandInvalidError) as refused:
        services.warband_import(owner=owner, text=b" " * (MAX_FILE_BYTES + 1))
    assert [v.code for v in refused.value.violations] == ["FILE-SIZE"]
    assert not Warband.objects.exists()


def test_an_import_with_notes_too_long_for_the_site_is_refused():
    owner = UserFactory()
    document = json.loads(dump_warband_file(rules_warband(WarbandFactory())))
    document["notes"] = "x" * 5001
    with pytest.raises(services.WarbandInvalidError) as refused:
        services.warband_import(owner=owner, text=json.dumps(document))
    assert [v.code for v in refused.value.violations] == ["FILE-FIELD"]


def test_a_post_refuses_what_cannot_be_stored_and_keeps_the_rest():
    stored = rules_warband(WarbandFactory())
    post = read_post(
        {
            "figures[0].quality": "12",
            "figures[1].combat": "abc",
            "figures[2].name": "x" * 101,
            "figures[3].combat": "5",
        },
        stored,
    )
    assert set(post.refused) == {"figures[0].quality", "figures[1].combat", "figures[2].name"}
    assert post.contents.figures[0].quality == stored.figures[0].quality
    assert post.contents.figures[3].combat == 5


def test_an_unposted_card_keeps_its_lists():
    stored = rules_warband(WarbandFactory())
    post = read_post({"figures[0].quality": "3"}, stored)  # no card markers: lists are not touched
    assert post.contents.figures[0].spells == stored.figures[0].spells == ("simple_combat_spell", "binding")


@pytest.mark.parametrize("action", ["remove:9", "copy:x", "remove-minion:0:4", "add-pool:wizardry", "fly"])
def test_an_action_the_warband_cannot_take_is_refused(action):
    with pytest.raises(ActionError):
        apply_action(action, {}, rules_warband(WarbandFactory()), "en")


def test_pools_summons_and_illusions_through_the_actions():
    warband = rules_warband(WarbandFactory())
    warband = apply_action("add-pool:summoner", {}, warband, "en")
    warband = apply_action("add-summon:0", {"add-profile-summon-0": "wolf"}, warband, "en")
    warband = apply_action("add-illusion", {"add-profile-illusion": "ogre"}, warband, "en")
    warband = apply_action("add-minion:1", {}, warband, "en")
    assert (warband.pools[0].skill, [s.name for s in warband.pools[0].summons]) == ("summoner", ["Wolf"])
    assert [i.name for i in warband.illusions] == ["Ogre"]
    assert [m.figure.name for m in warband.figures[1].minions] == ["Raven 2"]  # apart from the Wizard's Raven
    warband = apply_action("remove-summon:0:0", {}, warband, "en")
    warband = apply_action("remove-pool:0", {}, warband, "en")
    assert warband.pools == ()


def test_the_list_reads_every_warband_in_one_query(django_assert_num_queries):
    owner = UserFactory()
    WarbandFactory.create_batch(4, owner=owner)
    with django_assert_num_queries(1):
        rows = warband_list_for(owner)
    assert [totals.total for _warband, totals in rows] == [200] * 4
