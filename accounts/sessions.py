"""The session store: Django's database sessions, with the read every signed-in request makes compiled
once per process (``viadal_site.prepared``) instead of built afresh each time.

``SESSION_ENGINE = "accounts.sessions"``. Writing, expiring and clearing sessions are Django's own;
only the read by key is replaced, and it reads what Django's reads: the row of that key, if it has not
expired (docs/decisions.md, "Builder speed", fifth round).
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.contrib.sessions.models import Session
from django.utils import timezone

from viadal_site.prepared import PreparedQuery

# Longer than any session key Django makes (32 characters), so no real key can be taken for it.
_KEY_STAND_IN = "\x00session-key-stand-in-of-the-prepared-query"
_BY_KEY = PreparedQuery(Session, lambda key: Session.objects.filter(session_key=key), key=_KEY_STAND_IN)


class SessionStore(DatabaseSessionStore):
    def _get_session_from_db(self) -> Any:
        """The session of this key that has not expired, as ``Session.objects.get(session_key=…,
        expire_date__gt=now)`` reads it; None (and no key) when there is none."""
        rows = _BY_KEY.rows(key=self.session_key) if self.session_key else []
        if rows:
            session = _BY_KEY.instance(rows[0], Session)
            if session.expire_date > timezone.now():
                return session
        self._session_key = None
        return None
