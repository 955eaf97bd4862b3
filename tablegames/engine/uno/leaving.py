"""Players who leave an UNO game midway, and players who sit down between hands.

A player who leaves for good (the host removes their seat, ``rooms/seats.py``):

- their cards go back **under** the draw pile (its first elements: the last one is the
  top), so no card leaves the game and nobody sees them;
- if it was their turn, the turn passes to the next player in the direction of play
  (what they owed goes with them: a Wild Draw Four's victim who leaves simply loses the
  turn the card took from them anyway; a first-discard Wild's colour is chosen by the
  next player);
- later seats move down one place: the hands, scores, UNO calls, catches, the dealer (a
  leaving dealer's deal passes on as if they had dealt), the hand history;
- refused while a Wild Draw Four the leaving player played waits for its answer (a
  challenge must see their hand), in partnership play (the teams are fixed), once the
  game is over, or when fewer than two players would be left.

A player who arrives sits down only between hands (``phase == "hand_over"``): they get
the last place and are dealt in at the next hand, with 0 points when the highest score
wins, and with the highest score held when the lowest wins ("lowest" and "elimination"
scoring), so arriving late is never an advantage.

>>> from tablegames.engine import get_game
>>> uno = get_game("uno")
>>> deal = {"hands": [["r1", "g2"], ["r7", "y3"], ["b4"]], "top": "r5"}
>>> s = uno.new(["Ana", "Bia", "Cid"], {"dealer": 2, "stack": deal}, seed=1)
>>> after = uno.remove_player(s, 0)
>>> after.players, after.turn, after.draw_pile[:2], after.events[0]["type"]
(('Bia', 'Cid'), 0, ('r1', 'g2'), 'left')
>>> uno.remove_player(after, 0)
Traceback (most recent call last):
...
tablegames.engine.core.IllegalMove: too_few_players: UNO needs at least two players: the game can't go on without Bia.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from tablegames.engine.core import IllegalMove
from tablegames.engine.seating import check_leaver
from tablegames.engine.seating import shift_seat as _shift
from tablegames.engine.seating import shift_seats as _seats
from tablegames.engine.uno.state import UnoState

__all__ = ["remove_player", "late_join", "add_player"]


def _next_in_play(s: UnoState, seat: int) -> int:
    """The next seat still in the game after ``seat`` in the direction of play."""
    n = len(s.players)
    for k in range(1, n):
        p = (seat + k * s.direction) % n
        if p not in s.out:
            return p
    return seat


def _before(s: UnoState, seat: int) -> int:
    """The seat still in the game before ``seat`` clockwise (a leaving dealer's place)."""
    n = len(s.players)
    for k in range(1, n):
        p = (seat - k) % n
        if p not in s.out:
            return p
    return seat


def _history(entry: Mapping[str, Any], gone: int) -> dict[str, Any]:
    out = dict(entry)
    if "winner" in out:
        out["winner"] = _shift(out["winner"], gone)
    if isinstance(out.get("held"), Mapping):
        out["held"] = {str(_shift(int(k), gone)): v for k, v in out["held"].items() if int(k) != gone}
    if isinstance(out.get("scores"), (list, tuple)):
        out["scores"] = tuple(v for i, v in enumerate(out["scores"]) if i != gone)
    if "eliminated" in out:
        out["eliminated"] = _seats(out["eliminated"], gone)
    return out


def remove_player(s: UnoState, place: int) -> UnoState:
    """The state once the player at ``place`` left for good (see the module).

    Raises:
        IllegalMove: ``bad_seat``, ``game_over``, ``teams_fixed``, ``answer_first``,
            ``too_few_players``.
    """
    n = len(s.players)
    name = check_leaver(s, place)
    if s.options.get("teams"):
        raise IllegalMove("teams_fixed", "Partners play as fixed teams of two: nobody can leave midway.",
                          player=name)
    active = [p for p in range(n) if p not in s.out]
    if place in active and len(active) <= 2:
        raise IllegalMove("too_few_players",
                          f"UNO needs at least two players: the game can't go on without {name}.", player=name)
    pending = dict(s.pending) if s.pending else None
    if pending and pending.get("by") == place and s.turn != place:
        raise IllegalMove("answer_first", f"Wait until {s.players[s.turn]} answers {name}'s card.",
                          player=name)
    hand = tuple(s.hands[place]) if place < len(s.hands) else ()
    turn, drawn = s.turn, s.drawn
    if s.phase == "play" and turn == place:
        turn, drawn = _next_in_play(s, place), None
        pending = pending if pending and pending.get("kind") == "color" else None
    dealer = _before(s, place) if s.dealer == place else s.dealer
    reveal = s.reveal
    if reveal and place in (reveal.get("to"), reveal.get("of")):
        reveal = None
    elif reveal:
        reveal = {**reveal, "to": _shift(reveal.get("to"), place), "of": _shift(reveal.get("of"), place)}
    if pending and "by" in pending:
        pending["by"] = _shift(pending["by"], place)
    return dataclasses.replace(
        s,
        players=tuple(p for i, p in enumerate(s.players) if i != place),
        hands=tuple(h for i, h in enumerate(s.hands) if i != place),
        draw_pile=hand + tuple(s.draw_pile),  # under the pile: the last card is the top
        scores=tuple(v for i, v in enumerate(s.scores) if i != place),
        turn=_shift(turn, place) if turn >= 0 else turn,
        drawn=drawn,
        pending=pending,
        dealer=_shift(dealer, place),
        uno_said=_seats(s.uno_said, place),
        exposed=_seats(s.exposed, place),
        out=_seats(s.out, place),
        reveal=reveal,
        history=tuple(_history(h, place) for h in s.history),
        events=({"type": "left", "name": name, "count": len(hand)},),
    )


def late_join(s: UnoState) -> str:
    """``"now"`` between hands, ``"after_round"`` during one; ``"never"`` in partnership play
    (four players exactly) or once the game is over (a rematch seats everyone)."""
    if s.options.get("teams"):
        return "never"
    if s.phase == "game_over":
        return "now"
    return "now" if s.phase == "hand_over" else "after_round"


def add_player(s: UnoState, name: str) -> UnoState:
    """The state with ``name`` at the last place, dealt in at the next hand.

    Raises:
        IllegalMove: ``cannot_add`` during a hand, in partnership play or past ten players.
    """
    if s.phase != "hand_over" or s.options.get("teams") or len(s.players) >= 10:
        raise IllegalMove("cannot_add", "New players sit down between hands: wait for this hand to end.")
    active = [s.scores[p] for p in range(len(s.players)) if p not in s.out]
    start = max(active) if s.options.get("scoring") in ("lowest", "elimination") and active else 0
    return dataclasses.replace(
        s, players=(*s.players, name), hands=(*s.hands, ()), scores=(*s.scores, start),
        events=({"type": "sat_down", "name": name},))
