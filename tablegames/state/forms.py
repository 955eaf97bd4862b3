"""Table options from the landing page's form fields, per game (the engines validate them)."""

from __future__ import annotations

from typing import Any

GAMES = ("uno", "upwords", "faces", "uestop")  # games with screens, in the order the landing page offers them


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


def faces_options(form: dict) -> dict[str, Any]:
    """Faces: the card game or Memory, and Memory's grid (10 or 13 pairs).

    The oldest player is chosen in the lobby, once the players have sat down.
    """
    variant = form.get("variant") or "main"
    options: dict[str, Any] = {"variant": variant}
    if variant == "memory":
        options["pairs"] = _int(form, "pairs", 10)
    return options


def uestop_options(form: dict) -> dict[str, Any]:
    """UeStop!: mode, cards to win, and the host's categories for the customizable cards
    (one text box per card, one category per line; an empty box keeps its card in the box)."""
    options: dict[str, Any] = {"mode": form.get("mode") or "tome_lhe_tapao",
                               "target": _int(form, "uestop_target", 5)}
    custom = []
    for i in range(1, 5):
        lines = [line.strip() for line in str(form.get(f"custom_{i}") or "").splitlines() if line.strip()]
        if lines:
            custom.append(lines)  # the engine checks there are exactly 4, all different
    if custom:
        options["custom_categories"] = custom
    return options


PARSERS = {"uno": uno_options, "upwords": upwords_options, "faces": faces_options, "uestop": uestop_options}


def options_from_form(game: str, form: dict) -> dict[str, Any]:
    """The options of ``game`` from the create form (unknown games get none)."""
    parser = PARSERS.get(game)
    return parser(form) if parser else {}
