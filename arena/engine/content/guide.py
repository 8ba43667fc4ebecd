"""How a match goes, in short: the order of play a player needs before his first match (RB p.6-11,
p.18; HR-1, HR-5, HR-6, HR-9.5, HR-10.1, HR-11, HR-12), each part citing its source and naming the
rules-reference entries it touches (``links``: ``(kind, id)``, or ``(kind, "")`` for a kind's index).

Every number here is the rules data's own (the budgets, pools and costs live in their modules); this
text only says in which order the rules meet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from arena.engine.content.common import make_catalog


@dataclass(frozen=True, slots=True)
class GuidePart:
    """One part of "How a match goes"."""

    id: str
    name_hu: str
    name_en: str
    text_hu: str
    text_en: str
    source: str
    links: tuple[tuple[str, str], ...] = ()


_PARTS = (
    GuidePart(
        id="setup",
        name_hu="A viadal előtt",
        name_en="Before the first round",
        text_hu=(
            "Mindkét játékos húz 3 csapdakártyát, boszorkánymestere 6 varázslatszint-jelző korongot; "
            "titokban kiosztja a 3 amulettet (karakterenként legfeljebb egyet) és a 2-es és 3-as "
            "mágiaellenállás-jelzőt két különböző harcosának. Egy-egy k10 dönti el, ki választ térfelet "
            "és ki lép elsőnek; a térfélválasztó ellenfele kezd. Mindkét játékos titokban feljegyzi "
            "gladiátora kezdő fogását, majd a kezdő játékos felállítja csapatát, utána a másik."
        ),
        text_en=(
            "Each player draws 3 trap cards, and his witch-master 6 spell discs; in secret he hands out "
            "the 3 amulets (at most one a character) and the magic-resistance tokens of 2 and 3 to two "
            "different fighters. A d10 each decides who chooses the side and who takes the first step; "
            "the side chooser's opponent starts. Both record their gladiator's starting grip in secret; "
            "then the starting player deploys, then the other."
        ),
        source="RB p.7; HR-11; HR-12.39",
        links=(("amulets", "curse"), ("amulets", "me_2"), ("amulets", "me_3"), ("traps", ""), ("spells", "")),
    ),
    GuidePart(
        id="round",
        name_hu="A kör és lépései",
        name_en="The round and its steps",
        text_hu=(
            "A viadal körökből áll, minden kör hat lépésből. Az 1–4. lépésben felváltva lépnek a "
            "játékosok, a kezdő játékos az 1. és 3., a másik a 2. és 4. lépésben, egy-egy lépésben két "
            "karakterrel. Az 5. lépés a kezdő játékos gladiátoráé, a 6. a másikáé. A 6. lépés után "
            "telik le a körökben mért hatások ideje."
        ),
        text_en=(
            "A match is played in rounds of six steps. In steps 1–4 the players take turns, the starting "
            "player in steps 1 and 3, the other in steps 2 and 4, each step with two characters. Step 5 "
            "is the starting player's gladiator's, step 6 the other's. After step 6 the effects counted "
            "in rounds run down."
        ),
        source="RB p.6; HR-12.25",
    ),
    GuidePart(
        id="naming",
        name_hu="A megnevezés",
        name_en="Naming the two who act",
        text_hu=(
            "Az 1–4. lépés elején a játékos megnevezi azt a két karakterét, aki abban a lépésben cselekszik "
            "– akkor is, ha egyikük semmit sem tesz. Második lépésében csak olyat nevezhet meg, aki abban "
            "a körben még nem cselekedett, így a négy külső harcos körönként egyszer kerül sorra. A "
            "gladiátort soha nem nevezik meg: ő az 5. vagy 6. lépésben cselekszik."
        ),
        text_en=(
            "At the start of each of his steps 1–4 the player names the two characters who act in it, "
            "even if one of them will do nothing. In his second step he may name only characters who "
            "have not acted this round, so each of his four outer fighters acts once a round. The "
            "gladiator is never named: he acts in step 5 or 6."
        ),
        source="RB p.6; HR-12.2",
    ),
    GuidePart(
        id="man",
        name_hu="Manőverpontok (MAN)",
        name_en="Manoeuvre points (MAN)",
        text_hu=(
            "Egy lépésben a megnevezett, élő karakterek mindegyike 3 MAN-t hoz egy közös keretbe (kettő "
            "6-ot), amelyből bármelyikük költhet. A stratéga körönként 4 MAN-nal rendelkezik: saját "
            "lépésekben megnevezett karakternek vagy távolsági csapdára adhatja, az ellenfél lépéseiben "
            "direkt csapdákat fizet belőle. Az el nem költött MAN elvész. Ára: mezőnként 1, egy támadás 2, "
            "egy varázslat a szintje, kapunyitás 1, egy képzettség 1–2, kilépés a közelharcból 2 + 1."
        ),
        text_en=(
            "In a step each named, living character brings 3 MAN into one pool (6 for two), which either "
            "may spend. The strategist has 4 MAN a round: in his own steps he gives them to a named "
            "character or to a remote trap, in the enemy's steps they pay direct traps. Unspent MAN is "
            "lost. Costs: 1 a hex, 2 an attack, a spell's level, 1 a gate, 1–2 a skill, 2 + 1 to leave a "
            "melee."
        ),
        source="RB p.7–8; HR-12.3, HR-12.4",
        links=(("skills", "running"), ("skills", "sneaking"), ("profiles", "strategist")),
    ),
    GuidePart(
        id="gladiators",
        name_hu="A gladiátorok lépése",
        name_en="The gladiators' step",
        text_hu=(
            "Az 5. és 6. lépésben a gladiátor saját 6 MAN-jával cselekszik, csak a központi körben, ahová "
            "más harcos nem léphet. Saját fegyverhalmánál 1 MAN-ért fegyvert cserélhet. Fegyvereit az 1. "
            "kör 5. lépésétől mindenki látja."
        ),
        text_en=(
            "In steps 5 and 6 the gladiator acts with his own 6 MAN, only in the central circle, which no "
            "other fighter enters. On his weapon pile's hex he swaps weapons for 1 MAN. His weapons are "
            "public from round 1, step 5."
        ),
        source="RB p.6, p.8, p.20; HR-11",
        links=(("gladiator-types", ""), ("weapons", "halberd"), ("weapons", "greatsword")),
    ),
    GuidePart(
        id="attacks",
        name_hu="Egy támadás lépésenként",
        name_en="One attack a step",
        text_hu=(
            "Egy karakter lépésenként egyszer támadhat, védekezni akárhányszor védekezhet. Közelharcban "
            "TÉ + k10 a VÉ + k10 ellen, távolról CÉ + k10 a lővonal minden blokkhatáráért és faláért 2 "
            "ellen; a nagyobb dobás talál. Aki támadott, abban a lépésben nem léphet ki a közelharcból; "
            "aki kilépett, nem támadhat. A boszorkánymester varázslata is az ő egy támadása, ha másra "
            "mondja."
        ),
        text_en=(
            "A character attacks once a step and defends any number of times. In melee TÉ + d10 against "
            "VÉ + d10, at range CÉ + d10 against 2 for each block border and wall on the line; the higher "
            "total hits. Who attacked may not leave the melee in that step; who left it may not attack. "
            "The witch-master's spell at anyone else is his one attack."
        ),
        source="RB p.6, p.9–10; HR-12.31",
        links=(("skills", "dodging"), ("weapons", "crossbow"), ("weapons", "throwing_daggers")),
    ),
    GuidePart(
        id="discs",
        name_hu="Varázslatszint-jelző korongok",
        name_en="Spell discs",
        text_hu=(
            "A boszorkánymester 6 korongot húz a 30-as készletből (10, 8, 6, 4 és 2 darab az 1–5. "
            "szintből). Bármelyik varázslatot elmondhatja, amelynek szintje egyezik egy nála lévő korong "
            "szintjével; a varázslat annyi MAN, amennyi a szintje, a korong pedig visszakerül a készletbe. "
            "Varázslatot nem vásárolnak: a csapatépítőben a korongok számát (5–7) és legfeljebb két fix "
            "korong szintjét lehet megvenni; egy fix korong szintenként 2 pont, és a húzás helyett a "
            "választott szintű."
        ),
        text_en=(
            "The witch-master draws 6 discs from the pool of 30 (10, 8, 6, 4 and 2 of levels 1–5). He may "
            "cast any spell whose level matches a disc he holds; it costs MAN equal to its level, and the "
            "disc goes back into the pool. Spells are not bought: the builder buys the number of discs "
            "(5–7) and the level of at most two fixed discs; a fixed disc costs 2 points per level and is "
            "of the chosen level instead of a random draw."
        ),
        source="RB p.7, p.11; HR-6; HR-9.5",
        links=(("spells", ""), ("points", "fixed_discs"), ("points", "ammunition")),
    ),
    GuidePart(
        id="traps",
        name_hu="Csapdák",
        name_en="Traps",
        text_hu=(
            "Távolsági csapdát (1–8) saját lépésedben játszol ki: egyik karaktered rálép a kártya számával "
            "jelölt mezőre, és ugyanabban a lépésben kifizeti a kártya MAN-ját; a hatás egy álló "
            "ellenségen jön létre. Direkt csapdát (9–16) az ellenfél lépése közben, egy mozgó karakterére "
            "játszol ki, a stratéga 4 MAN-jából. Az Sp-ben sebző csapdák rombolják a páncél STP-jét."
        ),
        text_en=(
            "A remote trap (1–8) is played in your own step: one of your characters steps onto the hex "
            "with the card's number and pays its MAN in the same step; it strikes a standing enemy. A "
            "direct trap (9–16) is played during the enemy's step on one of his moving characters, from "
            "the strategist's 4 MAN. Traps that deal Sp destroy armour STP."
        ),
        source="RB p.18; HR-5",
        links=(("traps", ""), ("traps", "erupting_spring")),
    ),
    GuidePart(
        id="end",
        name_hu="A viadal vége",
        name_en="The end of the match",
        text_hu=(
            "Aki elpusztítja az ellenfél gladiátorát (Ép 0 vagy kevesebb), azonnal győz. Ha a körlimit "
            "(két játékosnál 20, négynél 24 kör) végéig egyik sem esik el, az arénapontok döntenek: az "
            "ellenséges gladiátor elvesztett Ép-je, minden megölt nem-gladiátor 3, a stratéga 5 pont; "
            "legalább 5 pont előny pontgyőzelem, ennél kevesebb döntetlen."
        ),
        text_en=(
            "Who destroys the enemy gladiator (Ép 0 or less) wins at once. If neither falls by the round "
            "limit (20 rounds with two players, 24 with four), the arena scores decide: the Ép the enemy "
            "gladiator lost, 3 for each other enemy killed, 5 for his strategist; a lead of 5 or more is a "
            "points victory, less a draw."
        ),
        source="RB p.6; HR-10.1",
        links=(("optional-rules", "opt_bloodthirsty_crowd"),),
    ),
)

GUIDE: Mapping[str, GuidePart] = make_catalog(_PARTS)
"""The parts of "How a match goes", in reading order."""
