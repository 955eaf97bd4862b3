"""Faces (the emotions game) illustrations: 13 original faces as SVG, and card components.

The drawings are made here, in code (:func:`face_svg`), and written once to
``assets/faces/<n>.svg`` and ``assets/faces/back.svg`` (:func:`write_assets`; a test checks
the files match), which Reflex serves as ``/faces/<n>.svg``. Each face is simple and has
thick, dark features, so that a seven-year-old can read it from across the table and copy
the expression: eyebrows, eyes and mouth carry the emotion, with a few props (a tear, Zzz,
a "?", hearts, a medal) as extra clues.

    face_card(emotion, size="hand", label=None, on_click=None, **props)
    face_back(size="hand", **props)

Both take plain values or Reflex Vars and need no stylesheet (inline styles).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import reflex as rx

from tablegames.reflex_adapter import Var

__all__ = [
    "ASSET_DIR",
    "SIZES",
    "back_svg",
    "face_back",
    "face_card",
    "face_svg",
    "face_url",
    "write_assets",
]

ASSET_DIR = Path(__file__).resolve().parents[3] / "assets" / "faces"
URL = "/faces"

# -- the drawings -------------------------------------------------------------------------
# Every face is drawn on a 200x200 canvas: a tinted rounded square, a round head
# (centre 100,106, radius 76) and the features. Strokes are thick and dark so that the
# expression reads from across the table and a child can copy it.

INK = "#3E2723"
SKIN = "#FFD54F"


def _s(width: float = 7) -> str:
    """Attributes of a dark, round-ended line ``width`` thick."""
    return (f'fill="none" stroke="{INK}" stroke-width="{width}" stroke-linecap="round" '
            'stroke-linejoin="round"')


_S = _s()
_F = f'fill="{INK}"'


def _eye(cx: float, cy: float, rx: float = 8, ry: float = 11, look: tuple[float, float] = (0, 0)) -> str:
    """A dark oval eye with a white shine."""
    return (f'<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="{ry}" {_F}/>'
            f'<circle cx="{cx + look[0] - rx * 0.3}" cy="{cy + look[1] - ry * 0.35}" r="{rx * 0.38}" fill="#fff"/>')


def _wide_eye(cx: float, cy: float, r: float = 15, pupil: float = 6, look: tuple[float, float] = (0, 0)) -> str:
    """A big white eye with a dark pupil (surprise, fear)."""
    return (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="#fff" stroke="{INK}" stroke-width="5"/>'
            f'<circle cx="{cx + look[0]}" cy="{cy + look[1]}" r="{pupil}" {_F}/>'
            f'<circle cx="{cx + look[0] - pupil * 0.35}" cy="{cy + look[1] - pupil * 0.4}" r="{pupil * 0.32}" fill="#fff"/>')


def _cheeks(color: str = "#FF8A80", opacity: float = 0.55, y: float = 122, dx: float = 46, r: float = 12) -> str:
    return (f'<ellipse cx="{100 - dx}" cy="{y}" rx="{r}" ry="{r * 0.7}" fill="{color}" opacity="{opacity}"/>'
            f'<ellipse cx="{100 + dx}" cy="{y}" rx="{r}" ry="{r * 0.7}" fill="{color}" opacity="{opacity}"/>')


def _heart(cx: float, cy: float, s: float, color: str = "#E53935") -> str:
    """A heart centred on (cx, cy), ``s`` wide."""
    k = s / 20
    return (f'<path transform="translate({cx} {cy}) scale({k})" fill="{color}" '
            f'd="M0 8 C-4 4 -10 1 -10 -4 C-10 -8 -7 -10 -4.5 -10 C-2 -10 0 -8 0 -6 '
            f'C0 -8 2 -10 4.5 -10 C7 -10 10 -8 10 -4 C10 1 4 4 0 8Z"/>')


def _sparkle(cx: float, cy: float, s: float, color: str = "#FFB300") -> str:
    """A four-pointed sparkle."""
    return (f'<path fill="{color}" d="M{cx} {cy - s} Q{cx + s * 0.18} {cy - s * 0.18} {cx + s} {cy} '
            f'Q{cx + s * 0.18} {cy + s * 0.18} {cx} {cy + s} Q{cx - s * 0.18} {cy + s * 0.18} {cx - s} {cy} '
            f'Q{cx - s * 0.18} {cy - s * 0.18} {cx} {cy - s}Z"/>')


# n: (background, skin, features)
FACES: dict[int, tuple[str, str, str]] = {
    # 1 sad: inner brow ends up, eyes looking down, a frown and a tear
    1: ("#D6E8FA", SKIN,
        f'<path d="M52 80 Q68 74 86 64" {_S}/><path d="M148 80 Q132 74 114 64" {_S}/>'
        + _eye(72, 100, look=(0, 5)) + _eye(128, 100, look=(0, 5))
        + f'<path d="M70 156 Q100 128 130 156" {_S}/>'
        '<path d="M62 116 Q53 132 62 139 Q71 132 62 116Z" fill="#42A5F5" stroke="#1E88E5" stroke-width="2"/>'),
    # 2 angry: brows in a sharp V, red face, gritted teeth
    2: ("#FDD9D3", "#FF8A65",
        f'<path d="M50 66 L90 84" {_s(10)}/><path d="M150 66 L110 84" {_s(10)}/>'
        + _eye(74, 100, rx=8, ry=8) + _eye(126, 100, rx=8, ry=8)
        + f'<rect x="66" y="134" width="68" height="26" rx="8" fill="#fff" stroke="{INK}" stroke-width="6"/>'
        f'<path d="M66 147 H134 M83 134 V160 M100 134 V160 M117 134 V160" stroke="{INK}" stroke-width="3.5"/>'
        '<path d="M160 30 q6 10 0 16 M170 40 q-10 6 -16 0 M160 62 q-6 -10 0 -16 M150 52 q10 -6 16 0" '
        'fill="none" stroke="#D32F2F" stroke-width="5" stroke-linecap="round"/>'),
    # 3 scared: worried brows high, huge eyes with tiny pupils, stretched mouth, sweat drop
    3: ("#E4DDF4", "#FFF3B8",
        f'<path d="M50 64 Q66 58 84 50" {_S}/><path d="M150 64 Q134 58 116 50" {_S}/>'
        + _wide_eye(72, 92, r=17, pupil=5) + _wide_eye(128, 92, r=17, pupil=5)
        + f'<path d="M62 142 Q100 124 138 142 Q140 164 100 162 Q60 164 62 142Z" fill="{INK}" stroke="{INK}" stroke-width="5" stroke-linejoin="round"/>'
        f'<path d="M70 140 Q100 128 130 140 L128 147 Q100 137 72 147Z" fill="#fff"/>'
        '<path d="M152 62 Q144 78 152 86 Q160 78 152 62Z" fill="#4FC3F7" stroke="#0288D1" stroke-width="2"/>'
        f'<path d="M14 96 q6 8 0 16 M186 96 q-6 8 0 16 M22 86 q6 10 0 20 M178 86 q-6 10 0 20" fill="none" stroke="{INK}" stroke-width="3.5" stroke-linecap="round"/>'),
    # 4 surprised: brows way up, round eyes, mouth in an "O"
    4: ("#FFF3CF", SKIN,
        f'<path d="M54 62 Q70 44 88 58" {_S}/><path d="M146 62 Q130 44 112 58" {_S}/>'
        + _wide_eye(72, 92, r=14, pupil=7) + _wide_eye(128, 92, r=14, pupil=7)
        + f'<ellipse cx="100" cy="148" rx="14" ry="19" {_F}/>'
        '<ellipse cx="100" cy="156" rx="8" ry="6" fill="#E57373"/>'),
    # 5 disgusted: green face, one brow down, squint, wrinkled nose, tongue out
    5: ("#DDF0CF", "#C5E1A5",
        (f'<path d="M52 72 L88 82" {_S}/><path d="M112 76 Q130 66 148 72" {_S}/>'
        f'<path d="M58 98 L86 92 M58 98 L84 104" {_s(6)}/>'
        f'<path d="M142 98 L114 92 M142 98 L116 104" {_s(6)}/>'
        f'<path d="M90 118 Q100 112 110 118 M93 126 Q100 121 107 126" fill="none" stroke="{INK}" stroke-width="3.5" stroke-linecap="round"/>'
        '<path d="M92 146 Q90 172 104 172 Q118 172 114 146Z" fill="#F06292" stroke="#C2185B" stroke-width="3"/>'
        f'<path d="M66 148 Q76 136 88 146 Q100 154 112 144 Q124 134 136 146" {_S}/>'
        '<circle cx="36" cy="60" r="5" fill="#7CB342"/><circle cx="26" cy="74" r="3.5" fill="#7CB342"/>'
        '<circle cx="168" cy="58" r="4" fill="#7CB342"/>')),
    # 6 happy: soft brows, bright eyes, a big closed smile, rosy cheeks
    6: ("#FFF0B8", SKIN,
        f'<path d="M56 72 Q70 62 86 70" {_S}/><path d="M144 72 Q130 62 114 70" {_S}/>'
        + _eye(72, 96) + _eye(128, 96)
        + _cheeks()
        + f'<path d="M60 126 Q100 176 140 126" {_s(8)}/>'),
    # 7 excited: brows high, sparkling wide eyes, wide-open grin, sparkles around
    7: ("#FFE1B0", SKIN,
        f'<path d="M52 60 Q68 44 86 56" {_S}/><path d="M148 60 Q132 44 114 56" {_S}/>'
        + _eye(72, 90, rx=11, ry=14) + _eye(128, 90, rx=11, ry=14)
        + '<circle cx="77" cy="96" r="2.6" fill="#fff"/><circle cx="133" cy="96" r="2.6" fill="#fff"/>'
        + f'<path d="M56 120 Q100 124 144 120 Q140 178 100 178 Q60 178 56 120Z" fill="{INK}" stroke="{INK}" stroke-width="5" stroke-linejoin="round"/>'
        '<path d="M64 124 Q100 128 136 124 L134 134 Q100 138 66 134Z" fill="#fff"/>'
        '<path d="M76 166 Q100 146 124 166 Q112 176 100 176 Q88 176 76 166Z" fill="#EF5350"/>'
        + _sparkle(24, 40, 13) + _sparkle(176, 36, 15) + _sparkle(180, 150, 10) + _sparkle(20, 150, 9)),
    # 8 bored: flat brows, half-closed eyes, a flat mouth, a sigh
    8: ("#E3E6EA", SKIN,
        (f'<path d="M56 78 L88 78" {_S}/><path d="M112 78 L144 78" {_S}/>'
        f'<path d="M58 96 A14 14 0 0 0 86 96 Z" fill="#fff" stroke="{INK}" stroke-width="5" stroke-linejoin="round"/>'
        f'<path d="M114 96 A14 14 0 0 0 142 96 Z" fill="#fff" stroke="{INK}" stroke-width="5" stroke-linejoin="round"/>'
        f'<circle cx="72" cy="100" r="6" {_F}/><circle cx="128" cy="100" r="6" {_F}/>'
        f'<path d="M56 96 H88 M112 96 H144" {_S}/>'
        f'<path d="M74 146 L126 146" {_S}/>'
        '<path d="M140 146 q10 -4 14 2 q4 6 12 2" fill="none" stroke="#90A4AE" stroke-width="4" stroke-linecap="round"/>'
        '<path d="M146 160 q10 -4 14 2 q4 6 12 2" fill="none" stroke="#90A4AE" stroke-width="4" stroke-linecap="round"/>')),
    # 9 proud: chin up (the face tilts back), eyes closed, smug smile, a gold medal
    9: ("#FFE9B3", SKIN,
        '<g transform="rotate(-8 100 106) translate(0 -6)">'
        f'<path d="M56 70 Q70 60 86 66" {_S}/><path d="M144 70 Q130 60 114 66" {_S}/>'
        f'<path d="M58 90 Q72 100 86 90" {_S}/><path d="M114 90 Q128 100 142 90" {_S}/>'
        f'<path d="M58 90 l-6 -5 M142 90 l6 -5" {_s(4)}/>'
        f'<path d="M74 134 Q104 150 128 128" {_S}/>'
        f'<path d="M128 128 l6 -3" {_s(5)}/>'
        + _cheeks(opacity=0.35, y=114) +
        '</g>'
        '<path d="M84 166 L78 196 L92 190 L100 198 L100 170Z M116 166 L122 196 L108 190 L100 198 L100 170Z" fill="#E53935"/>'
        '<circle cx="100" cy="176" r="15" fill="#FFC107" stroke="#FF8F00" stroke-width="4"/>'
        '<path d="M100 168 l2.6 5.3 5.8 0.8 -4.2 4.1 1 5.8 -5.2 -2.7 -5.2 2.7 1 -5.8 -4.2 -4.1 5.8 -0.8Z" fill="#FFF8E1"/>'
        + _sparkle(30, 34, 11) + _sparkle(172, 30, 9)),
    # 10 shy: head tilted down, eyes glancing down and away, big blush, tiny wobbly smile
    10: ("#FFE3D3", SKIN,
         '<g transform="rotate(10 100 106) translate(0 6)">'
         f'<path d="M58 74 Q72 68 86 74" {_s(6)}/><path d="M142 74 Q128 68 114 74" {_s(6)}/>'
         + _eye(72, 100, rx=7, ry=9, look=(3, 5)) + _eye(128, 100, rx=7, ry=9, look=(3, 5))
         + '<ellipse cx="56" cy="124" rx="17" ry="11" fill="#FF5252" opacity="0.45"/>'
           '<ellipse cx="144" cy="124" rx="17" ry="11" fill="#FF5252" opacity="0.45"/>'
           '<path d="M46 120 l6 8 M54 118 l6 8 M62 118 l6 8 M134 118 l6 8 M142 118 l6 8 M150 120 l6 8" stroke="#E53935" stroke-width="2.5" stroke-linecap="round"/>'
         f'<path d="M86 142 Q93 137 100 142 Q107 147 114 142" {_s(6)}/>'
         '</g>'),
    # 11 tired: heavy droopy lids, bags under the eyes, a big yawn, Zzz
    11: ("#DFE4F5", SKIN,
         (f'<path d="M54 80 Q70 74 88 78" {_s(6)}/><path d="M146 80 Q130 74 112 78" {_s(6)}/>'
         f'<path d="M58 96 Q72 106 86 96 Z" {_F}/><path d="M114 96 Q128 106 142 96 Z" {_F}/>'
         f'<path d="M56 96 H88 M112 96 H144" {_s(6)}/>'
         '<path d="M62 112 Q72 118 84 112 M116 112 Q128 118 138 112" fill="none" stroke="#9575CD" stroke-width="4" stroke-linecap="round"/>'
         f'<ellipse cx="100" cy="150" rx="16" ry="21" {_F}/>'
         '<ellipse cx="100" cy="160" rx="9" ry="7" fill="#E57373"/>'
         '<text x="138" y="48" font-family="Arial, Helvetica, sans-serif" font-weight="900" font-size="30" fill="#5C6BC0">Z</text>'
         '<text x="164" y="30" font-family="Arial, Helvetica, sans-serif" font-weight="900" font-size="22" fill="#7986CB">z</text>'
         '<text x="180" y="16" font-family="Arial, Helvetica, sans-serif" font-weight="900" font-size="16" fill="#9FA8DA">z</text>')),
    # 12 confused: one brow up and one down, uneven eyes, squiggly mouth to one side, "?"
    12: ("#D7F0EE", SKIN,
         f'<path d="M54 64 Q70 50 88 62" {_S}/><path d="M112 82 L146 76" {_S}/>'
         + _wide_eye(72, 94, r=14, pupil=6, look=(4, -3)) + _eye(128, 98, rx=7, ry=7)
         + f'<path d="M72 150 Q80 140 90 148 Q100 156 110 146 Q118 138 130 142" {_S}/>'
         '<text x="148" y="58" font-family="Arial, Helvetica, sans-serif" font-weight="900" font-size="56" fill="#00897B">?</text>'),
    # 13 in love: heart eyes, blush, dreamy smile, floating hearts
    13: ("#FAD3E2", SKIN,
         f'<path d="M56 70 Q70 62 86 68" {_s(6)}/><path d="M144 70 Q130 62 114 68" {_s(6)}/>'
         + _heart(72, 98, 34) + _heart(128, 98, 34)
         + _cheeks(color="#FF4081", opacity=0.4, y=126)
         + f'<path d="M70 136 Q100 162 130 136" {_S}/>'
         + _heart(30, 40, 22, "#EC407A") + _heart(172, 34, 18, "#F06292") + _heart(182, 66, 12, "#F48FB1")),
}


def face_svg(n: int) -> str:
    """The SVG text of emotion ``n`` (1-13)."""
    bg, skin, features = FACES[n]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">'
        f'<rect x="2" y="2" width="196" height="196" rx="26" fill="{bg}"/>'
        f'<circle cx="100" cy="106" r="76" fill="{skin}" stroke="{INK}" stroke-width="6"/>'
        f'{features}</svg>\n')


def back_svg() -> str:
    """The back of a card: a calm pattern with a smiling outline face (no emotion hinted)."""
    dots = "".join(f'<circle cx="{x}" cy="{y}" r="5" fill="#7E57C2" opacity="0.5"/>'
                   for x in range(20, 200, 40) for y in range(20, 200, 40) if (x + y) % 80 == 0)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">'
        '<rect x="2" y="2" width="196" height="196" rx="26" fill="#4527A0"/>'
        f'{dots}'
        '<rect x="14" y="14" width="172" height="172" rx="20" fill="none" stroke="#B39DDB" stroke-width="4"/>'
        '<circle cx="100" cy="100" r="50" fill="none" stroke="#FFD54F" stroke-width="8"/>'
        '<circle cx="82" cy="90" r="7" fill="#FFD54F"/><circle cx="118" cy="90" r="7" fill="#FFD54F"/>'
        '<path d="M76 112 Q100 134 124 112" fill="none" stroke="#FFD54F" stroke-width="8" stroke-linecap="round"/>'
        '</svg>\n')


def write_assets(folder: Path = ASSET_DIR) -> list[Path]:
    """Writes ``1.svg`` ... ``13.svg`` and ``back.svg`` into ``folder``; returns the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in [*((str(n), face_svg(n)) for n in FACES), ("back", back_svg())]:
        path = folder / f"{name}.svg"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


# -- components ---------------------------------------------------------------------------

# size: (card width, card height, picture size, number font, label font) in px
SIZES: dict[str, tuple[int, int, int, int, int]] = {
    "hand": (80, 112, 68, 13, 12),
    "table": (150, 210, 130, 20, 18),
    "mini": (40, 48, 34, 0, 0),
}
_CARD_STYLE = {
    "position": "relative",
    "display": "inline-flex",
    "flex_direction": "column",
    "align_items": "center",
    "justify_content": "flex-start",
    "box_sizing": "border-box",
    "background": "#FFFDF7",
    "color": "#3E2723",
    "border": "2px solid #3E2723",
    "box_shadow": "0 2px 6px rgba(0, 0, 0, 0.35)",
    "overflow": "hidden",
    "flex_shrink": "0",
    "padding": "0",
    "font_family": "inherit",
    "line_height": "1.1",
    "user_select": "none",
}


def _is_var(x: Any) -> bool:
    return isinstance(x, Var)


def _size(size: str) -> tuple[int, int, int, int, int]:
    if size not in SIZES:
        raise ValueError(f"face card size must be one of {tuple(SIZES)}, not {size!r}")
    return SIZES[size]


def face_url(emotion: Var | int) -> Var | str:
    """``"/faces/6.svg"`` for emotion 6 (a Var in, a Var out)."""
    if _is_var(emotion):
        return Var.create(f"{URL}/{emotion}.svg")  # an f-string with a Var: a JS expression
    if not (isinstance(emotion, int) and not isinstance(emotion, bool) and emotion in FACES):
        raise ValueError(f"no face {emotion!r}: emotions are numbered 1 to 13")
    return f"{URL}/{emotion}.svg"


def _merge_style(base: dict[str, Any], props: dict[str, Any]) -> dict[str, Any]:
    extra = props.pop("style", None) or {}
    return {**base, **extra}


def face_card(emotion: Var | int, size: str = "hand", label: Var | str | None = None,
              on_click: Any = None, **props: Any) -> rx.Component:
    """One Faces card: the number in the corner, the face, and the emotion's word.

    Args:
        emotion: 1-13 (``6`` is happy), or a Var holding one.
        size: ``"hand"`` (80x112 px, phones), ``"table"`` (150x210) or ``"mini"``
            (40x48: the face only, for counts and grids).
        label: the emotion's name in the player's language (``t(lang, f"emotion.{n}")``),
            or a Var; None shows no word (the number still shows, except on "mini").
        on_click: event handler; the card is then a ``<button>``.
        props: more props for the root element (``id``, ``key``, ``style``, ``data_*``...);
            ``style`` entries override the card's own.
    """
    width, height, pic, num_font, label_font = _size(size)
    radius = max(6, width // 9)
    top = ((height if size == "mini" else width) - pic) // 2  # mini: centred, no word below
    style = _merge_style({**_CARD_STYLE, "width": f"{width}px", "height": f"{height}px",
                          "border_radius": f"{radius}px", "padding_top": f"{top}px"}, props)
    children: list[Any] = []
    if num_font:
        children.append(rx.el.span(
            emotion, aria_hidden="true",
            style={"position": "absolute", "top": "2px", "left": "3px", "font_weight": "800",
                   "font_size": f"{num_font}px", "z_index": "1", "padding": "0 3px",
                   "border_radius": "6px", "background": "rgba(255, 253, 247, 0.85)"}))
    children.append(rx.el.img(
        src=face_url(emotion), alt="", draggable=False,
        style={"width": f"{pic}px", "height": f"{pic}px", "display": "block",
               "pointer_events": "none"}))
    if label is not None and label_font:
        children.append(rx.el.span(
            label,
            style={"display": "block", "width": "100%", "padding": "3px 3px 0",
                   "box_sizing": "border-box", "text_align": "center", "font_weight": "700",
                   "font_size": f"{label_font}px", "overflow_wrap": "anywhere"}))
    aria = label if label is not None else f"{emotion}"
    props.setdefault("data_emotion", emotion)
    if on_click is not None:
        # A button showing its word is named by it (the number is aria-hidden): an aria-label
        # beside the visible text would not hold the number (axe label-content-name-mismatch).
        named = {} if label is not None and label_font else {"aria_label": aria}
        return rx.el.button(*children, type="button", on_click=on_click,
                            style={**style, "cursor": "pointer"}, **named, **props)
    return rx.el.div(*children, role="img", aria_label=aria, style=style, **props)


def face_back(size: str = "hand", **props: Any) -> rx.Component:
    """The back of a Faces card (the draw pile, a face-down card of the Memory grid)."""
    width, height, _, _, _ = _size(size)
    radius = max(6, width // 9)
    style = _merge_style({**_CARD_STYLE, "width": f"{width}px", "height": f"{height}px",
                          "border_radius": f"{radius}px", "background": "#4527A0",
                          "justify_content": "center"}, props)
    return rx.el.div(
        rx.el.img(src=f"{URL}/back.svg", alt="", draggable=False,
                  style={"width": f"{width - 4}px", "height": f"{width - 4}px",
                         "display": "block", "pointer_events": "none"}),
        role="img", aria_label="card", style=style, **props)
