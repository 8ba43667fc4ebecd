"""The army list of WB-6: twenty ready profiles, and the sample warband of WB-5.

Each :class:`ArmyProfile` names its profile in both languages, says whether it is a personality
(**P**), and carries the price WB-6 prints (the tests hold it equal to WB-2's). They also serve as
summons (all but the Conjurer, a Summoner) and as illusions; the elementals carry their tag. The
Raven is the list's minion (granting Flying); the Conjurer takes a Summoner pool beside him.
:func:`army_figure` makes a :class:`~warbands.rules.model.Figure` of a profile.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from warbands.rules import warband_content as c
from warbands.rules.bilingual import Text
from warbands.rules.model import Figure, Minion, Warband


@dataclass(frozen=True)
class ArmyProfile:
    """One row of WB-6."""

    id: str
    name: Text
    quality: int
    combat: int
    rules: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    element: str | None = None
    listed_price: int = 0  # the price column of WB-6
    minion: bool = False  # the Raven: the list's minion
    grant: str | None = None  # what it grants as a minion

    @property
    def personality(self) -> bool:
        return any(r in c.PERSONALITY_RULES for r in self.rules)

    @property
    def summonable(self) -> bool:
        """Every profile but the Conjurer (a Summoner) may be a summon (WB-6)."""
        return not any(s in c.POOL_SKILLS for s in self.skills)


def _p(
    id: str, en: str, hu: str, q: int, cb: int, price: int, rules: tuple[str, ...] = (), **more: object
) -> ArmyProfile:
    return ArmyProfile(id, Text(en, hu), q, cb, rules, listed_price=price, **more)  # type: ignore[arg-type]


ARMY_LIST: Final[Mapping[str, ArmyProfile]] = MappingProxyType(
    {
        p.id: p
        for p in (
            _p("militia", "Militia", "Milícia", 6, 1, 3),
            _p("warrior", "Warrior", "Harcos", 4, 3, 23),
            _p("archer", "Archer", "Íjász", 4, 2, 26, (c.SHOOTER_LONG,)),
            _p("knight", "Knight", "Lovag", 3, 4, 50, (c.HEAVY_ARMOUR, c.PALADIN)),
            _p("sergeant", "Sergeant", "Őrmester", 4, 3, 45, (c.LEADER,)),
            _p("hero", "Hero", "Hős", 4, 4, 53, (c.HERO,)),
            _p("wizard", "Wizard", "Varázsló", 3, 1, 66, (c.MAGIC_USER,), spells=(c.SIMPLE_COMBAT_SPELL, c.BINDING)),
            _p("hedge_mage", "Hedge mage", "Falusi mágus", 4, 1, 41, (c.MAGIC_USER,), spells=(c.SIMPLE_COMBAT_SPELL,)),
            _p("priest", "Priest", "Pap", 4, 2, 38, (c.CLERIC,)),
            _p(
                "necromancer",
                "Necromancer",
                "Nekromanta",
                4,
                1,
                60,
                (c.MAGIC_USER, c.VILLAIN),
                spells=(c.CURSE,),
                skills=(c.NECROMANCER,),
            ),
            _p("conjurer", "Conjurer", "Démonidéző", 4, 1, 53, (c.MAGIC_USER,), skills=(c.SUMMONER,)),
            _p("wolf", "Wolf", "Farkas", 4, 2, 26, (c.ANIMAL, c.LONG_MOVE)),
            _p("raven", "Raven", "Holló", 5, 1, 12, (c.ANIMAL, c.FLYING), minion=True, grant=c.FLYING),
            _p("skeleton", "Skeleton", "Csontváz", 5, 2, 13, (c.UNDEAD,)),
            _p("golem", "Golem", "Gólem", 4, 4, 32, (c.ARTIFICIAL, c.BIG, c.SLOW)),
            _p("ogre", "Ogre", "Ogre", 4, 5, 47, (c.BIG, c.SAVAGE)),
            _p("earth_elemental", "Earth elemental", "Földelementál", 4, 4, 27, (c.BIG, c.SLOW), element="earth"),
            _p("fire_elemental", "Fire elemental", "Tűzelementál", 4, 3, 27, (c.SAVAGE,), element="fire"),
            _p("air_elemental", "Air elemental", "Levegőelementál", 4, 2, 30, (c.FLYING,), element="air"),
            _p("water_elemental", "Water elemental", "Vízelementál", 4, 3, 23, element="water"),
        )
    }
)


def army_figure(profile_id: str, name: str | None = None, language: str = "en") -> Figure:
    """A figure of the army list's profile ``profile_id``, named ``name`` (the profile's name in
    ``language`` when None). ``KeyError`` for an unknown profile."""
    p = ARMY_LIST[profile_id]
    return Figure(
        name=p.name.get(language) if name is None else name,
        quality=p.quality,
        combat=p.combat,
        rules=p.rules,
        spells=p.spells,
        skills=p.skills,
        element=p.element,
    )


def army_minion(profile_id: str, name: str | None = None, language: str = "en") -> Minion:
    """The profile as a minion, granting what the list says it grants."""
    return Minion(army_figure(profile_id, name, language), ARMY_LIST[profile_id].grant)


def sample_warband(language: str = "en") -> Warband:
    """WB-5's sample at L 200: a Wizard with a Raven minion granting Flying, a Knight, two Warriors
    and an Archer; T = 66 + 12 + 50 + 2 × 23 + 26 = 200."""
    warrior = ARMY_LIST["warrior"].name.get(language)
    wizard = army_figure("wizard", language=language)
    return Warband(
        name=Text("Sample warband", "Mintaosztag").get(language),
        points=c.POINTS_DEFAULT,
        figures=(
            replace(wizard, minions=(army_minion("raven", language=language),)),
            army_figure("knight", language=language),
            army_figure("warrior", f"{warrior} 1", language),
            army_figure("warrior", f"{warrior} 2", language),
            army_figure("archer", language=language),
        ),
    )
