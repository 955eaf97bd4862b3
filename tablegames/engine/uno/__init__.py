"""The UNO family (Classic, Plus, Masters of the Universe): one engine, three decks.

>>> from tablegames.engine import get_game
>>> uno = get_game("uno")
>>> deal = {"hands": [["r1", "g2"], ["r7", "y3"]], "top": "r5"}
>>> state = uno.new(["Ana", "Bia"], {"dealer": 1, "stack": deal}, seed=1)
>>> uno.to_act(state), uno.view(state, 0)["hand"]
((0,), ['r1', 'g2'])
>>> state = uno.apply(state, 0, {"type": "play", "card": "r1"})
>>> uno.to_act(state), state.top
((1,), 'r1')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.engine.core import GameBase, Result, register
from tablegames.engine.uno.cards import COLOR_OF, WILDS
from tablegames.engine.uno.rules import apply_move, house, legal_moves, new_game
from tablegames.engine.uno.state import OPTIONS, UnoState, normalize_options
from tablegames.engine.uno.view import view

__all__ = ["Uno", "UnoState"]


class UnoResult(Result):
    """UNO's standings, and how many hands were played."""

    hands: int


class Uno(GameBase):
    """The UNO game object of the registry (see ``tablegames.engine.core.Game``)."""

    name = "uno"
    min_players = 2
    max_players = 10
    options_schema = OPTIONS
    state_class = UnoState
    # A jump-in's tap time (on the server's clock) and its phone's ping delays: only the
    # room fills them in (from the phone's clock estimate), a phone can't send them.
    server_fields = frozenset({"t", "delays"})

    def check_options(self, options: Mapping[str, Any]) -> dict:
        """Validates table options before players sit down (raises ``IllegalMove``)."""
        n = 4 if isinstance(options, Mapping) and options.get("teams") else 2
        return normalize_options(options, n)

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """2-10 players; exactly 4 in partnerships."""
        return (4, 4) if isinstance(options, Mapping) and options.get("teams") else (2, 10)

    def new(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
            seed: int | None = None) -> UnoState:
        """Starts a game and deals its first hand.

        Args:
            players: names by seat, clockwise.
            options: table options, see ``state.normalize_options``.
            seed: RNG seed; the same seed and moves replay the same game.
        """
        return new_game(players, options, seed)  # type: ignore[arg-type]

    def legal_moves(self, state: UnoState, seat: int) -> list[dict]:
        """Every move ``seat`` may make now (including UNO calls and catches)."""
        return legal_moves(state, seat)

    def rule_system_moves(self, state: UnoState) -> list[dict]:
        """``next_hand`` once a hand is over (the host deals it: no deadline);
        ``settle_jump`` while a jump-in race is open (from its deadline)."""
        if state.phase == "hand_over":
            return [{"type": "next_hand"}]
        return [{"type": "settle_jump"}] if state.jump else []

    def rule_deadline(self, state: UnoState) -> float | None:
        """When the open jump-in race settles (first claim's arrival + its window)."""
        return float(state.jump["deadline"]) if state.jump and state.phase == "play" else None

    def apply_rules(self, state: UnoState, seat: int | None, move: Mapping[str, Any],
                    now: float | None = None) -> UnoState:
        """Applies ``move`` for ``seat`` (None: the room's ``next_hand``); raises
        ``IllegalMove`` and changes nothing if illegal."""
        return apply_move(state, seat, move, now)

    def timeout_move(self, state: UnoState, seat: int) -> dict | None:
        """What the turn timer plays for a player out of time: draw and keep (draw, then
        pass); owed answers get the mildest one (no challenge, the dare not done, the
        colour it holds most of, swapping with the next player). House rules: a stack is
        taken (``accept``), a 7 swaps with the next player, and under forced play the drawn
        card is played (a wild in the colour it holds most of)."""
        moves = [m for m in legal_moves(state, seat) if m["type"] not in ("uno", "catch", "jump_in")]
        held = [COLOR_OF[c] for c in state.hands[seat] if c not in WILDS]
        colours = [m for m in moves if m["type"] == "choose_color"]
        if colours:
            best = max(colours, key=lambda m: (held.count(m["color"]), -colours.index(m)))
            return best
        for kind in ("accept", "pass", "draw"):
            if any(m["type"] == kind for m in moves):
                return {"type": kind}
        swaps = [m for m in moves if m["type"] == "swap"]
        if swaps:
            act = state.active
            nxt = act[(act.index(seat) + state.direction) % len(act)]
            return next((m for m in swaps if m["target"] == nxt), swaps[0])
        drawn = [m for m in moves if m["type"] == "play" and m["card"] == state.drawn]
        if drawn and house(state.options, "forced_play"):
            return max(drawn, key=lambda m: (held.count(m.get("color", "")), -drawn.index(m)))
        dare = [m for m in moves if m["type"] == "dare" and not m["done"]]
        return dare[0] if dare else None

    # players who leave midway or sit down between hands: engine/uno/leaving.py
    def remove_player(self, state: UnoState, place: int) -> UnoState:
        from tablegames.engine.uno import leaving
        return leaving.remove_player(state, place)

    def late_join(self, state: UnoState) -> str:
        from tablegames.engine.uno import leaving
        return leaving.late_join(state)

    def add_player(self, state: UnoState, name: str) -> UnoState:
        from tablegames.engine.uno import leaving
        return leaving.add_player(state, name)

    def to_act(self, state: UnoState) -> tuple[int, ...]:
        """The seat on turn (also the one owing an answer: a colour, a challenge, a dare, a
        stacked penalty, a 7's swap); nobody once its move waits in a jump-in race."""
        if state.phase != "play":
            return ()
        if state.jump and any(tap["seat"] == state.turn for tap in state.jump["taps"]):
            return ()
        return (state.turn,)

    def view(self, state: UnoState, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: the table)."""
        return view(state, seat)

    def result(self, state: UnoState) -> UnoResult | None:
        """Final standings once the game is over, else ``None``."""
        if state.phase != "game_over":
            return None
        order = sorted(range(len(state.players)), key=lambda p: state.scores[p],
                       reverse=state.options["scoring"] == "standard")
        # elimination: who dropped out later ranks above who dropped out earlier
        gone = {p: h["hand"] for h in state.history for p in h.get("eliminated", ())}
        order.sort(key=lambda p: -gone.get(p, len(state.history) + 1))
        return {"winners": list(state.winners), "scores": list(state.scores),
                "ranking": order, "hands": len(state.history)}


register("uno", Uno)
