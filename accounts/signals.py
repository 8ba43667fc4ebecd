"""On login, the player's stored language is put in his new session (see ``language``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest
from django.utils import translation

from .language import remember_in_session, stored_language


@receiver(user_logged_in, dispatch_uid="accounts.restore_language")
def restore_language(sender: Any, request: HttpRequest | None, user: User, **kwargs: Any) -> None:
    if request is None or not hasattr(request, "session"):
        return
    language = stored_language(user)
    remember_in_session(request, language)
    if language:
        translation.activate(language)  # the rest of this request (a message, say) reads it too
        request.LANGUAGE_CODE = language
