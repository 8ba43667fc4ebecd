"""Text in the two languages of the app: English and Hungarian, side by side.

Every name, effect and message of the warband rules is a :class:`Text`; ``text.get("hu")`` gives
the Hungarian, any other language the English. Placeholders are filled with :meth:`Text.format`,
which formats both languages at once (a value that is itself a ``Text`` is put in each language).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

HU: Final = "hu"
EN: Final = "en"


@dataclass(frozen=True)
class Text:
    """One text in English (``en``) and Hungarian (``hu``)."""

    en: str
    hu: str

    def get(self, language: str) -> str:
        """The text in ``language``: Hungarian for ``"hu"``, English for any other."""
        return self.hu if language == HU else self.en

    def format(self, **values: object) -> Text:
        """Both languages with ``{name}`` placeholders filled; ``Text`` values in their language."""
        en = {k: v.en if isinstance(v, Text) else v for k, v in values.items()}
        hu = {k: v.hu if isinstance(v, Text) else v for k, v in values.items()}
        return Text(self.en.format(**en), self.hu.format(**hu))

    def __str__(self) -> str:
        return self.en


def same(text: str) -> Text:
    """A text that reads the same in both languages (a name, a number)."""
    return Text(text, text)


def joined(parts: tuple[Text, ...] | list[Text], separator: str = ", ") -> Text:
    """The texts joined, each language with its own."""
    return Text(separator.join(p.en for p in parts), separator.join(p.hu for p in parts))
