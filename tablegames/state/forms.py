"""Table options from the landing page's form fields, per game (the engines validate them)."""

from __future__ import annotations

from typing import Any

GAMES = ("uno", "upwords")  # games with screens, in the order the landing page offers them


def _checked(form: dict, key: str, default: bool = False) -> bool:
    value = form.get(key, "on" if default else "")
    return value in ("on", "true", True)


def _int(form: dict, key: str, default: int) -> Any:
    try:
        return int(form.get(key) or default)
    except (TypeError, ValueError):
        return form.get(key)  # the engine refuses it with a clear message


def uno_options(form: dict) -> dict[str, Any]:
    """UNO: edition, target, scoring, dealer, two-player rules, teams, bluffing, house rules."""
    options: dict[str, Any] = {"edition": form.get("edition") or "classic",
                               "target": _int(form, "target", 500)}
    for key in ("scoring", "dealer"):
        if form.get(key):
            options[key] = form[key]
    options["teams"] = _checked(form, "teams")
    options["wd4_bluff"] = _checked(form, "wd4_bluff")
    options["two_player_rules"] = _checked(form, "two_player_rules", default=True)
    if options["edition"] == "plus":
        rules: list[Any] = []
        for i in (1, 2, 3):
            choice = form.get(f"house_rule_{i}") or ""
            text = (form.get(f"house_text_{i}") or "").strip()
            if choice in ("dare", "free"):
                if text:
                    rules.append({"kind": choice, "text": text, **({"n": 2} if choice == "dare" else {})})
            elif choice and choice != "none":
                rules.append(choice)
        options["house_rules"] = rules
    return options


def upwords_options(form: dict) -> dict[str, Any]:
    """Upwords: how words are settled (challenge or automatic check), who starts."""
    return {key: form[key] for key in ("words", "first") if form.get(key)}


PARSERS = {"uno": uno_options, "upwords": upwords_options}


def options_from_form(game: str, form: dict) -> dict[str, Any]:
    """The options of ``game`` from the create form (unknown games get none)."""
    parser = PARSERS.get(game)
    return parser(form) if parser else {}
