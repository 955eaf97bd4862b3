"""Duel, a two-player card game that exists only in the tests (registered as ``tiny``).

It proves that a game is its engine package, its folder of screens and one registry line:
nothing of the app names it. Rules: the deck holds the cards 1 to 10; each player gets
``hand`` of them (option, 3 to 5). The leader plays a card, the other answers; the higher
card takes the trick (the lower one with the ``low_wins`` option) and its player leads the
next. When the hands are empty, whoever took the most tricks wins (both, in a tie).

>>> from tablegames.engine import get_game
>>> duel = get_game("tiny")
>>> state = duel.new(["Ana", "Bia"], {"stack": {"hands": [[2, 9, 5], [7, 3, 8]]}})
>>> duel.to_act(state), [m["card"] for m in duel.legal_moves(state, 0)]
((0,), [2, 5, 9])
>>> state = duel.apply(state, 0, {"type": "play", "card": 9})
>>> state = duel.apply(state, 1, {"type": "play", "card": 3})
>>> duel.view(state, 1)["tricks"], "hand" in duel.view(state, None)
([1, 0], False)
>>> duel.apply(state, 1, {"type": "play", "card": 7})
Traceback (most recent call last):
...
tablegames.engine.core.IllegalMove: not_your_turn: It's Ana's turn to lead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from tablegames.engine.core import (GameBase, IllegalMove, Option, Result, check_move, check_schema,
                                    new_seed, register, rng_for)

__all__ = ["Duel", "DuelState", "NAME", "DECK"]

NAME = "tiny"
DECK = tuple(range(1, 11))
MOVE_KEYS = {"play": frozenset({"type", "card"})}
EVENTS_SHOWN = 6  # the newest events a view carries

OPTIONS: tuple[Option, ...] = (
    Option(key="hand", kind="int", default=3, min=3, max=5, label="option.tiny.hand"),
    Option(key="low_wins", kind="bool", default=False, label="option.tiny.low_wins",
           value_label="option.tiny.low_wins.", help="option.tiny.low_wins_help"),
    Option(key="stack", kind="custom", hidden=True, test_only=True),
)


@dataclass(frozen=True)
class DuelState:
    """A game of Duel (frozen; JSON through ``core``).

    Attributes:
        players: names by seat.
        hands: each seat's cards, sorted.
        leader: the seat that leads the current trick.
        trick: ``(seat, card)`` pairs played in the current trick.
        won: tricks taken per seat.
        last_trick: the previous trick's ``(seat, card)`` pairs (for the table).
        events: everything that happened, oldest first.
        low_wins: the lower card takes the trick.
        hand_size: cards dealt to each seat.
        seed: the deal's seed.
    """

    players: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    leader: int = 0
    trick: tuple[tuple[int, int], ...] = ()
    won: tuple[int, ...] = (0, 0)
    last_trick: tuple[tuple[int, int], ...] = ()
    events: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)
    low_wins: bool = False
    hand_size: int = 3
    seed: int = 0

    @property
    def over(self) -> bool:
        """Whether every card has been played."""
        return not self.trick and not any(self.hands)


class Duel(GameBase):
    """The Duel game object of the registry (the whole :class:`tablegames.engine.core.Game`)."""

    name = NAME
    options_schema = OPTIONS
    min_players = 2
    max_players = 2
    state_class = DuelState

    def check_options(self, options: Mapping[str, Any]) -> dict:
        """The options with defaults filled in; a ``stack`` must deal two valid hands.

        Raises:
            IllegalMove: ``bad_option`` naming the option.
        """
        checked = check_schema(self.options_schema, options)
        stack = checked.get("stack")
        if stack is not None:
            hands = stack.get("hands") if isinstance(stack, Mapping) else None
            cards = [c for h in hands for c in h] if isinstance(hands, list) and len(hands) == 2 \
                and all(isinstance(h, list) for h in hands) else None
            if (cards is None or len(set(cards)) != len(cards) or not all(c in DECK for c in cards)
                    or len(hands[0]) != len(hands[1]) or not 1 <= len(hands[0]) <= 5):
                raise IllegalMove("bad_option", "Option 'stack': two hands of distinct cards 1-10.",
                                  option="stack")
        return checked

    def player_range(self, options: Mapping[str, Any] | None = None) -> tuple[int, int]:
        """Always two players."""
        return 2, 2

    def new(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
            seed: int | None = None) -> DuelState:
        """Deals the hands (seat 0 leads the first trick).

        Raises:
            IllegalMove: ``bad_players`` unless two players; ``bad_option``.
        """
        if len(players) != 2:
            raise IllegalMove("bad_players", "Duel is played by two.")
        opts = self.check_options(options or {})
        seed = new_seed() if seed is None else seed
        if opts["stack"] is not None:
            hands = tuple(tuple(sorted(h)) for h in opts["stack"]["hands"])
        else:
            deck = list(DECK)
            rng_for(seed, 0).shuffle(deck)
            n = opts["hand"]
            hands = (tuple(sorted(deck[:n])), tuple(sorted(deck[n:2 * n])))
        return DuelState(players=tuple(players), hands=hands, low_wins=opts["low_wins"],
                         hand_size=len(hands[0]), seed=seed)

    def to_act(self, state: DuelState) -> tuple[int, ...]:
        """The seat that must play now (none once the game is over)."""
        if state.over:
            return ()
        return (state.leader,) if not state.trick else (1 - state.leader,)

    def legal_moves(self, state: DuelState, seat: int) -> list[dict]:
        """Playing any card of the hand, for the seat whose turn it is."""
        if seat not in self.to_act(state):
            return []
        return [{"type": "play", "card": c} for c in state.hands[seat]]

    def apply_rules(self, state: DuelState, seat: int | None, move: Mapping[str, Any],
                    now: float | None = None) -> DuelState:
        """Plays a card (``now`` is ignored: Duel has no clock).

        Raises:
            IllegalMove: ``unknown_move`` (also for seat None: Duel has no system moves),
                ``bad_seat``, ``bad_move``, ``game_over``, ``not_your_turn``,
                ``card_not_in_hand``.
        """
        if seat is None:  # the room moves for nobody in Duel
            kind = move.get("type") if isinstance(move, Mapping) else None
            raise IllegalMove("unknown_move", "Duel has no system moves.", move=str(kind))
        check_move("Duel", 2, seat, move, MOVE_KEYS)
        if state.over:
            raise IllegalMove("game_over", "The game is over.")
        if seat not in self.to_act(state):
            who = state.players[self.to_act(state)[0]]
            raise IllegalMove("not_your_turn", f"It's {who}'s turn to {'lead' if not state.trick else 'answer'}.",
                              player=who)
        card = move.get("card")
        if type(card) is not int or card not in state.hands[seat]:
            raise IllegalMove("card_not_in_hand", f"Card {card!r} is not in your hand.", card=card)
        hands = tuple(tuple(c for c in h if c != card) if i == seat else h for i, h in enumerate(state.hands))
        events = (*state.events, {"type": "play", "seat": seat, "number": card})
        trick = (*state.trick, (seat, card))
        if len(trick) < 2:
            return replace(state, hands=hands, trick=trick, events=events)
        best = (min if state.low_wins else max)(trick, key=lambda p: p[1])
        winner = best[0]
        won = tuple(w + (i == winner) for i, w in enumerate(state.won))
        events = (*events, {"type": "trick", "seat": winner, "number": best[1]})
        after = replace(state, hands=hands, trick=(), won=won, leader=winner, last_trick=trick, events=events)
        if after.over:
            after = replace(after, events=(*events, {"type": "game_over", "winners": tuple(self._winners(after))}))
        return after

    @staticmethod
    def _winners(state: DuelState) -> list[int]:
        top = max(state.won)
        return [i for i, w in enumerate(state.won) if w == top]

    def view(self, state: DuelState, seat: int | None) -> dict:
        """What ``seat`` sees: its own hand only (``None``, the table: no hand at all)."""
        view: dict[str, Any] = {
            "phase": "game_over" if state.over else "play",
            "players": [{"seat": i, "name": n, "cards": len(state.hands[i]), "tricks": state.won[i]}
                        for i, n in enumerate(state.players)],
            "tricks": list(state.won),
            "leader": state.leader,
            "to_act": list(self.to_act(state)),
            "trick": [{"seat": s, "number": c} for s, c in state.trick],
            "last_trick": [{"seat": s, "number": c} for s, c in state.last_trick],
            "low_wins": state.low_wins,
            "hand_size": state.hand_size,
            "events": [{k: list(v) if isinstance(v, tuple) else v for k, v in e.items()}
                       for e in state.events[-EVENTS_SHOWN:]],
            "winners": self._winners(state) if state.over else [],
        }
        if seat is not None:
            view["hand"] = list(state.hands[seat])
        return view

    def result(self, state: DuelState) -> Result | None:
        """Tricks taken; the most wins (both in a tie)."""
        if not state.over:
            return None
        scores = list(state.won)
        return Result(winners=self._winners(state), scores=scores,
                      ranking=sorted(range(2), key=lambda p: (-scores[p], p)),
                      details={"tricks": state.hand_size})


register(NAME, Duel)
