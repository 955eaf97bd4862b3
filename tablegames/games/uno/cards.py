"""UNO cards, card backs and colour swatches: original CSS art, readable without colour.

Every colour has its own shape too, so colour-blind players can play:
red = circle, yellow = triangle, green = square, blue = diamond, purple (MotU) = star.
The shape sits in two corners, big in the centre and as a faint background pattern.
Wilds are black with a four-colour disc. All looks live in ``assets/uno.css`` (class
prefix ``uc-``), which the app must load: ``rx.App(stylesheets=["/uno.css", ...])``.

Cards usually come from state, so every function takes a Reflex Var as well as a plain
string. For a Var code the card's parts are looked up in a constant JS table
(:data:`CARD_PARTS`, every code of every deck) that rides along as a hook of the Var, so it
works inside ``rx.foreach`` and memoized components alike.

    uno_card(code, size="hand", playable=None, on_click=None, lang="en", edition="", **props)
    card_back(size="hand", **props)
    color_swatch(color, on_click=None, label=None, lang="en", size="big", **props)
"""

from __future__ import annotations

import json
from typing import Any

import reflex as rx

from tablegames.engine.uno.cards import ALL_COLORS
from tablegames.i18n import LANGS, card_name, color_name, t
from tablegames.reflex_adapter import Var, js_var, var_data

__all__ = [
    "ALL_CODES",
    "CARD_PARTS",
    "COLOR_PARTS",
    "SIZES",
    "card_back",
    "card_parts",
    "color_swatch",
    "uno_card",
]

SIZES = ("hand", "table", "mini")
COLORS = ALL_COLORS  # the engine's, every edition's (purple: Masters of the Universe)
SHAPES = {"r": "circle", "y": "triangle", "g": "square", "b": "diamond", "p": "star"}
# The shape as a character, for texts (the cards draw their shapes with CSS).
SHAPE_CHARS = {"r": "●", "y": "▲", "g": "■", "b": "◆", "p": "★"}
_FACE_LABELS = {"S": "⊘", "R": "⇄", "+2": "+2", "W": "W", "W+4": "+4", "WS": "⇆",
                "WC": "✎", "WG": "⚔\ufe0e"}
_WILDS = ("W", "W+4", "WS", "WC1", "WC2", "WC3", "WG")
_FACES = tuple(str(n) for n in range(10)) + ("S", "R", "+2")

ALL_CODES: tuple[str, ...] = tuple(c + f for c in COLORS for f in _FACES) + _WILDS
"""Every card code of every deck (Classic, Plus with WC1-3, MotU with purple)."""


def card_parts(code: str) -> dict[str, Any]:
    """What a card looks like, in pure Python.

    Returns:
        ``{"code", "color"`` ("r".."p", "w" for wilds), ``"face"`` ("7", "S", "+2", "W+4",
        "WC", ...), ``"label"`` (the big centre glyph), ``"sub"`` (small extra text: the
        number of a Customizable Wild), ``"shape"`` ("circle", ..., "" for wilds), ``"cls"``
        (the CSS classes of the card face), ``"name"`` ({lang: card name})``}``.
        An unknown code gives a blank grey card (``color`` "x").
    """
    if code in _WILDS:
        face = "WC" if code.startswith("WC") else code
        color, sub, kind = "w", code[2:] if face == "WC" else "", "wild"
    elif code[:1] in COLORS and code[1:] in _FACES:
        color, face, sub = code[0], code[1:], ""
        kind = "num" if face.isdigit() else "act"
    else:
        return {"code": code, "color": "x", "face": "", "label": "?", "sub": "", "shape": "",
                "cls": "uc-c-x", "name": {lang: str(code) for lang in LANGS}}
    label = face if face.isdigit() else _FACE_LABELS[face]
    cls = [f"uc-c-{color}", f"uc-k-{kind}"]
    if face in ("6", "9"):
        cls.append("uc-u")  # underlined, so 6 and 9 read right side up
    if len(label) > 1 and not label.endswith("\ufe0e"):
        cls.append("uc-long")
    if face.startswith("W"):
        cls.append("uc-f-" + {"W": "w", "W+4": "w4", "WS": "ws", "WC": "wc", "WG": "wg"}[face])
    return {"code": code, "color": color, "face": face, "label": label, "sub": sub,
            "shape": SHAPES.get(color, ""), "cls": " ".join(cls),
            "name": {lang: card_name(lang, code) for lang in LANGS}}


CARD_PARTS: dict[str, dict[str, Any]] = {c: card_parts(c) for c in ALL_CODES}
COLOR_PARTS: dict[str, dict[str, Any]] = {
    c: {"shape": SHAPES[c], "char": SHAPE_CHARS[c],
        "name": {lang: color_name(lang, c) for lang in LANGS}} for c in COLORS}


def _table_var(name: str, table: dict[str, Any]) -> Var:
    """A JS constant built once per page load and reached from any component (a hook)."""
    literal = json.dumps(table, ensure_ascii=False, separators=(",", ":"))
    hook = f"const {name} = (globalThis.__{name} ??= {literal});"
    return js_var(name, dict[str, dict[str, Any]], var_data(hooks={hook: None})).to(dict[str, dict[str, Any]])


# Only what the browser needs (label, sub, classes, names).
_PARTS_VAR = _table_var("UC_CARD_PARTS", {
    c: {"label": p["label"], "sub": p["sub"], "cls": p["cls"], "name": p["name"]}
    for c, p in CARD_PARTS.items()})
_COLORS_VAR = _table_var("UC_COLOR_PARTS", {c: {"name": p["name"]} for c, p in COLOR_PARTS.items()})


def _is_var(x: Any) -> bool:
    return isinstance(x, Var)


def _lang_key(lang: Var | str) -> Var | str:
    if _is_var(lang):
        return lang.to(str)
    return lang if lang in LANGS else "en"


def _size(size: str) -> str:
    if size not in SIZES:
        raise ValueError(f"uno_card size must be one of {SIZES}, not {size!r}")
    return size


def _join(*parts: Var | str) -> Var | str:
    """Joins class-name pieces with spaces; a Var if any piece is one."""
    parts = tuple(p for p in parts if not (isinstance(p, str) and not p))
    if not any(_is_var(p) for p in parts):
        return " ".join(parts)  # type: ignore[arg-type]
    out: Var | str = ""
    for i, p in enumerate(parts):
        piece = p.to(str) if _is_var(p) else p
        out = piece if i == 0 else out + " " + piece  # type: ignore[operator]
    return out if _is_var(out) else Var.create(out)


def _state_cls(playable: Var | bool | None) -> Var | str:
    if playable is None:
        return ""
    if _is_var(playable):
        return rx.cond(playable, "uc-play", "uc-dim")
    return "uc-play" if playable else "uc-dim"


def _edition_cls(edition: Var | str) -> Var | str:
    if _is_var(edition):
        return rx.cond(edition.to(str) == "motu", "uc-ed-motu", "")
    return "uc-ed-motu" if edition == "motu" else ""


def _span(cls: str, *children: Any, **props: Any) -> rx.Component:
    return rx.el.span(*children, class_name=cls, **props)


def _face_children(label: Var | str, sub: Var | str) -> list[rx.Component]:
    """Corners, the big centre shape and the label (all hidden from screen readers)."""
    def corner(pos: str) -> rx.Component:
        return _span(f"uc-corner {pos}", _span("uc-cl", label), _span("uc-shape uc-cs"),
                     aria_hidden="true")

    return [
        corner("uc-tl"),
        _span("uc-center", _span("uc-shape uc-mark"), _span("uc-label", label),
              _span("uc-sub", sub), aria_hidden="true"),
        corner("uc-br"),
    ]


def _root(cls: Var | str, children: list[rx.Component], on_click: Any, aria_label: Var | str,
          playable: Var | bool | None, **props: Any) -> rx.Component:
    if on_click is not None:
        extra: dict[str, Any] = {}
        if playable is not None:
            extra["aria_disabled"] = (rx.cond(playable, "false", "true") if _is_var(playable)
                                      else ("false" if playable else "true"))
        # Named by its content (a visually hidden name; the drawn face is aria-hidden), not by
        # aria-label: the accessible name then holds all the visible text (axe's
        # label-content-name-mismatch).
        return rx.el.button(rx.el.span(aria_label, class_name="uc-sr"), *children, type="button",
                            class_name=_join(cls, "uc-btn"), on_click=on_click, **extra, **props)
    return rx.el.div(*children, class_name=cls, role="img", aria_label=aria_label, **props)


def uno_card(code: Var | str, size: str = "hand", playable: Var | bool | None = None,
             on_click: Any = None, lang: Var | str = "en", edition: Var | str = "",
             name: Var | str | None = None, **props: Any) -> rx.Component:
    """One UNO card face.

    Args:
        code: a card code (``"r7"``, ``"gS"``, ``"W+4"``, ``"WC2"``, ``"pR"``...) or a Var
            holding one. An unknown code (or "") draws a blank grey card.
        size: ``"hand"`` (64x96 px, for the phone), ``"table"`` (140x210) or ``"mini"`` (36x54).
        playable: None: neutral (table, discard pile); True: outlined and lifted;
            False: dimmed (lower opacity, desaturated, no outline). A Var[bool] works too.
        on_click: event handler; the card is then a ``<button>`` (keyboard and tap friendly).
        lang: language of the ``aria-label`` card name ("en" or "pt-BR", or a Var).
        edition: "motu" turns the wild's yellow quarter purple (a str or a Var).
        name: the card's name for screen readers, already translated (a view model's);
            default: the name in ``lang``.
        props: more props for the root element (``id``, ``style``, ``key``, ``data_*``...).
            ``class_name`` is appended to the card's classes.
    """
    size = _size(size)
    given = name
    extra_cls = props.pop("class_name", "")
    base = f"uc-card uc-{size}"
    if _is_var(code):
        parts = _PARTS_VAR[code.to(str)]
        cls = _join(base, parts["cls"].to(str), _state_cls(playable), _edition_cls(edition), extra_cls)
        label, sub = parts["label"].to(str), parts["sub"].to(str)
        name = parts["name"].to(dict[str, str])[_lang_key(lang)].to(str)
    else:
        p = card_parts(code)
        cls = _join(base, p["cls"], _state_cls(playable), _edition_cls(edition), extra_cls)
        label, sub = p["label"], p["sub"]
        key = _lang_key(lang)
        name = Var.create(p["name"]).to(dict[str, str])[key].to(str) if _is_var(key) else p["name"][key]
    props.setdefault("data_card", code)
    return _root(cls, _face_children(label, sub), on_click, name if given is None else given, playable, **props)


def card_back(size: str = "hand", lang: Var | str = "en", **props: Any) -> rx.Component:
    """The back of a card (draw pile, other players' hands): dark, with a neutral "TG" logo."""
    size = _size(size)
    extra_cls = props.pop("class_name", "")
    name = t(lang, "card.back") if not _is_var(lang) else rx.cond(
        lang.to(str) == "pt-BR", t("pt-BR", "card.back"), t("en", "card.back"))
    return rx.el.div(
        _span("uc-back-ring", _span("uc-back-logo", "TG"), aria_hidden="true"),
        class_name=_join(f"uc-card uc-{size} uc-back", extra_cls), role="img", aria_label=name,
        **props,
    )


def color_swatch(color: Var | str, on_click: Any = None, label: Var | str | None = None,
                 lang: Var | str = "en", size: str = "big", **props: Any) -> rx.Component:
    """A colour as a big tappable tile: the colour, its shape and its name.

    Args:
        color: "r", "y", "g", "b" or "p" (or a Var holding one).
        on_click: event handler (the swatch is then a ``<button>``); None: a plain badge
            (e.g. "colour in play" on the table).
        label: the text under the shape; default: the colour's name in ``lang``.
        lang: "en" or "pt-BR" (or a Var), for the default label and the aria-label.
        size: "big" (picker button, ~112x96 px) or "small" (badge, ~56x48 px).
        props: more props for the root element; ``class_name`` is appended.
    """
    if size not in ("big", "small"):
        raise ValueError(f"color_swatch size must be 'big' or 'small', not {size!r}")
    extra_cls = props.pop("class_name", "")
    if _is_var(color):
        c = color.to(str)
        cls = Var.create(f"uc-swatch uc-sw-{size} uc-c-") + c + (f" {extra_cls}" if extra_cls else "")
        name = _COLORS_VAR[c]["name"].to(dict[str, str])[_lang_key(lang)].to(str)
    else:
        cls = _join(f"uc-swatch uc-sw-{size} uc-c-{color}", extra_cls)
        parts = COLOR_PARTS.get(color, {"name": {lg: str(color) for lg in LANGS}})
        key = _lang_key(lang)
        name = (Var.create(parts["name"]).to(dict[str, str])[key].to(str) if _is_var(key)
                else parts["name"][key])
    text = name if label is None else label
    name = text  # the words shown are the words read
    children = [_span("uc-shape uc-sw-shape", aria_hidden="true"), _span("uc-sw-name", text)]
    props.setdefault("data_color", color)
    if on_click is not None:
        return rx.el.button(*children, type="button", class_name=cls, on_click=on_click,
                            aria_label=name, **props)
    return rx.el.div(*children, class_name=cls, role="img", aria_label=name, **props)
