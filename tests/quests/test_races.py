"""Races in the quest tracker: two requests at once take the party's row, then the adventure's, in that
order. Two players asking for the set-up rolls at once get one set of rolls; two players recording at
once get two log lines, numbered in turn, none lost. PostgreSQL only: SQLite serialises whole
transactions."""

from __future__ import annotations

from functools import partial

import pytest
from django.db import connection
from django.urls import reverse

from quests import services
from quests.models import LogEntry, Roll
from quests.rules.quest_checks import SpellEntry
from tests.campaigns.test_races import assert_no_exception, client_of, together
from tests.factories import UserFactory

from .test_app import PROFILE, WARRIORS

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]
ROUNDS = 5


@pytest.fixture(autouse=True)
def _postgresql_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks and concurrent connections; CI runs these on PostgreSQL")


def party_of_four(round_: int):  # type: ignore[no-untyped-def]
    owner = UserFactory(username=f"owner{round_}")
    guest = UserFactory(username=f"guest{round_}")
    party = services.party_create(owner, f"Party {round_}")
    services.member_invite(party, owner, guest.username)
    for cls, name, changes in WARRIORS:
        profile = {"name": name, **PROFILE, **changes}
        if profile["pinning"] == "":
            profile["pinning"] = None
        services.warrior_add(party, owner, cls, profile, {})
    return party, owner, guest


def test_set_up_rolls_asked_twice_at_once_are_made_once():
    for round_ in range(ROUNDS):
        party, owner, guest = party_of_four(round_)
        adventure = services.adventure_create(party, owner, "Crypt", "")
        url = reverse("quests:adventure-roll", args=[party.pk, adventure.number])
        outcomes = together(partial(client_of(owner).post, url), partial(client_of(guest).post, url))
        assert_no_exception(outcomes)
        assert Roll.objects.filter(adventure=adventure).count() == 6  # the number, 4 × Wounds, the tokens


def test_two_players_recording_at_once_get_two_lines_in_turn():
    for round_ in range(ROUNDS):
        party, owner, guest = party_of_four(round_)
        adventure = services.adventure_create(party, owner, "Crypt", "")
        services.setup_rolls(adventure, owner)
        services.spells_set(adventure, owner, [SpellEntry(d, d, 5, 1) for d in ("attack", "defence", "healing")])
        services.adventure_begin(adventure, owner)
        url = reverse("quests:adventure-entry", args=[party.pk, adventure.number])
        outcomes = together(
            partial(client_of(owner).post, url, {"kind": "event", "name": "Orcs", "source": "room"}),
            partial(client_of(guest).post, url, {"kind": "event", "name": "Bats", "source": "power"}),
        )
        assert_no_exception(outcomes)
        assert sorted(LogEntry.objects.filter(adventure=adventure).values_list("seq", flat=True)) == [1, 2]
