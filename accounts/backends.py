"""The authentication backend: Django's ``ModelBackend``, with the read of the signed-in user that
every request makes compiled once per process (``common.prepared``).

Signing in, passwords and permissions are Django's own; only ``get_user`` is replaced, and it reads
what Django's reads: the user of that id, if he may sign in (``user_can_authenticate``). The site's
users are Django's own ``User`` (no ``AUTH_USER_MODEL``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend as DjangoModelBackend
from django.contrib.auth.models import User

from common.prepared import PreparedQuery

# No user has a negative id.
_ID_STAND_IN = -7_300_001
_BY_ID = PreparedQuery(User, lambda pk: User._default_manager.filter(pk=pk), pk=_ID_STAND_IN)


class ModelBackend(DjangoModelBackend):
    def get_user(self, user_id: Any) -> User | None:
        rows = _BY_ID.rows(pk=user_id)
        if not rows:
            return None
        user = _BY_ID.instance(rows[0], User)
        return user if self.user_can_authenticate(user) else None
