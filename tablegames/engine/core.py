"""The engine contract shared by every game: registry, errors, options, seeded
randomness, JSON.

A game is an object with the whole of :class:`Game`: its options schema, player range,
``new``, ``legal_moves``, ``system_moves``, ``apply``, ``to_act``, ``deadline``, ``view``
and ``result``. :class:`GameBase` gives the parts most games share. States are frozen
dataclasses made of tuples, strings, numbers and nested frozen dataclasses or plain
dicts, so they round-trip through JSON.

A whole game through the contract (UNO, two players, a seed):

>>> from tablegames.engine import get_game
>>> uno = get_game("uno")
>>> uno.player_range({"teams": True})
(4, 4)
>>> state = uno.new(["Ana", "Bia"], {"target": 100}, seed=7)
>>> seat = uno.to_act(state)[0]
>>> move = uno.legal_moves(state, seat)[0]
>>> after = uno.apply(state, seat, move)
>>> uno.apply(state, 1 - seat, move)
Traceback (most recent call last):
...
tablegames.engine.core.IllegalMove: not_your_turn: It is Ana's turn, not Bia's.
>>> uno.system_moves(after), uno.deadline(after), uno.result(after)
([], None, None)
>>> "hand" in uno.view(after, seat), "hand" in uno.view(after, None)
(True, False)
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import typing
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypedDict, TypeVar

import orjson

from tablegames.engine import stand_in, turn_timer

__all__ = [
    "Game",
    "GameBase",
    "Option",
    "Result",
    "options_in_force",
    "schema_defaults",
    "load_schema",
    "IllegalMove",
    "check_schema",
    "get_game",
    "register",
    "game_names",
    "check_move",
    "rng_for",
    "to_jsonable",
    "from_jsonable",
    "PerObject",
]


class IllegalMove(ValueError):
    """A move the rules refuse.

    Attributes:
        code: A stable identifier such as ``"not_your_turn"`` (for translations and tests).
        message: A sentence a player understands, naming the card and the reason.
        params: Values the message was built from, so a UI can translate it.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.params = params


OPTION_KINDS = ("choice", "int", "bool", "seat", "custom")
STAGES = ("create", "lobby")


@dataclass(frozen=True)
class Option:
    """One table option of a game, as its schema declares it (``engine/<game>/options.json``).

    The engine validates options against its schema (plus the rules that tie options
    together); the create form, the lobby and the table render them from it.

    Attributes:
        key: the option's name in the options dict.
        kind: ``"choice"`` (one of ``choices``), ``"int"`` (``min``..``max``), ``"bool"``,
            ``"seat"`` (a seat number, chosen once players sit) or ``"custom"`` (a value the
            game's own form part builds and the game validates, e.g. written house rules).
        default: the value when the option is not given.
        choices: the values of a ``"choice"`` (also the special values a ``"seat"`` takes,
            such as ``"random"``).
        min, max: the bounds of an ``"int"``.
        label: i18n key of the option's name.
        value_label: i18n key prefix of a value's name (``value_label + str(value)``).
        when: the option applies only while each named option holds one of the listed
            values (``{"edition": ["plus"]}``).
        stage: ``"create"`` (the create form) or ``"lobby"`` (set by the host once the
            players sit, e.g. who is the oldest).
        hidden: never shown to players (a stacked deck).
        test_only: accepted only when the app runs in test mode.
        help: i18n key of a line explaining the option ("" for none).
        advanced: a fine-tuning most tables leave as it is: the create form keeps it under
            "More settings", and screens list it only when it differs from its default.
        timer_phase: a per-phase turn time: while the state's ``phase`` is this one, the
            turn timer counts this option's seconds instead of ``turn_timer``'s (its value
            ``"same"`` keeps the turn timer's; see :func:`turn_timer.limit
            <tablegames.engine.turn_timer.limit>`). ``""``: an ordinary option.
    """

    key: str
    kind: str
    default: Any = None
    choices: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None
    label: str = ""
    value_label: str = ""
    when: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    stage: str = "create"
    hidden: bool = False
    test_only: bool = False
    help: str = ""
    advanced: bool = False
    timer_phase: str = ""

    def __post_init__(self) -> None:
        if self.kind not in OPTION_KINDS:
            raise ValueError(f"option {self.key!r}: kind must be one of {OPTION_KINDS}")
        if self.stage not in STAGES:
            raise ValueError(f"option {self.key!r}: stage must be one of {STAGES}")

    def applies(self, options: Mapping[str, Any]) -> bool:
        """Whether this option applies given the other options' values (its ``when``)."""
        return all(options.get(k) in values for k, values in self.when.items())

    def check(self, value: Any, n_players: int | None = None, code: str = "bad_option") -> Any:
        """``value`` if it is valid for this option (a ``"custom"`` one is the game's to
        check).

        Raises:
            IllegalMove: ``bad_option`` naming the option and what it takes.
        """
        ok = True
        if self.kind == "choice":  # 10.0 and True are not the choice 10 nor 1
            ok = any(value == c and type(value) is type(c) for c in self.choices)
            why = f"must be one of {', '.join(map(str, self.choices))}"
        elif self.kind == "int":
            ok = _whole(value) and (self.min is None or value >= self.min) and (
                self.max is None or value <= self.max)
            why = f"must be a whole number from {self.min} to {self.max}"
        elif self.kind == "bool":
            ok = isinstance(value, bool)
            why = "must be true or false"
        elif self.kind == "seat":
            ok = value in self.choices or (_whole(value) and value >= 0 and (
                n_players is None or value < n_players))
            why = "must be a seat number" + "".join(f" or {c!r}" for c in self.choices)
        if not ok:
            raise IllegalMove(code, f"Option {self.key!r}: {why}.", option=self.key)
        return value


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


SHARED_OPTIONS = Path(__file__).with_name("shared_options.json")  # options several games offer


def load_schema(path: Any) -> tuple[Option, ...]:
    """Reads a game's options schema: a JSON list of :class:`Option` fields; an item
    ``{"shared": "<name>", ...}`` is the option of that name in ``shared_options.json``
    (the turn timer), its other fields overriding the shared ones."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    shared = json.loads(SHARED_OPTIONS.read_text(encoding="utf-8"))
    items = [{**shared[item["shared"]], **{k: v for k, v in item.items() if k != "shared"}}
             if "shared" in item else item for item in data]
    return tuple(Option(**{**item, "choices": tuple(item.get("choices", ())),
                           "when": {k: tuple(v) for k, v in item.get("when", {}).items()}})
                 for item in items)


def schema_defaults(schema: Sequence[Option]) -> dict[str, Any]:
    """Every option's default value.

    >>> from tablegames.engine import get_game
    >>> schema_defaults(get_game("upwords").options_schema)["words"]
    'challenge'
    """
    return {o.key: o.default for o in schema}


def options_in_force(game: "Game", options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The options a table plays with, as players may see them: each non-hidden option
    that applies, with its label's i18n key, its value, the value's i18n key (``""`` when
    the value is shown as it is: a number, or a seat, flagged ``"seat": True``, whose
    player's name a screen shows) and its ``stage`` (a lobby's own picker shows a
    ``"lobby"`` option there, so its list leaves it out).

    >>> from tablegames.engine import get_game
    >>> shown = options_in_force(get_game("faces"), {"variant": "memory", "oldest": 1})
    >>> [(o["key"], o["value_label"] or o["value"]) for o in shown]
    [('variant', 'variant.memory'), ('pairs', 'ui.faces.pairs.10'), ('oldest', 1)]
    """
    full = {**schema_defaults(game.options_schema), **options}
    shown = []
    for o in game.options_schema:
        if o.hidden or not o.applies(full):
            continue
        value = full.get(o.key)
        if (o.kind == "custom" and not value) or (o.advanced and value == o.default):
            continue
        named = o.value_label and (o.kind in ("choice", "bool") or value in o.choices)
        shown.append({"key": o.key, "label": o.label, "value": to_jsonable(value),
                      "value_label": f"{o.value_label}{str(value).lower()}" if named else "",
                      "seat": o.kind == "seat" and not named, "stage": o.stage})
    return shown


class Result(TypedDict):
    """Final standings of a finished game (:meth:`Game.result`); a game that reports more
    (hands played, why it ended) extends it with its own typed fields.

    Attributes:
        winners: engine seats who won (a team's partners, several in a tie).
        scores: per seat, in the game's own unit (points, tricks, cards won).
        ranking: every seat, first place first.
    """

    winners: list[int]
    scores: list[int]
    ranking: list[int]


class Game(Protocol):
    """What every game in the registry offers (:class:`GameBase` implements the parts
    most games share).

    Attributes:
        name: the registry name ("uno").
        options_schema: every table option (see :class:`Option`).
        server_fields: move fields only the server may fill in (a tap's server time).
    """

    name: str
    options_schema: tuple[Option, ...]
    server_fields: frozenset[str]

    def check_options(self, options: Mapping[str, Any]) -> dict:
        """Validated options with defaults filled in; raises ``IllegalMove``."""

    def public_options(self, options: Mapping[str, Any]) -> dict:
        """The options without the hidden ones (what screens may receive)."""

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """(fewest, most) players a table with ``options`` takes."""

    def new(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
            seed: int | None = None) -> Any:
        """The first state, for ``players`` (names by seat)."""

    def legal_moves(self, state: Any, seat: int) -> list[dict]:
        """Moves ``seat`` may make now (system moves are never a seat's)."""

    def system_moves(self, state: Any) -> list[dict]:
        """Moves the room itself may apply now, with seat ``None`` (deal the next hand,
        settle a race); a seat sending one is refused."""

    def apply(self, state: Any, seat: int | None, move: Mapping[str, Any],
              now: float | None = None) -> Any:
        """The state after ``move``; ``seat`` None for a system move. Raises ``IllegalMove``."""

    def to_act(self, state: Any) -> tuple[int, ...]:
        """The engine seats who must act now (highlights, vibration, timers, bots)."""

    def start_clock(self, state: Any, now: float | None) -> Any:
        """The first state with the time the game starts (the turn timer counts from it)."""

    def deadline(self, state: Any) -> float | None:
        """The time at which ``system_moves(state)[0]`` applies by itself (None: none)."""

    def view(self, state: Any, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: the table, which sees no hand), as plain JSON
        (dicts with string keys, lists, strings, numbers, booleans, None): a new object per
        call, which the screens send as it is."""

    def result(self, state: Any) -> Result | None:
        """Final standings once the game is over, else None."""

    def to_json(self, state: Any) -> str:
        """The state as JSON text."""

    def from_json(self, text: str) -> Any:
        """The state of :meth:`to_json` text."""


class GameBase:
    """The parts of :class:`Game` most games share: public options from the schema, a
    fixed player range, no system moves, no deadline, JSON through ``state_class``.

    A game sets ``name``, ``options_schema``, ``min_players``, ``max_players`` and
    ``state_class`` and implements the rest.
    """

    name: str = ""
    options_schema: tuple[Option, ...] = ()
    server_fields: frozenset[str] = frozenset()
    min_players: int = 2
    max_players: int = 2
    state_class: type | None = None

    def public_options(self, options: Mapping[str, Any]) -> dict:
        """The options without those the schema hides (and without unknown keys)."""
        hidden = {o.key for o in self.options_schema if o.hidden}
        known = {o.key for o in self.options_schema}
        return {k: v for k, v in options.items() if k in known and k not in hidden}

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """(fewest, most) players: the game's fixed range."""
        return self.min_players, self.max_players

    def apply(self, state: Any, seat: int | None, move: Mapping[str, Any],
              now: float | None = None) -> Any:
        """The state after ``move`` (:meth:`apply_rules`, with the time of the move noted
        for the turn timer); the timer's own ``timeout`` (seat None) plays the game's
        default action for whoever the table waits for (:mod:`tablegames.engine.turn_timer`)."""
        if turn_timer.is_timeout(move):
            return turn_timer.time_out(self, state, seat, now)
        if stand_in.is_stand_in(move):  # the room plays for an away seat (rooms/seats.py)
            return stand_in.play_for(self, state, seat, move, now)
        return turn_timer.stamp(self.apply_rules(state, seat, move, now), now)

    def apply_rules(self, state: Any, seat: int | None, move: Mapping[str, Any],
                    now: float | None = None) -> Any:
        """The game's own rules for one move (every game implements it)."""
        raise NotImplementedError(f"{self.name}: a game implements apply_rules")

    def system_moves(self, state: Any) -> list[dict]:
        """The game's own system moves (:meth:`rule_system_moves`), else the turn timer's."""
        return self.rule_system_moves(state) or turn_timer.system_moves(self, state)

    def deadline(self, state: Any) -> float | None:
        """When ``system_moves(state)[0]`` applies by itself: the game's own timed move
        (:meth:`rule_deadline`), else the turn timer's."""
        if self.rule_system_moves(state):
            return self.rule_deadline(state)
        return turn_timer.deadline(self, state)

    def start_clock(self, state: Any, now: float | None) -> Any:
        """A new game's first state with the time it starts (the turn timer counts from
        it; the rooms layer calls it right after :meth:`new`)."""
        return turn_timer.stamp(state, now)

    def rule_system_moves(self, state: Any) -> list[dict]:
        """The game's own system moves (deal the next hand, settle a race): none."""
        return []

    def rule_deadline(self, state: Any) -> float | None:
        """When the first of :meth:`rule_system_moves` applies by itself: never."""
        return None

    def timeout_move(self, state: Any, seat: int) -> dict | None:
        """The move the turn timer plays for ``seat`` when its time is up (None: the
        game has none, so no timer runs for it)."""
        return None

    # -- seats that leave or arrive during a game (rooms/seats.py) ---------------------
    def remove_player(self, state: Any, place: int) -> Any:
        """The state once the player at engine seat ``place`` leaves the game for good:
        later places move down one, and the game goes on without them (their cards back
        in the game's stock, the turn passed on).

        Raises:
            IllegalMove: ``cannot_remove`` where the game's rules don't allow it (this
                default: no game lets a player go unless it says how), ``too_few_players``
                when too few would be left.
        """
        raise IllegalMove("cannot_remove", "A player can't leave this game midway: let the table "
                          "play for them, or hand their seat to a new phone.")

    def late_join(self, state: Any) -> str:
        """When a new player may sit down at a game under way: ``"now"`` (this state
        takes one, :meth:`add_player`), ``"after_round"`` (once this round, an UNO hand, is over) or
        ``"next_game"`` (this default: at the next game, once this one is over)."""
        return "now" if self.result(state) is not None else "next_game"

    def add_player(self, state: Any, name: str) -> Any:
        """The state with a new player ``name`` at the last place, playing from the next
        hand on (only when :meth:`late_join` says ``"now"`` during a game).

        Raises:
            IllegalMove: ``cannot_add`` when the game takes nobody now.
        """
        raise IllegalMove("cannot_add", "Nobody can sit down during this game: wait for the next one.")

    def to_json(self, state: Any) -> str:
        """Serialises a state."""
        return dumps(state)

    def from_json(self, text: str) -> Any:
        """Rebuilds a state from :meth:`to_json` output."""
        assert self.state_class is not None, f"{self.name}: GameBase needs a state_class"
        return from_jsonable(self.state_class, json.loads(text))


def check_schema(schema: Sequence[Option], options: Mapping[str, Any],
                 n_players: int | None = None, code: str = "bad_option") -> dict[str, Any]:
    """Checks every known option of ``options`` against the schema (unknown keys are
    refused) and returns them with the defaults of the missing ones. A ``"custom"``
    option is left for the game to check.

    Raises:
        IllegalMove: ``code`` (the game's refusal code) with the option's name.
    """
    known = {o.key: o for o in schema}
    if not isinstance(options, Mapping):
        raise IllegalMove(code, "Options must be an object.", option="options")
    unknown = sorted(set(options) - set(known), key=str)
    if unknown:
        raise IllegalMove(code, f"Option {unknown[0]!r}: unknown option.", option=str(unknown[0]))
    out = {}
    for o in schema:
        value = options.get(o.key, o.default)
        custom = o.kind == "custom" or (value is None and o.default is None)
        out[o.key] = value if custom else o.check(value, n_players, code)
    return out


_REGISTRY: dict[str, Callable[[], Game]] = {}
_INSTANCES: dict[str, Game] = {}


def register(name: str, factory: Callable[[], Game]) -> None:
    """Registers a game factory under ``name`` (called lazily by :func:`get_game`)."""
    _REGISTRY[name] = factory


def game_names() -> list[str]:
    """Returns the names of the registered games."""
    return sorted(_REGISTRY)


def get_game(name: str) -> Game:
    """Returns the game registered as ``name``.

    Raises:
        KeyError: if no such game exists.
    """
    if name not in _INSTANCES:
        if name not in _REGISTRY:
            raise KeyError(f"unknown game {name!r}; known: {', '.join(game_names())}")
        _INSTANCES[name] = _REGISTRY[name]()
    return _INSTANCES[name]


def check_move(game: str, seats: int, seat: Any, move: Any,
               move_keys: Mapping[str, frozenset[str]]) -> str:
    """Checks a move's envelope before any rule: a real seat, an object with a known type
    and only that type's fields (anything else is a tampered or malformed request).

    Args:
        game: the game's name for messages ("UNO").
        seats: number of seats at the table.
        move_keys: the fields each move type may carry, ``"type"`` included.

    Returns:
        The move's type.

    Raises:
        IllegalMove: ``bad_seat``, ``bad_move`` or ``unknown_move``.
    """
    if type(seat) is not int or not 0 <= seat < seats:  # bools and floats are no seats
        raise IllegalMove("bad_seat", f"There is no seat {seat!r} at this table.")
    if (type(move) is not dict and not isinstance(move, Mapping)  # the ABC check is slow
            or not isinstance(move.get("type"), str)):
        raise IllegalMove("bad_move", "A move must be an object with a 'type'.")
    kind = move["type"]
    allowed = move_keys.get(kind)
    if allowed is None:
        raise IllegalMove("unknown_move", f"{game} has no move called {kind!r}.", move=kind)
    if not allowed.issuperset(move):
        extra = sorted(set(move) - allowed)[0]
        raise IllegalMove("bad_move", f"A {kind!r} move has no field {extra!r}.")
    return kind


def rng_for(seed: int, counter: int) -> random.Random:
    """Returns the random generator for the ``counter``-th random event of a game.

    The state stores only ``seed`` and a counter, which keeps states small and cheap to
    copy while the same seed and moves always replay to the same game.
    """
    return random.Random(seed * 1_000_003 + counter)


def new_seed() -> int:
    """A fresh seed for a game created without one (from the OS, not the global RNG)."""
    return random.SystemRandom().randrange(2**53)


class PerObject:
    """``build(obj)`` kept for each object ``obj`` that views are made of: a state (what
    every seat's view of it shows alike: the five screens of a move ask one after the
    other), or a part of a state that moves keep as they are (its options, its hands
    played). Every view then shows the same JSON, built once, and the screens share it
    (nobody changes a view) instead of comparing copies. Each object is held with what was
    built from it, so its id is not reused; the oldest goes first once ``kept`` are held.

    >>> built = PerObject(lambda part: [len(part)])
    >>> part = ("a", "b")
    >>> built(part) is built(part)
    True
    """

    def __init__(self, build: Callable[[Any], Any], kept: int = 2_048) -> None:
        self._build, self._size = build, kept
        self._kept: dict[int, tuple[Any, Any]] = {}

    def __call__(self, obj: Any) -> Any:
        entry = self._kept.get(id(obj))
        if entry is not None and entry[0] is obj:
            return entry[1]
        built = self._build(obj)
        if len(self._kept) >= self._size:
            del self._kept[next(iter(self._kept))]
        self._kept[id(obj)] = (obj, built)
        return built


def to_jsonable(value: Any) -> Any:
    """Converts a state (frozen dataclasses, tuples, dicts) into JSON-able data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    return value


def freeze(value: Any) -> Any:
    """Turns lists into tuples, recursively (dict values included)."""
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    if isinstance(value, Mapping):
        return {k: freeze(v) for k, v in value.items()}
    return value


T = TypeVar("T")


@functools.cache
def _type_hints(cls: type) -> dict[str, Any]:
    """``typing.get_type_hints(cls)``, once per class (it evaluates every annotation)."""
    return typing.get_type_hints(cls)


def from_jsonable(cls: type[T], data: Mapping[str, Any]) -> T:
    """Rebuilds a frozen dataclass ``cls`` from :func:`to_jsonable` output.

    Nested dataclass fields (also inside ``tuple[X, ...]`` and ``X | None``) are rebuilt;
    every list becomes a tuple.
    """
    hints = _type_hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name in data:
            kwargs[f.name] = _rebuild(hints[f.name], data[f.name])
    return cls(**kwargs)


def _rebuild(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if dataclasses.is_dataclass(hint):
        return from_jsonable(hint, value)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        for arg in args:
            if arg is not type(None) and dataclasses.is_dataclass(arg):
                return from_jsonable(arg, value)
        return freeze(value)
    if origin is tuple and args and dataclasses.is_dataclass(args[0]):
        return tuple(from_jsonable(args[0], v) for v in value)
    return freeze(value)


_ORJSON_STATE = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def _dataclass_fields(value: Any) -> dict[str, Any]:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    raise TypeError(f"not JSON: {type(value).__name__}")


def dumps(state: Any) -> str:
    """Serialises a state to compact JSON (what :func:`to_jsonable` makes of it).

    orjson writes it (each dataclass by its fields, as :func:`to_jsonable` takes them: not
    a cached property kept in its ``__dict__``), many times faster than ``to_jsonable`` and
    ``json``: a move stores its state. A state orjson refuses (a key of another type) takes
    the slow path."""
    try:
        return orjson.dumps(state, default=_dataclass_fields, option=_ORJSON_STATE).decode()
    except TypeError:
        return json.dumps(to_jsonable(state), separators=(",", ":"), sort_keys=True)
