"""Typed requests for the views: django-htmx's ``request.htmx``, and behind ``login_required`` a
signed-in ``User`` (never the anonymous one)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that django-htmx's middleware has annotated."""

    htmx: HtmxDetails


class AuthenticatedHttpRequest(HttpRequest):
    """The request of a view that ``login_required`` guards."""

    user: User


class AuthenticatedHtmxHttpRequest(HtmxHttpRequest, AuthenticatedHttpRequest):
    """A signed-in request that django-htmx has annotated."""
