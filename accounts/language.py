"""The language a logged-in player chose: stored in his ``Preferences``, cached in his session.

Anonymous readers get Django's choice (``LocaleMiddleware``: the language cookie, then the
browser's ``Accept-Language``, then ``settings.LANGUAGE_CODE``). A logged-in player who has chosen
a language reads it on any device: it is read from the database once, when he logs in, and kept in
the session so that a page costs no extra query.
"""

from __future__ import annotations

from typing import TypeGuard

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.http import HttpRequest

from .models import Preferences

SESSION_KEY = "accounts.language"


def is_supported(language: str | None) -> TypeGuard[str]:
    return bool(language) and language in dict(settings.LANGUAGES)


def stored_language(user: User) -> str:
    """The user's chosen language, or "" when he has not chosen one."""
    language = Preferences.objects.filter(user=user).values_list("language", flat=True).first()
    return language if is_supported(language) else ""


def store_language(user: User, language: str) -> None:
    if not is_supported(language):
        raise ValueError(f"not a language of the site: {language!r}")
    Preferences.objects.update_or_create(user=user, defaults={"language": language})


def remember_in_session(request: HttpRequest, language: str) -> None:
    request.session[SESSION_KEY] = language


def user_language(request: HttpRequest) -> str:
    """The logged-in user's chosen language ("" for none, and for anonymous readers)."""
    user: User | AnonymousUser | None = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    if SESSION_KEY not in request.session:  # a session from before languages were remembered
        remember_in_session(request, stored_language(user))
    language = request.session[SESSION_KEY]
    return language if is_supported(language) else ""
