"""UNO rules: dealing, legal moves and applying a move.

``apply`` copies the state into a mutable :class:`_Table`, applies one move there and
freezes the result, so the input state is never changed. Every refusal raises
:class:`IllegalMove` before anything is touched.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tablegames.engine import race
from tablegames.engine.core import IllegalMove, check_move, new_seed, rng_for
from tablegames.engine.uno.cards import CARDS, COLOR_OF, FACE_OF, WILDS, colors, dealer_rank, is_card
from tablegames.engine.uno.scoring import score_hand
from tablegames.engine.uno.state import JUMP_IN, UnoState, deck_for, normalize_options

HAND_SIZE = 7

# Keys each move type may carry (anything else is a tampered or malformed move).
MOVE_KEYS: dict[str, frozenset[str]] = {
    "play": frozenset({"type", "card", "color", "target"}),
    "draw": frozenset({"type"}),
    "pass": frozenset({"type"}),
    "uno": frozenset({"type"}),
    "catch": frozenset({"type", "target"}),
    "challenge": frozenset({"type"}),
    "accept": frozenset({"type"}),
    "choose_color": frozenset({"type", "color", "target"}),
    "dare": frozenset({"type", "done"}),
    "next_hand": frozenset({"type"}),
    "swap": frozenset({"type", "target"}),  # 7-0: the 7's player chooses whose hand to take
    "jump_in": frozenset({"type", "card", "t", "delays"}),  # t, delays: the server's (rooms)
    "settle_jump": frozenset({"type"}),
}
# What the player on turn must answer when something is pending ("play": a stacked card,
# only with the stacking house rule).
PENDING_ANSWERS = {"color": ("choose_color",), "wd4": ("challenge", "accept", "play"),
                   "dare": ("dare",), "draw2": ("accept", "play"), "seven": ("swap",)}
OUT_OF_TURN = ("uno", "catch")
SYSTEM_MOVES = frozenset({"next_hand", "settle_jump"})  # the room's (seat None), never a seat's
MAX_DELAYS = 64  # ping delays a jump-in may carry (as a UeStop! slap)
STACKS = {"draw2": "+2", "wd4": "W+4"}  # a pending penalty and the card that stacks on it


def house(opts: Mapping[str, Any], rule: str) -> bool:
    """Whether the house rule ``rule`` is on (states saved before house rules: off)."""
    return bool(opts.get(rule, False))


def jump_card(s: UnoState, seat: int) -> str | None:
    """The card ``seat`` may jump in with now (house rule ``jump_in``), or None.

    The identical card to the top of the discard pile (same colour and face: the same code;
    wilds have no colour and never jump in), by a seat not on turn, while nothing is owed
    (a Draw Two stack excepted: a jumped-in Draw Two adds to it) and before the seat has
    claimed in the open race.
    """
    if s.phase != "play" or not house(s.options, "jump_in") or seat == s.turn or seat not in s.active:
        return None
    top = s.discard[-1]
    if top in WILDS or top not in s.hands[seat]:
        return None
    if s.pending and not (s.pending["kind"] == "draw2" and FACE_OF[top] == "+2"):
        return None
    if s.jump and any(tap["seat"] == seat for tap in s.jump["taps"]):
        return None
    return top


class _Table:
    """A mutable copy of a state while one move is applied."""

    __slots__ = ("s", "opts", "draw_pile", "discard", "hands", "color", "direction", "turn",
                 "drawn", "pending", "uno_said", "exposed", "reveal", "scores", "out", "events",
                 "history", "rng_count", "phase", "winners", "hand_no", "dealer", "_active",
                 "top_at", "jump", "now")

    def __init__(self, s: UnoState) -> None:
        self.s = s
        self.opts = s.options
        self.draw_pile = list(s.draw_pile)
        self.discard = list(s.discard)
        self.hands = list(s.hands)
        self.color = s.color
        self.direction = s.direction
        self.turn = s.turn
        self.drawn = s.drawn  # kept by out-of-turn calls and catches; a turn move resets it
        self.pending = s.pending
        self.uno_said = set(s.uno_said)
        self.exposed = set(s.exposed)
        self.reveal = s.reveal
        self.scores = list(s.scores)
        self.out = list(s.out)
        self.events: list[dict[str, Any]] = []
        self.history = list(s.history)
        self.rng_count = s.rng_count
        self.phase = s.phase
        self.winners = s.winners
        self.hand_no = s.hand_no
        self.dealer = s.dealer
        self._active: Sequence[int] | None = s.active  # reset to None when ``out`` changes
        self.top_at = s.top_at
        self.jump = s.jump
        self.now: float | None = None  # the move's server time (the jump-in race's input)

    # -- seats -------------------------------------------------------------------------
    def active(self) -> Sequence[int]:
        if self._active is None:
            self._active = tuple(p for p in range(len(self.hands)) if p not in self.out)
        return self._active

    def step(self, seat: int, k: int = 1) -> int:
        """The seat ``k`` places from ``seat`` in the current direction."""
        act = self.active()
        return act[(act.index(seat) + k * self.direction) % len(act)]

    def others(self, seat: int) -> list[int]:
        """Active seats other than ``seat``, in playing order starting after it."""
        act = self.active()
        return [self.step(seat, k) for k in range(1, len(act))]

    def two_player(self) -> bool:
        return len(self.active()) == 2 and (
            self.opts["two_player_rules"] or self.opts["scoring"] == "elimination")

    # -- cards -------------------------------------------------------------------------
    def shuffle(self, cards: list[str]) -> list[str]:
        rng_for(self.s.seed, self.rng_count).shuffle(cards)
        self.rng_count += 1
        return cards

    def reshuffle(self) -> None:
        """Turns the discards (all but the top card) into a new draw pile."""
        if len(self.discard) <= 1:
            return
        top = self.discard[-1]
        self.draw_pile = self.shuffle(self.discard[:-1]) + self.draw_pile
        self.discard = [top]
        self.events.append({"type": "reshuffle", "cards": len(self.draw_pile)})

    def draw(self, seat: int, n: int, reason: str) -> list[str]:
        """Seat draws up to ``n`` cards (fewer if both piles run dry)."""
        got: list[str] = []
        for _ in range(n):
            if not self.draw_pile:
                self.reshuffle()
                if not self.draw_pile:
                    break
            got.append(self.draw_pile.pop())
        if got:
            self.hands[seat] = self.hands[seat] + tuple(got)
            self.uno_said.discard(seat)
        self.events.append({"type": "draw", "seat": seat, "count": len(got), "reason": reason})
        return got

    def remove(self, seat: int, card: str) -> None:
        hand = list(self.hands[seat])
        hand.remove(card)
        self.hands[seat] = tuple(hand)

    def playable(self, card: str, hand: tuple[str, ...]) -> bool:
        bluff = self.opts["wd4_bluff"] and not house(self.opts, "no_bluff_wd4")
        return playable(card, hand, self.discard[-1], self.color, bluff)

    # -- result ------------------------------------------------------------------------
    def freeze(self) -> UnoState:
        """The new state: this table's values, the rest (players, options, ...) unchanged.

        Like ``dataclasses.replace`` but without re-running ``__init__``: this is the hot
        path of every move.
        """
        act = self.active()
        hands = self.hands
        said = self.uno_said
        d = self.s.__dict__.copy()
        d["rng_count"] = self.rng_count
        d["hand_no"] = self.hand_no
        d["dealer"] = self.dealer
        d["phase"] = self.phase
        d["draw_pile"] = tuple(self.draw_pile)
        d["discard"] = tuple(self.discard)
        d["hands"] = tuple(hands)
        d["color"] = self.color
        d["direction"] = self.direction
        d["turn"] = self.turn
        d["drawn"] = self.drawn
        d["pending"] = self.pending
        d["uno_said"] = (tuple(sorted(p for p in said if p in act and 1 <= len(hands[p]) <= 2))
                         if said else ())
        d["exposed"] = tuple(sorted(self.exposed)) if self.exposed else ()
        d["reveal"] = self.reveal
        d["scores"] = tuple(self.scores)
        d["out"] = tuple(self.out)
        d["events"] = tuple(self.events)
        # only ever appended to: the same length is the same hands (the same tuple, so that
        # what is built from it, such as the view's, can be kept for it)
        d["history"] = self.s.history if len(self.history) == len(self.s.history) else tuple(self.history)
        d["winners"] = self.winners
        d["top_at"] = self.top_at
        d["jump"] = self.jump
        d["active"] = tuple(act)  # the new state's cached property (the old one's is stale)
        new = object.__new__(UnoState)
        object.__setattr__(new, "__dict__", d)  # frozen: bypass the dataclass's __setattr__
        return new


def playable(card: str, hand: tuple[str, ...], top: str, color: str, bluff: bool) -> bool:
    """Whether ``card`` may go on ``top`` when ``color`` is the colour in play.

    A coloured card matches by colour or face (number or symbol); wilds always go,
    except a Wild Draw Four while holding a card of the current colour (unless bluffing
    is allowed, in which case a challenge may catch it).
    """
    if card in WILDS:
        if card == "W+4" and not bluff:
            return not _holds_color(hand, color)
        return True
    return COLOR_OF[card] == color or FACE_OF[card] == FACE_OF[top]


def _holds_color(hand: tuple[str, ...], color: str) -> bool:
    """Whether ``hand`` holds a card of ``color`` (what makes a Wild Draw Four illegal)."""
    for c in hand:
        if COLOR_OF[c] == color:
            return True
    return False


# -- dealing ---------------------------------------------------------------------------

def new_game(players: list[str], options: Mapping[str, Any] | None, seed: int | None) -> UnoState:
    """Creates a game: options checked, dealer chosen, first hand dealt."""
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        raise IllegalMove("bad_players", "Players must be a list of names.")
    players = list(players)
    opts = normalize_options(options, len(players))
    seed = new_seed() if seed is None else int(seed)
    n = len(players)
    state = UnoState(players=tuple(players), options=opts, seed=seed, scores=(0,) * n,
                     hands=((),) * n)
    t = _Table(state)
    dealer = opts["dealer"]
    cut: list[dict[str, Any]] = []
    if dealer == "random":
        dealer = rng_for(seed, t.rng_count).randrange(n)
        t.rng_count += 1
    elif dealer == "high_card":
        dealer, cut = _cut_for_dealer(t)
    t.dealer = dealer
    _deal(t, opts.get("stack"))
    return replace(t.freeze(), dealer_cut=tuple(cut))


def _cut_for_dealer(t: _Table) -> tuple[int, list[dict[str, Any]]]:
    """Everyone draws a card; the highest number deals (symbols count 0); ties draw again."""
    deck = t.shuffle(list(deck_for(t.opts)))
    contenders = list(range(len(t.hands)))
    cut = []
    while True:
        drawn = {p: deck.pop() for p in contenders}
        cut.append({"cards": {str(p): c for p, c in drawn.items()}})
        best = max(dealer_rank(c) for c in drawn.values())
        contenders = [p for p, c in drawn.items() if dealer_rank(c) == best]
        if len(contenders) == 1 or len(deck) < len(contenders):
            return contenders[0], cut


def _deal(t: _Table, stack: Mapping[str, Any] | None = None) -> None:
    """Deals a hand: 7 cards each, turns the first discard and applies its effect."""
    deck = list(deck_for(t.opts))
    act = t.active()
    t.hands = [()] * len(t.hands)
    t.direction, t.pending, t.drawn, t.reveal = 1, None, None, None
    t.jump, t.top_at = None, (t.now if house(t.opts, "jump_in") else None)
    t.uno_said, t.exposed, t.discard = set(), set(), []
    if stack:
        order = _stacked_order(t, stack, deck)
    else:
        order = t.shuffle(deck)
        for p in act:
            t.hands[p] = tuple(order[:HAND_SIZE])
            del order[:HAND_SIZE]
    t.draw_pile = order[::-1]  # order lists the next card first; the pile's top is last
    top = t.draw_pile.pop()
    while top == "W+4":  # a Wild Draw Four is never the first discard: back in, reshuffle
        t.events.append({"type": "first_card_returned", "card": top})
        t.draw_pile = t.shuffle(t.draw_pile + [top])
        top = t.draw_pile.pop()
    t.discard = [top]
    t.phase = "play"
    _first_discard(t, top)


def _stacked_order(t: _Table, stack: Mapping[str, Any], deck: list[str]) -> list[str]:
    if not isinstance(stack, Mapping):
        raise IllegalMove("bad_option", "Option 'stack': give an object with 'hands'.")
    hands = stack.get("hands")
    top, draw = stack.get("top"), stack.get("draw", ())
    if (not isinstance(hands, (list, tuple)) or len(hands) != len(t.hands)
            or not all(isinstance(h, (list, tuple)) for h in hands)):
        raise IllegalMove("bad_option", "Option 'stack': give one hand per player.")
    if not isinstance(draw, (list, tuple)):
        raise IllegalMove("bad_option", "Option 'stack': 'draw' is a list of cards.")
    draw = list(draw)
    given = [c for h in hands for c in h] + draw + ([top] if top else [])
    if not all(is_card(c) for c in given) or Counter(given) - Counter(deck):
        raise IllegalMove("bad_option", "Option 'stack': uses cards that are not in this deck.")
    for p, hand in enumerate(hands):
        t.hands[p] = tuple(hand)
    rest = list((Counter(deck) - Counter(given)).elements())
    rest = t.shuffle(sorted(rest))
    first = [top] if top else [rest.pop()]
    return first + draw + rest


def _first_discard(t: _Table, top: str) -> None:
    """Applies the first discard's effect for the player left of the dealer."""
    info = CARDS[top]
    first = t.step(t.dealer, 1)
    t.color = info.color
    t.turn = first
    t.events.append({"type": "first_card", "card": top, "seat": first})
    if info.face == "S":
        t.events.append({"type": "skip", "seat": first})
        t.turn = t.step(first)
    elif info.face == "R":
        if t.two_player():
            t.events.append({"type": "skip", "seat": first})
        else:
            t.direction = -1
            t.events.append({"type": "reverse"})
        t.turn = t.dealer
    elif info.face == "+2":
        t.draw(first, 2, "draw_two")
        t.events.append({"type": "skip", "seat": first})
        t.turn = t.step(first)
    elif info.is_wild:
        t.pending = {"kind": "color", "swap": info.face == "WS"}


# -- legal moves -----------------------------------------------------------------------

def legal_moves(s: UnoState, seat: int) -> list[dict[str, Any]]:
    """Every move ``seat`` may make now, including calls, catches and jump-ins out of turn."""
    if (s.phase == "game_over" or not isinstance(seat, int) or isinstance(seat, bool)
            or seat not in s.active):
        return []
    if s.phase == "hand_over":
        return []  # only the room deals the next hand (a system move, seat None)
    exposed = s.exposed
    moves: list[dict[str, Any]] = (
        [{"type": "catch", "target": p} for p in exposed if p != seat] if exposed else [])
    hand = s.hands[seat]
    turn = s.turn
    if seat in exposed or (seat == turn and len(hand) == 2 and seat not in s.uno_said):
        moves.append({"type": "uno"})
    opts = s.options
    if opts.get("jump_in"):
        card = jump_card(s, seat)
        if card:
            moves.append({"type": "jump_in", "card": card})
    if seat != turn or (s.jump and any(tap["seat"] == seat for tap in s.jump["taps"])):
        return moves  # (the turn's move, once claimed in a jump-in race, waits for the race)
    cols = colors(opts["edition"])
    pending = s.pending
    if pending:
        kind = pending["kind"]
        if kind == "color":
            targets = [p for p in s.active if p != seat]
            for c in cols:
                if pending["swap"]:
                    moves += [{"type": "choose_color", "color": c, "target": p} for p in targets]
                else:
                    moves.append({"type": "choose_color", "color": c})
        elif kind in STACKS:
            if kind == "wd4" and not house(opts, "no_bluff_wd4"):
                moves.append({"type": "challenge"})
            moves.append({"type": "accept"})
            stack = STACKS[kind]
            if house(opts, "stacking"):
                bluff = opts["wd4_bluff"] and not house(opts, "no_bluff_wd4")
                for card in sorted(set(hand)):
                    if FACE_OF[card] != stack:
                        continue
                    if card == "W+4":
                        if bluff or not _holds_color(hand, s.color):
                            moves += [{"type": "play", "card": card, "color": c} for c in cols]
                    else:
                        moves.append({"type": "play", "card": card})
        elif kind == "seven":
            moves += [{"type": "swap", "target": p} for p in s.active if p != seat]
        else:
            moves += [{"type": "dare", "done": True}, {"type": "dare", "done": False}]
        return moves
    # The same test as playable(), with the top card's face looked up once.
    drawn, color = s.drawn, s.color
    bluff = opts["wd4_bluff"] and not house(opts, "no_bluff_wd4")
    top_face = FACE_OF[s.discard[-1]]
    for card in ([drawn] if drawn else sorted(set(hand))):
        if card not in WILDS:
            if COLOR_OF[card] == color or FACE_OF[card] == top_face:
                moves.append({"type": "play", "card": card})
        elif card == "W+4" and not bluff and _holds_color(hand, color):
            continue
        elif card == "WS" and len(hand) > 1:
            moves += [{"type": "play", "card": card, "color": c, "target": p}
                      for c in cols for p in s.active if p != seat]
        else:
            moves += [{"type": "play", "card": card, "color": c} for c in cols]
    if not drawn:
        moves.append({"type": "draw"})
    elif not house(opts, "forced_play"):
        moves.append({"type": "pass"})
    return moves


# -- applying a move -------------------------------------------------------------------

def apply_move(s: UnoState, seat: int, move: Mapping[str, Any],
               now: float | None = None) -> UnoState:
    """Applies ``move`` by ``seat`` (at server time ``now``, which only the jump-in race
    reads) and returns the new state.

    Raises:
        IllegalMove: with a stable code and a sentence naming the card and the reason.
    """
    system = seat is None  # the room's own move (the host's "next hand"), no player's
    kind = check_move("UNO", len(s.players), 0 if system else seat, move, MOVE_KEYS)
    if system and kind not in SYSTEM_MOVES:
        raise IllegalMove("bad_seat", "Only a player at the table can make that move.")
    if not system and kind in SYSTEM_MOVES:
        raise IllegalMove("system_move", "Only the table deals the next hand." if kind == "next_hand"
                          else "The table settles a jump-in race by itself.")
    if s.phase == "game_over":
        raise IllegalMove("game_over", "The game is over.")
    if seat in s.out:
        raise IllegalMove("eliminated", f"{s.players[seat]} is out of the game.")
    if now is not None and not (isinstance(now, (int, float)) and math.isfinite(now)):
        now = None
    if s.phase == "hand_over":
        if kind != "next_hand":
            raise IllegalMove("hand_over", "This hand is over: start the next hand first.")
        t = _Table(s)
        t.now = now
        _next_hand(t)
        return t.freeze()
    if kind == "next_hand":
        raise IllegalMove("hand_not_over", "The hand is still being played.")
    if kind == "settle_jump":
        t = _Table(s)
        t.now = now
        _settle_jump(t)
        return t.freeze()
    if kind == "jump_in":
        t = _Table(s)
        t.now = now
        _jump_in(t, seat, move)
        return t.freeze()
    if s.jump and now is not None and race.window_closed(now, s.jump["deadline"]):
        s = _settled(s, now)  # the first move after the window settles the race
        if s.phase != "play":
            raise IllegalMove("hand_over", "This hand is over: start the next hand first.")
    if kind in OUT_OF_TURN:
        t = _Table(s)
        t.now = now
        (_call_uno if kind == "uno" else _catch)(t, seat, move)
        return t.freeze()
    if seat != s.turn:
        raise IllegalMove("not_your_turn", f"It is {s.players[s.turn]}'s turn, not {s.players[seat]}'s.",
                          player=s.players[s.turn])
    if s.jump and any(tap["seat"] == seat for tap in s.jump["taps"]):
        wait = (max(1, round((s.jump["deadline"] - now) * 1000)) if now is not None else None)
        raise IllegalMove("jump_in_race", "Somebody jumped in: wait a moment for the race to settle.",
                          wait_ms=wait)
    if s.pending and (kind not in PENDING_ANSWERS[s.pending["kind"]]
                      or (kind == "play" and not house(s.options, "stacking"))):
        raise _pending_error(s)
    t = _Table(s)
    t.now = now
    _turn_move(t, s, seat, kind, move)  # applied, or refused with the state unchanged
    if now is not None and (s.jump or _twin_held(s)):
        # somebody may jump in on the top card: the turn's move races the jump-in
        t = _Table(s)
        t.now = now
        _claim(t, {"seat": seat, "move": dict(move), "t": now, "claimed": now, "arrival": now,
                   "late": False})
    return t.freeze()


def _twin_held(s: UnoState) -> bool:
    """Whether a seat other than the one on turn may jump in on the top card now."""
    return bool(s.options.get("jump_in")) and any(jump_card(s, p) for p in s.active if p != s.turn)


def _turn_move(t: _Table, s: UnoState, seat: int, kind: str, move: Mapping[str, Any]) -> None:
    """A move of the seat on turn (or a jump-in's card, played as if it were its turn)."""
    t.exposed = set()  # the next player starting a turn closes every UNO catch window
    t.drawn = None  # only the draw move itself leaves a drawn card behind
    t.reveal = None
    _TURN_MOVES[kind](t, seat, move)
    if t.phase == "play":
        hands, before, said = t.hands, s.hands, t.uno_said
        for p in t.active():  # whoever has just reached one card without calling is catchable
            if len(hands[p]) == 1 and len(before[p]) != 1 and p not in said:
                t.exposed.add(p)


def _pending_error(s: UnoState) -> IllegalMove:
    kind = s.pending["kind"]
    if kind == "color":
        return IllegalMove("choose_color_first", "Choose the colour of the wild card first.")
    if kind == "wd4":
        return IllegalMove("answer_wd4_first", "Challenge or accept the Wild Draw Four first.")
    if kind == "draw2":
        return IllegalMove("answer_draw_two_first", "Stack a Draw Two or take the cards first.",
                           count=s.pending.get("count", 2))
    if kind == "seven":
        return IllegalMove("choose_swap_first", "Choose whose hand you take for your 7 first.")
    return IllegalMove("answer_dare_first", "Say whether you did the house rule's dare first.")


def _seat_arg(t: _Table, move: Mapping[str, Any], seat: int, field: str = "target") -> int:
    target = move.get(field)
    if (not isinstance(target, int) or isinstance(target, bool)
            or target not in t.active() or target == seat):
        raise IllegalMove("bad_target", f"Choose another player still in the game, not {target!r}.")
    return target


def _color_arg(t: _Table, move: Mapping[str, Any]) -> str:
    color = move.get("color")
    cols = colors(t.opts["edition"])
    if color not in cols:
        raise IllegalMove("bad_color", f"Choose one of the colours {', '.join(cols)}, not {color!r}.",
                          color=str(color))
    return color


def _call_uno(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    s = t.s
    hand = s.hands[seat]
    if seat in s.exposed:
        t.exposed.discard(seat)
    elif seat in s.uno_said and len(hand) <= 2:
        raise IllegalMove("already_called", f"{s.players[seat]} has already called UNO.")
    elif not (s.phase == "play" and seat == s.turn and len(hand) == 2):
        raise IllegalMove("nothing_to_call",
                          "Call UNO when you are down to one card (or on your turn, holding two).")
    t.uno_said.add(seat)
    t.events.append({"type": "uno", "seat": seat})


def _catch(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    s = t.s
    target = move.get("target")
    if target == seat:
        raise IllegalMove("cannot_catch_self", "You can't catch yourself: call UNO instead.")
    target = _seat_arg(t, move, seat)
    name = s.players[target]
    if target not in s.exposed:
        if target in s.uno_said and len(s.hands[target]) == 1:
            raise IllegalMove("already_called", f"{name} called UNO in time.", player=name)
        raise IllegalMove("not_catchable", f"{name} can't be caught now.", player=name)
    t.exposed.discard(target)
    t.events.append({"type": "caught", "seat": target, "by": seat})
    t.draw(target, 2, "caught")


def _play(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    s = t.s
    card = move.get("card")
    if not is_card(card):
        raise IllegalMove("bad_card", f"{card!r} is not an UNO card.")
    hand = s.hands[seat]
    if card not in hand:
        raise IllegalMove("card_not_in_hand", f"You don't have {card} in your hand.", card=card)
    if s.drawn and card != s.drawn:
        raise IllegalMove("only_drawn_card",
                          f"After drawing you may only play the card you drew ({s.drawn}) or keep it.",
                          card=s.drawn)
    info = CARDS[card]
    if s.pending and info.face != STACKS[s.pending["kind"]]:  # stacking: only the same penalty card
        need = STACKS[s.pending["kind"]]
        raise IllegalMove("stack_only", f"Only a {'Wild Draw Four' if need == 'W+4' else 'Draw Two'} "
                          f"goes on the penalty: play one or take the cards.", card=card, stack=need)
    if not t.playable(card, hand):
        if info.face == "W+4":
            raise IllegalMove("wd4_has_color", "You can't play Wild Draw Four while you hold a card "
                              f"of the colour in play ({s.color}).", color=s.color)
        raise IllegalMove("does_not_match", f"{card} does not match {s.discard[-1]} "
                          f"(colour in play: {s.color}).", card=card, top=s.discard[-1], color=s.color)
    last_card = len(hand) == 1
    target = None
    if info.is_wild:
        color = _color_arg(t, move)
        needs_target = info.face == "WS" and not last_card
        if needs_target:
            target = _seat_arg(t, move, seat)
        elif "target" in move:
            raise IllegalMove("bad_move", "Only Wild Swap Hands (not as your last card) takes a target.")
    else:
        if "color" in move or "target" in move:
            raise IllegalMove("bad_move", f"{card} is not a wild card: it takes no colour or target.")
        color = info.color
    _put_down(t, seat, card, color, target)


def _put_down(t: _Table, seat: int, card: str, color: str, target: int | None) -> None:
    """``seat`` plays ``card`` (checked) and its effect follows, from ``seat`` on."""
    info = CARDS[card]
    hand = t.hands[seat]
    last_card = len(hand) == 1
    stacked = t.pending if t.pending and t.pending["kind"] in STACKS else None
    owed = int(stacked.get("count", 4 if stacked["kind"] == "wd4" else 2)) if stacked else 0
    prev_color = t.color
    t.pending = None if stacked else t.pending
    t.remove(seat, card)
    t.discard.append(card)
    t.color = color
    if house(t.opts, "jump_in") and t.now is not None:
        t.top_at = t.now
    t.events.append({"type": "play", "seat": seat, "card": card, "color": color})
    nxt = t.step(seat)
    face = info.face
    stacking = house(t.opts, "stacking")
    if face == "+2" and stacking:
        count = owed + 2
        if last_card:
            t.draw(nxt, count, "draw_two")
        else:
            if owed:
                t.events.append({"type": "stack", "seat": seat, "count": count})
            t.pending = {"kind": "draw2", "by": seat, "count": count}
            t.turn = nxt
            return
    elif face == "+2":
        t.draw(nxt, 2, "draw_two")
    elif face == "W+4" and last_card:
        t.draw(nxt, owed + 4, "draw_four")
    elif face == "WG":
        t.events.append({"type": "greyskull", "seat": seat})
        for p in t.others(seat):
            t.draw(p, 3, "greyskull")
    elif face == "WC" and _house_rule(t, seat, int(card[2]) - 1, last_card):
        t.turn = seat  # everyone else skips: the player goes again
        return
    if last_card:
        score_hand(t, seat)
        return
    seven_zero = house(t.opts, "seven_zero")
    if face in ("S", "+2") or (face == "R" and t.two_player()):
        t.events.append({"type": "skip", "seat": nxt})
        t.turn = t.step(seat, 2)
    elif face == "R":
        t.direction = -t.direction
        t.events.append({"type": "reverse"})
        t.turn = t.step(seat)
    elif face == "W+4" and house(t.opts, "no_bluff_wd4") and not stacking:
        t.draw(nxt, 4, "draw_four")  # no challenge to answer: the penalty falls at once
        t.events.append({"type": "skip", "seat": nxt})
        t.turn = t.step(seat, 2)
    elif face == "W+4":
        if owed:
            t.events.append({"type": "stack", "seat": seat, "count": owed + 4})
        t.pending = {"kind": "wd4", "by": seat, "prev_color": prev_color,
                     "guilty": _holds_color(t.hands[seat], prev_color), "count": owed + 4}
        t.turn = nxt
    elif face == "WS":
        t.hands[seat], t.hands[target] = t.hands[target], t.hands[seat]
        t.uno_said -= {seat, target}
        t.events.append({"type": "swap", "seat": seat, "target": target})
        t.turn = nxt
    elif face == "7" and seven_zero:
        t.pending = {"kind": "seven", "by": seat}  # the player chooses whose hand to take
        t.turn = seat
    elif face == "0" and seven_zero:
        _pass_hands(t)
        t.turn = nxt
    elif t.pending is None or t.pending.get("kind") != "dare":
        t.turn = nxt


def _pass_hands(t: _Table) -> None:
    """7-0: a 0 passes every hand to the next player in the direction of play."""
    act = t.active()
    hands = {p: t.hands[p] for p in act}
    for p in act:
        t.hands[t.step(p)] = hands[p]
    t.uno_said -= set(act)  # a call covers its caller's own hand only
    t.events.append({"type": "pass_hands", "direction": t.direction})
    _expose_single(t, act)


def _expose_single(t: _Table, seats: Sequence[int]) -> None:
    """Whoever holds one card after hands changed owners has not called UNO for it."""
    for p in seats:
        if len(t.hands[p]) == 1:
            t.exposed.add(p)


def _swap(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    """7-0: the 7's player swaps hands with the player chosen."""
    if not t.s.pending or t.s.pending["kind"] != "seven":
        raise IllegalMove("no_swap", "There is no 7 to swap hands for now.")
    target = _seat_arg(t, move, seat)
    t.hands[seat], t.hands[target] = t.hands[target], t.hands[seat]
    t.uno_said -= {seat, target}
    t.pending = None
    t.events.append({"type": "swap", "seat": seat, "target": target, "seven": True})
    _expose_single(t, (seat, target))
    t.turn = t.step(seat)


# -- jump-in -----------------------------------------------------------------------------

def _jump_in(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    """A claim to play the identical card out of turn. Without a time it is played at once;
    with one, the first claim opens a race of ``window_ms`` that the system move
    ``settle_jump`` (or the first move after the window) settles: the earliest tap, judged
    on its phone's corrected clock as UeStop!'s slaps are (:mod:`tablegames.engine.race`)."""
    s = t.s
    if not house(t.opts, "jump_in"):
        raise IllegalMove("no_jump_in", "This table does not play with jump-ins.")
    card = move.get("card")
    if not is_card(card):
        raise IllegalMove("bad_card", f"{card!r} is not an UNO card.")
    if card not in s.hands[seat]:
        raise IllegalMove("card_not_in_hand", f"You don't have {card} in your hand.", card=card)
    if seat == s.turn:
        raise IllegalMove("your_turn", "It is your turn: just play the card.")
    top = s.discard[-1]
    if card != top or card in WILDS:
        raise IllegalMove("not_identical", f"Only the identical card ({top}) jumps in.", card=card, top=top)
    if s.jump and any(tap["seat"] == seat for tap in s.jump["taps"]):
        raise IllegalMove("already_jumped", "You already jumped in on this card.")
    if jump_card(s, seat) is None:
        raise IllegalMove("jump_in_blocked", "No jump-in now: an answer is owed first.")
    for key in ("t", "delays"):
        if key in move and t.now is None:
            raise IllegalMove("bad_tap_time", "A timed jump-in needs the server's time.")
    if t.now is None:  # no clock at all (a replay, a test): nothing to race with
        _award_jump(t, {"seat": seat, "card": card})
        return
    now = t.now
    claimed = move.get("t", now)
    delays = move.get("delays")
    if not (isinstance(claimed, (int, float)) and not isinstance(claimed, bool) and math.isfinite(claimed)):
        raise IllegalMove("bad_tap_time", "The tap time must be a number (server clock, seconds).")
    if delays is not None and not (isinstance(delays, (list, tuple)) and 0 < len(delays) <= MAX_DELAYS
                                   and all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                           and math.isfinite(x) and x >= 0 for x in delays)):
        raise IllegalMove("bad_tap_time", "The tap's ping delays must be a list of numbers (ms).")
    reveal = s.top_at if s.top_at is not None else now - JUMP_IN["max_latency_ms"] / 1000
    seconds = None if delays is None else sorted(x / 1000 for x in delays)
    judged = race.judge(float(claimed), now, reveal, JUMP_IN["min_reaction_ms"] / 1000,
                        JUMP_IN["max_latency_ms"] / 1000, seconds)
    _claim(t, {"seat": seat, "card": card, "t": judged.t, "claimed": float(claimed), "arrival": now,
               "late": False, **({"flagged": True} if judged.flagged else {})})
    t.events.append({"type": "jump_claim", "seat": seat})


def _claim(t: _Table, tap: dict[str, Any]) -> None:
    """One more claim in the jump-in race (the first opens it for ``window_ms``); a claim
    after the window takes no part and settles the race at once."""
    s = t.s
    jump = dict(s.jump) if s.jump else {"taps": (), "deadline": t.now + JUMP_IN["window_ms"] / 1000}
    tap["late"] = race.is_late(t.now, jump["deadline"])
    jump["taps"] = (*jump["taps"], tap)
    t.jump = jump
    if tap["late"]:
        _settle_jump(t, force=True)


def _settled(s: UnoState, now: float | None) -> UnoState:
    """The state once its jump-in race is settled."""
    t = _Table(s)
    t.now = now
    _settle_jump(t, force=True)
    return t.freeze()


def _settle_jump(t: _Table, force: bool = False) -> None:
    jump = t.jump
    if not jump:
        raise IllegalMove("no_jump_race", "There is no jump-in race to settle.")
    if not force and t.now is not None and not race.window_closed(t.now, jump["deadline"]):
        raise IllegalMove("window_open", "The jump-in race is still open for slower phones.",
                          wait_ms=max(1, round((jump["deadline"] - t.now) * 1000)))
    t.jump = None
    ranked = race.ranking(jump["taps"])
    for tap in ranked:  # the earliest claim that still holds wins
        if "move" in tap:  # the player on turn's own move came first
            if tap["seat"] != t.turn:
                continue
            try:
                trial = _Table(replace(t.freeze(), jump=None, events=()))
                trial.now = t.now
                _turn_move(trial, trial.s, tap["seat"], tap["move"]["type"], tap["move"])
            except IllegalMove:
                continue
            if len(ranked) > 1:
                t.events.append({"type": "jump_void"})
            _turn_move(t, t.s, tap["seat"], tap["move"]["type"], tap["move"])
            return
        if _award_jump(t, tap, claims=len(ranked)):
            return
    t.events.append({"type": "jump_void"})


def _award_jump(t: _Table, tap: Mapping[str, Any], claims: int = 1) -> bool:
    """A jump-in claim whose player still holds the identical card plays it: play
    continues from the jumper (the player on turn loses the turn). False if it no longer
    holds."""
    top = t.discard[-1]
    seat = tap["seat"]
    if not (tap["card"] == top and top in t.hands[seat] and seat != t.turn):
        return False
    t.events.append({"type": "jump_in", "seat": seat, "card": top, "skipped": t.turn,
                     "claims": claims})
    before = [len(h) for h in t.hands]
    t.exposed = set()  # the jump starts a turn: every UNO catch window closes
    t.drawn = None
    t.reveal = None
    t.turn = seat
    _put_down(t, seat, top, COLOR_OF[top], None)
    if t.phase == "play":
        for p in t.active():
            if len(t.hands[p]) == 1 and before[p] != 1 and p not in t.uno_said:
                t.exposed.add(p)
    return True


def _house_rule(t: _Table, seat: int, index: int, last_card: bool) -> bool:
    """Applies a Customizable Wild's house rule; True when its player goes again."""
    rule = t.opts["house_rules"][index]
    t.events.append({"type": "house_rule", "seat": seat, "rule": index, "key": rule["key"],
                     "kind": rule["kind"], "text": rule.get("text", "")})
    kind = rule["kind"]
    if kind == "others_draw":
        for p in t.others(seat):
            t.draw(p, rule["n"], "house_rule")
    elif kind == "discard_wilds":
        top = t.discard.pop()
        for p in t.others(seat):
            wilds = [c for c in t.hands[p] if c in WILDS]
            if len(wilds) == len(t.hands[p]):
                wilds = wilds[1:]  # nobody goes out this way: an all-wild hand keeps one card
            for c in wilds:
                t.remove(p, c)
            t.discard += wilds  # under the card just played, which stays on top
            t.events.append({"type": "discard_wilds", "seat": p, "count": len(wilds)})
        t.discard.append(top)
    elif kind == "skip_all" and not last_card:
        t.events += [{"type": "skip", "seat": p} for p in t.others(seat)]
        return True
    elif kind == "dare" and not last_card:
        t.pending = {"kind": "dare", "by": seat, "rule": index}
        t.turn = t.step(seat)
    return False


def _draw_move(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    if t.s.drawn:
        raise IllegalMove("already_drew", "You already drew this turn: play the drawn card or keep it.")
    if house(t.opts, "draw_until_playable"):
        got = _draw_until_playable(t, seat)
    else:
        got = t.draw(seat, 1, "choice")
    if got and t.playable(got[0], t.hands[seat]):
        t.drawn = got[0]
        return
    if got:
        t.events.append({"type": "keep", "seat": seat})
    t.turn = t.step(seat)


def _draw_until_playable(t: _Table, seat: int) -> list[str]:
    """Draws one card at a time until one can be played (or both piles are empty); one
    event for them all. Returns the last card drawn in a list (the one that may be played)."""
    count = 0
    last: list[str] = []
    while True:
        if not t.draw_pile:
            t.reshuffle()
            if not t.draw_pile:
                break
        card = t.draw_pile.pop()
        t.hands[seat] = t.hands[seat] + (card,)
        t.uno_said.discard(seat)
        count += 1
        last = [card]
        if t.playable(card, t.hands[seat]):
            break
    t.events.append({"type": "draw", "seat": seat, "count": count, "reason": "until_playable"})
    return last


def _pass(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    if not t.s.drawn:
        raise IllegalMove("must_draw_first", "Draw a card before passing your turn.")
    if house(t.opts, "forced_play"):
        raise IllegalMove("must_play_drawn", f"The card you drew ({t.s.drawn}) can be played: "
                          "this table's house rule says you must play it.", card=t.s.drawn)
    t.events.append({"type": "keep", "seat": seat})
    t.turn = t.step(seat)


def _challenge(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    pending = t.s.pending
    if not pending or pending["kind"] != "wd4":
        raise IllegalMove("no_challenge", "There is no Wild Draw Four to challenge.")
    if house(t.opts, "no_bluff_wd4"):
        raise IllegalMove("no_challenge_rule", "No bluffing at this table: a Wild Draw Four "
                          "can't be challenged (it was only allowed without the colour in play).")
    by = pending["by"]
    count = int(pending.get("count", 4))  # a stack: the whole penalty moves with the verdict
    t.pending = None
    t.reveal = {"to": seat, "of": by, "cards": t.hands[by]}
    t.events.append({"type": "challenge", "seat": seat, "target": by, "guilty": pending["guilty"]})
    if pending["guilty"]:
        t.draw(by, count, "challenge_lost")  # the victim then plays normally
    else:
        t.draw(seat, count + 2, "challenge_lost")
        t.turn = t.step(seat)


def _accept(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    pending = t.s.pending
    if not pending or pending["kind"] not in STACKS:
        raise IllegalMove("nothing_to_accept", "There is no Wild Draw Four to accept.")
    t.pending = None
    wd4 = pending["kind"] == "wd4"
    t.draw(seat, int(pending.get("count", 4 if wd4 else 2)), "draw_four" if wd4 else "draw_two")
    t.events.append({"type": "skip", "seat": seat})
    t.turn = t.step(seat)


def _choose_color(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    if not t.s.pending or t.s.pending["kind"] != "color":
        raise IllegalMove("no_color_to_choose", "There is no colour to choose now.")
    color = _color_arg(t, move)
    if t.s.pending["swap"]:
        target = _seat_arg(t, move, seat)
        t.hands[seat], t.hands[target] = t.hands[target], t.hands[seat]
        t.events.append({"type": "swap", "seat": seat, "target": target})
    elif "target" in move:
        raise IllegalMove("bad_move", "Only a Wild Swap Hands takes a target.")
    t.pending = None
    t.color = color
    t.events.append({"type": "color", "seat": seat, "color": color})


def _dare(t: _Table, seat: int, move: Mapping[str, Any]) -> None:
    if not t.s.pending or t.s.pending["kind"] != "dare":
        raise IllegalMove("no_dare", "There is no house-rule dare to answer.")
    done = move.get("done")
    if not isinstance(done, bool):
        raise IllegalMove("bad_move", "Say whether the dare was done (true or false).")
    rule = t.opts["house_rules"][t.s.pending["rule"]]
    t.pending = None
    t.events.append({"type": "dare", "seat": seat, "done": done})
    if not done:
        t.draw(seat, rule["n"], "dare")


def _next_hand(t: _Table) -> None:
    t.hand_no += 1
    t.direction = 1
    # the deal passes to the left: the next seat still in the game (an eliminated dealer too)
    n = len(t.hands)
    t.dealer = next(p for k in range(1, n + 1) if (p := (t.dealer + k) % n) in t.active())
    t.events.append({"type": "new_hand", "hand": t.hand_no, "dealer": t.dealer})
    _deal(t)


_TURN_MOVES = {
    "play": _play, "draw": _draw_move, "pass": _pass, "challenge": _challenge,
    "accept": _accept, "choose_color": _choose_color, "dare": _dare, "swap": _swap,
}
