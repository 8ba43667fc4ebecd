"""The session and user reads compiled once per process (accounts/sessions.py, accounts/backends.py)
read what Django's own read: the same session data and user, nothing for an expired session, an
unknown key or id, or a user who may not sign in."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.backends import ModelBackend as DjangoModelBackend
from django.contrib.sessions.backends.db import SessionStore as DjangoSessionStore
from django.contrib.sessions.models import Session
from django.db import connection
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.backends import ModelBackend, forget_read_with_session, read_with_session
from accounts.sessions import SessionStore
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_site_uses_them():
    assert settings.SESSION_ENGINE == "accounts.sessions"
    assert "accounts.backends.ModelBackend" in settings.AUTHENTICATION_BACKENDS
    assert "django.contrib.auth.backends.ModelBackend" not in settings.AUTHENTICATION_BACKENDS


def test_a_session_reads_as_djangos_store_reads_it():
    written = SessionStore()
    written["player"] = 7
    written["language"] = "hu"
    written.save()

    ours, django = SessionStore(written.session_key), DjangoSessionStore(written.session_key)
    assert ours.load() == django.load() == {"player": 7, "language": "hu"}
    assert ours.session_key == written.session_key


def test_an_expired_session_reads_as_none_and_loses_its_key():
    written = SessionStore()
    written["player"] = 7
    written.save()
    Session.objects.filter(session_key=written.session_key).update(expire_date=timezone.now() - timedelta(seconds=1))

    store = SessionStore(written.session_key)
    assert store.load() == {} == DjangoSessionStore(written.session_key).load()
    assert store.session_key is None  # a new one is made when it is saved, as Django's store does


def test_an_unknown_session_key_reads_as_none():
    store = SessionStore("k" * 32)
    assert store.load() == {}
    assert store.session_key is None


def test_a_user_reads_as_djangos_backend_reads_him():
    user = UserFactory(first_name="Laeva", email="laeva@example.org")
    ours, django = ModelBackend().get_user(user.pk), DjangoModelBackend().get_user(user.pk)
    assert ours is not None and django is not None
    assert model_to_dict(ours) == model_to_dict(django)
    assert ours.get_session_auth_hash() == django.get_session_auth_hash()
    assert not ours._state.adding


def test_an_unknown_or_inactive_user_reads_as_none():
    user = UserFactory(is_active=False)
    assert ModelBackend().get_user(user.pk) is None
    assert ModelBackend().get_user(user.pk + 1000) is None


def test_a_signed_in_page_reads_the_session_and_user_in_one_statement(client):
    """The first read of a session in a process reads it alone, then its user (whose id is inside the
    session's signed text); from then on the process knows whose it is, and reads both at once."""
    user = UserFactory()
    client.force_login(user)
    session_table, user_table = Session._meta.db_table, get_user_model()._meta.db_table

    with CaptureQueriesContext(connection) as first:
        response = client.get("/rules/")
    assert response.status_code == 200 and response.wsgi_request.user == user
    reads = [q["sql"] for q in first.captured_queries]
    assert sum(sql.startswith(f'SELECT "{session_table}".') for sql in reads) == 1
    assert sum(_user_read(sql, user_table) for sql in reads) == 1

    with CaptureQueriesContext(connection) as then:
        response = client.get("/rules/")
    assert response.status_code == 200 and response.wsgi_request.user == user
    assert model_to_dict(response.wsgi_request.user) == model_to_dict(user)
    reads = [q["sql"] for q in then.captured_queries]
    both = [sql for sql in reads if f'FROM "{session_table}"' in sql and f'FROM "{user_table}"' in sql]
    assert len(both) == 1 and len(reads) == len(first.captured_queries) - 1
    assert not any(sql.startswith(f'SELECT "{session_table}".') or _user_read(sql, user_table) for sql in reads)


def _user_read(sql: str, user_table: str) -> bool:
    """A read of the user's row alone (his password's hash among its columns: the session's check
    needs it), not the header's counts, which start from his row too (``accounts.inbox``)."""
    return sql.startswith(f'SELECT "{user_table}".') and f'"{user_table}"."password"' in sql


def test_a_user_read_with_the_session_is_taken_only_for_the_id_the_session_holds():
    """The backend takes the user read with the session once, and only for the same id; a user the
    read did not find, or one who may not sign in, is no one, as Django's read makes him."""
    user, other = UserFactory(), UserFactory(is_active=False)
    read_with_session(str(user.pk), user)
    assert ModelBackend().get_user(other.pk) is None  # another id: read afresh (inactive: no one)
    assert ModelBackend().get_user(user.pk) == user  # taken before, so read afresh
    read_with_session(str(user.pk), None)
    assert ModelBackend().get_user(user.pk) is None
    read_with_session(str(other.pk), other)
    assert ModelBackend().get_user(other.pk) is None
    read_with_session(str(user.pk), user)
    forget_read_with_session()
    with CaptureQueriesContext(connection) as queries:
        assert ModelBackend().get_user(user.pk) == user
    assert len(queries.captured_queries) == 1


def test_a_session_and_its_user_read_together_read_as_each_alone():
    user = UserFactory(first_name="Deasta")
    written = SessionStore()
    written[SESSION_KEY] = str(user.pk)
    written["language"] = "hu"
    written.save()
    assert SessionStore(written.session_key).load() == DjangoSessionStore(written.session_key).load()

    with CaptureQueriesContext(connection) as queries:  # the key is known now: one statement
        assert SessionStore(written.session_key).load() == {SESSION_KEY: str(user.pk), "language": "hu"}
        read = ModelBackend().get_user(user.pk)
    assert len(queries.captured_queries) == 1
    assert read is not None and model_to_dict(read) == model_to_dict(user) and not read._state.adding

    user.delete()  # the session read finds no user beside it: no one
    store = SessionStore(written.session_key)
    assert store.load() == {SESSION_KEY: str(written[SESSION_KEY]), "language": "hu"}
    assert ModelBackend().get_user(int(written[SESSION_KEY])) is None
    Session.objects.filter(session_key=written.session_key).update(expire_date=timezone.now() - timedelta(seconds=1))
    store = SessionStore(written.session_key)
    assert store.load() == {} and store.session_key is None


def test_a_password_change_elsewhere_signs_the_session_out(client):
    """The session's hash of the password is still checked against the user read (Django's
    ``get_user``): a password changed on another device ends this session."""
    user = UserFactory()
    client.force_login(user)
    assert client.get("/teams/").status_code == 200
    user.set_password("a-new-password-of-his")
    user.save()
    response = client.get("/teams/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_a_session_text_decoded_again_holds_the_same_values_and_its_own_dict():
    """What a session's text holds is kept once its signature is checked (accounts/sessions.py): the
    same values again, in a dict (and lists) of the session's own, so a change never reaches the kept."""
    store = SessionStore()
    text = store.encode({"player": 7, "recent": [1, 2]})

    first = store.decode(text)
    first["player"] = 8
    first["recent"].append(3)

    assert store.decode(text) == {"player": 7, "recent": [1, 2]} == DjangoSessionStore().decode(text)


def test_a_session_text_with_a_wrong_signature_is_refused_every_time(settings):
    store = SessionStore()
    text = store.encode({"player": 7})
    assert store.decode(text) == {"player": 7}

    forged = text[:-1] + ("A" if text[-1] != "A" else "B")
    assert store.decode(forged) == {} and store.decode(forged) == {}
    settings.SECRET_KEY = "another key entirely, of fifty characters or more at least"
    settings.SECRET_KEY_FALLBACKS = []
    assert store.decode(text) == {}  # signed with a key the site no longer has: refused, not found kept


def test_what_an_earlier_read_kept_is_never_taken_for_the_next_sessions_user():
    """Every session read replaces what an earlier one kept: a user read with another session (or
    found missing then) is not taken for this one's, even of the same id."""
    user = UserFactory()
    read_with_session(str(user.pk), None)  # kept by an earlier read: "no such user"
    written = SessionStore()
    written[SESSION_KEY] = str(user.pk)
    written.save()
    assert SessionStore(written.session_key).load()[SESSION_KEY] == str(user.pk)  # read alone: not known yet
    assert ModelBackend().get_user(user.pk) == user
