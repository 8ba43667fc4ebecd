"""A logged-in player's chosen language wins over the cookie and the browser.

Placed after ``AuthenticationMiddleware`` (``LocaleMiddleware`` has already picked the cookie's or
the browser's language by then). The language cookie is set to his choice too, so the site keeps
speaking it after he logs out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, cast

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from .language import user_language

SameSite = Literal["Lax", "Strict", "None", False] | None


class UserLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = user_language(request)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        cookie = settings.LANGUAGE_COOKIE_NAME
        if language and request.COOKIES.get(cookie) != language and cookie not in response.cookies:
            response.set_cookie(
                cookie,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=cast(SameSite, settings.LANGUAGE_COOKIE_SAMESITE),
            )
        return response
