"""UeStop! rules: setting up, legal moves and applying a move.

``apply_move`` copies the state into a mutable :class:`_Table`, applies one move there and
freezes the result, so the input state is never changed. Every refusal raises
:class:`IllegalMove` (nothing is half-applied: the copy is simply dropped).

A round: the opener reveals the next card of the Word Deck (``reveal``); players slap
(``slap``); the race settles (``settle``, or by itself on the first move after the
window); the winner answers (``answer``, typed or spoken, or ``give_up``); the others vote
(``vote``). See ``docs/uestop-rules.md`` for every decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tablegames.engine.core import IllegalMove, check_move, new_seed, rng_for
from tablegames.engine.uestop import race
from tablegames.engine.uestop.cards import (
    ACTION_CARDS,
    CATEGORIES_PER_CARD,
    CUSTOM,
    NUMBER_CARDS,
    NUMBER_LENGTH,
    PRINTED,
    VICTORY_CARD,
    WORD_CARDS,
    is_word_card,
    mandatory_letter,
)
from tablegames.engine.uestop.state import (
    MAX_ANSWER_LEN,
    MODES,
    UeStopState,
    finite,
    normalize_options,
)
from tablegames.engine.uestop.text import clean, initial, letter_count

MOVE_KEYS: dict[str, frozenset[str]] = {
    "reveal": frozenset({"type"}),
    "slap": frozenset({"type", "t", "delays"}),
    "settle": frozenset({"type"}),
    "answer": frozenset({"type", "texts", "spoken", "category", "skip", "mandatory"}),
    "give_up": frozenset({"type"}),
    "vote": frozenset({"type", "accept"}),
    "penalize": frozenset({"type", "target"}),
    "discard_category": frozenset({"type", "agree"}),
}
TIMED = frozenset({"reveal", "slap", "settle"})
SYSTEM_MOVES = frozenset({"settle"})  # applied by the room (seat None), never by a seat
MAX_DELAYS = 64  # ping delays a slap may carry (the room keeps its last 40 pings)


def system_moves(s: UeStopState) -> list[dict[str, Any]]:
    """The room's own moves now: settling a race somebody slapped in (from its deadline)."""
    return [{"type": "settle"}] if s.phase == "race" and s.taps else []


# The moves that show whose action the table waits for, by phase.
WAITING_ON = {"reading": frozenset({"reveal"}), "race": frozenset({"slap"}),
              "answering": frozenset({"answer", "give_up"}), "judging": frozenset({"vote"}),
              "penalty": frozenset({"penalize"})}


def to_act(s: UeStopState) -> tuple[int, ...]:
    """The seats the table waits for: the opener, the racers, the answerer, the voters."""
    kinds = WAITING_ON.get(s.phase, frozenset())
    return tuple(p for p in range(len(s.players))
                 if kinds and any(m["type"] in kinds for m in legal_moves(s, p)))


class _Table:
    """A mutable copy of a state while one move is applied."""

    def __init__(self, s: UeStopState) -> None:
        self.s = s
        self.opts = s.options
        self.mode = MODES[s.options["mode"]]
        self.rng_count = s.rng_count
        self.phase = s.phase
        self.round_no = s.round_no
        self.opener = s.opener
        self.deck = list(s.deck)
        self.discard = list(s.discard)
        self.box = list(s.box)
        self.category = s.category
        self.revealed = s.revealed
        self.won = [list(w) for w in s.won]
        self.action_used = list(s.action_used)
        self.benched = s.benched
        self.reveal_time = s.reveal_time
        self.taps = list(s.taps)
        self.deadline = s.deadline
        self.answerer = s.answerer
        self.answer = s.answer
        self.votes = list(s.votes)
        self.agree = set(s.agree_discard)
        self.pending = s.pending
        self.victory = s.victory
        self.events: list[dict[str, Any]] = []
        self.history = list(s.history)
        self.winners = s.winners
        self.suspicion = list(s.suspicion) or [0.0] * len(s.players)
        self.untrusted = s.untrusted

    @property
    def n(self) -> int:
        return len(self.s.players)

    def name(self, seat: int) -> str:
        return self.s.players[seat]

    # -- cards -------------------------------------------------------------------------
    def shuffle(self, cards: list[str]) -> list[str]:
        rng_for(self.s.seed, self.rng_count).shuffle(cards)
        self.rng_count += 1
        return cards

    def draw(self) -> str | None:
        """The top card of the Word Deck; an empty deck is rebuilt from the discards."""
        if not self.deck and self.discard:
            self.deck = self.shuffle(self.discard)
            self.discard = []
            self.events.append({"type": "reshuffle", "size": len(self.deck)})
        return self.deck.pop() if self.deck else None

    def draw_category(self) -> str | None:
        """The next Category/Letter card from the deck; Number Cards met on the way go
        under the deck (a Number Card can't be a Category Card)."""
        skipped: list[str] = []
        card = None
        while True:
            top = self.draw()
            if top is None or is_word_card(top):
                card = top
                break
            skipped.append(top)
            if not any(is_word_card(c) for c in self.deck + self.discard):
                break
        self.deck[:0] = skipped  # under the deck; the first one met at the very bottom
        return card

    def freeze(self) -> UeStopState:
        return replace(
            self.s, rng_count=self.rng_count, phase=self.phase, round_no=self.round_no,
            opener=self.opener, deck=tuple(self.deck), discard=tuple(self.discard),
            box=tuple(self.box), category=self.category, revealed=self.revealed,
            won=tuple(tuple(w) for w in self.won), action_used=tuple(self.action_used),
            benched=tuple(self.benched), reveal_time=self.reveal_time,
            taps=tuple(self.taps), deadline=self.deadline, answerer=self.answerer,
            answer=self.answer, votes=tuple(self.votes),
            agree_discard=tuple(sorted(self.agree)), pending=self.pending,
            victory=self.victory, events=tuple(self.events), history=tuple(self.history),
            winners=tuple(self.winners), suspicion=tuple(self.suspicion),
            untrusted=tuple(self.untrusted))

    # -- round helpers -----------------------------------------------------------------
    def style(self) -> str:
        """``"number"``, ``"all"`` (Chá da Tarde style) or ``"one"`` (Tome-lhe Tapão)."""
        if self.revealed in NUMBER_LENGTH:
            return "number"
        return "all" if self.mode.all_categories else "one"

    def clear_round(self) -> None:
        self.revealed = None
        self.reveal_time = None
        self.taps = []
        self.deadline = None
        self.answerer = None
        self.answer = None
        self.votes = []
        self.agree = set()

    def end_game(self, winners: Sequence[int], reason: str) -> None:
        self.phase = "game_over"
        self.pending = None
        self.winners = tuple(winners)
        if len(winners) == 1:
            self.victory = winners[0]
            self.box.remove(VICTORY_CARD)
        self.events.append({"type": "game_over", "winner": winners[0] if len(winners) == 1 else None,
                            "winners": tuple(winners), "reason": reason})


# -- setting up ---------------------------------------------------------------------------

def new_game(players: Sequence[str], options: Mapping[str, Any] | None,
             seed: int | None) -> UeStopState:
    """Options checked, Word Deck shuffled, first opener and first Category Card chosen."""
    if (not isinstance(players, (list, tuple))
            or not all(isinstance(p, str) and p.strip() for p in players)):
        raise IllegalMove("invalid_players", "Players must be a list of names.")
    opts = normalize_options(options, len(players))
    seed = new_seed() if seed is None else int(seed)
    n = len(players)
    mode = MODES[opts["mode"]]
    n_custom = len(opts["custom_categories"])
    words = [c.id for c in PRINTED] + [c.id for c in CUSTOM[:n_custom]]
    box = [c.id for c in CUSTOM[n_custom:]]
    numbers = list(NUMBER_CARDS) if mode.numbers else []
    if not mode.numbers:
        box += NUMBER_CARDS
    actions = list(ACTION_CARDS[:n]) if mode.actions else []
    box += [a for a in ACTION_CARDS if a not in actions]
    box.append(VICTORY_CARD)
    state = UeStopState(players=tuple(players), options=opts, seed=seed, won=((),) * n,
                        action_cards=tuple(actions) if actions else ("",) * n,
                        action_used=(False,) * n, box=tuple(box))
    t = _Table(state)
    first = opts["first"]
    if first == "random":
        first = rng_for(seed, t.rng_count).randrange(n)
        t.rng_count += 1
    t.opener = first
    stack = opts["stack"]
    if stack:
        given = list(stack["deck"]) + ([stack["category"]] if stack["category"] else [])
        rest_words = t.shuffle([c for c in words if c not in given])
        category = stack["category"] or rest_words.pop()
        rest = t.shuffle(rest_words + [c for c in numbers if c not in given])
        t.deck = rest + list(stack["deck"])[::-1]
    else:
        # The rulebook: turn over the first card as the Category Card, THEN shuffle the
        # Number Cards into the rest to form the Word Deck.
        deck = t.shuffle(words)
        category = deck.pop()
        t.deck = t.shuffle(deck + numbers) if numbers else deck
    t.category = category
    t.events.append({"type": "start", "seat": first, "mode": opts["mode"], "card_id": category})
    return t.freeze()


# -- legal moves -------------------------------------------------------------------------

def legal_moves(s: UeStopState, seat: int, now: float | None = None) -> list[dict[str, Any]]:
    """The moves ``seat`` may make now.

    Without ``now`` the list ignores time: ``slap`` is listed while the race is open (any
    ``now`` from the reveal on is accepted; after the window it is recorded as late and
    settles the race), ``settle`` once somebody slapped (accepted from the deadline on).
    With ``now`` (server time) the list is exact for that time: a race whose window has
    closed is treated as settled (as ``apply`` does on the first move after the window),
    ``settle`` only from the deadline, ``slap`` only from the reveal time.
    A ``slap`` is listed without ``t`` (the arrival time is then the tap time). Typed
    answers (free text) can't be listed: spoken answers and ``give_up`` are.
    """
    if (s.phase == "game_over" or not isinstance(seat, int) or isinstance(seat, bool)
            or not 0 <= seat < len(s.players)):
        return []
    if now is not None and finite(now) and s.phase == "race":
        tapped = {tap["seat"] for tap in s.taps}
        can_slap = seat not in s.benched and seat not in tapped and now >= s.reveal_time
        if s.taps and race.window_closed(now, s.deadline):
            settled = _settled(s)
            return ([{"type": "slap"}] if can_slap else []) + legal_moves(settled, seat)
        moves = [m for m in legal_moves(s, seat) if m["type"] not in ("slap", "settle")]
        return ([{"type": "slap"}] if can_slap else []) + moves
    moves: list[dict[str, Any]] = []
    phase = s.phase
    if phase == "reading":
        if seat == s.opener:
            moves.append({"type": "reveal"})
        moves.append({"type": "discard_category", "agree": seat not in s.agree_discard})
    elif phase == "race":
        tapped = {tap["seat"] for tap in s.taps}
        if seat not in s.benched and seat not in tapped:
            moves.append({"type": "slap"})
        if not s.taps:
            moves.append({"type": "discard_category", "agree": seat not in s.agree_discard})
    elif phase == "answering":
        if seat == s.answerer:
            moves += _spoken_answers(s)
            moves.append({"type": "give_up"})
    elif phase == "judging":
        if seat != s.answerer and seat not in {p for p, _ in s.votes}:
            moves += [{"type": "vote", "accept": True}, {"type": "vote", "accept": False}]
    elif phase == "penalty" and seat == s.pending["by"]:
        moves += [{"type": "penalize", "target": p} for p in _penalty_targets(s.won, seat)]
        moves.append({"type": "penalize", "target": None})
    return moves


def _spoken_answers(s: UeStopState) -> list[dict[str, Any]]:
    mode = MODES[s.options["mode"]]
    if s.revealed in NUMBER_LENGTH or not mode.all_categories:
        return [{"type": "answer", "spoken": True}] + [
            {"type": "answer", "spoken": True, "category": i} for i in range(CATEGORIES_PER_CARD)]
    if not mode.actions:
        return [{"type": "answer", "spoken": True}]
    moves = []
    skips: list[int | None] = [None]
    if not s.action_used[s.answerer]:
        skips += list(range(CATEGORIES_PER_CARD))
    for skip in skips:
        top = CATEGORIES_PER_CARD - (skip is not None)
        for m in range(1, top + 1):
            move: dict[str, Any] = {"type": "answer", "spoken": True, "mandatory": m}
            if skip is not None:
                move["skip"] = skip
            moves.append(move)
    return moves


def _penalty_targets(won: Sequence[Sequence[str]], by: int) -> list[int]:
    return [p for p, pile in enumerate(won) if p != by and pile]


# -- applying a move -----------------------------------------------------------------------

def apply_move(s: UeStopState, seat: int, move: Mapping[str, Any],
               now: float | None = None) -> UeStopState:
    """Applies ``move`` by ``seat`` at server time ``now`` and returns the new state.

    A race whose window has closed is settled first (the first move after the window
    settles it), then the move is applied.

    Raises:
        IllegalMove: with a stable code and a sentence saying why.
    """
    system = seat is None  # the room settling a race whose window closed (no player's move)
    kind = check_move("UeStop!", len(s.players), 0 if system else seat, move, MOVE_KEYS)
    if system and kind not in SYSTEM_MOVES:
        raise IllegalMove("bad_seat", "Only a player at the table can make that move.")
    if not system and kind in SYSTEM_MOVES:
        raise IllegalMove("system_move", "The table settles the race by itself.")
    if s.phase == "game_over":
        raise IllegalMove("game_finished", "The game is over.")
    if now is not None and not finite(now):
        now = None
    if kind in TIMED and now is None:
        raise IllegalMove("time_required", "This move needs the server time.")
    t = _Table(s)
    if kind == "slap":
        _slap(t, seat, move, now)  # settles by itself when the tap arrives after the window
        return t.freeze()
    if kind != "settle" and t.phase == "race" and t.taps and race.window_closed(now, t.deadline):
        _award(t)  # the first move after the window settles the race
    _MOVES[kind](t, seat, move, now)
    return t.freeze()




def _index(value: Any) -> int | None:
    """A category index 0-3 given as an int or a digit string, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int) and 0 <= value < CATEGORIES_PER_CARD:
        return value
    return None


# -- reveal ----------------------------------------------------------------------------------

def _reveal(t: _Table, seat: int, move: Mapping[str, Any], now: float | None) -> None:
    if t.phase == "penalty":
        by = t.pending["by"]
        raise IllegalMove("penalty_pending", f"{t.name(by)} first chooses who loses a card.",
                          player=t.name(by))
    if t.phase != "reading":
        raise IllegalMove("cannot_reveal_now", "A card is already revealed: finish this round first.")
    if seat != t.opener:
        raise IllegalMove("not_opener", f"{t.name(t.opener)} opens the cards this round.",
                          player=t.name(t.opener))
    card = t.draw()
    if card is None:
        _exhausted(t)
        return
    t.clear_round()
    t.revealed = card
    t.reveal_time = now + t.opts["reveal_delay_ms"] / 1000
    t.phase = "race"
    if card in NUMBER_LENGTH:
        t.events.append({"type": "reveal_number", "seat": seat, "card_id": card,
                         "length": NUMBER_LENGTH[card]})
    else:
        t.events.append({"type": "reveal_letter", "seat": seat, "card_id": card,
                         "letter": mandatory_letter(t.category, card)})


def _exhausted(t: _Table) -> None:
    """No card is left anywhere: the game ends; the most points win (all tied leaders)."""
    best = max(len(w) for w in t.won)
    t.clear_round()
    t.end_game([p for p in range(t.n) if len(t.won[p]) == best], "deck_exhausted")


# -- the race --------------------------------------------------------------------------------

def _slap(t: _Table, seat: int, move: Mapping[str, Any], now: float) -> None:
    if t.phase != "race":
        if t.phase in ("answering", "judging", "penalty") and t.taps:
            raise IllegalMove("race_over", "Too late: somebody already won this race.")
        raise IllegalMove("no_race", "There is no card to slap: wait for the reveal.")
    if seat in t.benched:
        raise IllegalMove("sitting_out", f"{t.name(seat)} sits out this round.", player=t.name(seat))
    if any(tap["seat"] == seat for tap in t.taps):
        raise IllegalMove("already_slapped", "You already slapped this card.")
    claimed = move.get("t")
    if claimed is None:
        claimed = now  # no clock correction: the arrival time is the tap time
    if not finite(claimed):
        raise IllegalMove("bad_tap_time", "The tap time must be a number (server clock, seconds).")
    if now < t.reveal_time:
        raise IllegalMove("slap_too_early", "That tap came before the card was revealed.")
    delays = move.get("delays")
    if delays is not None and not (isinstance(delays, (list, tuple)) and 0 < len(delays) <= MAX_DELAYS
                                   and all(finite(x) and x >= 0 for x in delays)):
        raise IllegalMove("bad_tap_time", "The tap's ping delays must be a list of numbers (ms).")
    late = race.is_late(now, t.deadline)
    seconds = None if delays is None else sorted(x / 1000 for x in delays)
    judged = race.judge(claimed, now, t.reveal_time, t.opts["min_reaction_ms"] / 1000,
                        t.opts["max_latency_ms"] / 1000, seconds)
    tap_t, flagged = judged.t, judged.flagged
    if judged.rank is not None:
        t.suspicion[seat] = race.suspicion(t.suspicion[seat], judged.rank)
        if t.suspicion[seat] > race.TRUST_LIMIT:
            t.untrusted = tuple(sorted({*t.untrusted, seat}))
        elif t.suspicion[seat] == 0.0:  # its claims look like its pings again
            t.untrusted = tuple(x for x in t.untrusted if x != seat)
    if seat in t.untrusted:
        tap_t, flagged = now, True  # its claims stopped looking like its pings
    t.taps.append({"seat": seat, "t": tap_t, "claimed": claimed, "arrival": now, "late": late,
                   **({"flagged": True} if flagged else {})})
    if not t.taps[:-1]:
        t.deadline = now + t.opts["slap_window_ms"] / 1000
    if late:
        t.events.append({"type": "late_slap", "seat": seat})
        _award(t)
    else:
        t.events.append({"type": "slap", "seat": seat})


def _settle(t: _Table, seat: int, move: Mapping[str, Any], now: float) -> None:
    if t.phase != "race":
        if t.phase in ("answering", "judging", "penalty") and t.taps:
            raise IllegalMove("race_over", "The race is already settled.")
        raise IllegalMove("no_race", "There is no race to settle.")
    if not t.taps:
        raise IllegalMove("no_taps", "Nobody has slapped the card yet.")
    if not race.window_closed(now, t.deadline):
        raise IllegalMove("window_open", "The race is still open for slower phones.",
                          wait_ms=max(1, round((t.deadline - now) * 1000)))
    _award(t)


def _settled(s: UeStopState) -> UeStopState:
    """The state once its race is settled (the race must have taps)."""
    t = _Table(s)
    _award(t)
    return t.freeze()


def _award(t: _Table) -> None:
    """The race ends: the earliest tap wins the right to answer."""
    winner = race.winner(t.taps)
    t.answerer = winner
    t.phase = "answering"
    t.agree = set()
    ranked = race.ranking(t.taps)
    margin = (race.report(t.taps, t.reveal_time)[1]["margin_ms"] if len(ranked) > 1 else None)
    t.events.append({"type": "race_won", "seat": winner, "margin_ms": margin,
                     "taps": len(ranked)})


# -- answers -----------------------------------------------------------------------------------

def _answer(t: _Table, seat: int, move: Mapping[str, Any], now: float | None) -> None:
    _check_answerer(t, seat)
    style = t.style()
    tudo_letter = style == "all" and t.mode.actions
    skip = None
    if move.get("skip") is not None:
        if not tudo_letter:
            raise IllegalMove("no_skip_here",
                              "Only Tudo Junto e Misturado lets you skip a category, in a Letter round.")
        skip = _index(move["skip"])
        if skip is None:
            raise IllegalMove("no_such_category", "Categories are numbered 0 to 3.")
        if t.action_used[seat]:
            raise IllegalMove("action_used", "Your Action Card is on its Usado side.")
    typed = "texts" in move
    spoken = move.get("spoken", not typed)
    if not isinstance(spoken, bool) or spoken == typed:
        raise IllegalMove("bad_move",
                          "Give either typed 'texts' or a spoken answer ('spoken': true).")
    category = None
    if move.get("category") is not None:
        if typed or style == "all":
            raise IllegalMove("bad_move", "'category' is only for a spoken one-category answer.")
        category = _index(move["category"])
        if category is None:
            raise IllegalMove("no_such_category", "Categories are numbered 0 to 3.")
    claim = move.get("mandatory")
    if claim is not None and (typed or not tudo_letter):
        raise IllegalMove("bad_move",
                          "'mandatory' is only for a spoken Tudo Junto answer (typed ones are counted).")
    letter = mandatory_letter(t.category, t.revealed) if style != "number" else None
    answer: dict[str, Any] = {"spoken": spoken, "texts": (None,) * CATEGORIES_PER_CARD,
                              "category": category, "skip": skip, "mandatory": None,
                              "checks": (), "ok": True}
    if typed:
        texts = _texts(move["texts"])
        if style == "all":
            wanted = set(range(CATEGORIES_PER_CARD)) - {skip}
            if set(texts) != wanted:
                raise IllegalMove("answer_all_categories",
                                  "Answer every category of the card (except the one you skip).")
        elif len(texts) != 1:
            raise IllegalMove("answer_one_category", "Answer exactly one category.")
        answer["texts"] = tuple(texts.get(i) for i in range(CATEGORIES_PER_CARD))
        if style != "all":
            answer["category"] = next(iter(texts))
        checks, count = _checks(t, style, texts, letter)
        answer["checks"] = checks
        answer["ok"] = all(c["ok"] for c in checks)
        answer["mandatory"] = count
    elif tudo_letter:
        top = CATEGORIES_PER_CARD - (skip is not None)
        if not isinstance(claim, int) or isinstance(claim, bool) or not 1 <= claim <= top:
            raise IllegalMove("bad_mandatory_claim",
                              f"Say how many answers used the Mandatory Letter: 1 to {top}.", max=top)
        answer["mandatory"] = claim
    if skip is not None:
        t.action_used[seat] = True
        t.events.append({"type": "skip_category", "seat": seat, "category": skip})
    t.answer = answer
    t.events.append({"type": "answer", "seat": seat, "spoken": spoken})
    if not answer["ok"] and t.opts["auto_check"] == "strict":
        t.events.append({"type": "check_failed", "seat": seat})
        _fail(t, "check")
        return
    t.phase = "judging"
    t.votes = []


def _check_answerer(t: _Table, seat: int) -> None:
    if t.phase != "answering":
        raise IllegalMove("not_answering", "Nobody is answering now.")
    if seat != t.answerer:
        raise IllegalMove("not_answerer", f"{t.name(t.answerer)} won the race and answers.",
                          player=t.name(t.answerer))


def _texts(raw: Any) -> dict[int, str]:
    if not isinstance(raw, Mapping) or not raw:
        raise IllegalMove("bad_move", "'texts' maps category numbers (0-3) to answers.")
    texts: dict[int, str] = {}
    for key, value in raw.items():
        index = _index(key)
        if index is None or index in texts:
            raise IllegalMove("no_such_category", "Categories are numbered 0 to 3.")
        text = clean(value, MAX_ANSWER_LEN)
        if text is None:
            raise IllegalMove("bad_answer_text",
                              f"Answer {index + 1} must be 1 to {MAX_ANSWER_LEN} characters "
                              "with at least one letter.", number=index + 1, max=MAX_ANSWER_LEN)
        texts[index] = text
    return texts


def _checks(t: _Table, style: str, texts: Mapping[int, str],
            letter: str | None) -> tuple[tuple[dict[str, Any], ...], int | None]:
    """The automatic checks of a typed answer, and how often the Mandatory Letter was used."""
    checks = []
    if style == "number":
        length = NUMBER_LENGTH[t.revealed]
        for i, text in sorted(texts.items()):
            n = letter_count(text)
            checks.append({"rule": "length", "category": i, "letters": n, "ok": n == length})
        return tuple(checks), None
    if style == "one":
        for i, text in sorted(texts.items()):
            first = initial(text)
            checks.append({"rule": "mandatory_initial", "category": i, "initial": first,
                           "ok": first == letter})
        return tuple(checks), sum(c["initial"] == letter for c in checks)
    allowed = set(WORD_CARDS[t.revealed].letters.values())
    count = 0
    for i, text in sorted(texts.items()):
        first = initial(text)
        count += first == letter
        checks.append({"rule": "letter_card", "category": i, "initial": first,
                       "ok": first in allowed})
    checks.append({"rule": "mandatory_used", "category": None, "count": count, "ok": count >= 1})
    return tuple(checks), count


def _give_up(t: _Table, seat: int, move: Mapping[str, Any], now: float | None) -> None:
    _check_answerer(t, seat)
    t.events.append({"type": "gave_up", "seat": seat})
    _fail(t, "gave_up")


def _vote(t: _Table, seat: int, move: Mapping[str, Any], now: float | None) -> None:
    if t.phase != "judging":
        raise IllegalMove("no_vote_now", "There is no answer to judge now.")
    if seat == t.answerer:
        raise IllegalMove("answerer_cannot_vote", "You can't judge your own answer.")
    if any(p == seat for p, _ in t.votes):
        raise IllegalMove("already_voted", "You have already voted on this answer.")
    accept = move.get("accept")
    if not isinstance(accept, bool):
        raise IllegalMove("bad_move", "A vote says 'accept': true or false.")
    t.votes.append((seat, accept))
    t.events.append({"type": "vote", "seat": seat, "accept": accept})
    decision = vote_decision(t.votes, t.n - 1, t.opts["ties"])
    if decision is None:
        return
    if decision:
        t.events.append({"type": "accepted", "seat": t.answerer})
        _score(t)
    else:
        t.events.append({"type": "rejected", "seat": t.answerer})
        _fail(t, "rejected")


def vote_decision(votes: Sequence[tuple[int, bool]], voters: int, ties: str) -> bool | None:
    """True (accepted) / False (rejected) as soon as the remaining votes can't change the
    majority; ``None`` while they still can. A tie goes to ``ties`` ("accept"/"reject")."""
    yes = sum(1 for _, a in votes if a)
    no = len(votes) - yes
    if ties == "accept":
        if 2 * yes >= voters:
            return True
        if 2 * no > voters:
            return False
    else:
        if 2 * yes > voters:
            return True
        if 2 * no >= voters:
            return False
    return None


# -- end of a round ----------------------------------------------------------------------------

def _history(t: _Table, result: str) -> None:
    style = t.style()
    answer = t.answer or {}
    t.history.append({
        "round": t.round_no, "kind": "number" if style == "number" else "letter",
        "category": t.category, "revealed": t.revealed,
        "letter": mandatory_letter(t.category, t.revealed) if style != "number" else None,
        "answerer": t.answerer, "result": result, "mandatory": answer.get("mandatory"),
    })


def _next_round(t: _Table) -> None:
    t.clear_round()
    t.round_no += 1
    if t.phase != "game_over":
        if t.phase != "penalty":
            t.phase = "reading"
        t.events.append({"type": "next_round", "seat": t.opener, "round": t.round_no})


def _letter_card_moves_over(t: _Table) -> None:
    """The Letter Card of the round becomes the new Category Card."""
    t.category = t.revealed
    t.events.append({"type": "new_category", "card_id": t.category})


def _score(t: _Table) -> None:
    seat = t.answerer
    style = t.style()
    _history(t, "scored")
    t.won[seat].append(t.revealed if style == "number" else t.category)
    t.events.append({"type": "scored", "seat": seat, "points": len(t.won[seat])})
    if style == "number":
        t.events.append({"type": "category_stays", "card_id": t.category})
    else:
        _letter_card_moves_over(t)
    t.benched = ()
    t.opener = seat
    penalty = False
    uses = (t.answer or {}).get("mandatory")
    if style == "all" and t.mode.actions and uses:
        if uses == 2 and t.action_used[seat]:
            t.action_used[seat] = False
            t.events.append({"type": "flip_back", "seat": seat})
        elif uses == 3:
            penalty = bool(_penalty_targets(t.won, seat))
            if not penalty:
                t.events.append({"type": "no_penalty_target", "seat": seat})
        elif uses == 4:
            bonus = t.draw()
            if bonus is None:
                t.events.append({"type": "no_bonus", "seat": seat})
            else:
                t.won[seat].append(bonus)
                t.events.append({"type": "bonus_card", "seat": seat, "points": len(t.won[seat])})
    if len(t.won[seat]) >= t.opts["target"]:
        t.end_game([seat], "target")
    elif penalty:
        t.phase = "penalty"
        t.pending = {"kind": "penalty", "by": seat}
    _next_round(t)


def _fail(t: _Table, reason: str) -> None:
    seat = t.answerer
    _history(t, reason)
    t.events.append({"type": "failed", "seat": seat, "reason": reason})
    if t.style() == "number":
        t.discard.append(t.revealed)
        t.events.append({"type": "category_stays", "card_id": t.category})
    else:
        t.discard.append(t.category)
        _letter_card_moves_over(t)
    t.benched = (seat,)
    _next_round(t)


def _penalize(t: _Table, seat: int, move: Mapping[str, Any], now: float | None) -> None:
    if t.phase != "penalty":
        raise IllegalMove("no_penalty", "There is no card to take away now.")
    by = t.pending["by"]
    if seat != by:
        raise IllegalMove("not_scorer", f"{t.name(by)} chooses who loses a card.", player=t.name(by))
    target = move.get("target")
    if target is None:
        t.events.append({"type": "penalty_declined", "seat": seat})
    else:
        if (not isinstance(target, int) or isinstance(target, bool)
                or target not in _penalty_targets(t.won, seat)):
            raise IllegalMove("bad_penalty_target", "Choose another player who has won a card.")
        card = t.won[target].pop()
        t.discard.append(card)
        t.events.append({"type": "penalty", "by": seat, "target": target,
                         "points": len(t.won[target])})
    t.pending = None
    t.phase = "reading"


# -- an unanswerable Category Card ---------------------------------------------------------------

def _discard_category(t: _Table, seat: int, move: Mapping[str, Any], now: float | None) -> None:
    if t.phase not in ("reading", "race") or t.taps:
        raise IllegalMove("cannot_discard_now",
                          "A Category Card can only be discarded before anybody slaps.")
    agree = move.get("agree", True)
    if not isinstance(agree, bool):
        raise IllegalMove("bad_move", "'agree' is true or false.")
    if agree and seat in t.agree:
        raise IllegalMove("already_agreed", "You already agreed to discard this card.")
    if not agree and seat not in t.agree:
        raise IllegalMove("not_agreed", "You had not agreed to discard this card.")
    if agree:
        t.agree.add(seat)
    else:
        t.agree.discard(seat)
    t.events.append({"type": "discard_vote", "seat": seat, "agree": agree})
    if len(t.agree) < t.n:
        return
    # Everybody agrees: the card goes, a new one takes its place and a new turn begins.
    t.history.append({"round": t.round_no, "kind": "discarded", "category": t.category,
                      "revealed": t.revealed, "letter": None, "answerer": None,
                      "result": "discarded", "mandatory": None})
    t.discard.append(t.category)
    if t.revealed:
        t.discard.append(t.revealed)
    old = t.category
    t.clear_round()
    t.phase = "reading"
    t.category = t.draw_category()
    t.events.append({"type": "category_discarded", "card_id": old})
    if t.category is None:
        best = max(len(w) for w in t.won)
        t.end_game([p for p in range(t.n) if len(t.won[p]) == best], "deck_exhausted")
        return
    t.events.append({"type": "new_category", "card_id": t.category})


_MOVES = {
    "reveal": _reveal,
    "settle": _settle,
    "answer": _answer,
    "give_up": _give_up,
    "vote": _vote,
    "penalize": _penalize,
    "discard_category": _discard_category,
}
