"""End of a hand: points, the scoring variants, eliminations and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.engine.uno.cards import hand_points

if TYPE_CHECKING:
    from tablegames.engine.uno.rules import _Table


def partner(seat: int) -> int:
    """The partner sitting opposite in a four-player partnership game."""
    return (seat + 2) % 4


def score_hand(t: _Table, winner: int) -> None:
    """Scores the hand ``winner`` just won and decides whether the game is over.

    standard: the winner (or the winner's team, from the other pair's hands only) scores
    every opponent's cards; first to the target wins.
    lowest: everyone adds what they hold; once someone reaches the target, lowest wins.
    elimination: as lowest, but who reaches the target drops out until two remain; of
    the last two, the one who reaches it loses.
    """
    opts = t.opts
    target, scoring = opts["target"], opts["scoring"]
    active = t.active()
    held = {p: hand_points(t.hands[p]) for p in active}
    gain = 0
    eliminated: list[int] = []
    winners: tuple[int, ...] = ()
    if scoring == "standard":
        team = (winner, partner(winner)) if opts["teams"] else (winner,)
        gain = sum(v for p, v in held.items() if p not in team)
        for p in team:
            t.scores[p] += gain
        if t.scores[winner] >= target:
            winners = tuple(sorted(team))
    else:
        for p in active:
            t.scores[p] += held[p]
        reached = [p for p in active if t.scores[p] >= target]
        if reached:
            below = [p for p in active if p not in reached]
            if scoring == "elimination" and len(below) >= 2:
                eliminated = reached
            elif scoring == "elimination" and len(below) == 1:
                winners = tuple(below)
            else:
                low = min(t.scores[p] for p in active)
                winners = tuple(p for p in active if t.scores[p] == low)
    t.history.append({"hand": t.hand_no, "winner": winner, "gain": gain,
                      "held": {str(p): v for p, v in held.items()},
                      "scores": tuple(t.scores), "eliminated": tuple(eliminated)})
    t.events.append({"type": "hand_over", "winner": winner, "gain": gain})
    for p in eliminated:
        t.out.append(p)
        t._active = None
        t.events.append({"type": "eliminated", "seat": p})
    t.out.sort()
    t.pending, t.drawn, t.turn = None, None, -1
    t.exposed = set()
    if winners:
        t.phase, t.winners = "game_over", winners
        t.events.append({"type": "game_over", "winners": winners})
    else:
        t.phase = "hand_over"
