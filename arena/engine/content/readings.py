"""The readings the rules data cites, in words: the digest's readings (its §23, cited "A44") and
HR-12's engine rulings ("HR-12.1"), each short, in both languages, and the house rules' sections by
name ("HR-5" The 16 trap cards). The rules reference turns an entry's source line into these notes
instead of bare codes (docs/rules-reference.md, "Sources").

A reading says what the engine plays where the rulebook leaves something open; the full text is the
digest's §23 and HR-12 (shared/rules).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final


@dataclass(frozen=True, slots=True)
class Reading:
    code: str  # "A44", "HR-12.1"
    text_hu: str
    text_en: str


def _r(code: str, hu: str, en: str) -> tuple[str, Reading]:
    return code, Reading(code, hu, en)


READINGS: Final[Mapping[str, Reading]] = MappingProxyType(
    dict(
        (
            _r(
                "A26",
                "Zsibbasztó: a gladiátor „nem irányíthatja ellenfelét” – elveszti a lökés jogát.",
                "Zsibbasztó: the gladiator “cannot direct his opponent” – he loses the right to push.",
            ),
            _r(
                "A27",
                "A tőrvetők hatótávja saját blokk + 2 blokk, ahogy a könyv táblázata mondja.",
                "The dagger-throwers reach their own block + 2 blocks, as the rulebook's table says.",
            ),
            _r(
                "A36",
                "Az Átok, az Életerőszívás és a Haláltánc típusa „–”: egyik amulett sem véd ellenük.",
                "Átok, Életerőszívás and Haláltánc have the type “–”: no amulet guards against them.",
            ),
            _r(
                "A37",
                "Az amulett csak a saját típusa ártó hatásai ellen véd; a jótékony varázslat hat a viselőjére.",
                "An amulet guards only against its type's harmful effects; a helpful spell still works on its wearer.",
            ),
            _r(
                "A39",
                "Érintéses varázslat: a szintje MAN-ba kerül, ez az egy támadása, a célpont védekezik; "
                "magára mondva nem kell dobni.",
                "A touch spell costs its level, is his one attack and the target defends; on himself no roll "
                "is needed.",
            ),
            _r(
                "A40",
                "A villámvarázslatnál a varázsló saját CÉ-módosítói nem számítanak, a Savfelhő −2-je igen.",
                "A lightning spell ignores the caster's own CÉ modifiers, but not Savfelhő's −2.",
            ),
            _r(
                "A41",
                "A rontás hatásai közül a varázsló a varázsláskor választ.",
                "Of a curse's effects the caster chooses one when he casts.",
            ),
            _r(
                "A42",
                "A varázsló saját ártó varázslatai neki nem ártanak (a mindenkire szóló büntetések kivételével).",
                "The caster is immune to his own spells' harm (penalties said to apply to everyone aside).",
            ),
            _r(
                "A43",
                "Az Átok CÉ-büntetése −2 („kettővel a célzóértéke”).",
                "Átok's CÉ penalty is −2 (“the aim value by two”).",
            ),
            _r(
                "A44",
                "A Zsibbasztó 2 körig hat, ahogy a fejléce mondja; a szöveg „három körig”-je elírás.",
                "Zsibbasztó lasts 2 rounds, as its header says; the prose's “three rounds” is a copying slip.",
            ),
            _r(
                "A45",
                "Izzó idegek: legfeljebb 2 MAN minden lépésben, amelyben cselekszik.",
                "Izzó idegek: at most 2 MAN in each step he acts.",
            ),
            _r(
                "A46",
                "Villámvért: érintéssel járó támadás (közelharc, alabárd, érintéses varázslat) után sújt, "
                "lövés és dobás után nem.",
                "Villámvért strikes after an attack that touches (melee, halberd, touch spell), not a shot or throw.",
            ),
            _r(
                "A47",
                "Életerőszívás: 4 Ép, fegyversebzés nélkül; Életerőrablás: 5 Ép, a varázsló 5-öt gyógyul.",
                "Életerőszívás: 4 Ép, no weapon damage; Életerőrablás: 5 Ép, and the caster heals 5.",
            ),
            _r(
                "A48",
                "Quintarha: a „következő körben” az időtartamhoz tartozik; a sokk és a tiltás a varázslás "
                "utáni körben hat.",
                "Quintarha: “in the next round” belongs to the duration; the shock and the ban fill the "
                "round after casting.",
            ),
            _r(
                "A49",
                "Haláltánc: a „két teljes kör” a varázslás köre és a következő.",
                "Haláltánc: the “two full rounds” are the casting round and the next.",
            ),
            _r(
                "A50",
                "Villám: a „mindenkin” azt jelenti, akit eltalál; egyetlen célpontja van.",
                "Villám: “everyone” means whoever it hits; it has one target.",
            ),
            _r(
                "A51",
                "Savfelhő: az 1 Ép-t egyszer, a varázsláskor sebzi; a varázsló saját MAN-jából mozgatja.",
                "Savfelhő: the 1 Ép is dealt once, when cast; the caster moves it with his own MAN.",
            ),
            _r(
                "A52",
                "Zombi: fele Ép lefelé kerekítve, a teremtője lépésében cselekszik megnevezés nélkül.",
                "Zombie: half Ép rounded down; it acts in its creator's step without being named.",
            ),
            _r(
                "A53",
                "Tűzalak: semmilyen fegyver nem sebzi (közelharc, távolsági, zombi); varázslat és csapda igen.",
                "Tűzalak: no weapon damages him (melee, ranged, zombie); spells and traps do.",
            ),
            _r(
                "A54",
                "Vérzékenység: minden legalább 1 Ép-s sérülés után +1 Ép.",
                "Vérzékenység: +1 Ép after every damage event of at least 1 Ép.",
            ),
            _r(
                "A55",
                "Bebörtönzés: a ketrec a varázslás mezőjén áll; a varázsló az átlépést sérülés nélkül teszi meg.",
                "Bebörtönzés: the cage stands where it was cast; the caster crosses it unharmed.",
            ),
            _r(
                "A56",
                "Orgyilkosság: az áldozat lépésenként pontosan 4 MAN-t kap, és elsőként cselekszik.",
                "Orgyilkosság: the victim has exactly 4 MAN a step and acts first.",
            ),
            _r(
                "A57",
                "Villámlánc: minden áldozat 3 blokkon belül, láncszemenként külön dobás.",
                "Villámlánc: every victim within 3 blocks, a separate roll for each link.",
            ),
            _r(
                "A62",
                "Izomsorvadás és Végtagsorvasztás: mezőnként 2 MAN, illetve −2 Mozgás; más hatásokkal összeadódnak.",
                "Izomsorvadás and Végtagsorvasztás: 2 MAN a hex, and −2 Mozgás; they add to other effects.",
            ),
            _r(
                "HR-12.1",
                "Nyitott kérdések rögzítve: a csapdák a csapaté, a Zsibbasztó 2, a Haláltánc 2 körig tart.",
                "Open options fixed: traps are the team's, Zsibbasztó lasts 2 rounds, Haláltánc 2.",
            ),
            _r(
                "HR-12.2",
                "Cselekvési sorrend: a két megnevezett egymás után cselekszik; az Orgyilkosság áldozata az első.",
                "Activation order: the two named act one after the other; an Orgyilkosság victim goes first.",
            ),
            _r(
                "HR-12.7",
                "Izzó idegek: a 2 MAN-os korlát lépésenként számít, a stratéga MAN-jával együtt.",
                "Izzó idegek: the 2-MAN cap is per step, the strategist's MAN included.",
            ),
            _r(
                "HR-12.9",
                "Mozgás: mezőnként fizetve, 1 MAN, lopakodva vagy futóhomokban 2, Izomsorvadással kétszeres.",
                "Moving: paid per hex, 1 MAN, 2 sneaking or in Futóhomok, doubled under Izomsorvadás.",
            ),
            _r(
                "HR-12.12",
                "Eltolás és lökés: a győztes választja a találat után; nem mozgás, de átlépi a Bebörtönzés falát.",
                "Shifts and pushes: the winner chooses after the hit; not movement, but they cross Bebörtönzés's wall.",
            ),
            _r(
                "HR-12.13",
                "MAN-tiltás: a karaktert megnevezik, de semmit sem tesz, és képzettség nélkül védekezik.",
                "MAN bans: the character is named but does nothing and defends without skills.",
            ),
            _r(
                "HR-12.15",
                "Orgyilkosság: az áldozat csak a kijelöltet támadhatja, és a legrövidebb úton halad felé.",
                "Orgyilkosság: the victim may only attack the designee and moves to him by a shortest path.",
            ),
            _r(
                "HR-12.16",
                "Orgyilkosság: véget ér, ha a kijelölt meghal.",
                "Orgyilkosság ends early when the designee dies.",
            ),
            _r(
                "HR-12.17",
                "Parancs nélküli zombi: megtámadja, aki a mezőjén áll, különben a legközelebbi személy felé megy.",
                "A zombie without a command attacks whoever shares its hex, else walks to the nearest person.",
            ),
            _r(
                "HR-12.18",
                "Zombiparancs: 2 MAN-ért, azon a lépésen nincs varázslás.",
                "Zombie commands cost 2 MAN, and no casting that step.",
            ),
            _r(
                "HR-12.19",
                "A zombi értékei a halott harcoséi; Ép-je a maximum fele.",
                "The zombie keeps the dead fighter's values; its Ép is half his maximum.",
            ),
            _r(
                "HR-12.22",
                "Egy találat sorrendje: nyers Sp, STP, SFÉ, Ép, Vérzékenység, Életerőrablás, Villámvért, halál.",
                "One hit in order: raw Sp, STP, SFÉ, Ép, Vérzékenység, Életerőrablás, Villámvért, death.",
            ),
            _r(
                "HR-12.25",
                "A kör vége: Tűzvihar, a közönség szabályai, majd a hatások lejárnak.",
                "The end of the round: Tűzvihar, the crowd rules, then effects expire.",
            ),
            _r(
                "HR-12.32",
                "A stratéga viselhet amulettet, de mágiaellenállás-jelzőt nem kap.",
                "The strategist may wear an amulet but gets no magic-resistance token.",
            ),
            _r(
                "HR-12.33",
                "Forduló villám: nem kell szabad lővonal, a falak nem állítják meg.",
                "Forduló villám needs no clear line of fire; walls do not stop it.",
            ),
            _r(
                "HR-12.34",
                "A területi varázslatok a rejtőzőket és a lopakodókat is érik.",
                "Area spells reach hiding and sneaking characters too.",
            ),
        )
    )
)

# The house rules' sections by name (shared/rules/house-rules.md).
SECTIONS: Final[Mapping[str, tuple[str, str]]] = MappingProxyType(
    {
        "HR-1": ("Az aréna mezői", "Board geometry"),
        "HR-2.1": ("Az alapcsapat karakterlapjai", "The base team's sheets"),
        "HR-3.1": ("A gladiátor fegyverei", "The gladiator's weapons"),
        "HR-3.3": ("Gladiátortípusok", "Gladiator types"),
        "HR-4": ("Képzettségek", "Skills"),
        "HR-5": ("A 16 csapdakártya", "The 16 trap cards"),
        "HR-6": ("A korongkészlet", "The spell-disc pool"),
        "HR-7": ("Opcionális szabályok", "Optional rules"),
        "HR-9": ("Csapatépítés pontokból", "Team point rules"),
        "HR-9.1": ("Keretek", "Budgets"),
        "HR-9.3": ("Értékek ára és tartománya", "Stat costs and ranges"),
        "HR-9.5": ("Felszerelés és mágia", "Equipment and magic"),
        "HR-9.6": ("Csapatépítési szabályok", "Team-building rules"),
        "HR-10.1": ("Eredmények és körlimit", "Results and the round limit"),
        "HR-11": ("Kisebb hiányok", "Small gaps"),
        "HR-12": ("Motorszabályok", "Engine rulings"),
    }
)
