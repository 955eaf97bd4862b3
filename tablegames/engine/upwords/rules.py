"""Upwords rules: setting up, legal moves, applying a move, previewing a placement.

``apply_move`` copies the state into a mutable :class:`_Table`, applies one move there
and freezes the result, so the input state is never changed. Every refusal raises
:class:`IllegalMove` before anything is touched.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Mapping, Sequence
from dataclasses import replace
from typing import Any

from tablegames.engine.core import IllegalMove, check_move, freeze, new_seed, rng_for
from tablegames.engine.upwords.board import Placement, examine
from tablegames.engine.upwords.state import (
    UpwordsState,
    board_from_stack,
    language_of,
    normalize_options,
)
from tablegames.engine.upwords.tiles import (
    LEFTOVER_PENALTY,
    LETTERS,
    RACK_SIZE,
    SIZE,
    all_tiles,
    distribution,
    face,
)

MOVE_KEYS: dict[str, frozenset[str]] = {
    "place": frozenset({"type", "tiles"}),
    "exchange": frozenset({"type", "tile"}),
    "pass": frozenset({"type"}),
    "challenge": frozenset({"type"}),
}


class _Table:
    """A mutable copy of a state while one move is applied."""

    def __init__(self, s: UpwordsState) -> None:
        self.s = s
        self.board = list(s.board)
        self.bag = list(s.bag)
        self.racks = [list(r) for r in s.racks]
        self.scores = list(s.scores)
        self.turn = s.turn
        self.phase = s.phase
        self.passed = list(s.passed)
        self.skip = list(s.skip)
        self.last: dict[str, Any] | None = dict(s.last) if s.last else None
        self.events: list[dict[str, Any]] = []
        self.rng_count = s.rng_count
        self.final = s.final
        self.winners = s.winners
        self.moves = s.moves

    def shuffle(self, tiles: list[str]) -> list[str]:
        rng_for(self.s.seed, self.rng_count).shuffle(tiles)
        self.rng_count += 1
        return tiles

    def draw(self, seat: int) -> list[str]:
        """Seat draws back up to 7 tiles (fewer if the bag runs out)."""
        got = []
        while len(self.racks[seat]) < RACK_SIZE and self.bag:
            got.append(self.bag.pop())
            self.racks[seat].append(got[-1])
        if got:
            self.events.append({"type": "draw", "seat": seat, "count": len(got)})
        return got

    def next_turn(self, seat: int) -> None:
        """The turn passes to the left of ``seat``; seats that lose a turn are passed over."""
        n = len(self.s.players)
        nxt = (seat + 1) % n
        while nxt in self.skip:
            self.skip.remove(nxt)
            self.events.append({"type": "lose_turn", "seat": nxt})
            nxt = (nxt + 1) % n
        self.turn = nxt

    def close_window(self) -> None:
        if self.last and self.last.get("open"):
            self.last["open"] = False

    def end_game(self, reason: str, out: int | None) -> None:
        """Final scoring: 5 points off per tile left on each rack; best score wins."""
        left = {str(p): len(r) for p, r in enumerate(self.racks)}
        penalties = {p: LEFTOVER_PENALTY * n for p, n in left.items()}
        for p, pts in penalties.items():
            self.scores[int(p)] -= pts
        best = max(self.scores)
        self.winners = tuple(p for p, v in enumerate(self.scores) if v == best)
        self.final = {"reason": reason, "out": out, "left": left, "penalties": penalties}
        self.phase, self.turn = "game_over", -1
        self.close_window()
        self.skip = []
        self.events.append({"type": "game_over", "reason": reason, "winners": list(self.winners),
                            "penalties": penalties})

    def freeze(self) -> UpwordsState:
        return replace(
            self.s, rng_count=self.rng_count, phase=self.phase, board=tuple(self.board),
            bag=tuple(self.bag), racks=tuple(tuple(r) for r in self.racks),
            scores=tuple(self.scores), turn=self.turn, passed=tuple(self.passed),
            skip=tuple(self.skip), last=freeze(self.last), events=freeze(self.events),
            final=freeze(self.final), winners=self.winners, moves=self.moves)


# -- setting up --------------------------------------------------------------------------

def new_game(players: Sequence[str], options: Mapping[str, Any] | None,
             seed: int | None) -> UpwordsState:
    """Creates a game: options checked, first player chosen, racks dealt."""
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        raise IllegalMove("bad_players", "Players must be a list of names.")
    n = len(players)
    opts = normalize_options(options, n)
    seed = new_seed() if seed is None else int(seed)
    stack = opts["stack"]
    board = board_from_stack(stack)
    state = UpwordsState(players=tuple(players), options=opts, seed=seed, board=board,
                         scores=(0,) * n, racks=((),) * n)
    t = _Table(state)
    lang = language_of(opts)
    first, draws = _choose_first(t, opts["first"], n, lang)
    if stack:
        racks = [list(r) for r in stack["racks"]]
        given = [x for r in racks for x in r] + list(stack["bag"]) + [x for s in board for x in s]
        rest = t.shuffle(sorted((Counter(distribution(lang)) - Counter(given)).elements()))
        t.bag = rest + list(reversed(stack["bag"]))  # the first "bag" tile is drawn first
        t.racks = racks
    else:
        t.bag = t.shuffle(all_tiles(lang))
        t.racks = [[] for _ in range(n)]
        for k in range(n):
            t.draw((first + k) % n)
    t.events = [{"type": "first_player", "seat": first}]
    t.turn = first
    return replace(t.freeze(), first=first, first_draw=tuple(draws))


def _choose_first(t: _Table, how: Any, n: int, lang: str = "en") -> tuple[int, list[dict[str, str]]]:
    """Who plays first: a seat, at random, or by drawing tiles (nearest to A starts)."""
    if how == "random":
        seat = rng_for(t.s.seed, t.rng_count).randrange(n)
        t.rng_count += 1
        return seat, []
    if how != "draw":
        return int(how), []
    pile = t.shuffle(all_tiles(lang))
    contenders = list(range(n))
    draws = []
    while True:
        drawn = {p: pile.pop() for p in contenders}
        draws.append({str(p): x for p, x in drawn.items()})
        best = min(drawn.values())
        contenders = [p for p, x in drawn.items() if x == best]
        if len(contenders) == 1 or len(pile) < len(contenders):
            return contenders[0], draws


# -- legal moves ---------------------------------------------------------------------------

def legal_moves(s: UpwordsState, seat: int) -> list[dict[str, Any]]:
    """The moves ``seat`` may make now that can be listed: exchanges, pass, challenge.

    Placements are not listed (there are far too many): check one with :func:`preview`.
    """
    if s.phase == "game_over" or not _valid_seat(s, seat):
        return []
    moves: list[dict[str, Any]] = []
    if seat == s.turn:
        if s.phase == "play" and s.bag:
            moves += [{"type": "exchange", "tile": x} for x in sorted(set(s.racks[seat]))]
        moves.append({"type": "pass"})
    if _can_challenge(s, seat):
        moves.append({"type": "challenge"})
    return moves


def _can_challenge(s: UpwordsState, seat: int) -> bool:
    last = s.last
    return bool(s.options["words"] == "challenge" and s.phase != "game_over" and last
                and last.get("open") and last["seat"] != seat)


def _valid_seat(s: UpwordsState, seat: Any) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(s.players)


# -- preview -------------------------------------------------------------------------------

def preview(s: UpwordsState, seat: int, tiles: Any, words: Container[str] | None,
            plurals: Container[str] | None = None) -> dict[str, Any]:
    """What placing ``tiles`` would do, without doing it.

    The same checks as a place move except whose turn it is (a player may plan ahead);
    with words settled by challenge the dictionary is not consulted (that would give the
    player a free look-up the physical game doesn't allow).

    Returns:
        ``{"words": [{"word", "score", "cells"}, ...], "score": n, "bonus": n,
        "error": {"code", "message", "params"} | None}``.
    """
    if not _valid_seat(s, seat):
        p = Placement(error=IllegalMove("bad_seat", f"There is no seat {seat!r} at this table."))
    elif s.phase != "play":
        p = Placement(error=_phase_error(s))
    else:
        p = examine(s.board, s.racks[seat], tiles, words if s.options["words"] == "auto" else None,
                    plurals)
    return p.public()


def _phase_error(s: UpwordsState) -> IllegalMove:
    if s.phase == "game_over":
        return IllegalMove("game_over", "The game is over.")
    return IllegalMove("game_ending", "The last tiles are out: challenge the last play, "
                       "or pass to end the game.")


# -- applying a move -----------------------------------------------------------------------

def apply_move(s: UpwordsState, seat: int, move: Mapping[str, Any],
               words: Container[str] | None, plurals: Container[str] | None = None) -> UpwordsState:
    """Applies ``move`` by ``seat`` and returns the new state.

    Args:
        words: the dictionary (needed for words settled automatically and for challenges).
        plurals: the dictionary's plurals (see ``board.examine``); ``None``: any S added
            to the end of a word counts as a plural.

    Raises:
        IllegalMove: with a stable code and a sentence naming the tile or word and the rule.
    """
    kind = check_move("Upwords", len(s.players), seat, move, MOVE_KEYS)
    if s.phase == "game_over":
        raise IllegalMove("game_over", "The game is over.")
    if kind == "challenge":
        return _challenge(s, seat, words)
    if seat != s.turn:
        raise IllegalMove("not_your_turn", f"It is {s.players[s.turn]}'s turn, not "
                          f"{s.players[seat]}'s.", player=s.players[s.turn])
    if s.phase == "ending" and kind != "pass":
        raise _phase_error(s)
    if kind == "place":
        return _place(s, seat, move["tiles"] if "tiles" in move else None, words, plurals)
    if kind == "exchange":
        return _exchange(s, seat, move.get("tile"))
    return _pass(s, seat)




def _place(s: UpwordsState, seat: int, tiles: Any, words: Container[str] | None,
           plurals: Container[str] | None = None) -> UpwordsState:
    auto = s.options["words"] == "auto"
    if auto and words is None:
        raise RuntimeError("words settled automatically need a dictionary")
    p = examine(s.board, s.racks[seat], tiles, words if auto else None, plurals)
    if p.error:  # a fresh exception: raising the stored one would tie it to this frame in a cycle
        raise IllegalMove(p.error.code, p.error.message, **p.error.params)
    t = _Table(s)
    rack_before = tuple(t.racks[seat])
    for r, c, letter in p.tiles:
        t.board[r * SIZE + c] += letter
        t.racks[seat].remove(letter)
    score = p.score
    t.scores[seat] += score
    t.moves += 1
    word_list = [w.public() for w in p.words]
    t.events.append({"type": "place", "seat": seat, "words": [w["word"] for w in word_list],
                     "score": score, "bonus": p.bonus, "count": len(p.tiles)})
    drawn = t.draw(seat)
    went_out = not t.racks[seat] and not t.bag
    t.last = {"seat": seat, "tiles": [list(x) for x in p.tiles], "words": word_list,
              "score": score, "bonus": p.bonus, "open": not auto, "withdrawn": False,
              "rack": list(rack_before), "drawn": drawn, "passed": list(s.passed)}
    t.passed = []
    if went_out:
        t.events.append({"type": "out", "seat": seat})
        if auto:
            t.end_game("out", seat)
            return t.freeze()
        t.phase = "ending"
    t.next_turn(seat)
    return t.freeze()


def _exchange(s: UpwordsState, seat: int, tile: Any) -> UpwordsState:
    if not isinstance(tile, str) or tile not in LETTERS:
        raise IllegalMove("bad_move", f"{tile!r} is not a tile (letters A-Z, Q for Qu).")
    if not s.bag:
        raise IllegalMove("bag_empty", "The bag is empty: there is no tile to exchange with.")
    if tile not in s.racks[seat]:
        raise IllegalMove("tile_not_on_rack", f"You don't have {face(tile)} on your rack.",
                          letter=face(tile))
    t = _Table(s)
    t.close_window()
    rack = t.racks[seat]
    got = t.bag.pop()
    rack[rack.index(tile)] = got
    t.bag.append(tile)
    t.shuffle(t.bag)
    t.moves += 1
    t.passed = []
    t.events.append({"type": "exchange", "seat": seat})
    t.next_turn(seat)
    return t.freeze()


def _pass(s: UpwordsState, seat: int) -> UpwordsState:
    t = _Table(s)
    t.close_window()
    t.moves += 1
    t.events.append({"type": "pass", "seat": seat})
    if s.phase == "ending":  # nobody challenged the play that used the last tiles
        t.end_game("out", s.last["seat"] if s.last else None)
        return t.freeze()
    t.passed.append(seat)
    if set(t.passed) >= set(range(len(s.players))):
        t.events.append({"type": "all_passed"})
        t.end_game("passes", None)
        return t.freeze()
    t.next_turn(seat)
    return t.freeze()


def _challenge(s: UpwordsState, seat: int, words: Container[str] | None) -> UpwordsState:
    last = s.last
    if s.options["words"] != "challenge" or not last or not last.get("open"):
        raise IllegalMove("nothing_to_challenge", "There is no play to challenge now.")
    if last["seat"] == seat:
        raise IllegalMove("cannot_challenge_own", "You can't challenge your own play.")
    if words is None:
        raise RuntimeError("a challenge needs a dictionary")
    by = last["seat"]
    bad = [w["word"] for w in last["words"] if w["word"] not in words]
    t = _Table(s)
    t.last["open"] = False
    event = {"seat": seat, "target": by, "words": bad or [w["word"] for w in last["words"]]}
    if bad:  # the play is withdrawn: tiles back to the rack, score removed, plays again
        t.events.append({"type": "challenge_won", **event, "score": last["score"]})
        for r, c, _ in last["tiles"]:
            t.board[r * SIZE + c] = t.board[r * SIZE + c][:-1]
        t.racks[by] = list(last["rack"])
        if last["drawn"]:
            t.bag.extend(last["drawn"])
            t.shuffle(t.bag)
        t.scores[by] -= last["score"]
        t.passed = list(last["passed"])
        t.last["withdrawn"] = True
        t.phase = "play"
        t.turn = by
        return t.freeze()
    t.events.append({"type": "challenge_lost", **event})
    if s.phase == "ending":
        t.end_game("out", by)
    elif s.options["challenge_penalty"] == "lose_turn":
        if seat == s.turn:
            t.events.append({"type": "lose_turn", "seat": seat})
            t.next_turn(seat)
        elif seat not in t.skip:
            t.skip.append(seat)
    return t.freeze()
