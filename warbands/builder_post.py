"""The warband builder's post: what the player typed, read into the rules' values, and the actions
that reshape the warband (add, copy, remove a figure; a minion, a pool, a summon, an illusion).

Every input is named by the path the rules use for its field (``figures[2].quality``,
``figures[0].minions[0].grant``, ``pools[1].borrowed``), so a broken rule (``Violation.field``) and a
refused value land beside the same field. A value that cannot be stored (not a whole number, beyond
``warbands.warband_bounds``) is refused beside its field and not saved; everything else is saved, even when
it breaks a rule (the warband is then a draft).

The page posts a digest of the warband's shape (``SHAPE_FIELD``): a post made against another shape
(the warband reshaped in another window) saves nothing and gets the editor as saved.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext as _

from warbands.rules.army_list import ARMY_LIST, army_figure, army_minion
from warbands.rules.model import Figure, Pool
from warbands.rules.model import Warband as RulesWarband
from warbands.rules.warband_content import ELEMENT_NAMES, MAGIC_SKILLS, POOL_SKILLS, RULES, SPELLS, Element

from .models import NAME_MAX_LENGTH, NOTES_MAX_LENGTH, POINTS_BOUNDS
from .warband_bounds import (
    BORROWED_BOUNDS,
    COMBAT_BOUNDS,
    FIGURE_NAME_MAX_LENGTH,
    MAX_FIGURES,
    MAX_ILLUSIONS,
    MAX_SUMMONS,
    MINIONS_PER_FIGURE,
    QUALITY_BOUNDS,
)

SHAPE_FIELD = "warband-shape"
ACTION_FIELD = "action"
ADD_PROFILE_FIELD = "add-profile"  # the army-list profile (or "" for a blank figure) an "add" takes
BLANK = ""
LIST_FIELDS = (("rules", RULES), ("spells", SPELLS), ("skills", MAGIC_SKILLS))


def shape_of(warband: RulesWarband) -> str:
    """A digest of what the page's inputs are laid out for: figures with their minions, pools with
    their summons, illusions."""
    parts = [
        ",".join(str(len(f.minions)) for f in warband.figures),
        ",".join(f"{p.skill}:{len(p.summons)}" for p in warband.pools),
        str(len(warband.illusions)),
    ]
    return hashlib.blake2s("|".join(parts).encode(), digest_size=6).hexdigest()


@dataclass
class Post:
    """A post read against the stored warband: the contents to save and the values refused."""

    contents: RulesWarband
    refused: dict[str, str] = field(default_factory=dict)  # path -> why the value was not stored


def _int(data: Mapping[str, Any], path: str, old: int, bounds: tuple[int, int], refused: dict[str, str]) -> int:
    raw = data.get(path)
    if raw is None:
        return old
    text = str(raw).strip()
    try:
        value = int(text)
    except ValueError:
        refused[path] = _("Enter a whole number.")
        return old
    if not bounds[0] <= value <= bounds[1]:
        refused[path] = _("Enter a whole number from %(low)s to %(high)s.") % {"low": bounds[0], "high": bounds[1]}
        return old
    return value


def _text(data: Mapping[str, Any], path: str, old: str, limit: int, refused: dict[str, str]) -> str:
    raw = data.get(path)
    if raw is None:
        return old
    value = str(raw).strip()
    if len(value) > limit:
        refused[path] = _("At most %(limit)s characters.") % {"limit": limit}
        return old
    if any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in value):
        refused[path] = _("Control characters are not allowed.")
        return old
    return value


def _ids(data: Any, path: str, catalogue: Mapping[str, Any], old: tuple[str, ...], present: bool) -> tuple[str, ...]:
    """Ticked ids of ``catalogue`` in its order; an id the page cannot offer is dropped. When the card was
    not posted at all (``present`` false) the stored ids stay, unknown ones (from a file) included."""
    if not present:
        return old
    ticked = set(data.getlist(path)) if hasattr(data, "getlist") else set(data.get(path) or ())
    return tuple(item for item in catalogue if item in ticked)


def _choice(
    data: Mapping[str, Any], path: str, old: str | None, allowed: Sequence[str], refused: dict[str, str]
) -> str | None:
    raw = data.get(path)
    if raw is None:
        return old
    value = str(raw)
    if value == BLANK:
        return None
    if value not in allowed:
        refused[path] = _("Choose one of the options offered.")
        return old
    return value


ELEMENTS = tuple(e.value for e in Element)


def read_figure(data: Any, path: str, figure: Figure, refused: dict[str, str]) -> Figure:
    """The figure at ``path`` as posted (its minions read by the caller)."""
    present = data.get(path) is not None  # each card posts its path as a marker
    lists = {
        name: _ids(data, f"{path}.{name}", catalogue, getattr(figure, name), present) for name, catalogue in LIST_FIELDS
    }
    return replace(
        figure,
        name=_text(data, f"{path}.name", figure.name, FIGURE_NAME_MAX_LENGTH, refused),
        quality=_int(data, f"{path}.quality", figure.quality, QUALITY_BOUNDS, refused),
        combat=_int(data, f"{path}.combat", figure.combat, COMBAT_BOUNDS, refused),
        rules=lists["rules"],
        spells=lists["spells"],
        skills=lists["skills"],
        element=_choice(data, f"{path}.element", figure.element, ELEMENTS, refused),
    )


def read_post(data: Any, stored: RulesWarband) -> Post:
    """The contents the post asks for, read against the stored warband's shape."""
    refused: dict[str, str] = {}
    figures = []
    for i, figure in enumerate(stored.figures):
        path = f"figures[{i}]"
        read = read_figure(data, path, figure, refused)
        minions = []
        for j, minion in enumerate(figure.minions):
            mpath = f"{path}.minions[{j}]"
            mfigure = read_figure(data, mpath, minion.figure, refused)
            grant = _choice(data, f"{mpath}.grant", minion.grant, tuple(RULES), refused)
            minions.append(replace(minion, figure=mfigure, grant=grant))
        figures.append(replace(read, minions=tuple(minions)))
    pools = []
    for k, pool in enumerate(stored.pools):
        path = f"pools[{k}]"
        borrowed = _int(data, f"{path}.borrowed", pool.borrowed, BORROWED_BOUNDS, refused)
        summons = tuple(
            read_figure(data, f"{path}.summons[{j}]", summon, refused) for j, summon in enumerate(pool.summons)
        )
        pools.append(replace(pool, borrowed=borrowed, summons=summons))
    illusions = tuple(read_figure(data, f"illusions[{j}]", f, refused) for j, f in enumerate(stored.illusions))
    contents = replace(
        stored,
        name=_text(data, "name", stored.name, NAME_MAX_LENGTH, refused),
        points=_int(data, "points", stored.points, POINTS_BOUNDS, refused),
        notes=_notes(data, stored.notes, refused),
        figures=tuple(figures),
        pools=tuple(pools),
        illusions=illusions,
    )
    return Post(contents, refused)


def _notes(data: Mapping[str, Any], old: str, refused: dict[str, str]) -> str:
    raw = data.get("notes")
    if raw is None:
        return old
    value = str(raw).replace("\r\n", "\n")
    if len(value) > NOTES_MAX_LENGTH:
        refused["notes"] = _("At most %(limit)s characters.") % {"limit": NOTES_MAX_LENGTH}
        return old
    return value


# --- actions ------------------------------------------------------------------------------------------


class ActionError(ValueError):
    """An action the warband cannot take (a list at its bound, an index that is not there)."""


def _unique_name(base: str, taken: set[str]) -> str:
    if base.casefold() not in taken:
        return base
    number = 2
    while f"{base} {number}".casefold() in taken:
        number += 1
    return f"{base} {number}"[:FIGURE_NAME_MAX_LENGTH]


def _names(warband: RulesWarband) -> set[str]:
    names = {f.name.casefold() for _path, f in warband.all_figures()}
    names |= {s.name.casefold() for p in warband.pools for s in p.summons}
    names |= {i.name.casefold() for i in warband.illusions}
    return names


def new_figure(profile: str, warband: RulesWarband, language: str, *, default_name: str) -> Figure:
    """A figure of the army list's ``profile`` (or a blank Q4 C3 figure for ``BLANK``), named apart
    from the warband's other figures."""
    if profile == BLANK:
        figure = Figure(name=default_name, quality=4, combat=3)
    elif profile in ARMY_LIST:
        figure = army_figure(profile, language=language)
    else:
        raise ActionError(f"no army-list profile {profile!r}")
    return replace(figure, name=_unique_name(figure.name, _names(warband)))


def _index(text: str, length: int) -> int:
    try:
        index = int(text)
    except ValueError:
        raise ActionError(f"not an index: {text!r}") from None
    if not 0 <= index < length:
        raise ActionError(f"no item {index}")
    return index


def _room(count: int, bound: int) -> None:
    if count >= bound:
        raise ActionError(f"at most {bound}")


def apply_action(action: str, data: Mapping[str, Any], warband: RulesWarband, language: str) -> RulesWarband:
    """The warband after ``action`` (``add``, ``copy:2``, ``remove:2``, ``add-minion:0``,
    ``remove-minion:0:0``, ``add-pool:summoner``, ``remove-pool:1``, ``add-summon:0``,
    ``remove-summon:0:3``, ``add-illusion``, ``remove-illusion:1``); ``ActionError`` for one it cannot take."""
    verb, _sep, rest = action.partition(":")
    args = rest.split(":") if rest else []
    figures, pools, illusions = list(warband.figures), list(warband.pools), list(warband.illusions)
    # each "add" has its army-list picker: the figures', each pool's summons', the illusions'
    picker = {"add-summon": f"{ADD_PROFILE_FIELD}-summon-{rest}", "add-illusion": f"{ADD_PROFILE_FIELD}-illusion"}
    profile = str(data.get(picker.get(verb, ADD_PROFILE_FIELD)) or BLANK)
    handlers: dict[str, Callable[[], None]] = {}

    def add() -> None:
        _room(len(figures), MAX_FIGURES)
        figures.append(new_figure(profile, warband, language, default_name=_("Figure %(n)s") % {"n": len(figures) + 1}))

    def copy() -> None:
        _room(len(figures), MAX_FIGURES)
        i = _index(args[0] if args else "", len(figures))
        original = figures[i]
        taken = _names(warband)
        minions = tuple(
            replace(m, figure=replace(m.figure, name=_unique_name(m.figure.name, taken | {original.name.casefold()})))
            for m in original.minions
        )
        figures.insert(i + 1, replace(original, name=_unique_name(original.name, taken), minions=minions))

    def remove() -> None:
        del figures[_index(args[0] if args else "", len(figures))]

    def add_minion() -> None:
        i = _index(args[0] if args else "", len(figures))
        _room(len(figures[i].minions), MINIONS_PER_FIGURE)
        raven = army_minion("raven", language=language)
        named = replace(raven, figure=replace(raven.figure, name=_unique_name(raven.figure.name, _names(warband))))
        figures[i] = replace(figures[i], minions=(*figures[i].minions, named))

    def remove_minion() -> None:
        i = _index(args[0] if args else "", len(figures))
        minions = list(figures[i].minions)
        del minions[_index(args[1] if len(args) > 1 else "", len(minions))]
        figures[i] = replace(figures[i], minions=tuple(minions))

    def add_pool() -> None:
        skill = args[0] if args else ""
        if skill not in POOL_SKILLS or any(p.skill == skill for p in pools):
            raise ActionError(f"no pool {skill!r} to add")
        pools.append(Pool(skill=skill, borrowed=0))

    def remove_pool() -> None:
        del pools[_index(args[0] if args else "", len(pools))]

    def add_summon() -> None:
        k = _index(args[0] if args else "", len(pools))
        _room(len(pools[k].summons), MAX_SUMMONS)
        summon = new_figure(
            profile, warband, language, default_name=_("Summon %(n)s") % {"n": len(pools[k].summons) + 1}
        )
        pools[k] = replace(pools[k], summons=(*pools[k].summons, summon))

    def remove_summon() -> None:
        k = _index(args[0] if args else "", len(pools))
        summons = list(pools[k].summons)
        del summons[_index(args[1] if len(args) > 1 else "", len(summons))]
        pools[k] = replace(pools[k], summons=tuple(summons))

    def add_illusion() -> None:
        _room(len(illusions), MAX_ILLUSIONS)
        illusions.append(
            new_figure(profile, warband, language, default_name=_("Illusion %(n)s") % {"n": len(illusions) + 1})
        )

    def remove_illusion() -> None:
        del illusions[_index(args[0] if args else "", len(illusions))]

    handlers.update(
        {
            "add": add,
            "copy": copy,
            "remove": remove,
            "add-minion": add_minion,
            "remove-minion": remove_minion,
            "add-pool": add_pool,
            "remove-pool": remove_pool,
            "add-summon": add_summon,
            "remove-summon": remove_summon,
            "add-illusion": add_illusion,
            "remove-illusion": remove_illusion,
        }
    )
    handler = handlers.get(verb)
    if handler is None:
        raise ActionError(f"no action {verb!r}")
    handler()
    return replace(warband, figures=tuple(figures), pools=tuple(pools), illusions=tuple(illusions))


def element_choices(language: str) -> list[tuple[str, str]]:
    return [(BLANK, "–"), *((e.value, ELEMENT_NAMES[e].get(language)) for e in Element)]


def focus_after(action: str, warband: RulesWarband) -> str:
    """The path of the field the player works on after ``action`` (on ``warband`` as it now is): the
    new figure's, minion's, summon's or illusion's name, a new pool's borrowed points, or the army-list
    picker after a removal."""
    verb, _sep, rest = action.partition(":")
    args = rest.split(":") if rest else []
    try:
        if verb == "add":
            return f"figures[{len(warband.figures) - 1}].name"
        if verb == "copy":
            return f"figures[{int(args[0]) + 1}].name"
        if verb == "add-minion":
            i = int(args[0])
            return f"figures[{i}].minions[{len(warband.figures[i].minions) - 1}].name"
        if verb == "add-pool":
            return f"pools[{len(warband.pools) - 1}].borrowed"
        if verb == "add-summon":
            k = int(args[0])
            return f"pools[{k}].summons[{len(warband.pools[k].summons) - 1}].name"
        if verb == "add-illusion":
            return f"illusions[{len(warband.illusions) - 1}].name"
    except (ValueError, IndexError):
        return ""
    return ""
