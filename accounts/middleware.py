"""A logged-in player's chosen language wins over the cookie and the browser.

Placed after ``AuthenticationMiddleware`` (``LocaleMiddleware`` has already picked the cookie's or
the browser's language by then). The language cookie is set to his choice too, so the site keeps
speaking it after he logs out.

Synchronous and asynchronous alike: under ASGI an async view's chain (the push stream) runs it without
adapting the rest of the chain around it (a sync-only middleware there costs two hand-offs between the
event loop and a thread).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Literal, cast

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from .language import user_language

SameSite = Literal["Lax", "Strict", "None", False] | None


class UserLanguageMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        self.async_mode = iscoroutinefunction(get_response)
        if self.async_mode:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.async_mode:
            return self.__acall__(request)
        language = self._activate(request, user_language(request))
        response = self.get_response(request)
        return self._remember(request, language, response)

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        # the session (and the user behind it) is read in a thread, as every database read is
        language = self._activate(request, await sync_to_async(user_language)(request))
        response = await cast(Callable[[HttpRequest], Awaitable[HttpResponse]], self.get_response)(request)
        return self._remember(request, language, response)

    @staticmethod
    def _activate(request: HttpRequest, language: str) -> str:
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return language

    @staticmethod
    def _remember(request: HttpRequest, language: str, response: HttpResponse) -> HttpResponse:
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
