"""The counted lines of the campaign rules in Hungarian and English (HR-10.5–10.7).

An XP award (:func:`~arena.engine.campaign.experience.xp_award`), a match's income
(:func:`~arena.engine.campaign.gold.match_income`) and the modifiers of an injury roll
(:func:`~arena.engine.campaign.injuries.injury_modifiers`) are each a tuple of :class:`Line` s: a
stable ``key`` (what the app stores), the ``amount`` it adds and the ``count`` it counts (kills).
:meth:`Line.text` words it in either language from :data:`LINE_TEXTS`, so a stored line can be
read again in the reader's language:

    >>> line = Line("xp.fighters_killed", 4, count=2)
    >>> line.text("en"), line.text("hu")
    ('killed 2 enemy non-gladiator(s)', '2 ellenséges nem gladiátort ölt meg')

The names of the rules' closed vocabularies (result kinds, formats, tie-breakers, injury results,
knockout stages, purchases) are ``(hungarian, english)`` pairs beside their enums, like
``ROLE_NAMES`` in :mod:`arena.engine.content.common`. The language is ``"hu"`` or anything else
(English); the engine never guesses it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, TypeAlias

from arena.engine.content.profiles import PROFILES

Pair: TypeAlias = tuple[str, str]  # (hungarian, english)

HU: Final = "hu"


def in_language(pair: Pair, language: str) -> str:
    """The Hungarian of a ``(hungarian, english)`` pair for ``"hu"``, else the English."""
    return pair[0] if language == HU else pair[1]


# a member's campaign status (``Member.status``), HR-10.4
STATUS_NAMES: Final[Mapping[str, Pair]] = MappingProxyType(
    {
        "active": ("aktív", "active"),
        "absent": ("hiányzik", "absent"),
        "dead": ("halott", "dead"),
        "hireling": ("zsoldos", "hireling"),
    }
)


def place_hu(slot: str) -> str:
    """A member's place in Hungarian, as a sentence names it (``tőrvető (deasta)``); an unknown
    slot as it is."""
    profile = PROFILES.get(slot)
    return profile.name_hu.lower() if profile else slot


LINE_TEXTS: Final[Mapping[str, Pair]] = MappingProxyType(
    {
        # XP, HR-10.6
        "xp.took_part": ("részt vett", "took part"),
        "xp.survived": ("túlélte", "survived"),
        "xp.fighters_killed": (
            "{count} ellenséges nem gladiátort ölt meg",
            "killed {count} enemy non-gladiator(s)",
        ),
        "xp.strategist_killed": ("megölte az ellenséges stratégát", "killed the enemy strategist"),
        "xp.strategist_killed.many": ("{count} ellenséges stratégát ölt meg", "killed {count} enemy strategists"),
        "xp.damaged_gladiator": (
            "Ép-sebzést okozott az ellenséges gladiátornak",
            "dealt Ép to the enemy gladiator",
        ),
        "xp.damaged_gladiator.many": (
            "{count} ellenséges gladiátornak okozott Ép-sebzést",
            "dealt Ép to {count} enemy gladiators",
        ),
        "xp.destroyed_gladiator": (
            "elpusztította az ellenséges gladiátort",
            "destroyed the enemy gladiator",
        ),
        "xp.destroyed_gladiator.many": (
            "{count} ellenséges gladiátort pusztított el",
            "destroyed {count} enemy gladiators",
        ),
        "xp.team_won": ("csapata nyert", "his team won"),
        # income, HR-10.7: the result, then the bonuses
        "gold.victory": ("győzelem", "victory"),
        "gold.points_victory": ("pontgyőzelem", "points victory"),
        "gold.draw": ("döntetlen", "draw"),
        "gold.points_defeat": ("pontvereség", "points defeat"),
        "gold.defeat": ("vereség", "defeat"),
        "gold.forfeit_win": ("játék nélküli győzelem", "forfeit win"),
        "gold.forfeit_loss": ("feladás", "forfeit loss"),
        "gold.bye": ("erőnyerő", "bye"),
        "gold.fighters_killed": (
            "{count} megölt ellenséges nem gladiátor",
            "{count} enemy non-gladiator(s) killed",
        ),
        "gold.strategist_killed": ("megölt ellenséges stratéga", "enemy strategist killed"),
        "gold.strategist_killed.many": ("{count} megölt ellenséges stratéga", "{count} enemy strategists killed"),
        "gold.thumbs_down": ("hüvelykujj le", "thumbs down"),
        # injury roll modifiers, HR-10.5
        "injury.team_won": ("csapata nyert", "his team won"),
        "injury.last_hit": (
            "az utolsó találat −3 Ép-re vagy az alá vitte",
            "the last hit took him to −3 Ép or below",
        ),
        "injury.gladiator_destroyed": ("elpusztult gladiátor", "gladiator destroyed"),
        "injury.thumbs_up": ("hüvelykujj fel", "thumbs up"),
        "injury.thumbs_down": ("hüvelykujj le", "thumbs down"),
    }
)


@dataclass(frozen=True)
class Line:
    """One counted line: ``key`` (a :data:`LINE_TEXTS` key), the ``amount`` it adds (XP, gold or
    a modifier) and the ``count`` it counts (the kills of ``*.fighters_killed`` and ``*.many``, else 1)."""

    key: str
    amount: int
    count: int = 1

    def __post_init__(self) -> None:
        if self.key not in LINE_TEXTS:
            raise ValueError(f"no text for the line {self.key!r}")

    def text(self, language: str = "en") -> str:
        """What the line counts, in ``language`` (``"hu"`` or English)."""
        return in_language(LINE_TEXTS[self.key], language).format(count=self.count)

    def pair(self, language: str = "en") -> tuple[str, int]:
        """``(text, amount)``: the line as a table prints it."""
        return self.text(language), self.amount


def counted_line(key: str, each: int, count: int) -> Line:
    """The line for ``count`` of one deed worth ``each``: ``key`` for one (a duel's one enemy),
    ``key.many`` for more (a four-seat match's several enemies, HR-8).

    >>> counted_line("xp.destroyed_gladiator", 4, 2).pair()
    ('destroyed 2 enemy gladiators', 8)
    """
    return Line(key if count == 1 else f"{key}.many", each * count, count)


def lines_text(lines: tuple[Line, ...], language: str = "en") -> str:
    """Lines as one text: ``took part 1, survived 1``."""
    return ", ".join(f"{line.text(language)} {line.amount}" for line in lines)
