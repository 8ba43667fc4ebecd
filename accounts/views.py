"""Signing up, switching the language (remembered for a logged-in player), the login page of a
player whose logins are throttled, and what waits on a player."""

from __future__ import annotations

from typing import Any

from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import REDIRECT_FIELD_NAME, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.i18n import set_language as django_set_language

from common.http import AuthenticatedHttpRequest

from .inbox import inbox as inbox_of
from .language import is_supported, remember_in_session, store_language
from .throttle import address_locked, take_signup


def unusable_username() -> str:
    return _("This username cannot be used. Choose another.")


class SignUpForm(UserCreationForm):
    """Django's form, except that it does not tell which usernames exist (issue 28): whether the
    username is taken is asked only once everything else is valid (so a probe with a bad password
    learns nothing), and then in words that do not say "exists"; posts are throttled per address."""

    def clean_username(self) -> str:
        return str(self.cleaned_data.get("username") or "")  # no early "already exists"

    def validate_unique(self) -> None:
        """Asked in ``full_clean``, after the passwords."""

    def full_clean(self) -> None:
        super().full_clean()
        username = getattr(self, "cleaned_data", {}).get("username")
        if not self.errors and username and User.objects.filter(username__iexact=username).exists():
            self.add_error("username", unusable_username())


def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log straight in, to the team list. The language he signs up in is
    remembered as his. At most ``SIGNUP_LIMIT`` posts an hour from one address."""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and not take_signup(request):
        form = SignUpForm()
        context = {"form": form, "signup_limited": True}
        return render(request, "registration/signup.html", context, status=429)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
        except IntegrityError:  # taken meanwhile by another sign-up
            form.add_error("username", unusable_username())
            return render(request, "registration/signup.html", {"form": form})
        language = translation.get_language()
        if is_supported(language):
            store_language(user, language)
        # AxesStandaloneBackend only refuses logins; the account was made here, so ModelBackend logs him in
        login(request, user, backend="accounts.backends.ModelBackend")
        messages.success(request, _("Welcome, %(name)s. Start with the base team.") % {"name": user.username})
        return redirect("teams:list")
    return render(request, "registration/signup.html", {"form": form})


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` (the cookie, the redirect to ``next``); a logged-in player's choice
    is also stored in his preferences and session, so it follows him to his next login."""
    response = django_set_language(request)
    language = request.POST.get("language") if request.method == "POST" else None
    if not is_supported(language):
        response.cookies.pop(settings.LANGUAGE_COOKIE_NAME, None)  # Django knows more than the site speaks
        return response
    if request.user.is_authenticated:
        store_language(request.user, language)
        remember_in_session(request, language)
    return response


def login_locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: dict[str, Any] | None = None
) -> HttpResponse:
    """The login page when django-axes refuses a login (``AXES_LOCKOUT_CALLABLE``): the form again, the
    username kept, and why no password works for now. 429, not a bare 403 (docs/decisions.md)."""
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    cool_off = get_cool_off(request)
    minutes = max(1, round(cool_off.total_seconds() / 60)) if cool_off else 0
    context = {
        # unbound: validating it would try the password once more, and count one more failure
        "form": AuthenticationForm(request, initial={"username": username}),
        "next": request.POST.get(REDIRECT_FIELD_NAME, ""),
        "locked_out_minutes": minutes,
        "address_locked": address_locked(request),
    }
    return render(request, "registration/login.html", context, status=429)


@login_required
@require_safe
def inbox(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Waiting on you: every result, dispute, fixture, advance and hosted match that needs him."""
    return render(request, "accounts/inbox.html", {"inbox": inbox_of(request.user, page=request.GET.get("page"))})
