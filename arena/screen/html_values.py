"""A value written into the play screen's HTML as the template's ``{{ value }}`` writes it: localized and
escaped. One writing for the parts written in Python (:mod:`arena.screen.parts_html`,
:mod:`arena.screen.board`), which write hundreds of values per answer."""

from __future__ import annotations

import html
from typing import Any, cast

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString

# Read once (the lazy settings object costs a lookup per value), again when a test overrides it.
_grouped = settings.USE_THOUSAND_SEPARATOR


@receiver(setting_changed)
def _reread(*, setting: str, **_kwargs: Any) -> None:
    global _grouped
    if setting == "USE_THOUSAND_SEPARATOR":
        _grouped = settings.USE_THOUSAND_SEPARATOR


def html_value(value: object) -> str:
    """As ``{{ value }}`` writes it. The common cases first, each as Django writes it: a plain string
    escaped; a safe string as it is; a whole number as its digits (``localize`` groups digits only with
    ``USE_THOUSAND_SEPARATOR``, and has no other spelling of an integer) — its formats' lookup costs more
    than the rest of the part. Anything else (a decimal, a date, a lazy translation) through ``localize``."""
    kind = type(value)
    if kind is str:
        return html.escape(cast(str, value))
    if kind is SafeString:
        return cast(SafeString, value)
    if kind is int and not _grouped:
        return str(value)
    return cast(str, conditional_escape(cast(str, localize(value))))
