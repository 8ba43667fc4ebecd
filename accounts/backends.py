"""The authentication backend: Django's ``ModelBackend``, with the read of the signed-in user that
every request makes compiled once per process (``common.prepared``).

Signing in, passwords and permissions are Django's own; only ``get_user`` is replaced, and it reads
what Django's reads: the user of that id, if he may sign in (``user_can_authenticate``). The site's
users are Django's own ``User`` (no ``AUTH_USER_MODEL``).

The session store (``accounts.sessions``) may have read the user already, in the statement that read
the session (``read_with_session``): ``get_user`` then takes that row, read in the same request and
the same snapshot as the session, instead of reading it again. Django's ``get_user`` checks the
session's password hash against it as against any user it reads.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from django.contrib.auth.backends import ModelBackend as DjangoModelBackend
from django.contrib.auth.models import User

from common.prepared import PreparedQuery

# No user has a negative id.
_ID_STAND_IN = -7_300_001
USER_BY_ID = PreparedQuery(User, lambda pk: User._default_manager.filter(pk=pk), pk=_ID_STAND_IN)

# The user the session store read with this request's session: (his id as the session holds it, the
# user or None when there is no user of that id). Taken once; cleared at the end of every request.
_read_with_session: ContextVar[tuple[str, User | None] | None] = ContextVar("read_with_session", default=None)


def read_with_session(user_id: str | None, user: User | None = None) -> None:
    """The session store read the user of ``user_id`` (``user`` None: there is none) with the session;
    ``user_id`` None: it read a session without a user (what was kept before is forgotten)."""
    kept = (user_id, user) if user_id is not None else None
    if kept is not None or _read_with_session.get() is not None:
        _read_with_session.set(kept)


def forget_read_with_session(**_kwargs: Any) -> None:
    """Nothing read with a session outlives its request (``request_finished``)."""
    if _read_with_session.get() is not None:
        _read_with_session.set(None)


class ModelBackend(DjangoModelBackend):
    def get_user(self, user_id: Any) -> User | None:
        kept = _read_with_session.get()
        if kept is not None:
            _read_with_session.set(None)
            if kept[0] == str(user_id):
                user = kept[1]
                return user if user is not None and self.user_can_authenticate(user) else None
        rows = USER_BY_ID.rows(pk=user_id)
        if not rows:
            return None
        user = USER_BY_ID.instance(rows[0], User)
        return user if self.user_can_authenticate(user) else None
