"""Every screen state of every game, reached fast and deterministically, for the layout test.

A :class:`Scenario` is one room of one game (its options, with a stacked deal through the
test-only ``stack`` option, and its players) and a list of :class:`Step`: each step makes
its moves through the rooms service layer (``tablegames/rooms/service.py``) directly on the
app's database, then reloads the table and the phone it photographs; the pages read the
room as it now is (a reload links the page to the room's current version). UI taps only
where a state lives in the page alone (a wild's colour picker is opened by tapping the card).

:class:`ScreenDriver` walks a scenario and yields one :class:`Shot` per (state, device):
the page, already showing that state, for the layout test to resize, measure, photograph
and audit (tests/e2e/test_layouts.py).

    driver = ScreenDriver(app_server, browser)
    for shot in driver.walk(SCENARIOS["uno-classic"]):
        ...  # shot.page shows shot.state on shot.device ("table" or "phone")
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session, create_engine

from tablegames.engine import get_game
from tablegames.rooms import service
from tests.e2e.helpers import READY, SOCKET_WATCH, settled

# -- review screenshots --------------------------------------------------------------------

def _review_shots() -> bool:
    """Whether the e2e tests save their review screenshots (artifacts/layouts, artifacts/review14).

    They are for a person to look at, never an assertion: on CI (``CI`` set, as CI services
    do: .ci/run runs there) they are left out, and every measurement and audit still runs.
    ``TABLEGAMES_SCREENSHOTS=1`` (or ``0``) forces them on (or off) anywhere."""
    forced = os.environ.get("TABLEGAMES_SCREENSHOTS", "").strip().lower()
    if forced:
        return forced not in ("0", "false", "no", "off")
    return os.environ.get("CI", "").strip().lower() in ("", "0", "false", "no", "off")


REVIEW_SHOTS = _review_shots()


# -- what a scenario is --------------------------------------------------------------------

# A move of a step: (engine seat, move) for a player's move (seats join in order, so the
# engine seat is the seat id; a move "first:<type>" is that seat's first legal move of that
# type, for moves that depend on a shuffled card); ("advance", None): the host's system move (next hand);
# ("due", None): the system move whose deadline has come (settles a race), applied now.
Move = tuple[Any, Any]


@dataclass(frozen=True)
class Step:
    """One screen state: the moves that reach it and what to photograph.

    Attributes:
        state: the state's name in file names (``play``, ``picker-colour``, ``game-over``).
        moves: applied in order through the service layer before the pages reload.
        start: start the game (``service.start_game``) before the moves.
        table: photograph the table in this state.
        phone: the engine seat whose phone is photographed (None: no phone; NEWCOMER: a
            phone that holds no seat, as a guest who just scanned the code).
        table_ready / phone_ready: a selector the page shows once it is in this state.
        phone_taps: (selector tapped, selector then shown) pairs: tapped in order on the phone
            after it shows the state (opens a picker); each waits until its tap took effect.
        phone_state: the phone's state name, when it differs from ``state``.
        path: the pages open this path (``{code}``: the room's code) instead of reloading.
        fresh_phone: the phone is a new tab of the same device (a tab's own state, such as
            an open picker, stays across reloads).
    """

    state: str
    moves: tuple[Move, ...] = ()
    start: bool = False
    table: bool = True
    phone: int | None = None
    table_ready: str = ""
    phone_ready: str = ""
    phone_taps: tuple[tuple[str, str], ...] = ()
    phone_state: str = ""
    path: str = ""
    fresh_phone: bool = False


@dataclass(frozen=True)
class Scenario:
    """One room of one game and the states it goes through, in order."""

    key: str  # artifacts/layouts/<key>/
    game: str
    options: Mapping[str, Any]
    names: tuple[str, ...]
    steps: tuple[Step, ...]
    seed: int = 1


@dataclass
class Shot:
    """A page showing one state, on one device, ready to be measured."""

    scenario: str
    state: str
    device: str  # "table" or "phone"
    page: Any
    problems: list[str] = field(default_factory=list)  # the state was not reached as meant


# -- the games' states ---------------------------------------------------------------------

NEWCOMER = -1  # Step.phone: a phone with no seat
NAMES3 = ("Ana", "Bia", "Cid")
ANA, BIA, CID = 0, 1, 2
LOBBY = Step("lobby", table_ready="#start", phone=ANA, phone_ready="#waiting")


# UNO: Ana deals, Bia plays first on r5. Bia holds no red, so her Wild Draw Four is legal;
# Cid accepts it (draws four, skipped) and Ana goes out with her only card.
UNO_STACK = {
    "hands": [["g7"], ["W", "W+4", "b1", "b2", "y3", "y8", "g2", "g4", "b7", "y5", "g6", "b3"], ["y4", "y6", "r1"]],
    "top": "r5",
    "draw": ["b5", "b6", "y1", "y2", "r2", "r8", "b9", "y9", "r3", "g8"],
}
UNO_MOVES_TO_OUT: tuple[Move, ...] = (
    (BIA, {"type": "play", "card": "W+4", "color": "g"}),
    (CID, {"type": "accept"}),
    (ANA, {"type": "play", "card": "g7"}),
)


def _uno(key: str, edition: str, extra_hand: Sequence[str], wild_steps: Sequence[Step],
         extra: Sequence[Scenario] = (), full: bool = True) -> tuple[Scenario, ...]:
    """An UNO edition's states: lobby, play (a 12-card hand), its pickers, the Wild Draw
    Four challenge, hand over (target 500); game over (target 1, the same hand); ``extra``.
    Not ``full``: only play, the pickers, hand over and ``extra`` (the screens an edition
    changes: its cards, colours and special wilds; the rest is the Classic's layout)."""
    def card(code: str) -> str:  # the Masters of the Universe deck has purple, not yellow
        return "p" + code[1:] if edition == "motu" and code.startswith("y") else code

    hands = [[card(c) for c in h] for h in UNO_STACK["hands"]]
    hands[BIA] = [*hands[BIA][: 12 - len(extra_hand)], *extra_hand]
    stack = {"hands": hands, "top": UNO_STACK["top"], "draw": [card(c) for c in UNO_STACK["draw"]]}
    common = {"edition": edition, "dealer": ANA, "stack": stack}
    play = Step("play", start=True, table_ready="#discard-top", phone=BIA, phone_ready="#your-turn")
    hand_over = Step("hand-over", moves=UNO_MOVES_TO_OUT[1:], table_ready="#hand-over", phone=ANA,
                     phone_ready="#between-hands")
    if not full:
        return (Scenario(key, "uno", {**common, "target": 500}, NAMES3, (
            play, *wild_steps, dataclasses.replace(hand_over, moves=UNO_MOVES_TO_OUT))),
            *[Scenario(key, "uno", {**common, "target": 500}, NAMES3, x.steps) for x in extra])
    first_hand = Scenario(key, "uno", {**common, "target": 500}, NAMES3, (
        LOBBY,
        play,
        *wild_steps,
        Step("challenge", moves=UNO_MOVES_TO_OUT[:1], table_ready="#pending", phone=CID,
             phone_ready="#pending"),
        Step("turn-of-other", table=False, phone=ANA, phone_ready="#pending"),
        hand_over,
    ))
    game_over = Scenario(key, "uno", {**common, "target": 1}, NAMES3, (
        Step("game-over", start=True, moves=UNO_MOVES_TO_OUT, table_ready="#game-over", phone=ANA,
             phone_ready="#game-over"),
        Step("game-over-loser", table=False, phone=CID, phone_ready="#game-over"),
    ))
    return (first_hand, game_over, *[
        Scenario(key, "uno", {**common, "target": 500}, NAMES3, x.steps) for x in extra])


PICK_COLOUR = Step("picker-colour", table=False, phone=BIA, phone_ready="#your-turn",
                   phone_taps=(('#hand [data-card="W"]', "#picker"),))
UNO_CLASSIC = _uno("uno-classic", "classic", [], [PICK_COLOUR])
# Plus: Swap Hands asks for a player first; the third Customizable Wild is a dare (sing a
# song, by default) that Cid does or refuses (a room of its own).
UNO_PLUS = _uno("uno-plus", "plus", ["WS", "WC3"], [
    PICK_COLOUR,
    Step("picker-swap-hands", table=False, phone=BIA, phone_ready="#your-turn", fresh_phone=True,
         phone_taps=(('#hand [data-card="WS"]', "#picker-targets"),)),
], extra=[
    Scenario("", "uno", {}, NAMES3, (
        Step("dare", start=True, moves=((BIA, {"type": "play", "card": "WC3", "color": "g"}),),
             table_ready="#pending", phone=CID, phone_ready="#pending"),
    )),
], full=False)
# Greyskull: Bia's Wild Greyskull makes everyone else draw three (a room of its own).
UNO_MOTU = _uno("uno-motu", "motu", ["WG"], [PICK_COLOUR], full=False, extra=[
    Scenario("", "uno", {}, NAMES3, (
        Step("greyskull", start=True, moves=((BIA, {"type": "play", "card": "WG", "color": "g"}),),
             table_ready="#greyskull", phone=CID, phone_ready="#hand"),
    )),
])

OVER = "#game-over, #uw-game-over, #ues-phone-over"  # a game-over screen, any game's

# Upwords (words settled by challenge): a board seeded with stacks; Ana's turn. She puts N on
# the T of CATS (CANS) on her phone (the preview), then plays it: Bia may challenge. Then
# everybody passes: the game ends.
UW_STACK = {"racks": [list("OXYGENS"), list("AEIRTLN"), list("DUSKIER")],
            "board": [[4, 3, "BC"], [4, 4, "RSA"], [4, 5, "ELMT"], [4, 6, "MOPES"]]}
UW_PLAY = (ANA, {"type": "place", "tiles": [[4, 5, "N"]]})
UPWORDS = (
    Scenario("upwords", "upwords", {"first": ANA, "words": "challenge", "stack": UW_STACK}, NAMES3, (
        LOBBY,
        Step("play", start=True, table_ready="#uw-board", phone=ANA, phone_ready="#uw-rack [data-letter]"),
        Step("placing", table=False, phone=ANA, phone_ready="#uw-rack [data-letter]", phone_taps=(
            ('#uw-rack button[data-letter="N"][data-used="0"] >> nth=0',
             '#uw-rack button[data-letter="N"][aria-pressed="true"]'),
            ("#psq-4-5", '#psq-4-5[data-new="1"][data-letter="N"]'))),
        Step("challenge", moves=(UW_PLAY,), table_ready="#uw-challenge-open", phone=BIA,
             phone_ready="#uw-challenge"),
        Step("game-over", moves=((BIA, {"type": "pass"}), (CID, {"type": "pass"}), (ANA, {"type": "pass"})),
             table_ready="#game-over", phone=ANA, phone_ready=OVER),
        Step("game-over-loser", table=False, phone=CID, phone_ready=OVER),
    )),
    Scenario("upwords", "upwords", {"first": ANA, "words": "auto", "stack": UW_STACK}, NAMES3, (
        Step("auto-turn-of-other", start=True, moves=(UW_PLAY,), table_ready="#uw-last", phone=CID,
             phone_ready="#uw-rack [data-letter]"),
    )),
)


def _uestop(mode: str) -> tuple[Scenario, ...]:
    """A UeStop! mode's round: the opener reads, reveals; the race; Bia slaps and wins it,
    answers aloud; the others vote; with target 1 her card wins the game."""
    key = "uestop-" + mode.replace("_", "-")
    options = {"mode": mode, "first": ANA, "target": 1, "reveal_delay_ms": 0, "min_reaction_ms": 0}
    steps = (
        Step("reading", start=True, table_ready="#ues-category", phone=ANA, phone_ready="#ues-reveal"),
        Step("race", moves=((ANA, {"type": "reveal"}),), table_ready="#ues-revealed", phone=BIA,
             phone_ready="#ues-slap"),
        Step("answering", moves=((BIA, {"type": "slap"}), ("due", None)), table_ready="#ues-race-panel",
             phone=BIA, phone_ready="#ues-answer"),
        Step("vote", moves=((BIA, "first:answer"),), table_ready="#ues-votes", phone=ANA,
             phone_ready="#ues-accept"),
        Step("game-over", moves=((ANA, {"type": "vote", "accept": True}),),
             table_ready="#game-over", phone=BIA, phone_ready=OVER),
        Step("game-over-loser", table=False, phone=CID, phone_ready=OVER),
    )
    if mode == "tome_lhe_tapao":
        steps = (LOBBY, *steps)
    else:  # the other modes change the cards, the race and the answer; votes and endings are the same
        steps = steps[:3]
    return (Scenario(key, "uestop", options, NAMES3, steps),)


# Faces: Ana passes a 6 to Bia, who then holds three 6s and calls STOP: she mimes, Cid and
# Ana guess. With an empty pile, Ana's right guess ends the game: Bia wins.
FACES_STACK = {"hands": [[1, 1, 6, 9], [2, 3, 6, 6], [4, 5, 5, 10]], "pile": [7, 8, 12], "exact": True}
FACES_ROUND: tuple[Move, ...] = (
    (ANA, {"type": "choose_pass", "card": 6, "round": 1}), (BIA, {"type": "choose_pass", "card": 2, "round": 1}),
    (CID, {"type": "choose_pass", "card": 4, "round": 1}), (BIA, {"type": "stop"}),
    (CID, {"type": "guess", "emotion": 7}), (ANA, {"type": "guess", "emotion": 6}),
)
FACES = (
    Scenario("faces", "faces", {"variant": "main", "stack": FACES_STACK}, NAMES3, (
        LOBBY,
        Step("passing", start=True, table_ready="#faces-passing", phone=ANA, phone_ready="#hand"),
        Step("passing-chosen", moves=FACES_ROUND[:1], table=False, phone=ANA, phone_ready="#hand"),
        Step("stop", moves=FACES_ROUND[1:3], table_ready="#faces-passing", phone=BIA, phone_ready="#faces-stop"),
        Step("mime", moves=FACES_ROUND[3:4], table_ready="#faces-guessing", phone=BIA, phone_ready=".fc-mime"),
        Step("guess", table=False, phone=CID, phone_ready="#faces-guess-picker"),
        Step("guess-wrong", moves=FACES_ROUND[4:5], table_ready="#faces-guessing",
             phone=ANA, phone_ready="#faces-guess-picker"),
    )),
    Scenario("faces", "faces", {"variant": "main", "stack": {**FACES_STACK, "pile": []}}, NAMES3, (
        Step("game-over", start=True, moves=FACES_ROUND, table_ready="#game-over", phone=BIA, phone_ready=OVER),
        Step("game-over-loser", table=False, phone=CID, phone_ready=OVER),
    )),
)

# Memory, 10 pairs: Ana picks a card (Bia, on her left, peeks), flips it and a second one
# (a pair). A second room plays to the end: Ana wins.
MEMORY_GRID = [1, 2, 3, 4, 5, 1, 6, 7, 8, 9, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10]
MEMORY_STACK = {"grid": MEMORY_GRID, "pile": [11, 12, 13], "exact": True}


def _memory_ana_wins() -> tuple[Move, ...]:
    """Turns until the grid is done: Ana finds the next pair on each of her turns; in each
    round one of Bia and Cid (in turn) finds one too, the other misses; Ana wins."""
    moves: list[Move] = []
    found: list[int] = []
    turn = 0
    while len(found) < len(set(MEMORY_GRID)) - 1:  # the last pair left ends the game
        seat, round_no = turn % len(NAMES3), turn // len(NAMES3)
        left = [v for v in sorted(set(MEMORY_GRID)) if v not in found]
        if seat == ANA or seat == (BIA if round_no % 2 == 0 else CID):
            first, second = (i for i, v in enumerate(MEMORY_GRID) if v == left[0])
            found.append(left[0])
        else:
            first, second = MEMORY_GRID.index(left[0]), MEMORY_GRID.index(left[1])
        moves += [(seat, {"type": "pick", "pos": first}), (seat, {"type": "flip", "pos": first}),
                  (seat, {"type": "flip", "pos": second})]
        turn += 1
    return tuple(moves)


MEMORY = (
    Scenario("memory", "faces", {"variant": "memory", "pairs": 10, "stack": MEMORY_STACK}, NAMES3, (
        LOBBY,
        Step("pick", start=True, table_ready="#faces-grid", phone=ANA, phone_ready="#faces-status"),
        Step("peek", moves=((ANA, {"type": "pick", "pos": 0}),), table_ready="#faces-grid", phone=BIA,
             phone_ready="#faces-peek"),
        Step("decide", table=False, phone=ANA, phone_ready="#faces-end-turn"),
        Step("flip", moves=((ANA, {"type": "flip", "pos": 0}),), table_ready="#faces-grid", phone=ANA,
             phone_ready="#faces-status"),
        Step("pair-found", moves=((ANA, {"type": "flip", "pos": 5}),), table_ready="#faces-grid", phone=BIA,
             phone_ready="#faces-status"),
    )),
    Scenario("memory", "faces", {"variant": "memory", "pairs": 10, "stack": MEMORY_STACK}, NAMES3, (
        Step("game-over", start=True, moves=_memory_ana_wins(), table_ready="#game-over", phone=ANA,
             phone_ready=OVER),
        Step("game-over-loser", table=False, phone=BIA, phone_ready=OVER),
    )),
)

# Before any game: the landing page (the create form, on the table's screen and on a phone)
# and the join form a guest sees after scanning the code.
START = (
    Scenario("start", "uno", {}, NAMES3[:1], (
        Step("landing", path="/", table_ready="#create", phone=NEWCOMER, phone_ready="#create"),
        Step("join", path="/play/{code}", table=False, phone=NEWCOMER, phone_ready="#player-name"),
    )),
)

SCENARIOS: dict[str, tuple[Scenario, ...]] = {
    "start": START,
    "uno-classic": UNO_CLASSIC,
    "uno-plus": UNO_PLUS,
    "uno-motu": UNO_MOTU,
    "upwords": UPWORDS,
    **{s[0].key: s for s in map(_uestop, ("tome_lhe_tapao", "cha_da_tarde", "numerologia", "tudo_junto"))},
    "faces": FACES,
    "memory": MEMORY,
}


# -- driving -------------------------------------------------------------------------------

TABLE_VIEWPORT = {"width": 1280, "height": 800}
PHONE_VIEWPORT = {"width": 390, "height": 844}
READY_TIMEOUT_MS = 20_000
HINT_OK = "#tg-hint-ok"  # a first-time hint's "Got it" (components/hints.py)


class ScreenDriver:
    """Walks scenarios on a running app: rooms made and moved through the service layer,
    one table context and one context per seat (a phone), reloaded at each step."""

    def __init__(self, app_server, browser, *, locale: str = "en-US") -> None:
        self.app = app_server
        self.browser = browser
        self.locale = locale
        self.engine = create_engine(app_server.database_url)
        self.contexts: list[Any] = []
        # Seconds spent making rooms and moves ("rooms"), opening pages ("open"), waiting
        # for a state to show ("ready", with its taps), dismissing hints ("hint").
        self.seconds: Counter[str] = Counter()

    def close(self) -> None:
        """Closes every context this driver opened."""
        for ctx in self.contexts:
            try:
                ctx.close()
            except Exception:  # noqa: BLE001 (best effort at teardown)
                pass
        self.contexts.clear()
        self.engine.dispose()

    # -- rooms ------------------------------------------------------------------------

    def _act(self, code: str, host: str, moves: Sequence[Move]) -> None:
        with Session(self.engine) as db:
            for seat, move in moves:
                if seat == "advance":
                    service.advance(db, code, host)
                elif seat == "due":
                    state, _version = service.current_state(db, code)
                    when = get_game(service.room_info(db, code).game).deadline(state)
                    service.apply_due(db, code, now=(when or time.time()) + 0.001)
                else:
                    if isinstance(move, str) and move.startswith("first:"):  # the first legal one
                        state, _version = service.current_state(db, code)
                        engine = get_game(service.room_info(db, code).game)
                        move = next(m for m in engine.legal_moves(state, seat) if m["type"] == move[6:])
                    service.apply_move(db, code, seat, move)

    def _room(self, scenario: Scenario) -> tuple[str, str, list[str]]:
        with Session(self.engine) as db:
            code, host = service.create_room(db, scenario.game, dict(scenario.options))
            secrets = [service.join_room(db, code, name)[1] for name in scenario.names]
        return code, host, secrets

    # -- pages ------------------------------------------------------------------------

    def _context(self, phone: bool, seat_secret: tuple[str, str] | None = None):
        # No service worker (tests/e2e/test_pwa.py tests it): it shows nothing, and in every new
        # context it would fetch the whole app again to cache it, then sit in every reload.
        options: dict[str, Any] = {
            "base_url": self.app.frontend_url, "locale": self.locale, "reduced_motion": "reduce",
            "viewport": PHONE_VIEWPORT if phone else TABLE_VIEWPORT, "device_scale_factor": 1,
            "service_workers": "block",
        }
        if phone:
            options.update(has_touch=True, is_mobile=True)
        ctx = self.browser.new_context(**options)
        ctx.set_default_timeout(READY_TIMEOUT_MS)
        ctx.add_init_script(SOCKET_WATCH)
        if seat_secret:
            code, secret = seat_secret
            ctx.add_init_script(
                "(() => { const s = JSON.parse(localStorage.getItem('tg_seats') || '{}');"
                f" s[{json.dumps(code)}] = {json.dumps(secret)};"
                " localStorage.setItem('tg_seats', JSON.stringify(s)); })();")
        self.contexts.append(ctx)
        return ctx

    def _ready(self, page, ready: str, taps: Sequence[tuple[str, str]]) -> list[str]:
        """Waits until the (re)opened page shows the state's selector, then taps; returns
        what failed."""
        started = time.perf_counter()
        problems = []
        try:
            # The state's own selector when it has one (a game-over phone shows none of READY).
            page.wait_for_selector(ready or READY, timeout=READY_TIMEOUT_MS)
            if taps:
                settled(page, 0.8)  # hydration: taps need the websocket
            for tap, shown in taps:
                page.click(tap, timeout=READY_TIMEOUT_MS)
                page.wait_for_selector(shown, timeout=READY_TIMEOUT_MS)  # the tap took effect
            page.evaluate("() => document.fonts ? document.fonts.ready : null")
        except Exception as err:  # noqa: BLE001 (reported, the shot is still taken)
            problems.append(f"state not reached: {str(err).splitlines()[0][:200]}")
        self.seconds["ready"] += time.perf_counter() - started
        return problems

    def _dismiss_hint(self, page) -> None:
        """A first-time hint is seen once, in the first shot it shows in; then the player
        taps "Got it", as a person would, so it does not cover the later states."""
        started = time.perf_counter()
        try:
            if page.is_visible(HINT_OK):
                page.click(HINT_OK, timeout=3_000)
        except Exception:  # noqa: BLE001 (no hint, or it left by itself)
            pass
        self.seconds["hint"] += time.perf_counter() - started

    def walk(self, scenario: Scenario) -> Iterator[Shot]:
        """Plays ``scenario`` and yields the table's and the phone's shot of each step.

        Every seat's phone is open from the start (so the table shows everybody online);
        a phone reloads only when it is photographed. The scenario's contexts close at its end.
        """
        started = time.perf_counter()
        code, host, secrets = self._room(scenario)
        self.seconds["rooms"] += time.perf_counter() - started
        started = time.perf_counter()
        opened = len(self.contexts)
        table = self._context(phone=False).new_page()
        table_url = self.app.url(f"/table/{code}?host={host}")
        phone_url = self.app.url(f"/play/{code}")
        phones = {seat: self._context(phone=True, seat_secret=(code, secret)).new_page()
                  for seat, secret in enumerate(secrets)}
        for phone in phones.values():  # everybody's phone is on: the table shows them online
            phone.goto(phone_url, wait_until="commit")
        self.seconds["open"] += time.perf_counter() - started
        try:
            for step in scenario.steps:
                started = time.perf_counter()
                if step.start:
                    with Session(self.engine) as db:
                        service.start_game(db, code, host, seed=scenario.seed)
                self._act(code, host, step.moves)
                self.seconds["rooms"] += time.perf_counter() - started
                started = time.perf_counter()
                if step.path:
                    table_url = phone_url = self.app.url(step.path.format(code=code))
                phone = None
                if step.phone is not None:
                    if step.phone not in phones:  # the newcomer's phone
                        phones[step.phone] = self._context(phone=True).new_page()
                    elif step.fresh_phone:  # a new tab (own tab state), same device (same seat)
                        phones[step.phone] = phones[step.phone].context.new_page()
                    phone = phones[step.phone]
                # Both pages load at once (goto returns when the new document is there: no
                # selector can match the old one); the phone loads while the table is measured.
                if step.table:
                    table.goto(table_url, wait_until="commit")
                if phone is not None:
                    phone.goto(phone_url, wait_until="commit")
                self.seconds["open"] += time.perf_counter() - started
                if step.table:
                    yield Shot(scenario.key, step.state, "table", table, self._ready(table, step.table_ready, ()))
                if phone is not None:
                    yield Shot(scenario.key, step.phone_state or step.state, "phone", phone,
                               self._ready(phone, step.phone_ready, step.phone_taps))
                    self._dismiss_hint(phone)
        finally:
            for ctx in self.contexts[opened:]:
                try:
                    ctx.close()
                except Exception:  # noqa: BLE001 (best effort)
                    pass
            del self.contexts[opened:]
