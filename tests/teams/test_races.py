"""Races in the builder's save (``teams.services.team_update``): it writes the changed characters in
ascending pk, then the team, all or none (on PostgreSQL one statement, docs/decisions/teams.md,
"Builder on PostgreSQL"). Two saves of one team at once never deadlock, and the team is left as one
of them wrote it, never half of each. PostgreSQL only: SQLite serialises whole transactions."""

from __future__ import annotations

import threading
import time
from functools import partial

import pytest
from django.db import OperationalError, connection, transaction
from django.urls import reverse

from teams import services
from teams.models import Character, Team
from teams.selectors import owned_team_with_characters, team_characters
from tests.campaigns.test_races import JOIN_TIMEOUT, LOCK_TIMEOUT, assert_no_exception, client_of, together
from tests.factories import TeamFactory
from tests.teams.helpers import team_post_data

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]
ROUNDS = 5


@pytest.fixture(autouse=True)
def _postgresql_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks and concurrent connections; CI runs these on PostgreSQL")


def waiting_for_a_lock() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
        )
        return int(cursor.fetchone()[0])


def test_a_save_locks_its_characters_before_its_team():
    """While another transaction holds the team's row, a save that changes the gladiator waits on it
    with the gladiator's row already locked (its UPDATE ran first); once the team's row is free it
    writes both."""
    team = TeamFactory()
    gladiator = Character.objects.get(team=team, slot="gladiator")
    holding, release = threading.Event(), threading.Event()
    outcomes: dict[str, object] = {}

    def hold_the_team() -> None:
        try:
            with transaction.atomic():
                Team.objects.select_for_update().get(pk=team.pk)
                holding.set()
                release.wait(JOIN_TIMEOUT)
        finally:
            connection.close()

    def save() -> None:
        try:
            with connection.cursor() as cursor:
                cursor.execute(f"SET lock_timeout = '{LOCK_TIMEOUT}'")
            read = owned_team_with_characters(team.owner, team.pk)
            assert read is not None
            outcomes["edit"] = services.team_update(
                team=read, member_changes={"gladiator": {"ep": gladiator.ep + 1}}, characters=team_characters(read)
            )
        except BaseException as error:
            outcomes["edit"] = error
        finally:
            connection.close()

    holder = threading.Thread(target=hold_the_team, daemon=True)
    holder.start()
    assert holding.wait(JOIN_TIMEOUT)
    saver = threading.Thread(target=save, daemon=True)
    saver.start()
    try:
        deadline = time.monotonic() + JOIN_TIMEOUT
        while not waiting_for_a_lock():
            assert time.monotonic() < deadline, "the save never waited for the team's row"
            assert saver.is_alive(), f"the save did not wait for the team's row: {outcomes}"
            time.sleep(0.01)
        with pytest.raises(OperationalError, match="could not obtain lock"), transaction.atomic():
            Character.objects.select_for_update(nowait=True).get(pk=gladiator.pk)
    finally:
        release.set()
        holder.join(JOIN_TIMEOUT)
        saver.join(JOIN_TIMEOUT)
    assert not saver.is_alive() and not isinstance(outcomes["edit"], BaseException), outcomes
    assert Character.objects.get(pk=gladiator.pk).ep == gladiator.ep + 1
    assert Team.objects.get(pk=team.pk).updated > team.updated


def test_two_saves_of_one_team_at_once_leave_one_of_them_whole():
    """Each post changes two members (the whole form, as the Save button posts it) in the other order
    of values; both are answered, no deadlock, and the team holds one post's two values, not one of
    each."""
    for _ in range(ROUNDS):
        team = TeamFactory()
        url = reverse("teams:edit", args=[team.pk])
        first = team_post_data(team, **{"gladiator-ep": 21, "laeva-te": 8})
        second = team_post_data(team, **{"gladiator-ep": 19, "laeva-te": 10})
        client = client_of(team.owner)
        outcomes = together(partial(client.post, url, first), partial(client_of(team.owner).post, url, second))
        assert_no_exception(outcomes)
        written = (
            Character.objects.get(team=team, slot="gladiator").ep,
            Character.objects.get(team=team, slot="laeva").te,
        )
        assert written in {(21, 8), (19, 10)}
