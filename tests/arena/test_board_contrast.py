"""Issue 32: the play board's markings stand at 3:1 at least against every hex they may lie on
(WCAG 2.1, 1.4.11 non-text contrast), measured from the colours the style sheets actually give.

Each marking (a lit hex, an offered hex, the selected character, the active one, a dead piece, the
focus ring on a piece and on a hex, the ring of a named gladiator and of a partner's piece) is seen
by its ring or its fill: one of them must reach 3:1
against the hex's own fill, for every fill the board's hexes use (the three regions, trap hexes, the
weapon piles a gladiator stands on, the towers the strategists stand in). A ring counts only when it is
drawn at least 0.1 wide (a hex's radius is 1). A fill with an alpha is laid over the hex's fill first.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arena.screen.board_svg import board_drawing

CSS = Path(__file__).resolve().parents[2] / "static" / "css"
RING_WIDTH = 0.1
# a halo: the same drop-shadow drawn twice round the ring (one alone is too faint to count)
HALO = re.compile(r"drop-shadow\([^)#]*(#[0-9a-fA-F]{3,6})\)\s+drop-shadow\([^)#]*\1\)")
# (marking, the rule that draws its ring, the rule that gives its fill, or None: the hex's own fill)
MARKINGS = (
    ("lit hex", ".target polygon", ".target polygon"),
    ("offered hex", ".target.offered polygon", ".target.offered polygon"),
    ("selected character", ".piece.selected circle", None),
    ("active character", ".piece.active circle", None),
    ("dead piece", ".piece.dead circle", ".piece.dead circle"),
    ("focus ring on a piece", ".board-layer .piece:focus circle", None),
    ("focus ring on a hex", ".board-layer .target:focus polygon", ".board-layer .target:focus polygon"),
    ("named gladiator", ".piece.named circle", None),
    ("partner", ".piece.partner circle", None),
)


def rules(*names: str) -> dict[str, dict[str, str]]:
    """Each top-level selector's declarations, later rules over earlier ones (media queries skipped)."""
    found: dict[str, dict[str, str]] = {}
    for name in names:
        text = re.sub(r"/\*.*?\*/", "", (CSS / name).read_text(encoding="utf-8"), flags=re.S)
        depth, start, head = 0, 0, ""
        for index, char in enumerate(text):
            if char == "{":
                if depth == 0:
                    head, start = text[start:index].strip(), index + 1
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    if not head.startswith("@"):
                        body = text[start:index]
                        declarations = dict(
                            (key.strip(), value.strip())
                            for key, _, value in (d.partition(":") for d in body.split(";"))
                            if key.strip()
                        )
                        for selector in head.split(","):
                            found.setdefault(" ".join(selector.split()), {}).update(declarations)
                    start = index + 1
    return found


def colour(value: str) -> tuple[float, float, float, float]:
    value = value.replace("!important", "").strip()
    found = re.fullmatch(r"#([0-9a-fA-F]{6})", value) or re.fullmatch(r"#([0-9a-fA-F]{3})", value)
    if found:
        digits = found.group(1)
        digits = "".join(c * 2 for c in digits) if len(digits) == 3 else digits
        return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16), 1.0)
    found = re.fullmatch(r"rgba?\(([^)]*)\)", value)
    assert found, f"not a colour this test reads: {value!r}"
    parts = [float(p) for p in found.group(1).replace("/", ",").split(",")]
    return (parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else 1.0)


def over(top: tuple[float, float, float, float], base: tuple[float, float, float]) -> tuple[float, float, float]:
    alpha = top[3]
    return (
        alpha * top[0] + (1 - alpha) * base[0],
        alpha * top[1] + (1 - alpha) * base[1],
        alpha * top[2] + (1 - alpha) * base[2],
    )


def luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2])


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def hex_fills() -> dict[str, tuple[float, float, float]]:
    """Each fill the board's hexes are drawn with, by the class that gives it (the last of a hex's
    classes with a fill, as the cascade does: the feature's rules follow the regions')."""
    css = rules("viadal.css")
    fills = {}
    for shape in board_drawing("en").hexes:
        given = [c for c in shape.css.split() if "fill" in css.get(f".arena-board .{c}", {})]
        assert given, shape.css
        name = given[-1]
        fills[name] = colour(css[f".arena-board .{name}"]["fill"])[:3]
    return fills


def test_the_board_uses_the_fills_this_test_expects() -> None:
    assert {"region-C", "region-M", "region-O", "trap", "tower", "pile"} <= set(hex_fills())


def _measure(ring_rule: str, fill_rule: str | None, base: tuple[float, float, float]) -> tuple[float, float]:
    css = rules("viadal.css", "play.css")
    assert ring_rule in css, f"no rule {ring_rule!r} in the style sheets"
    base_rule = ".piece circle" if ring_rule.endswith("circle") else ".target polygon"
    ring = {**css.get(base_rule, {}), **css[ring_rule]}  # the cascade: the marking's rule over the piece's or hex's
    width = float(ring.get("stroke-width", "0").replace("!important", ""))
    ring_contrast = 0.0
    if "stroke" in ring and width >= RING_WIDTH:
        ring_colour = colour(ring["stroke"])[:3]
        ring_contrast = contrast(ring_colour, base)
        halo = HALO.search(ring.get("filter", ""))
        if halo:  # a ring drawn with a halo: the ring against its halo, the halo against the hex
            halo_colour = colour(halo.group(1))[:3]
            ring_contrast = max(ring_contrast, min(contrast(ring_colour, halo_colour), contrast(halo_colour, base)))
    fill_contrast = 0.0
    if fill_rule is not None and "fill" in css.get(fill_rule, {}):
        fill_contrast = contrast(over(colour(css[fill_rule]["fill"]), base), base)
    return ring_contrast, fill_contrast


@pytest.mark.parametrize(("marking", "ring_rule", "fill_rule"), MARKINGS, ids=[m[0] for m in MARKINGS])
def test_each_marking_stands_at_3_to_1_against_every_hex_fill(
    marking: str, ring_rule: str, fill_rule: str | None
) -> None:
    below = {}
    for name, base in hex_fills().items():
        ring, fill = _measure(ring_rule, fill_rule, base)
        if max(ring, fill) < 3:
            below[name] = f"ring {ring:.2f}:1, fill {fill:.2f}:1"
    assert not below, f"{marking} below 3:1 on: {below}"


def test_a_worked_example_of_the_measure() -> None:
    # black on the central region's sand: (0.6869 + 0.05) / 0.05
    assert round(contrast((0, 0, 0), (0xE9, 0xD7, 0xA8)), 2) == 14.75
    # a half-transparent green laid over it first
    assert over((0, 150, 60, 0.5), (100, 100, 100)) == (50.0, 125.0, 80.0)


def test_the_man_figure_on_a_lit_hex_reads_at_4_5_to_1_on_every_hex_fill() -> None:
    """A lit hex's MAN cost is small text: 4.5:1 against the lit hex laid over each fill, or against the
    white halo drawn under its letters (``paint-order: stroke``). On a pile the lit green turns olive, where
    the dark green figure read at 2.5:1."""
    css = rules("viadal.css", "play.css")
    text, lit = css[".target text"], colour(css[".target polygon"]["fill"])
    letters = colour(text["fill"])[:3]
    halo = 0.0
    if text.get("paint-order") == "stroke" and float(text.get("stroke-width", "0")) >= 0.05:
        halo = contrast(letters, colour(text["stroke"])[:3])
    below = {
        name: round(contrast(letters, over(lit, base)), 2)
        for name, base in hex_fills().items()
        if max(contrast(letters, over(lit, base)), halo) < 4.5
    }
    assert not below, f"the MAN figure below 4.5:1 on: {below}"
