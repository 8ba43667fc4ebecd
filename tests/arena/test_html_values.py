"""The play screen's Python parts write a value as the template's ``{{ value }}`` does (issue 35: the
parts moved out of the templates must not change a byte): strings escaped, safe strings as they are,
numbers localized, and a whole number grouped when the site groups digits."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.template import Context, Template
from django.test import override_settings
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from arena.screen.html_values import html_value

VALUES = [
    "Kard & <pajzs> \"'",
    mark_safe("<b>safe</b>"),
    0,
    -12,
    123456789,
    True,
    None,
    2.5,
    Decimal("1234.50"),
    datetime.date(2026, 12, 7),
    gettext_lazy("spectator"),
]


def template_writes(value: object) -> str:
    return Template("{{ value }}").render(Context({"value": value}))


@pytest.mark.parametrize("language", ["en", "hu"])
@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_a_value_is_written_as_the_template_writes_it(value, language):
    with translation.override(language):
        assert html_value(value) == template_writes(value)


@pytest.mark.parametrize("value", [1234567, -98765], ids=str)
def test_a_whole_number_is_grouped_when_the_site_groups_digits(value):
    with override_settings(USE_THOUSAND_SEPARATOR=True), translation.override("hu"):
        written = html_value(value)
        assert written == template_writes(value) and written != str(value)
    assert html_value(value) == str(value)
