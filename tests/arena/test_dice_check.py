"""Issue 15, item 4: dice anyone can check. The page shows a commitment of the match's seed from
the start (sha256 of "viadal-dice:" + seed + ":" + salt); when the match ends the seed and salt are
published, and the verify page and ``verify_match ID`` replay every action from the seed and
confirm every roll in the log, or name the first one that does not match."""

from __future__ import annotations

import hashlib
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from arena.models import Match, MatchAction
from arena.services.match_records import verify
from tests.arena.hosted import begin, finished, fresh
from tests.arena.script import DICE

pytestmark = pytest.mark.django_db


def _digest(seed: str, salt: str) -> str:
    return hashlib.sha256(f"viadal-dice:{seed}:{salt}".encode()).hexdigest()


def test_the_commitment_shows_from_the_start_and_the_seed_stays_secret_while_the_match_runs(players):
    match = begin(players, seed="committed-seed-of-the-match")
    assert match.commitment == _digest(match.seed, match.seed_salt)
    client = Client()
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert match.commitment in page and match.seed not in page and match.seed_salt not in page
    check = client.get(reverse("play:verify", args=[match.pk])).content.decode()
    assert match.commitment in check and match.seed not in check and match.seed_salt not in check
    assert "published once the match is over" in check
    with pytest.raises(CommandError, match="published once the match is over"):
        call_command("verify_match", str(match.pk))


def test_a_finished_match_publishes_its_seed_and_every_roll_is_confirmed(players):
    match = finished(players)
    found = verify(match)
    assert found.ok and found.commitment_ok and found.check is not None
    assert found.check.actions == match.version and len(found.check.rolls) > 10
    body = Client().get(reverse("play:verify", args=[match.pk])).content.decode()
    assert match.seed in body and match.seed_salt in body and match.commitment in body
    assert _digest(match.seed, match.seed_salt) == match.commitment  # anyone can hash it again
    assert "alert-success" in body and f"all {match.version} actions replay" in body
    end = Client().get(reverse("play:match", args=[match.pk])).content.decode()
    assert reverse("play:verify", args=[match.pk]) in end and reverse("play:replay", args=[match.pk]) in end
    out = StringIO()
    call_command("verify_match", str(match.pk), stdout=out)
    assert f"match {match.pk}: confirmed" in out.getvalue()
    assert f"all {len(found.check.rolls)} rolls" in out.getvalue()


def test_an_altered_roll_is_reported_as_the_first_that_does_not_match(players):
    match = finished(players)
    target = None
    for row in MatchAction.objects.filter(match=match, seq__gt=0).order_by("seq"):
        for index, event in enumerate(row.events):
            if event["type"] == "DiceRolled" and event["sides"] == 10:
                target = (row, index, event["result"])
                break
        if target:
            break
    assert target is not None
    row, index, was = target
    row.events[index]["result"] = was % 10 + 1
    row.save()
    with pytest.raises(CommandError) as raised:
        call_command("verify_match", str(match.pk))
    message = str(raised.value)
    assert f"action {row.seq}, event {index}" in message
    assert f"is {was % 10 + 1}, the seed gives {was}" in message
    body = Client().get(reverse("play:verify", args=[match.pk])).content.decode()
    assert "alert-danger" in body and f"action {row.seq}, event {index + 1}" in body  # a page counts from 1
    assert f"shows {was % 10 + 1}; the seed gives {was}" in body


def test_a_seed_that_is_not_the_committed_one_is_not_confirmed(players):
    match = finished(players)
    Match.objects.filter(pk=match.pk).update(seed_salt="another-salt")
    found = verify(fresh(match))
    assert not found.ok and not found.commitment_ok
    with pytest.raises(CommandError, match="commitment"):
        call_command("verify_match", str(match.pk))


def test_a_test_scripted_match_is_not_checkable(players):
    match = begin(players, dice=DICE)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    found = verify(fresh(match))
    assert not found.ok and "scripted by a test" in found.problem


def test_an_unknown_match_is_a_clear_error(db):
    with pytest.raises(CommandError, match="no match 999"):
        call_command("verify_match", "999")
