"""UeStop! cards: Category/Letter cards, Number Cards, the deck, won cards, the Victory Card.

Original CSS art (``assets/uestop.css``, class prefix ``ues-``). Every suit is a colour AND
a bubble shape, as in ``engine/uestop/cards.json``: red = square, blue = circle,
green = triangle, yellow = star, so colour-blind players can tell them apart. A card's
frame is its suit's colour with a faint pattern of its shape and the shape in two
corners; its four letters sit in four bubbles, one of each suit (shape outlined in the
suit's colour, the letter on white).

Cards come from the engine's view (``category_card``, ``revealed``: dicts with ``suit``,
``letters``, ``categories`` ...), so every function takes Reflex Vars.

    word_card(card, role="category"|"letter"|"phone"|"answer", lang=..., mandatory_suit=None,
              assist=False, **props)
    number_card(length, role=..., **props)     hidden_card(suit, label, role=...)
    deck_back(count, role=...)                  won_card(card_id)
    victory_card(name, label)                   suit_mark(suit)
"""

from __future__ import annotations

import json
from typing import Any

import reflex as rx

from tablegames.engine.uestop.cards import NUMBER_LENGTH, SUITS, WORD_CARDS
from tablegames.reflex_adapter import Var, js_var, var_data, var_data_of

__all__ = ["SUITS", "deck_back", "hidden_card", "number_card", "suit_mark", "victory_card",
           "won_card", "word_card"]

ROLES = ("category", "letter", "phone", "answer")


def _card_table() -> Var:
    """card id -> {"s": suit, "n": word length}, a JS constant (for won cards, which the view
    lists by id only)."""
    table: dict[str, dict[str, Any]] = {cid: {"s": c.suit, "n": ""} for cid, c in WORD_CARDS.items()}
    table.update({cid: {"s": "", "n": str(n)} for cid, n in NUMBER_LENGTH.items()})
    literal = json.dumps(table, separators=(",", ":"))
    hook = f"const UES_CARDS = (globalThis.__UES_CARDS ??= {literal});"
    return js_var("UES_CARDS", dict[str, dict[str, str]], var_data(hooks={hook: None})).to(
        dict[str, dict[str, str]])


_CARDS = _card_table()


def _role(role: str) -> str:
    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}, not {role!r}")
    return role


def _span(cls: Any, *children: Any, **props: Any) -> rx.Component:
    return rx.el.span(*children, class_name=cls, **props)


def suit_mark(suit: Var | str, **props: Any) -> rx.Component:
    """The suit's shape in the suit's colour (a small badge, e.g. in a sentence)."""
    cls = ("ues-mark ues-s-" + suit.to(str)) if isinstance(suit, Var) else f"ues-mark ues-s-{suit}"
    return _span(cls, _span("ues-mark-shape"), aria_hidden="true", **props)


def _bubble(suit: str, letter: Var, mandatory: Var | bool) -> rx.Component:
    """One bubble: the suit's shape outlined in its colour, the letter on white."""
    base = f"ues-bubble ues-s-{suit}"
    cls = rx.cond(mandatory, base + " ues-mand", base) if isinstance(mandatory, Var) else (
        base + (" ues-mand" if mandatory else ""))
    return _span(cls, _span("ues-bub-out"), _span("ues-bub-in"), _span("ues-bub-letter", letter),
                 custom_attrs={"data-suit": suit, "data-letter": letter})


def _categories(card: Var, lang: Var | str) -> rx.Component:
    """The four categories, numbered (answers refer to them by number)."""
    cats = card["categories"].to(list[dict[str, str]])
    return rx.foreach(
        cats,
        lambda cat, i: _span(
            "ues-cat ues-cat-" + i.to_string(),
            _span("ues-cat-n", (i + 1).to_string()),
            _span("ues-cat-text", cat[lang].to(str)),
        ),
    )


def word_card(card: Var, role: str = "category", lang: Var | str = "en",
              mandatory_suit: Var | None = None, assist: Var | bool = False,
              **props: Any) -> rx.Component:
    """A Category/Letter card from a view dict (``suit``, ``letters``, ``categories``).

    Args:
        card: the view's card dict (a Var).
        role: ``"category"`` (the table's Category Card: categories big),
            ``"letter"`` (the table's Letter Card: bubbles big), ``"phone"`` (compact,
            both readable), ``"answer"`` (small, in the answer panel).
        lang: the language of the categories (a Var or a code).
        mandatory_suit: the round's Mandatory suit (the Category Card's suit); with
            ``assist`` its bubble is highlighted.
        assist: highlight the Mandatory Letter (a Var[bool] or a bool).
    """
    role = _role(role)
    card = card.to(dict)
    suit = card["suit"].to(str)
    letters = card["letters"].to(dict[str, str])
    bubbles = []
    for s in SUITS:
        mandatory: Var | bool = False
        if mandatory_suit is not None:
            mandatory = (mandatory_suit.to(str) == s) & assist if isinstance(assist, Var) else (
                (mandatory_suit.to(str) == s) if assist else False)
        bubbles.append(_bubble(s, letters[s].to(str), mandatory))
    props.setdefault("custom_attrs", {})
    props["custom_attrs"] = {"data-card": card["id"].to(str), "data-suit": suit, **props["custom_attrs"]}
    return rx.el.div(
        _span("ues-corner ues-tl", _span("ues-corner-shape"), aria_hidden="true"),
        _span("ues-corner ues-br", _span("ues-corner-shape"), aria_hidden="true"),
        rx.el.div(_categories(card, lang), class_name="ues-cats"),
        rx.el.div(*bubbles, class_name="ues-white"),
        class_name="ues-card ues-word ues-r-" + role + " ues-s-" + suit,
        **props,
    )


def hidden_card(suit: Var, label: Var | str, role: str = "category", **props: Any) -> rx.Component:
    """No peeking: the Category Card face down on its suit (colour and shape only)."""
    role = _role(role)
    return rx.el.div(
        _span("ues-corner ues-tl", _span("ues-corner-shape"), aria_hidden="true"),
        _span("ues-corner ues-br", _span("ues-corner-shape"), aria_hidden="true"),
        rx.el.div(_span("ues-hidden-eye", "?", aria_hidden="true"), _span("ues-hidden-text", label),
                  class_name="ues-hidden-face"),
        class_name="ues-card ues-word ues-hidden ues-r-" + role + " ues-s-" + suit.to(str),
        **props,
    )


def number_card(length: Var, label: Var | str, role: str = "letter", **props: Any) -> rx.Component:
    """A Number Card: the word length, big, with that many letter boxes."""
    role = _role(role)
    n = length.to(int)
    boxes = js_var(f"'▢'.repeat(Math.max(0, Math.min(12, {n})))", str, var_data_of(n))
    props.setdefault("custom_attrs", {})
    props["custom_attrs"] = {"data-length": n.to_string(), **props["custom_attrs"]}
    return rx.el.div(
        _span("ues-num", n.to_string()),
        _span("ues-num-boxes", boxes, aria_hidden="true"),
        _span("ues-num-label", label),
        class_name=f"ues-card ues-number ues-r-{role}",
        **props,
    )


def deck_back(count: Var, role: str = "letter", **props: Any) -> rx.Component:
    """The Word Deck face down, with how many cards are left."""
    role = _role(role)
    return rx.el.div(
        _span("ues-logo", "Ue", rx.el.b("Stop!")),
        _span("ues-deck-count", count.to(int).to_string()),
        class_name=f"ues-card ues-back ues-r-{role}",
        **props,
    )


def won_card(card_id: Var, **props: Any) -> rx.Component:
    """A won card, tiny (a point): a word card in its suit's colour and shape, a Number
    Card with its number."""
    info = _CARDS[card_id.to(str)].to(dict[str, str])
    suit = info["s"].to(str)
    return rx.cond(
        suit != "",
        _span("ues-won ues-s-" + suit, _span("ues-won-shape"), title=card_id,
              custom_attrs={"data-card": card_id}, **props),
        _span("ues-won ues-won-num", info["n"].to(str), title=card_id,
              custom_attrs={"data-card": card_id}, **props),
    )


def victory_card(name: Var | str, label: Var | str, **props: Any) -> rx.Component:
    """The Victory Card, held by the winner."""
    return rx.el.div(
        _span("ues-vic-star", _span("ues-vic-star-in"), aria_hidden="true"),
        _span("ues-vic-title", "UeStop!"),
        _span("ues-vic-label", label),
        _span("ues-vic-name", name),
        class_name="ues-card ues-victory",
        **props,
    )
