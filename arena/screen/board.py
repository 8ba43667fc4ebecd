"""What the play screen draws over the arena board: the characters, open gates, areas, dropped
items, and the hexes a seat's legal actions point at.

The board itself is today's drawing (:mod:`arena.screen.board_svg`), drawn once per page. This layer is
redrawn with every change, from a view (``view(state, seat)``) and the seat's own choices only.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arena.engine import CharacterView, SeatView
from arena.engine.board.hexgrid import Hex, hex_corners, pixel_centre
from common.bounded_lru import RecentMemo

from .board_svg import board_drawing
from .choices import Choice
from .html_values import html_value
from .reader_words import Names, character_label, hex_text, item_name

PIECE_RADIUS = 0.36
# Up to three characters share a hex (RB p.8): their tokens sit side by side.
OFFSETS = {
    1: ((0.0, 0.0),),
    2: ((-0.38, 0.0), (0.38, 0.0)),
    3: ((-0.38, -0.26), (0.38, -0.26), (0.0, 0.4)),
}
RADII = {1: 0.66, 2: 0.44, 3: 0.4}
SLOT_LETTERS = {
    "hu": {"gladiator": "G", "witch_master": "B", "crossbowman": "Sz", "deasta": "D", "laeva": "L", "strategist": "S"},
    "en": {"gladiator": "G", "witch_master": "W", "crossbowman": "C", "deasta": "D", "laeva": "L", "strategist": "S"},
}


@dataclass(frozen=True)
class Piece:
    id: str
    seat: int
    x: float
    y: float
    letter: str
    css: str
    title: str
    hex: str
    r: float
    stack: int


@dataclass(frozen=True)
class Target:
    char: str  # "" for a choice of no character (a trap window's strike)
    hex: str
    points: str
    x: float
    y: float
    man: str
    title: str = ""  # its accessible name: who goes there, the hex, the cheapest MAN


@dataclass(frozen=True)
class Mark:
    points: str
    css: str
    title: str


@dataclass(frozen=True)
class GateLine:
    ident: str
    x1: float
    y1: float
    x2: float
    y2: float
    css: str


_v = html_value


def _s(value: object) -> str:
    """As ``{{ value|stringformat:'s' }}`` writes it."""
    return html.escape(f"{value}")


@dataclass(frozen=True)
class BoardLayer:
    view_box: str
    pieces: tuple[Piece, ...]
    targets: tuple[Target, ...]
    marks: tuple[Mark, ...]
    gates: tuple[GateLine, ...]

    def svg_groups(self) -> SafeString:
        """The layer's marks, gate states, lit hexes and pieces as SVG groups, one a line: written
        here rather than by template loops, which cost more than the rest of the page's board (one
        element per piece and lit hex, redrawn at every version)."""
        marks = "".join(
            f'<polygon class="{_v(m.css)}" points="{_v(m.points)}"><title>{_v(m.title)}</title></polygon>'
            for m in self.marks
        )
        gates = "".join(
            f'<line class="{_v(g.css)}" data-gate="{_v(g.ident)}" x1="{_s(g.x1)}" y1="{_s(g.y1)}" '
            f'x2="{_s(g.x2)}" y2="{_s(g.y2)}"/>'
            for g in self.gates
        )
        targets = "".join(
            f'<g class="target{" is-hidden" if t.char else ""}" data-char="{_v(t.char)}" data-hex="{_v(t.hex)}" '
            f'role="button" tabindex="0"><polygon points="{_v(t.points)}"/>'
            + (f'<text x="{_s(t.x)}" y="{_s(t.y)}">{_v(t.man)}</text>' if t.man else "")
            + f"<title>{_v(t.title)}</title></g>"
            for t in self.targets
        )
        pieces = "".join(_piece_svg(p) for p in self.pieces)
        return mark_safe(  # every value is escaped above
            f'<g class="marks">{marks}</g>\n'
            f'              <g class="gate-states">{gates}</g>\n'
            f'              <g class="targets">{targets}</g>\n'
            f'              <g class="pieces">{pieces}</g>'
        )


# A piece's SVG, kept per piece (its values escaped: a pure function of the piece, which is itself kept
# while unchanged, ``_PIECES``).
_PIECES_SVG: RecentMemo[Piece, str] = RecentMemo(2048)


def _piece_svg(p: Piece) -> str:
    found = _PIECES_SVG.get(p)
    if found is None:
        found = (
            f'<g class="{_v(p.css)} stack-{_v(p.stack)}" data-piece="{_v(p.id)}" data-hex="{_v(p.hex)}" '
            f'role="button" tabindex="0"><circle cx="{_s(p.x)}" cy="{_s(p.y)}" r="{_s(p.r)}"/>'
            f'<text x="{_s(p.x)}" y="{_s(p.y)}">{_v(p.letter)}</text><title>{_v(p.title)}</title></g>'
        )
        _PIECES_SVG.put(p, found)
    return found


@cache  # a hex's corners never change: the board has a few hundred hexes
def _points(q: int, r: int) -> str:
    return " ".join(f"{x:.3f},{y:.3f}" for x, y in hex_corners(Hex(q, r)))


def _key(value: Sequence[int]) -> str:
    return f"{value[0]},{value[1]}"


def _piece_css(c: CharacterView, viewer: int | None, pairs: bool, active: bool, named: bool) -> str:
    css = ["piece", f"seat-{c.seat}"]
    if viewer is not None:
        css.append("mine" if c.seat == viewer else "theirs")
        if pairs and c.seat == viewer ^ 1:  # the partner's (HR-8), ringed white
            css.append("partner")
    if not c.alive:
        css.append("dead")
    for state, on in (("prone", c.prone), ("netted", c.netted), ("sneaking", c.sneaking), ("hiding", c.hiding)):
        if on:
            css.append(state)
    if active:
        css.append("active")
    elif named:
        css.append("named")
    if c.zombie is not None:
        css.append("zombie")
    return " ".join(css)


def pieces(public: SeatView, names: Names, language: str) -> tuple[Piece, ...]:
    by_hex: dict[tuple[int, int], list[CharacterView]] = {}
    for c in public.characters:
        if c.hex is not None:
            by_hex.setdefault(c.hex, []).append(c)
    found = []
    pairs = public.four is not None and public.four.mode == "pairs"
    for (q, r), here in sorted(by_hex.items()):
        living = [c for c in here if c.alive] or here
        dead = [c for c in here if not c.alive and living is not here]
        cx, cy = pixel_centre(Hex(q, r))
        offsets = OFFSETS.get(len(living), OFFSETS[3])
        for i, c in enumerate(living):
            dx, dy = offsets[min(i, len(offsets) - 1)]
            found.append(_piece(c, names, public, pairs, language, (cx + dx, cy + dy), (q, r), len(living)))
        for c in dead:  # a body under the living, drawn small (its hex is public)
            found.append(_piece(c, names, public, pairs, language, (cx, cy + 0.5), (q, r), 3))
    return tuple(found)


# The pieces the boards of a process drew lately. A piece is a pure function of the key it is kept under
# (the character's view, the names and language it is worded in, where it is drawn, and what of the view
# marks it: the viewer, a pairs match, the active and named characters), and from one version to the
# next most characters neither move nor change: only the others are worded again.
PIECES_KEPT = 4096
_PIECES: RecentMemo[tuple[object, ...], Piece] = RecentMemo(PIECES_KEPT)


def _piece(
    c: CharacterView,
    names: Names,
    public: SeatView,
    pairs: bool,
    language: str,
    at: tuple[float, float],
    where: tuple[int, int],
    stack: int,
) -> Piece:
    viewer, active, named = public.viewer, c.id == public.active, c.id in public.named
    key = (c, names, language, viewer, pairs, active, named, at, where, stack)
    found = _PIECES.get(key)
    if found is not None:
        return found
    status = _("dead") if not c.alive else f"Ép {c.ep}/{c.ep_max}"
    found = Piece(
        id=c.id,
        seat=c.seat,
        x=round(at[0], 3),
        y=round(at[1], 3),
        letter=SLOT_LETTERS["hu" if language == "hu" else "en"].get(c.slot, "?"),
        css=_piece_css(c, viewer, pairs, active, named),
        # what a screen reader says of him: who, whose, where (text, not only a colour), how he is
        title=_("%(who)s (%(team)s) on %(hex)s · %(status)s")
        % {
            "who": character_label(c.id, c.name, names.stored_teams.get(c.seat, "")),
            "team": names.team(c.seat),
            "hex": hex_text(where),
            "status": status,
        },
        hex=f"{where[0]},{where[1]}",
        r=RADII.get(stack, RADII[3]) if c.alive else 0.26,
        stack=min(stack, 3),
    )
    _PIECES.put(key, found)
    return found


@cache
def _hex_info(language: str) -> dict[tuple[int, int], str]:
    """Each hex's description on the board (``board_drawing``'s), by (q, r): once per language."""
    return {(h.q, h.r): h.info for h in board_drawing(language).hexes}


def targets(choices: Iterable[Choice], names: Names | None = None) -> tuple[Target, ...]:
    """One target per (character, hex) the seat's choices point at, with the cheapest MAN, named
    (for a screen reader and on hover) by the character, the hex as the board describes it and the MAN."""
    cheapest: dict[tuple[str, str], int | None] = {}
    for choice in choices:
        if choice.hex is None:
            continue
        key, man = (choice.char or "", choice.hex), choice.man
        if key not in cheapest:
            cheapest[key] = man
        elif man is not None and (cheapest[key] is None or man < (cheapest[key] or 0)):
            cheapest[key] = man
    info = _hex_info(get_language() or "")
    at_cost = _("%(where)s · %(man)s MAN")  # translated once, not once per hex
    found = []
    for (char, place), man in sorted(cheapest.items()):
        q, r = (int(v) for v in place.split(","))
        cx, cy = pixel_centre(Hex(q, r))
        title = info.get((q, r), f"({q}, {r})")
        if char and names is not None:
            title = f"{names.char(char)} → {title}"
        if man is not None:
            title = at_cost % {"where": title, "man": man}
        found.append(
            Target(char, place, _points(q, r), round(cx, 3), round(cy, 3), "" if man is None else str(man), title)
        )
    return tuple(found)


def marks(public: SeatView, names: Names) -> tuple[Mark, ...]:
    """Areas of spells, dropped items and lying missiles: all public (HR-12 ruling 35)."""
    found = []
    for spell in public.spells:
        for h in spell.area or ():
            found.append(Mark(_points(h[0], h[1]), f"area area-{spell.spell}", spell.spell))
    for item in public.dropped:
        if item.hex:
            found.append(Mark(_points(*item.hex), "dropped", f"{names.char(item.owner)}: {item_name(item.item)}"))
    for ammo in public.optional.ammo_lying if public.optional is not None else ():
        if ammo.hex:
            found.append(Mark(_points(*ammo.hex), "ammo", f"{names.char(ammo.owner)}: {ammo.count}"))
    return tuple(found)


def gates(public: SeatView) -> tuple[GateLine, ...]:
    opened = set(public.gates_open)
    jammed = set(public.gates_jammed)
    found = []
    for g in board_drawing().gates:
        if g.ident in opened or g.ident in jammed:
            css = (
                "gate-state "
                + ("gate-open" if g.ident in opened else "gate-shut")
                + (" gate-jammed" if g.ident in jammed else "")
            )
            found.append(GateLine(g.ident, g.x1, g.y1, g.x2, g.y2, css))
    return tuple(found)


def board_layer(public: SeatView, names: Names, choices: Iterable[Choice], language: str) -> BoardLayer:
    return BoardLayer(
        view_box=board_drawing().view_box,
        pieces=pieces(public, names, language),
        targets=targets(choices, names),
        marks=marks(public, names),
        gates=gates(public),
    )
