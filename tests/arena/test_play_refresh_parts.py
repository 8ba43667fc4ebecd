"""What a refresh sends (issue 35): the acting seat's answer and the other seat's poll carry the seat's
parts (``hx-swap-oob``), each with a fingerprint; a request that says which fingerprints its page
holds (``have``) gets only the parts that changed; the rendered public parts of a position (the
spectators') are kept in the shared cache (a key names one position for ever). The content is the same as before for the
scripted match (a golden file of digests), and the queries of an act and a refresh are counted."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from arena.runtime.states import forget_all
from tests.arena.hosted import begin, fresh
from tests.arena.script import DICE, SCRIPT, chosen

GOLDEN = Path(__file__).parent / "golden" / "refresh_script.json"
HTMX = {"HX-Request": "true"}
FINGERPRINT = re.compile(r' data-fp="([^"]*)"')


def normalised(text: str) -> str:
    """The answer without what differs between two runs: the fingerprints, the CSRF token (masked
    afresh per answer), the match's id, the claim's date."""
    text = FINGERPRINT.sub("", text)
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', 'name="csrfmiddlewaretoken" value="T"', text)
    text = re.sub(r"/play/\d+/", "/play/N/", text)
    text = re.sub(r'data-match="\d+"', 'data-match="N"', text)
    return re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d", "DATE", text)


def digest(text: str) -> str:
    return hashlib.sha256(normalised(text).encode()).hexdigest()


def clients(players: Any) -> tuple[Client, Client]:
    home, away = Client(), Client()
    home.force_login(players.home)
    away.force_login(players.away)
    return home, away


def fingerprints(text: str) -> list[str]:
    return FINGERPRINT.findall(text)


def play_script(players: Any, *, have: bool) -> list[dict[str, Any]]:
    """Each scripted step through the views: the actor's answer and the other seat's poll, each
    client sending the fingerprints its page holds when ``have``."""
    match = begin(players, dice=DICE, seed="the golden answers")  # the seed deals the secrets
    seats = clients(players)
    held: list[dict[str, str]] = [{}, {}]
    found = []
    for step in SCRIPT:
        data = chosen(match, step)
        version = fresh(match).version
        me, other = seats[step.seat], seats[1 - step.seat]
        post = {"version": str(version), "action": json.dumps(data)}
        if have and held[step.seat]:
            post["have"] = " ".join(held[step.seat].values())
        answer = me.post(f"/play/{match.pk}/act/", post, headers=HTMX)
        assert answer.status_code == 200, answer.content[:300]
        query: dict[str, Any] = {"v": version}
        if have and held[1 - step.seat]:
            query["have"] = " ".join(held[1 - step.seat].values())
        poll = other.get(f"/play/{match.pk}/poll/", query, headers=HTMX)
        assert poll.status_code in (200, 286)
        for seat, response in ((step.seat, answer), (1 - step.seat, poll)):
            for fp in fingerprints(response.content.decode()):
                held[seat][fp.split(".")[0]] = fp
        found.append({"answer": answer.content.decode(), "poll": poll.content.decode()})
    return found


@pytest.mark.django_db
def test_the_answers_of_the_scripted_match_are_the_golden_ones(players):
    answers = play_script(players, have=False)
    digests = [[digest(a["answer"]), digest(a["poll"])] for a in answers]
    if os.environ.get("VIADAL_DUMP_ANSWERS"):  # to see a difference: the normalised answers, one file per step
        for index, answer in enumerate(answers):
            for side in ("answer", "poll"):
                Path(os.environ["VIADAL_DUMP_ANSWERS"], f"{index:02d}-{side}.html").write_text(normalised(answer[side]))
    if os.environ.get("VIADAL_WRITE_GOLDEN"):
        GOLDEN.write_text(json.dumps(digests, indent=0) + "\n")
    assert digests == json.loads(GOLDEN.read_text())


def _parts(text: str) -> dict[str, str]:
    """The parts an answer carries: the fingerprint's name to the fingerprint."""
    return {fp.split(".")[0]: fp for fp in fingerprints(text)}


def _badge(text: str) -> str:
    found = re.search(r'id="inbox-count"[^>]*>(\d+)</span>', text)
    assert found is not None
    return found.group(1)


@pytest.mark.django_db
def test_a_refresh_leaves_out_the_parts_the_page_holds(players, match):
    home, away = clients(players)
    action = json.dumps(chosen(match, SCRIPT[0]))
    answer = home.post(f"/play/{match.pk}/act/", {"version": "0", "action": action}, headers=HTMX).content.decode()
    assert set(_parts(answer)) == {"status", "board", "choices", "sides", "log", "poller"}
    poll = away.get(f"/play/{match.pk}/poll/", {"v": 0}, headers=HTMX).content.decode()
    held = _parts(poll)
    assert len(held) == 6 and held != _parts(answer)  # the other seat's own parts
    everything = away.get(f"/play/{match.pk}/poll/", {"v": 0, "have": " ".join(held.values())}, headers=HTMX)
    assert everything.status_code == 200 and _parts(everything.content.decode()) == {}
    assert 'id="inbox-count"' in everything.content.decode()  # the header's count comes every time
    but_log = " ".join(fp for name, fp in held.items() if name != "log")
    only_log = away.get(f"/play/{match.pk}/poll/", {"v": 0, "have": but_log}, headers=HTMX).content.decode()
    assert _parts(only_log) == {"log": held["log"]} and 'id="match-log"' in only_log and 'id="sides"' not in only_log
    stale = {"status": "status.0000", "board": held["board"]}  # a fingerprint the page does not hold is no help
    query = {"v": 0, "have": " ".join(stale.values())}
    sent = _parts(away.get(f"/play/{match.pk}/poll/", query, headers=HTMX).content.decode())
    assert set(sent) == {"status", "choices", "sides", "log", "poller"}


@pytest.mark.django_db
def test_over_the_scripted_match_the_answers_send_only_what_changed(players):
    sent = play_script(players, have=True)
    full = play_script_counts = 0
    for answer in sent:
        for side in ("answer", "poll"):
            names = _parts(answer[side])
            assert {"status", "poller"} <= set(names)  # the version moved: the status and the poller change
            full += len(names) == 6
            play_script_counts += len(names)
    assert play_script_counts < 6 * 2 * len(sent) and full < 2 * len(sent)


@pytest.mark.django_db
def test_a_seats_parts_are_built_for_its_answers_and_the_spectators_once_for_all(players, match, monkeypatch):
    """A seat's parts are asked for by its own page only, about once a version: kept, they were a
    round trip to the shared cache and a write of ~30 KB per answer that no one read. The public
    parts are read by every spectator: built once a position and kept, for every process."""
    from arena.views import parts

    built: list[int | None] = []
    seat_page = parts.seat_page

    def counting(*args: Any, **kwargs: Any) -> Any:
        page = seat_page(*args, **kwargs)
        built.append(page.seat)
        return page

    monkeypatch.setattr(parts, "seat_page", counting)
    home, away = clients(players)
    action = json.dumps(chosen(match, SCRIPT[0]))
    home.post(f"/play/{match.pk}/act/", {"version": "0", "action": action}, headers=HTMX)
    first = away.get(f"/play/{match.pk}/poll/", {"v": 0}, headers=HTMX).content.decode()
    second_tab = Client()
    second_tab.force_login(players.away)
    again = second_tab.get(f"/play/{match.pk}/poll/", {"v": 0}, headers=HTMX).content.decode()
    assert built == [0, 1, 1] and normalised(first) == normalised(again)
    spectator = Client().get(f"/play/{match.pk}/poll/", {"v": 0}, headers=HTMX).content.decode()
    assert built == [0, 1, 1, None] and "Your secrets" not in spectator and 'id="inbox-count"' not in spectator
    forget_all()  # another process: its own state cache is empty, the shared cache has the public parts
    another = Client().get(f"/play/{match.pk}/poll/", {"v": 0}, headers=HTMX).content.decode()
    assert built == [0, 1, 1, None] and normalised(another) == normalised(spectator)


@pytest.mark.django_db
def test_an_answer_with_a_message_is_its_own_and_not_kept(players, match):
    home, _away = clients(players)
    action = json.dumps(chosen(match, SCRIPT[0]))
    home.post(f"/play/{match.pk}/act/", {"version": "0", "action": action}, headers=HTMX)
    stale = home.post(f"/play/{match.pk}/act/", {"version": "0", "action": action}, headers=HTMX)
    assert stale.status_code == 409 and 'id="play-message"' in stale.content.decode()
    poll = home.get(f"/play/{match.pk}/poll/", {"v": 0}, headers=HTMX).content.decode()
    assert 'id="play-message"' not in poll


@pytest.mark.django_db
def test_the_refreshed_header_counts_the_matches_owing_a_move_exactly(players, match):
    """The count comes with the seats each answer reads (``your_move_among``): the actor's after his
    action as his transaction wrote it, the other seat's poll and push stream as they read it, the
    matches elsewhere that owe either a move included; the same as counting afresh."""
    from accounts.inbox import inbox_counts
    from arena.views.parts import Reader, stream_parts

    begin(players)  # two more matches, each owing both players their secrets
    begin(players)
    home, away = clients(players)
    cache.clear()
    for step in SCRIPT[:9]:  # the home seat's secrets, the away seat's, and on
        version = fresh(match).version
        me, other = (home, away) if step.seat == 0 else (away, home)
        action = json.dumps(chosen(match, step))
        answer = me.post(
            f"/play/{match.pk}/act/", {"version": str(version), "action": action}, headers=HTMX
        ).content.decode()
        assert _badge(answer) == str(inbox_counts(players.user(step.seat)).total)
        polled = other.get(f"/play/{match.pk}/poll/", {"v": version}, headers=HTMX).content.decode()
        assert _badge(polled) == str(inbox_counts(players.user(1 - step.seat)).total)
        reader = players.user(1 - step.seat)
        session = (away if step.seat == 0 else home).session.session_key
        streamed = stream_parts(match.pk, Reader(reader.pk, session, "en", "token"))
        assert streamed is not None and _badge(streamed.html) == str(inbox_counts(reader).total)


@pytest.mark.django_db
def test_an_action_and_a_refresh_are_counted_in_queries(players, match):
    """The session with its user (one statement: the client's earlier requests taught the process
    whose session it is), the match (once: locked), the seats with their players and the header's count
    of the matches owing each a move (once: the player's seat, every seat's flags, the count, and then
    the answer's page), and the action, the version and the seats' flags written (on PostgreSQL in one
    statement: ``insert_and_update_rows``). A refresh reads the session, the match (once: the row that
    answers "nothing new" is the row the page is built from) and the seats with the count. Measured
    once the header's other counts are kept (the first answer of a visit counts them all)."""
    home, away = clients(players)
    for step in SCRIPT[:2]:
        version = fresh(match).version
        action = json.dumps(chosen(match, step))
        with CaptureQueriesContext(connection) as acted:
            home.post(f"/play/{match.pk}/act/", {"version": str(version), "action": action}, headers=HTMX)
        with CaptureQueriesContext(connection) as polled:
            away.get(f"/play/{match.pk}/poll/", {"v": version}, headers=HTMX)
        with CaptureQueriesContext(connection) as again:  # a second tab: the same reads, its parts built again
            away.get(f"/play/{match.pk}/poll/", {"v": version}, headers=HTMX)
        with CaptureQueriesContext(connection) as idle:
            away.get(f"/play/{match.pk}/poll/", {"v": version + 1}, headers=HTMX)
    writes = 1 if connection.vendor == "postgresql" else 3
    assert (len(acted), len(polled), len(again), len(idle)) == (6 + writes, 3, 3, 2)
