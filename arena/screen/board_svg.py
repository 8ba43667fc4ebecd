"""The arena board as drawing instructions for the SVG template, computed from the engine's board.

Nothing here decides a rule: regions, walls, gates, blocks and features all come from
:func:`arena.engine.board.layout.standard_board`; this module only turns them into points and CSS classes,
and names the features for the reader (one drawing per language).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.utils import translation
from django.utils.translation import gettext as _

from arena.engine.board.data import WallKind
from arena.engine.board.hexgrid import Edge, Hex, edge_endpoints, hex_corners, pixel_centre
from arena.engine.board.layout import Board, standard_board

MARGIN = 1.5


@dataclass(frozen=True)
class HexShape:
    q: int
    r: int
    points: str
    css: str
    region: str
    slice: str
    block: str
    feature: str
    label: str
    label_css: str
    cx: float
    cy: float
    info: str  # what hovering it says: (q, r) · slice · block · feature


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float
    css: str
    title: str = ""
    ident: str = ""


@dataclass(frozen=True)
class BoardDrawing:
    view_box: str
    hexes: tuple[HexShape, ...]
    block_lines: tuple[Segment, ...]
    walls: tuple[Segment, ...]
    gates: tuple[Segment, ...]
    deployment: tuple[HexShape, ...]


_WALL_CSS = {
    WallKind.CROSS: "wall wall-cross",
    WallKind.RING: "wall wall-ring",
    WallKind.INNER_CIRCLE: "wall wall-inner",
}


def _fmt(value: float) -> str:
    return f"{value:.3f}"


def _points(h: Hex) -> str:
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in hex_corners(h))


def _segment(edge: Edge, css: str, title: str = "", ident: str = "") -> Segment:
    (x1, y1), (x2, y2) = edge_endpoints(edge)
    return Segment(round(x1, 3), round(y1, 3), round(x2, 3), round(y2, 3), css, title, ident)


def _feature(board: Board, h: Hex) -> tuple[str, str, str, str]:
    """(css, feature description, label, label css) for the special hexes of HR-1.6."""
    tower = board.tower_at(h)
    if tower is not None:
        return "tower", _("tower %(id)s") % {"id": tower.id}, tower.id.split("-")[1], "label tower-label"
    pile = board.pile_at(h)
    if pile is not None:
        return "pile", _("weapon pile %(id)s") % {"id": pile.id}, "P", "label pile-label"
    trap = board.trap_at(h)
    if trap is not None:
        return "trap", _("trap hex %(number)s") % {"number": trap.number}, str(trap.number), "label trap-label"
    return "", "", "", ""


def _hex_shape(board: Board, h: Hex) -> HexShape:
    region = board.region_of(h).value
    extra_css, feature, label, label_css = _feature(board, h)
    gates = board.gates_at_hex(h)
    if gates:
        gate_text = _("gate hex of %(gates)s") % {"gates": ", ".join(f"{g.id} ({g.number})" for g in gates)}
        feature = f"{feature}; {gate_text}" if feature else gate_text
    block = board.block_of(h)
    block_text = f"({block.q},{block.r})"
    cx, cy = pixel_centre(h)
    info = " · ".join(
        part
        for part in (f"({h.q}, {h.r})", board.slice_of(h), _("block %(block)s") % {"block": block_text}, feature)
        if part
    )
    return HexShape(
        q=h.q,
        r=h.r,
        points=_points(h),
        css=f"hex region-{region} {extra_css}".strip(),
        region=region,
        slice=board.slice_of(h),
        block=block_text,
        feature=feature,
        label=label,
        label_css=label_css,
        cx=round(cx, 3),
        cy=round(cy, 3),
        info=info,
    )


def _block_lines(board: Board) -> tuple[Segment, ...]:
    seen: set[Edge] = set()
    lines = []
    for h in sorted(board.hexes):
        for n in h.neighbours():
            if not board.on_board(n) or board.block_of(n) == board.block_of(h):
                continue
            edge = Edge.between(h, n)
            if edge not in seen:
                seen.add(edge)
                lines.append(_segment(edge, "block-outline"))
    return tuple(lines)


def board_drawing(language: str | None = None) -> BoardDrawing:
    """Everything the board template draws, named in ``language`` (the active one when None);
    computed once per process and language."""
    return _board_drawing(language or translation.get_language() or "")


@cache
def _board_drawing(language: str) -> BoardDrawing:
    with translation.override(language or None):
        return _draw(standard_board())


def _draw(board: Board) -> BoardDrawing:
    hexes = tuple(_hex_shape(board, h) for h in sorted(board.hexes, key=lambda h: (h.r, h.q)))
    xs = [x for shape in hexes for x, _y in hex_corners(Hex(shape.q, shape.r))]
    ys = [y for shape in hexes for _x, y in hex_corners(Hex(shape.q, shape.r))]
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    width, height = max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN
    gate_edges = {gate.edge for gate in board.gates}
    walls = tuple(
        _segment(edge, _WALL_CSS[kind]) for edge, kind in sorted(board.walls.items()) if edge not in gate_edges
    )
    gates = tuple(
        _segment(
            gate.edge,
            "gate",
            _("gate %(number)s %(id)s: %(joins)s")
            % {"number": gate.number, "id": gate.id, "joins": f"{gate.joins[0]} – {gate.joins[1]}"},
            gate.id,
        )
        for gate in board.gates
    )
    rim = tuple(
        _segment(Edge.between(h, n), "wall wall-outer")
        for h in sorted(board.hexes)
        for n in h.neighbours()
        if not board.on_board(n)
    )
    deploy_hexes = sorted({h for half in board.halves.values() for h in half.deployment})
    deployment = tuple(_hex_shape(board, h) for h in deploy_hexes)
    return BoardDrawing(
        view_box=" ".join(_fmt(v) for v in (left, top, width, height)),
        hexes=hexes,
        block_lines=_block_lines(board),
        walls=walls + rim,
        gates=gates,
        deployment=deployment,
    )


def board_svg_html(language: str | None = None) -> str:
    """The arena drawn as SVG markup (``templates/arena/_board_static.html``), rendered once per
    process and language: the play screen draws the board it never changes under its live layer."""
    return _board_svg_html(language or translation.get_language() or "")


@cache
def _board_svg_html(language: str) -> str:
    from django.template.loader import render_to_string
    from django.utils.safestring import mark_safe

    with translation.override(language or None):
        return mark_safe(render_to_string("arena/_board_static.html", {"drawing": _board_drawing(language)}))
