"""The home page, and the pages of a refusal (403), a page that is not there (404) and a failure of
the server (500): in the site's layout and the reader's language, saying why, with a way back."""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.template import loader
from django.templatetags.static import static
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import requires_csrf_token

from campaigns.demo import DEMO_LEAGUE
from campaigns.management.commands.load_demo import DEMO_USERS
from campaigns.models import League
from games.registry import all_games

# get_object_or_404's own message names a model in English ("No League matches the given query."):
# the page says it in the reader's words instead; the app's own Http404 messages are translated.
_LOOKUP_MESSAGE = re.compile(r"^No .+ matches the given query\.$")


def home(request: HttpRequest) -> HttpResponse:
    """What to do first: the demo logins when the demo data is loaded (its league exists), else sign up;
    and each game the site serves, in its own words (``games.registry``)."""
    demo = not request.user.is_authenticated and League.objects.filter(name=DEMO_LEAGUE).exists()
    return render(request, "home.html", {"demo_users": DEMO_USERS if demo else (), "games": all_games()})


def _back_url(request: HttpRequest) -> str:
    """Where the reader came from, when it is a page of this site and not this one; else empty."""
    referer = request.META.get("HTTP_REFERER", "")
    if not referer or referer.endswith(request.get_full_path()):
        return ""
    secure = request.is_secure()
    return referer if url_has_allowed_host_and_scheme(referer, {request.get_host()}, require_https=secure) else ""


def _reason(exception: Exception | None) -> str:
    message = str(exception or "")
    if not message or _LOOKUP_MESSAGE.match(message) or message.startswith(("{", "[")):
        return ""  # the resolver's own report of the path tried ({'path': …}) says nothing to a reader
    return message


@requires_csrf_token
def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    context = {"reason": _reason(exception), "back_url": _back_url(request)}
    return render(request, "403.html", context, status=403)


@requires_csrf_token
def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    context = {"reason": _reason(exception), "back_url": _back_url(request)}
    return render(request, "404.html", context, status=404)


@requires_csrf_token
def server_error(request: HttpRequest) -> HttpResponse:
    """Rendered without the request's context processors: the failure may be the database's, and
    the header's count would need it."""
    html = loader.get_template("500.html").render({"back_url": _back_url(request)})
    return HttpResponse(html, status=500)


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico whatever the page says: send them to the site's icon. Its hashed
    name is looked up when asked (the manifest may not exist when the URLs are loaded, as in
    ``check --deploy`` before ``collectstatic``)."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))
