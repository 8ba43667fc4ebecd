"""The reader's language for the rules package's two-language texts (``warbands.rules.bilingual.Text``)."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from warbands.rules.bilingual import EN, HU, Text


def reader_language() -> str:
    """``"hu"`` for a Hungarian reader, else ``"en"`` (the rules' texts come in those two)."""
    code = translation.get_language() or settings.LANGUAGE_CODE
    return HU if code.lower().split("-")[0] == HU else EN


def say(text: Text) -> str:
    """``text`` in the reader's language."""
    return text.get(reader_language())
