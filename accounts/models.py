"""What the site remembers of a player beyond his login: for now, the language he reads."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Preferences(models.Model):
    """One row per user, made when he signs up or first switches language.

    ``language`` is a code of ``settings.LANGUAGES``; empty means he never chose one, so the
    browser's preference (or the cookie) decides.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences", verbose_name=_("user")
    )
    language = models.CharField(_("language"), max_length=10, choices=settings.LANGUAGES, blank=True)

    class Meta:
        verbose_name = _("preferences")
        verbose_name_plural = _("preferences")

    def __str__(self) -> str:
        return f"{self.user}: {self.language or '-'}"
