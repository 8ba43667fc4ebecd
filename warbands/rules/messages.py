"""The messages of the checks WB-01 … WB-20 in English and Hungarian (the Validator checklist's
gists), each naming the figure and the field it is about.

Each function returns a :class:`~warbands.rules.bilingual.Text`; the checks put it in a
:class:`~warbands.rules.warband_checks.Violation` with the rule's id and the field's path.
"""

from __future__ import annotations

from warbands.rules.bilingual import Text, joined, same
from warbands.rules.warband_content import FIELD_NAMES, entry_name


def who(name: object) -> Text:
    """A figure's name as messages quote it; an unnamed one as such."""
    if isinstance(name, str) and name.strip():
        return same(name.strip())
    return Text("(unnamed figure)", "(névtelen alak)")


def items(ids: tuple[str, ...] | list[str]) -> Text:
    return joined([entry_name(i) for i in ids])


# WB-01
def out_of_range(name: object, field: str, value: object, low: int, high: int) -> Text:
    return Text(
        "{name}: {field} {value} is out of range; it must be a whole number from {low} to {high}.",
        "{name}: a(z) {field} értéke ({value}) a tartományon kívül esik; {low} és {high} közötti egész szám kell.",
    ).format(name=who(name), field=FIELD_NAMES[field], value=value, low=low, high=high)


# WB-02
def unknown_item(name: object, field: str, item: object) -> Text:
    return Text(
        "{name}: {item} is not one of the {field} of WB-3.",
        "{name}: {item} nem szerepel a WB-3 {field} között.",
    ).format(name=who(name), item=repr(item), field=FIELD_NAMES[field])


def listed_twice(name: object, field: str, item: str) -> Text:
    return Text("{name}: {item} is listed twice in {field}.", "{name}: {item} kétszer szerepel itt: {field}.").format(
        name=who(name), item=entry_name(item), field=FIELD_NAMES[field]
    )


def unknown_element(name: object, element: object) -> Text:
    return Text(
        "{name}: elemental tag {element} is unknown; use earth, fire, air or water.",
        "{name}: ismeretlen elemi jelölés: {element}; föld, tűz, levegő vagy víz lehet.",
    ).format(name=who(name), element=repr(element))


# WB-03
def needs_magic_user(name: object, what: Text) -> Text:
    return Text(
        "{name} needs Magic-user for {what}.",
        "{name}: ehhez Mágiahasználó kell: {what}.",
    ).format(name=who(name), what=what)


MINION_WORD = Text("a minion", "szolga")


# WB-04
def cannot_have_both(name: object, a: str, b: str) -> Text:
    return Text("{name} cannot have both {a} and {b}.", "{name} nem lehet egyszerre {a} és {b}.").format(
        name=who(name), a=entry_name(a), b=entry_name(b)
    )


# WB-05
def game_size(points: object, low: int, high: int) -> Text:
    return Text(
        "Game size must be a whole number from {low} to {high}, not {points}.",
        "A játékméret {low} és {high} közötti egész szám legyen, nem {points}.",
    ).format(points=points, low=low, high=high)


# WB-06
def over_limit(total: int, points: int) -> Text:
    return Text(
        "Warband costs {total}; limit {points}.",
        "Az osztag ára {total}; a keret {points}.",
    ).format(total=total, points=points)


# WB-07
def personalities_over(cost: int, cap: int) -> Text:
    return Text(
        "Personalities cost {cost}; at most {cap}.",
        "A személyiségek ára {cost}; legfeljebb {cap} lehet.",
    ).format(cost=cost, cap=cap)


# WB-08
def animals_over(cost: int, cap: int) -> Text:
    return Text(
        "Animals cost {cost}; at most {cap}.",
        "Az állatok ára {cost}; legfeljebb {cap} lehet.",
    ).format(cost=cost, cap=cap)


# WB-09
def minion_problem(minion: object, problem: Text) -> Text:
    return Text("{minion}: {problem}.", "{minion}: {problem}.").format(minion=who(minion), problem=problem)


MASTER_NOT_MAGIC = Text("its master is not a magic figure (Magic-user)", "gazdája nem mágikus alak (Mágiahasználó)")
SECOND_MINION = Text("a figure may keep only one minion", "egy alaknak csak egy szolgája lehet")


def minion_combat(combat: object, cap: int) -> Text:
    return Text(
        "a minion's Combat is at most {cap}, not {combat}",
        "a szolga Harca legfeljebb {cap} lehet, nem {combat}",
    ).format(cap=cap, combat=combat)


def minion_forbidden(item: str) -> Text:
    return Text("a minion cannot have {item}", "a szolgának nem lehet ilyenje: {item}").format(item=entry_name(item))


MINION_WITH_MINION = Text("a minion cannot keep a minion", "a szolgának nem lehet szolgája")


def grant_not_grantable(grant: object) -> Text:
    return Text(
        "it cannot grant {grant}; only Shooter, Heavy Armour, Long Move or Flying",
        "ezt nem adhatja át: {grant}; csak Lövész, Nehézpáncél, Hosszú mozgás vagy Repülés lehet",
    ).format(grant=entry_name(grant) if isinstance(grant, str) else repr(grant))


def grant_not_had(grant: str) -> Text:
    return Text("it grants {grant} but does not have it", "átadja ezt, de neki magának nincs: {grant}").format(
        grant=entry_name(grant)
    )


def grant_master_has(grant: str) -> Text:
    return Text(
        "it grants {grant}, which its master already has", "ezt adja át, de a gazdájának már megvan: {grant}"
    ).format(grant=entry_name(grant))


# WB-10
def pool_problem(pool: Text, problem: Text, cap: int) -> Text:
    return Text("{pool} pool: {problem}; at most {cap}.", "{pool} készlet: {problem}; legfeljebb {cap}.").format(
        pool=pool, problem=problem, cap=cap
    )


def borrowed_not_whole(value: object) -> Text:
    return Text(
        "borrowed points must be a whole number of 0 or more, not {value}",
        "a kölcsönzött pont 0 vagy nagyobb egész szám legyen, nem {value}",
    ).format(value=value)


NO_POOL_SKILL = Text(
    "no figure has the skill, so nothing may be borrowed", "egyik alaknak sincs meg a képessége, így nem kölcsönözhet"
)
SECOND_POOL = Text("one pool per skill", "képességenként egy készlet lehet")


def pools_over(total: int) -> Text:
    return Text("all pools borrow {total}", "a készletek együtt {total} pontot kölcsönöznek").format(total=total)


def unknown_pool(skill: object) -> Text:
    return Text(
        "Pool {skill}: only a Summoner or an Elementalist pool may be borrowed.",
        "{skill} készlet: csak Idéző vagy Elementalista készlet lehet.",
    ).format(skill=repr(skill))


# WB-11
def summon_costs(summon: object, price: int, holds: int) -> Text:
    return Text(
        "{summon} costs {price}; pool holds {holds}.", "{summon} ára {price}; a készletben {holds} van."
    ).format(summon=who(summon), price=price, holds=holds)


def summon_illegal(summon: object, problem: Text) -> Text:
    return Text("Summon {summon}: {problem}", "{summon} idézés: {problem}").format(summon=who(summon), problem=problem)


SUMMON_NO_MINION = Text("a summon has no minion.", "az idézett lénynek nem lehet szolgája.")


def summon_no_skill(skill: str) -> Text:
    return Text("a summon cannot have {skill}.", "az idézett lény nem lehet {skill}.").format(skill=entry_name(skill))


ELEMENTAL_NEEDS_TAG = Text(
    "an elemental needs a tag of earth, fire, air or water.",
    "az elementálnak föld, tűz, levegő vagy víz jelölés kell.",
)


# WB-12
def illusion_over(illusion: object, price: int, half: int) -> Text:
    return Text(
        "{illusion} costs {price}; it may cost at most {half}.",
        "{illusion} ára {price}; legfeljebb {half} lehet.",
    ).format(illusion=who(illusion), price=price, half=half)


def illusion_illegal(illusion: object, problem: Text) -> Text:
    return Text("Illusion {illusion}: {problem}", "{illusion} illúzió: {problem}").format(
        illusion=who(illusion), problem=problem
    )


ILLUSION_NO_MINION = Text("an illusion is one model, with no minion.", "az illúzió egyetlen alak, szolga nélkül.")
NO_ILLUSIONIST = Text(
    "An illusion list needs an Illusionist in the warband.", "Illúziólistához Illuzionista kell az osztagba."
)


# WB-13
def cannot_serve_together(a_name: object, a: str, b_name: object, b: str) -> Text:
    return Text(
        "{a} ({a_name}) and {b} ({b_name}) cannot serve together.",
        "{a} ({a_name}) és {b} ({b_name}) nem harcolhat együtt.",
    ).format(a=entry_name(a), a_name=who(a_name), b=entry_name(b), b_name=who(b_name))


# WB-14
NO_WARBAND_NAME = Text("The warband needs a name.", "Az osztagnak név kell.")


def warband_name_long(limit: int) -> Text:
    return Text(
        "The warband's name may have at most {limit} characters.", "Az osztag neve legfeljebb {limit} karakter lehet."
    ).format(limit=limit)


NO_FIGURE = Text("The warband needs at least one figure.", "Az osztagba legalább egy alak kell.")


def figure_needs_name(number: int, limit: int) -> Text:
    return Text(
        "Figure {n} needs a unique name of 1–{limit} characters.",
        "A(z) {n}. alaknak egyedi, 1–{limit} karakteres név kell.",
    ).format(n=number, limit=limit)


def name_repeated(name: str) -> Text:
    return Text(
        "Figure name {name} is used twice; names must be unique.",
        "A(z) {name} alaknév kétszer szerepel; a neveknek egyedinek kell lenniük.",
    ).format(name=repr(name.strip()))


# WB-15
def price_differs(name: object, stated: object, computed: int) -> Text:
    return Text(
        "{name}: price {stated} ≠ computed {computed}.", "{name}: a megadott ár {stated} ≠ számított {computed}."
    ).format(name=who(name), stated=stated, computed=computed)
