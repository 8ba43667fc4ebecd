"""The session store: Django's database sessions, with the read every signed-in request makes compiled
once per process (``common.prepared``) instead of built afresh each time.

``SESSION_ENGINE = "accounts.sessions"``. Writing, expiring and clearing sessions are Django's own;
only the read by key is replaced, and it reads what Django's reads: the row of that key, if it has not
expired (docs/decisions.md, "Builder speed", fifth round). What a session's signed text holds is kept
once its signature has been checked (``decode``).

A signed-in request reads its session and then its user, whose id is inside the session's signed text.
Each process remembers which user a session key's text held when it last read it; when it knows, it
reads the session and that user in one statement (``PreparedPair``) and hands the user to the
authentication backend (``accounts.backends.read_with_session``), which takes him only when the
session read holds that same id (docs/decisions/teams.md, "the session and the user in one statement").
"""

from __future__ import annotations

import copy
from typing import Any

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.contrib.sessions.models import Session
from django.utils import timezone

from common.prepared import PreparedPair, PreparedQuery

from .backends import USER_BY_ID, read_with_session

# Longer than any session key Django makes (32 characters), so no real key can be taken for it.
_KEY_STAND_IN = "\x00session-key-stand-in-of-the-prepared-query"
_BY_KEY = PreparedQuery(Session, lambda key: Session.objects.filter(session_key=key), key=_KEY_STAND_IN)
_WITH_USER = PreparedPair(_BY_KEY, USER_BY_ID)

# The user id (as the session holds it, a str) that each session key's data held when this process
# last read it, the last 1,024 keys; when full, it starts again.
USERS_KEPT = 1024
_user_of_key: dict[str, str] = {}

# Every signed-in request decodes its session: the text's signature is an HMAC with a key derived
# afresh each time, about a twentieth of a small page. The same text signed with the same keys always
# holds the same values, so each process keeps what the last texts it accepted hold, by the text and
# the keys (a text refused, or holding nothing, is not kept); when full, it starts again.
DECODED_KEPT = 1024
_decoded: dict[tuple[bytes | str, str, tuple[bytes | str, ...]], dict[str, Any]] = {}


class SessionStore(DatabaseSessionStore):
    def _get_session_from_db(self) -> Any:
        """The session of this key that has not expired, as ``Session.objects.get(session_key=…,
        expire_date__gt=now)`` reads it; None (and no key) when there is none. With the user its data
        held the last time, when this process knows him (``_user_of_key``)."""
        key = self.session_key
        user_id = _user_of_key.get(key) if key else None
        session = None
        read_with_session(None)  # what an earlier read kept is never taken for this one's
        if key and user_id is not None:
            pairs = _WITH_USER.rows({"key": key}, {"pk": user_id})
            if pairs:
                row, user_row = pairs[0]
                session = _BY_KEY.instance(row, Session)
                user = USER_BY_ID.instance(user_row, User) if user_row is not None else None
                read_with_session(user_id, user)
        elif key:
            rows = _BY_KEY.rows(key=key)
            if rows:
                session = _BY_KEY.instance(rows[0], Session)
        if session is not None and session.expire_date > timezone.now():
            return session
        self._session_key = None
        return None

    def load(self) -> dict[str, Any]:
        key = self.session_key
        values: dict[str, Any] = super().load()
        user_id = values.get(SESSION_KEY)
        if key and isinstance(user_id, str):
            if _user_of_key.get(key) != user_id:
                if len(_user_of_key) >= USERS_KEPT:
                    _user_of_key.clear()
                _user_of_key[key] = user_id
        return values

    def decode(self, session_data: bytes | str) -> dict[str, Any]:
        key = (session_data, settings.SECRET_KEY, tuple(settings.SECRET_KEY_FALLBACKS))
        values = _decoded.get(key)
        if values is None:
            values = super().decode(session_data)
            if not values:
                return values
            if len(_decoded) >= DECODED_KEPT:
                _decoded.clear()
            _decoded[key] = values
        # the session changes its own dict (and a list or dict in it, maybe): never the one kept, even
        # the first time
        return {name: copy.deepcopy(item) if isinstance(item, list | dict) else item for name, item in values.items()}
