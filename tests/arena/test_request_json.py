"""Issue 28, item 4: every JSON a request carries is read with limits on its size and depth. Deeply nested
or huge JSON in ``action``, ``actions`` or ``dice`` on ``/play/<id>/act/``, in an uploaded match record
and in a team file gets a clear refusal (4xx), never a 5xx, and changes nothing."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.models import Match, MatchAction
from common.bounded_json import BoundedJsonError, depth_of, read_json
from tests.arena.hosted import begin, fresh
from tests.budget import examples
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def _deep(levels: int, open_: str = "[", close: str = "]") -> str:
    return open_ * levels + close * levels


def _deep_object(levels: int) -> str:
    return '{"a":' * levels + "1" + "}" * levels


MALFORMED = [
    _deep(5_000),
    _deep(100_000),
    _deep_object(5_000),
    "[" * 50_000,  # unterminated
    '{"type": "Move", "path": ' + _deep(3_000) + "}",
    json.dumps([{"type": "AssignAmulet", "seat": 0, "char": "x" * 200_000}]),
    "9" * 20_000,
    "[" + ",".join(["1"] * 60_000) + "]",
    '"\\ud800"',
    "",
    "null",
    '{"type": "Move", "seat": 0, "char": "0.gladiator", "path": [[1e400, 2]]}',
    '{"type": "Move", "seat": 0, "char": "0.gladiator", "path": [[99999999999999999999, 2]]}',
]


KEYS = ["type", "seat", "char", "path", "hex", "x"]


def _login(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


@pytest.mark.parametrize("field", ["action", "actions", "dice"])
def test_malformed_json_of_any_depth_or_size_on_act_is_refused_without_a_5xx(players, field):
    match = begin(players)
    client = _login(players.home)
    for text in MALFORMED:
        data = {"version": 0, field: text}
        if field == "dice":
            data["action"] = json.dumps({"type": "AssignAmulet", "seat": 0, "char": "0.gladiator", "amulet": "x"})
        for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.post(f"/play/{match.pk}/act/", data, **htmx)
            assert response.status_code in (302, 403, 409, 422), (field, text[:40], response.status_code)
    assert fresh(match).version == 0 and MatchAction.objects.filter(match=match, seq__gt=0).count() == 0


def test_a_huge_die_or_version_is_refused_without_a_5xx(players):
    match = begin(players)
    client = _login(players.home)
    for data in ({"version": "9" * 10_000, "action": "{}"}, {"version": 0, "action": "{}", "die": "9" * 10_000}):
        assert client.post(f"/play/{match.pk}/act/", data).status_code in (409, 422)
    assert client.get(f"/play/{match.pk}/poll/", {"v": "9" * 10_000}).status_code == 400


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(st.sampled_from(["type", "seat", "char", "path", "hex", "x"]), inner, max_size=4)
        ),
        max_leaves=30,
    ),
    field=st.sampled_from(["action", "actions", "dice"]),
)
def test_any_json_posted_to_act_is_answered_without_a_5xx(players, value, field):
    match = Match.objects.filter(created_by=players.home).first() or begin(players)
    client = _login(players.home)
    response = client.post(f"/play/{match.pk}/act/", {"version": match.version, field: json.dumps(value)})
    assert response.status_code < 500


def test_an_uploaded_record_nested_deeply_is_refused_with_a_message(players):
    client = _login(players.home)
    for text in (_deep(5_000), _deep_object(100_000)[:900_000], "[" * 50_000):
        upload = SimpleUploadedFile("record.json", text.encode(), content_type="application/json")
        response = client.post("/play/import/", {"record": upload})
        assert response.status_code == 422


def test_a_team_file_nested_deeply_is_refused_with_a_message(players):
    client = _login(players.home)
    for text in (_deep(5_000), _deep_object(20_000), "[" * 50_000):
        response = client.post("/teams/import/", {"text": text})
        assert response.status_code in (200, 422) and b"Traceback" not in response.content


def test_the_reader_counts_depth_on_the_raw_text_and_skips_strings():
    assert depth_of('[[["[[[[["]]]', 10) == 3
    assert depth_of(_deep(10_000), 6) == 7  # stops counting past the limit
    assert read_json('[{"a": [1]}]', most_chars=100, most_depth=3) == [{"a": [1]}]
    for text, chars, depth in ((_deep(7), 100, 6), ("[1]", 2, 6), ("{", 10, 6), ("1" * 5_000, 10_000, 6)):
        with pytest.raises(BoundedJsonError):
            read_json(text, most_chars=chars, most_depth=depth)
