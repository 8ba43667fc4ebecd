"""The rules data in the reader's language.

Every entry of the engine's data carries its Hungarian and its English text (``name_hu`` /
``name_en``, ``effect_hu`` / ``effect_en``; the small vocabularies are ``(hungarian, english)``
pairs: ``ROLE_NAMES``, ``STAT_NAMES``, ``ARMOUR_NAMES``, ``AMMO_NAMES`` …). The engine knows no
Django, so the Django side picks the language here, from the active translation, and every page,
form and sheet asks these helpers (templates through ``arena/templatetags/rules_i18n.py``).

Hungarian readers read Hungarian only. English readers read English first and, where the paper
sheet and the rulebook use a Hungarian term, that term beside it (``term``): "Dodging (Kitérés)".
"""

from __future__ import annotations

from typing import Any, Final, Protocol

from django.conf import settings
from django.core.signals import setting_changed
from django.utils import translation

from .bounded_lru import RecentMemo

HU: Final = "hu"
EN: Final = "en"


class HasText(Protocol):
    def text(self, language: str) -> str: ...


def reader_language(language: str | None = None) -> str:
    """``"hu"`` or ``"en"``: the language given, else the active one (``hu-HU`` counts as ``hu``);
    any language but Hungarian reads English."""
    code = language or translation.get_language() or settings.LANGUAGE_CODE
    return HU if code.lower().split("-")[0] == HU else EN


# ``gettext_as``: the translations of literal messages, per language code and message.
_WORDED: RecentMemo[tuple[str, str], str] = RecentMemo(4096)


def gettext_as(language: str, message: str) -> str:
    """``gettext(message)``, where ``language`` is the active language's code as the caller read it once
    for a whole page (``get_language()``). Kept per language and message: Django's ``gettext`` looks the
    active translation up each time, in a context-local that costs most of the call, then each of its
    catalogues in turn; the play screen asks for the same few messages several times a second. For
    literal messages (the memo's keys are bounded, not its users' text)."""
    key = (language, message)
    found = _WORDED.get(key)
    if found is None:
        found = translation.gettext(message)
        _WORDED.put(key, found)
    return found


def _forget_the_worded(*, setting: str, **_: Any) -> None:
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS"}:  # as Django forgets its translations
        _WORDED.clear()


setting_changed.connect(_forget_the_worded)


def is_hungarian(language: str | None = None) -> bool:
    return reader_language(language) == HU


def pick(hu: str, en: str, language: str | None = None) -> str:
    """The text of the reader's language; the other one when that one is empty."""
    chosen, other = (hu, en) if is_hungarian(language) else (en, hu)
    return chosen or other


def entry_text(entry: Any, field: str = "name", language: str | None = None) -> str:
    """``entry.<field>_hu`` or ``entry.<field>_en`` (``field`` is ``name``, ``effect``, ``armour`` …)."""
    return pick(str(getattr(entry, f"{field}_hu", "") or ""), str(getattr(entry, f"{field}_en", "") or ""), language)


def entry_name(entry: Any, language: str | None = None) -> str:
    return entry_text(entry, "name", language)


def entry_effect(entry: Any, language: str | None = None) -> str:
    return entry_text(entry, "effect", language)


def pair_name(names: tuple[str, str], language: str | None = None) -> str:
    """A ``(hungarian, english)`` pair of the engine's vocabularies in the reader's language."""
    hungarian, english = names
    return pick(hungarian, english, language)


def hungarian_term(hu: str, en: str, language: str | None = None) -> str:
    """The Hungarian term an English reader sees beside the English name ("" for Hungarian
    readers, and where both read the same)."""
    if is_hungarian(language) or not hu or hu.casefold() == en.casefold():
        return ""
    return hu


def both(hu: str, en: str, language: str | None = None) -> str:
    """``Kitérés`` for Hungarian readers, ``Dodging (Kitérés)`` for English ones."""
    name = pick(hu, en, language)
    term = hungarian_term(hu, en, language)
    return f"{name} ({term})" if term else name


def entry_label(entry: Any, language: str | None = None) -> str:
    """An entry's name as a choice reads it: ``both(name_hu, name_en)``."""
    return both(str(entry.name_hu), str(entry.name_en), language)


def problem_text(problem: HasText, language: str | None = None) -> str:
    """A validation problem (``Problem``) or a team-file error (``TeamFileError``) in the reader's
    language."""
    return problem.text(reader_language(language))


# Date formats of the league pages (Django's date-format characters): the Hungarian order and
# month names (2025. ápr. 12.), and the English pages' own short forms.
DATE_FORMATS: Final = {
    HU: {"date": "Y. N j.", "day": "Y. F j., l", "datetime": "Y. N j. H:i"},
    EN: {"date": "j M Y", "day": "D j M Y", "datetime": "j M Y H:i"},
}


def date_format(style: str = "date", language: str | None = None) -> str:
    """The format of a ``date`` (``2025. ápr. 12.`` / ``12 Apr 2025``), a ``day`` with its weekday
    (``2025. április 12., szombat`` / ``Sat 12 Apr 2025``) or a ``datetime`` in the reader's language."""
    return DATE_FORMATS[reader_language(language)][style]


def ordinal_place(place: int | str | None, language: str | None = None) -> str:
    """A place in a table: ``1.`` in Hungarian, ``1st`` in English; "" for no place."""
    if place is None or place == "":
        return ""
    number = int(place)
    if is_hungarian(language):
        return f"{number}."
    if number % 100 in (11, 12, 13):
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
