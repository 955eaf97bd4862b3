"""Every use of a Reflex private API, in one place.

The app relies on a few Reflex internals that no public API offers: which tabs have a
socket (the event namespace's token manager), raw event frames to one socket (a
``StateUpdate`` emitted on the namespace), the Redis key format of the state manager, the
links of a ``SharedState`` (``_link_to``, ``_unlink``, ``_linked_from``), Vars made from a
JavaScript expression (``Var(_js_expr=...)``), the mangled names of states in raw frames,
the event processor's exception handler, the app's Starlette routes, and the socket's
event handler in Reflex's client runtime (``utils/state.js``, where patched frames are
expanded). Nothing else in the app or its tests reaches for them: they call the functions
here, and
``tests/state/test_reflex_adapter.py`` checks each of them against the installed Reflex, so
that an upgrade which changes one fails in that one test, with a message naming what
changed.

Internals are imported inside the functions that use them (through :func:`_internal` in
those run for every move): importing this module costs nothing (the raw-frame tests and the
scale client use its naming helpers without loading the app), and a missing internal is
reported where it is used.

Written against Reflex 0.10.1 (``TESTED_WITH``).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import importlib
import re
import time
import weakref
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING, Any

from tablegames import patches

if TYPE_CHECKING:  # pragma: no cover
    import reflex as rx

TESTED_WITH = "0.10.1"


@cache
def _internal(module: str, name: str) -> Any:
    """``module``'s ``name`` (a class, a function or a submodule), imported at its first use
    and kept. For the functions run for every tab of every move: an import statement there
    cost about 1.4 µs each time, as much as the rest of some of them."""
    loaded = importlib.import_module(module)
    try:
        return getattr(loaded, name)
    except AttributeError:  # a submodule not imported yet
        return importlib.import_module(f"{module}.{name}")


ROOT_STATE = "reflex___state____state"  # reflex.state.State.get_full_name()
FIELD_MARKER = "_rx_state_"  # suffix of a state var's name in deltas and storage keys


# -- names -------------------------------------------------------------------------------

def _snake(text: str) -> str:
    """Reflex's ``format.to_snake_case`` (``RoomShared`` -> ``room_shared``)."""
    import re

    s1 = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", text)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s1).lower().replace("-", "_")


def state_name(module: str, class_name: str, parent: str = ROOT_STATE) -> str:
    """The full name Reflex gives a state class, without importing it.

    Args:
        module: The class's module, e.g. ``"tablegames.state.room"``.
        class_name: The class's name, e.g. ``"Screen"``.
        parent: The parent state's full name (the root state by default).

    Returns:
        The dotted full name raw frames and deltas use, e.g.
        ``"reflex___state____state.tablegames___state___room____screen"``.
    """
    own = _snake(f"{module.replace('.', '___')}___{class_name}")
    return f"{parent}.{own}" if parent else own


SHARED_PARENT = state_name("reflex.istate.shared", "SharedStateBaseInternal")  # of every rx.SharedState


def full_name(state: Any) -> str:
    """The full name of a state class.

    Args:
        state: A state class; its import path (``"tablegames.state.room.Screen"``, the
            module is imported); or a full name (returned as it is).

    Returns:
        The dotted full name (a ``rx.SharedState``'s sits under :data:`SHARED_PARENT`).
    """
    if isinstance(state, str):
        if state.startswith(ROOT_STATE):
            return state
        import importlib

        module, _, cls = state.rpartition(".")
        state = getattr(importlib.import_module(module), cls)
    return state.get_full_name()


def state_event_name(state: Any, handler: str) -> str:
    """The event name a raw frame carries for ``handler`` of ``state``.

    Args:
        state: A state class or ``"module.ClassName"`` (see :func:`full_name`).
        handler: The handler's name, e.g. ``"move"``.

    Returns:
        ``"<state full name>.<handler>"``.
    """
    return f"{full_name(state)}.{handler}"


def var_key(name: str) -> str:
    """The key of a state var in deltas and hydrate payloads (``screen`` -> ``screen_rx_state_``)."""
    return name + FIELD_MARKER


def var_name(key: str) -> str:
    """The var of a delta or storage key (the inverse of :func:`var_key`)."""
    return key.removesuffix(FIELD_MARKER)


def all_state_classes() -> Iterator[Any]:
    """Every state class of the app (the root state and all its substates, depth first)."""
    from reflex.state import State

    def walk(cls: Any) -> Iterator[Any]:
        yield cls
        for sub in cls.get_substates():
            yield from walk(sub)

    return walk(State)


def find_state(path: str) -> Any | None:
    """The state class of a dotted full name, or None."""
    from reflex.state import State

    if path == State.get_full_name():
        return State
    try:
        return State.get_class_substate(path)
    except ValueError:
        return None


def find_handler(event_name: str) -> Callable[..., Any] | None:
    """The Python function behind an event name (``"<state>.<handler>"``), or None."""
    path, _, handler = event_name.rpartition(".")
    if not path or not handler:
        return None
    state = find_state(path)
    if state is None:
        return None
    event_handler = state.event_handlers.get(handler)
    return None if event_handler is None else event_handler.fn


def is_storage_key(key: str) -> bool:
    """Whether ``key`` (``"<state>.<var>_rx_state_"``) names a LocalStorage/cookie var."""
    state_path, _, var = key.rpartition(".")
    cls = find_state(state_path)
    return cls is not None and bool(cls._is_client_storage(var_name(var)))


# -- the Redis state manager's keys ------------------------------------------------------

def state_key(token: str, state: Any) -> str:
    """The Redis key one state of a tab (or shared token) is stored under.

    Args:
        token: The client token, or a shared state's token (``room-ABCD``).
        state: The state class, or its full name.

    Returns:
        ``"<token>_<state full name>"`` (``BaseStateToken._state_key``).
    """
    name = state if isinstance(state, str) else state.get_full_name()
    return f"{token}_{name}"


def socket_record_key(token: str) -> str:
    """The Redis key of Reflex's record of which worker holds tab ``token``'s socket. It
    expires with the states (``redis_token_expiration``); the owner stores it again only
    when told it expired, and meanwhile the other workers take the tab for disconnected
    and send it nothing."""
    from reflex.utils.token_manager import RedisTokenManager

    return f"{RedisTokenManager._token_socket_record_prefix}{token}"


def computed_not_stored(state: Any, *names: str) -> None:
    """The values of ``state``'s cached computed vars ``names`` stay out of what Reflex's
    Redis state manager stores of a tab's state: they are computed again where they are
    read. For a value that is cheap to compute and large to store: ``Device.tr``, the
    language's whole message catalog, was 70 KB of every tab's ``Device`` in Redis, loaded
    and unpickled with every event of the tab (``Device`` is the parent of its states).

    Reflex keeps a cached computed var's value in the instance's ``__dict__``, which its
    ``__getstate__`` returns whole; this leaves those keys out of the copy it pickles.
    """
    keys = frozenset(state.computed_vars[name]._cache_attr for name in names)
    stored = state.__getstate__

    def __getstate__(self: Any) -> dict[str, Any]:
        return {key: value for key, value in stored(self).items() if key not in keys}

    state.__getstate__ = __getstate__


def state_keys(tokens: Iterable[str], names: Iterable[str]) -> list[str]:
    """:func:`state_key` of every token with every state name."""
    names = tuple(names)
    return [state_key(t, n) for t in tokens for n in names]


_REDIS_BY_LOOP: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Any] = weakref.WeakKeyDictionary()


def redis_client() -> Any | None:
    """Reflex's async Redis client, one per running event loop (None without ``redis_url``).

    Reflex's ``get_redis`` builds a new client, with a new connection pool, on every call:
    asked once per move, it opened a connection per move. An asyncio client belongs to the
    loop its connections were made on, so the client is kept per loop (a worker has one;
    the tests start several) and forgotten with it.
    """
    from reflex.utils.prerequisites import get_redis

    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # outside a loop nothing can await the client: nothing to share
        return get_redis()
    client = _REDIS_BY_LOOP.get(loop)
    if client is None:
        client = get_redis()
        if client is not None:
            _REDIS_BY_LOOP[loop] = client
    return client


async def redis_status() -> dict[str, Any]:
    """``{"redis": ...}`` as Reflex's ``/_health`` reports it, or ``{}`` without Redis."""
    from reflex.utils import prerequisites

    if not prerequisites.check_redis_used():
        return {}
    return await prerequisites.get_redis_status()


def db_engine(url: str | None = None) -> Any:
    """The SQLAlchemy engine ``rx.session(url)`` uses (``reflex.model.get_engine``)."""
    from reflex.model import get_engine

    return get_engine(url)


# -- the app, its sockets and raw frames --------------------------------------------------

def current_app() -> rx.App:
    """The app being served (inside an event handler or lifespan task)."""
    RegistrationContext = _internal("reflex_base.registry", "RegistrationContext")

    return RegistrationContext.get().app


def _manager(app: Any) -> Any | None:
    namespace = app.event_namespace
    return None if namespace is None else namespace._token_manager


async def is_connected(app: Any, token: str) -> bool:
    """Whether the tab ``token`` has a socket open on any worker."""
    manager = _manager(app)
    return manager is not None and await manager.is_token_connected(token)


def local_sockets(app: Any) -> list[tuple[str, str]]:
    """``(token, sid)`` of every socket this worker holds."""
    manager = _manager(app)
    if manager is None:
        return []
    return [(token, record.sid) for token, record in list(manager.token_to_socket.items())
            if record.instance_id == manager.instance_id]


def sid_token(namespace: Any, sid: str) -> str | None:
    """The tab token of a socket id, or None."""
    return namespace.sid_to_token.get(sid)


def event_token() -> str | None:
    """The tab token of the event being handled (``reflex_base``'s ``EventContext``; the
    backend exception handler runs inside it), or None outside an event."""
    EventContext = _internal("reflex_base.event.context", "EventContext")

    try:
        return EventContext.get().token or None
    except LookupError:
        return None


def event_path(fields: Any) -> str:
    """The page path an event's client sent it from (its ``router_data``; "" when absent or
    not readable: the fields come from the client as they are)."""
    route = fields.get("router_data") if isinstance(fields, dict) else None
    path = (route.get("pathname") or route.get("asPath") or "") if isinstance(route, dict) else ""
    return path if isinstance(path, str) else ""


def connection_info(namespace: Any, sid: str) -> dict[str, Any]:
    """What Reflex noted of a socket when it connected: ``{"headers": {...}, "ip": ...}``."""
    return getattr(namespace, "_static_router_data", {}).get(sid) or {}


def state_update(*event_specs: Any) -> Any:
    """A ``StateUpdate`` frame carrying these event specs (``rx.toast(...)``, ``rx.call_script``)."""
    from reflex.state import StateUpdate
    from reflex_base.event import Event

    return StateUpdate(events=Event.from_event_type(list(event_specs)))


async def emit_to_sid(namespace: Any, sid: str, *event_specs: Any) -> None:
    """Sends events to one socket of this worker, outside any handler."""
    SocketEvent = _internal("reflex_base.constants", "SocketEvent")

    await namespace.emit(str(SocketEvent.EVENT), state_update(*event_specs), to=sid)


async def emit_to(app: Any, token: str, *event_specs: Any) -> None:
    """Sends events to the tab ``token`` (on whichever worker holds its socket)."""
    namespace = app.event_namespace
    if namespace is not None:
        await namespace.emit_update(state_update(*event_specs), token)


def has_local_socket(app: Any, token: str) -> bool:
    """Whether the tab ``token`` has a socket open on this worker (no Redis asked)."""
    manager = _manager(app)
    if manager is None:
        return False
    record = manager.token_to_socket.get(token)
    return record is not None and record.instance_id == manager.instance_id


def _root_in_memory(app: Any, token: str) -> Any | None:
    StateManagerMemory = _internal("reflex.istate.manager.memory", "StateManagerMemory")

    manager = app.state_manager
    return manager.states.get(token) if isinstance(manager, StateManagerMemory) else None


def state_in_memory(app: Any, token: str, cls: Any) -> Any | None:
    """Tab ``token``'s state ``cls`` as Reflex's memory state manager holds it, read without
    its lock (None: another state manager, or no such tab). To read, never to change."""
    root = _root_in_memory(app, token)
    if root is None:
        return None
    try:
        return root.get_substate(cls.get_full_name().split("."))
    except ValueError:
        return None


def link_in_memory(app: Any, token: str, cls: Any) -> str:
    """The shared token tab ``token``'s ``SharedState`` ``cls`` is linked to, as Reflex's
    memory state manager holds the tab ("": not linked, or not held in memory)."""
    root = _root_in_memory(app, token)
    if root is None:
        return ""
    # read for every event taken off the socket (without peek's, the proxy's share was 3.6 %
    # of the worker at 100 rooms, human pace: docs/scaling.md, twenty-second round)
    links = peek(root, "_reflex_internal_links")
    return (links or {}).get(cls.get_full_name(), "")


KEEP_ALIVE_SLACK = 0.1  # a state renewed within this share of the expiry is not renewed again


async def keep_alive_in_memory(app: Any, *tokens: str) -> None:
    """Renews the memory state manager's expiry of the states it holds for ``tokens``, as
    an event of the tab renews it (``REFLEX_REDIS_TOKEN_EXPIRATION``); creates none. One
    renewed within the last ``KEEP_ALIVE_SLACK`` of the expiry is left as it is: a busy tab
    sends an event every few seconds, and each renewal was a tenth of a quiet event's CPU."""
    BaseStateToken = _internal("reflex.istate.manager.token", "BaseStateToken")

    manager = app.state_manager
    expiring = getattr(manager, "_token_expires_at", {})  # cache key (the token) -> (expires at, token)
    renewed_lately = time.time() + manager.token_expiration * (1 - KEEP_ALIVE_SLACK)
    for token in tokens:
        root = _root_in_memory(app, token)
        if root is None:
            continue
        held = expiring.get(token)
        if held is None or held[0] < renewed_lately:
            await manager.get_state(BaseStateToken(ident=token, cls=type(root)))


def set_unread_in_memory(state: Any, **values: Any) -> None:
    """Sets backend vars of ``state`` (as :func:`state_in_memory` gives it) that no var
    reads, marking nothing changed: no var is recomputed, nothing is sent. Only for the
    memory state manager, whose state object is the tab's state, and only where no event
    of the tab runs (:func:`events_pending`)."""
    for name, value in values.items():
        state.__dict__[name] = value  # where Reflex's Field keeps a var's value


def set_shared_in_memory(state: Any, **values: Any) -> set[str]:
    """Sets vars of a shared state modified out of any tab's event (:func:`modify_shared`)
    and returns the names of those set, as :func:`take_changes` would, without marking
    the vars computed from them in the shared state's own tree: the tabs that show them
    have their own trees, which Reflex's update of the linked tabs marks
    (:func:`update_linked_tabs`). Setting ``RoomShared.version`` through Reflex marked a
    ``Screen`` in the room's tree at every move, 2-4 % of the worker at 100 rooms, human
    pace. Only for the memory state manager, whose state object is the one kept."""
    set_unread_in_memory(state, **values)
    return set(values)


def events_pending(app: Any, token: str) -> bool:
    """Whether Reflex's event processor holds an event of tab ``token``: queued, or being
    processed (its events run one after the other)."""
    processor = getattr(app, "_event_processor", None)
    if processor is None:
        return True  # unknown: let Reflex order it
    if processor._token_queues.get(token):
        return True
    queue = processor._queue
    return queue is not None and any(entry.ctx.token == token for entry in queue._queue)


def memory_state_manager(app: Any) -> bool:
    """Whether the app keeps its states in this process (Reflex's memory state manager)."""
    StateManagerMemory = _internal("reflex.istate.manager.memory", "StateManagerMemory")

    return isinstance(app.state_manager, StateManagerMemory)


async def emit_deltas(app: Any, deltas: Iterable[tuple[str, dict[str, dict[str, Any]]]]) -> None:
    """Sends each tab ``token`` of ``deltas`` its delta, if its socket is on this worker:
    the frames are queued on their sockets one after the other, then the loop turns once
    (Reflex's ``emit_update`` turns it after each frame, so the last tab of a room waited
    for every other room's work once per tab before it). See :func:`_queue_update`."""

    StateUpdate = _internal("reflex.state", "StateUpdate")

    namespace, manager = app.event_namespace, _manager(app)
    if namespace is None or manager is None:
        return
    for token, delta in deltas:
        await _queue_update(namespace, manager, token, StateUpdate(delta=delta))
    await asyncio.sleep(0)


async def _queue_update(namespace: Any, manager: Any, token: str, update: Any) -> bool:
    """Queues ``update`` (a ``StateUpdate``) on the socket of tab ``token`` if that socket is
    on this worker (False: it is not), its ``send_patched`` vars made patches of what the
    socket was sent last (:func:`_patched`).

    The frame is the Socket.IO packet the namespace's ``emit`` would write, queued on its
    Engine.IO socket at once: ``emit`` starts a task per recipient and waits for it (a tenth
    of a move's CPU), and a frame queued by another path meanwhile would pass it, while its
    patch had been made from what this one carries.
    """

    constants = _internal("reflex_base", "constants")
    eio_packet = _internal("engineio", "packet")
    sio_packet = _internal("socketio", "packet")

    record = manager.token_to_socket.get(token)
    if record is None or record.instance_id != manager.instance_id:
        return False
    server, name = namespace.server, namespace.namespace
    eio_sid = server.manager.eio_sid_from_sid(record.sid, name)
    if eio_sid is None:
        return False
    if update.delta:
        update = dataclasses.replace(update, delta=_patched(record.sid, update.delta))
    # (nor the emit's search of the data for bytes: an update is JSON)
    frame = server.packet_class(sio_packet.EVENT, namespace=name,
                                data=[str(constants.SocketEvent.EVENT), update], binary=False)
    await server._send_eio_packet(eio_sid, eio_packet.Packet(eio_packet.MESSAGE, frame.encode()))
    return True


# (state, var key) -> (the keys whose values a patch's base must have, the handler of that
# state that sends the whole value again): the vars ``send_patched`` names
_PATCHED: dict[tuple[str, str], tuple[tuple[str, ...], str]] = {}
_HELD: dict[str, dict[tuple[str, str], Any]] = {}  # socket sid -> patched var -> the value it was sent


def send_patched(state: Any, var: str, same: tuple[str, ...], resend: str) -> None:
    """Values of ``state``'s dict var ``var`` go to a socket as what changed from the value
    that socket was sent last (``tablegames/patches.py``), whichever way they are sent;
    ``frame_patches.py`` expands them in the browser. Call :func:`patch_frames` at startup.

    Args:
        state: The state class.
        var: The var's name.
        same: Keys of the value that a patch's base must have in the browser as it had on
            the server (else the patch is not applied there).
        resend: The handler of ``state`` that the browser calls when a patch did not apply
            (it calls :func:`resend_whole`).
    """
    _PATCHED[(full_name(state), var_key(var))] = (tuple(same), resend)


def _patched(sid: str, delta: Any) -> Any:
    """``delta`` as socket ``sid`` gets it: the values of patched vars as patches of the
    ones this socket was sent last (each value is noted as sent)."""
    out = delta
    for (state, key), (same, resend) in _PATCHED.items():
        part = delta.get(state)
        if not part or key not in part:
            continue
        value = part[key]
        held = _HELD.setdefault(sid, {})
        base, held[(state, key)] = held.get((state, key)), value
        if type(base) is not dict or type(value) is not dict:
            continue
        patch = {"$patch": patches.diff(base, value), "$same": {k: base[k] for k in same if k in base},
                 "$resend": resend}
        out = dict(out) if out is delta else out
        out[state] = {**part, key: patch}
    return out


def expand_patched(state: str, held: Any, value: Any) -> tuple[bool, Any, str]:
    """What a browser makes of a value that came for a ``send_patched`` var, as
    ``frame_patch.js`` does (for clients that speak the socket protocol themselves).

    Args:
        state: The full name of the var's state (the delta's key).
        held: The var's value this socket holds (the last one it got).
        value: The value that came (a patch, or a whole value).

    Returns:
        ``(True, the whole value, "")``, or ``(False, None, event)`` when a patch does not
        apply to ``held``: the event (its full name) asks the server for the whole value.
    """
    if type(value) is not dict or "$patch" not in value:
        return True, value, ""
    same = value.get("$same") or {}
    if type(held) is not dict or any(k not in held or held[k] != v for k, v in same.items()):
        return False, None, f"{state}.{value['$resend']}" if value.get("$resend") else ""
    return True, patches.merge(held, value["$patch"]), ""


def resend_whole(state: Any, var: str) -> None:
    """In a handler of ``state``: the browser gets ``var`` whole with this event's delta (a
    patch of it did not apply there: ``send_patched``)."""
    manager = _manager(current_app())
    record = manager.token_to_socket.get(state.router.session.client_token) if manager is not None else None
    if record is not None:
        _HELD.get(record.sid, {}).pop((full_name(state), var_key(var)), None)
    state.dirty_vars.add(var)
    state._mark_dirty()


def patch_frames(app: Any) -> None:
    """Lifespan task: Reflex's own updates to a socket of this worker are queued as the
    fan-out's are (:func:`_queue_update`: its ``send_patched`` vars as patches, in the order
    the patches were made), and what a closed socket was sent is forgotten."""
    import asyncio

    namespace, manager = app.event_namespace, _manager(app)
    if namespace is None or manager is None or getattr(namespace, "_tg_patched", False):
        return
    emit_update, on_disconnect = namespace.emit_update, namespace.on_disconnect

    async def patched_emit_update(update: Any, token: str) -> None:
        if await _queue_update(namespace, manager, token, update):
            await asyncio.sleep(0)  # as Reflex's: the socket's writer may send it
        else:
            await emit_update(update, token)  # a socket on another worker: patched there

    def forgetting_on_disconnect(sid: str) -> Any:
        _HELD.pop(sid, None)
        return on_disconnect(sid)

    namespace.emit_update = patched_emit_update
    namespace.on_disconnect = forgetting_on_disconnect
    namespace._tg_patched = True


STATE_JS = "utils/state.js"  # Reflex's client runtime, in the compiled front end (.web)
_IMPORT_AFTER = 'import io from "socket.io-client";\n'
_HANDLER = 'socket.current.on("event", (update) => {\n'
_EXPAND = ("    for (const name of expandPatches(update.delta ?? {})) {  // Table Games: frame_patches.py\n"
           "      queueEvents([ReflexEvent(name, {})], socket, false, navigate, params).catch(\n"
           "        reportStateUpdateError,\n"
           "      );\n"
           "    }\n")


def state_js_template() -> Any:
    """The ``utils/state.js`` Reflex copies into every compiled front end (a ``Path``)."""
    from pathlib import Path

    import reflex_base

    return Path(reflex_base.__file__).parent / ".templates" / "web" / STATE_JS


def state_js_expanding_patches(state_js: str, module: str) -> str:
    """Reflex's ``utils/state.js`` whose socket "event" handler first expands the patched
    values of each delta and sends the events that ask for a whole value again
    (``expandPatches`` of ``module``, ``frame_patch.js``; idempotent).

    Args:
        state_js: The file's text.
        module: Where the compiled front end has ``frame_patch.js`` (``"utils/frame_patch.js"``).

    Raises:
        RuntimeError: the file lacks a line this hooks into (another Reflex version).
    """
    line = f'import {{ expandPatches }} from "$/{module.removesuffix(".js")}";\n'
    if line in state_js:
        return state_js
    if state_js.count(_IMPORT_AFTER) != 1 or state_js.count(_HANDLER) != 1:
        raise RuntimeError(f"{STATE_JS} has changed: its socket's event handler was not found")
    state_js = state_js.replace(_IMPORT_AFTER, _IMPORT_AFTER + line)
    return state_js.replace(_HANDLER, _HANDLER + _EXPAND)


def set_max_frame(app: Any, size: int) -> None:
    """The largest websocket frame (bytes) the socket server accepts."""
    if app.sio is not None:
        app.sio.eio.max_http_buffer_size = size


_LONG_NUMBER = re.compile(r"\d{19}")  # a number orjson may read as a float (fast_packets)


def fast_packets(app: Any) -> None:
    """Socket.IO packets serialised and parsed by orjson (Reflex's encoder, ``json`` with
    its serializers as the fallback, was a tenth of a busy worker; ``json`` parsing the
    incoming events 2.6 % of it at 100 rooms, human pace). Dataclasses (Reflex's
    ``StateUpdate``), dates and whatever else ``json`` would not write itself go through
    Reflex's serializers, and a value orjson refuses (an int beyond 64 bits) through
    Reflex's encoder: the text parses to the same data. An incoming text orjson would read
    otherwise than ``json`` (NaN, a lone surrogate, a number of 19 digits or more, which
    it may read as a float) is parsed by ``json``, as before."""
    import types

    import orjson
    from reflex_base.utils import format as rx_format
    from reflex_base.utils.serializers import serialize

    if app.sio is None or getattr(app.sio.packet_class, "_tg_fast", False):
        return
    reflex_json = app.sio.packet_class.json
    options = (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS
               | orjson.OPT_PASSTHROUGH_DATETIME)

    def dumps(obj: Any, **kwargs: Any) -> str:
        try:
            return orjson.dumps(obj, default=serialize, option=options).decode()
        except TypeError:
            return rx_format.json_dumps(obj, **kwargs)

    def loads(text: Any, **kwargs: Any) -> Any:
        if not kwargs and type(text) is str and _LONG_NUMBER.search(text) is None:
            try:
                return orjson.loads(text)
            except orjson.JSONDecodeError:
                pass
        return reflex_json.loads(text, **kwargs)

    app.sio.packet_class.json = types.SimpleNamespace(dumps=dumps, loads=loads)
    app.sio.packet_class._tg_fast = True


def lean_socket_poll() -> None:
    """Engine.IO's socket writers wait for their next frames on the queue alone.

    Every frame a socket is sent wakes its writer task in ``AsyncSocket.poll``, which
    waited under ``asyncio.wait_for`` (on Python 3.11 a task, a timer and their callbacks
    for each wait): about 10 us a frame in a tight loop against 2.4 for the queue alone,
    and about 6 % of the worker's samples at 100 rooms, human pace (docs/scaling.md,
    twenty-third round; ``asyncio.timeout`` saved nothing there). The time limit it waited
    under (``ping_interval + ping_timeout``) is also the one of the socket's reader, which
    ends the writer when it ends (it queues ``None``): a socket whose client went quiet is
    still closed by it. (Reflex serves the websocket transport alone; were it long-polling,
    the server's ping check would close a quiet socket, and its closing packet end the
    wait.) The rest is Engine.IO's ``poll`` as it was. Installed once, and only over the
    ``poll`` it was written against (``_ENGINEIO_POLL``).
    """
    import hashlib
    import inspect

    from engineio import async_socket, exceptions

    current = async_socket.AsyncSocket.poll
    if getattr(current, "_tg_lean", False):
        return
    if hashlib.sha256(inspect.getsource(current).encode()).hexdigest() != _ENGINEIO_POLL:
        return  # another Engine.IO: its own poll stays

    async def poll(self: Any) -> list[Any]:
        """Wait for packets to send to the client."""
        queue = self.queue
        try:
            first = await queue.get()
        except asyncio.CancelledError:
            raise exceptions.QueueEmpty() from None
        queue.task_done()
        if first is None:
            return []
        packets = [first]
        while not queue.empty():
            pkt = queue.get_nowait()
            queue.task_done()
            if pkt is None:
                queue.put_nowait(None)
                break
            packets.append(pkt)
        return packets

    poll._tg_lean = True  # type: ignore[attr-defined]
    async_socket.AsyncSocket.poll = poll


# sha256 of the source of python-engineio 4.15.1's AsyncSocket.poll (lean_socket_poll)
_ENGINEIO_POLL = "826f58a9f3606db208e5d1266f075ad655b6eeda47b0a5616748624899ca5954"


def set_exception_handlers(app: Any, frontend: Callable[[Exception], None],
                           backend: Callable[[Exception], Any]) -> None:
    """The app's exception handlers, also in an event processor already running."""
    app.frontend_exception_handler = frontend
    app.backend_exception_handler = backend
    processor = getattr(app, "_event_processor", None)
    if processor is not None:
        processor.backend_exception_handler = backend


def backend_path(path: str) -> str:
    """A backend route's path with the configured backend prefix."""
    from reflex_base.config import get_config

    return get_config().prepend_backend_path(path)


def health_path() -> str:
    """The path of Reflex's health check (``/_health``), with the backend prefix."""
    from reflex_base.constants import Endpoint

    return backend_path(str(Endpoint.HEALTH))


def route_first(app: Any, path: str, endpoint: Callable[..., Any], methods: tuple[str, ...] = ("GET",)) -> None:
    """Serves ``path`` with ``endpoint`` before Reflex's own routes (once)."""
    from starlette.routing import Route

    api = getattr(app, "_api", None)
    if api is None or any(getattr(r, "endpoint", None) is endpoint for r in api.routes):
        return
    api.router.routes.insert(0, Route(path, endpoint, methods=list(methods)))


def spa_fallback_name() -> str:
    """The file name of React Router's SPA fallback page in the static build."""
    from reflex_base.constants import ReactRouter

    return ReactRouter.SPA_FALLBACK


def run_prod_backend(host: str, port: int) -> None:
    """Serves the backend and the already compiled front end with Granian (blocks).

    What ``reflex run --env prod --backend-only`` does, without compiling again: used by
    ``scripts/serve.py``'s worker after its own build.
    """
    from reflex.utils import exec as reflex_exec
    from reflex_base import constants
    from reflex_base.config import get_config
    from reflex_base.environment import environment

    environment.REFLEX_ENV_MODE.set(constants.Env.PROD)
    environment.REFLEX_SKIP_COMPILE.set(True)  # the build is done; start in a second
    environment.REFLEX_MOUNT_FRONTEND_COMPILED_APP.set(True)
    reflex_exec.run_granian_backend_prod(host, port, get_config().loglevel.subprocess_level())


def reload_paths() -> list[Any]:
    """The paths Reflex's dev server watches for reloads."""
    from reflex.utils.exec import get_reload_paths

    return list(get_reload_paths())


# -- shared states ----------------------------------------------------------------------

def linked_to(state: Any) -> str:
    """The shared token this tab's copy of a ``SharedState`` is linked to ("" if none)."""
    return state._linked_to


def linked_tabs(state: Any) -> frozenset[str]:
    """The tab tokens linked to a shared state (updates fan out to them)."""
    return frozenset(peek(state, "_linked_from"))


def peek(state: Any, name: str) -> Any:
    """The value of ``state``'s var ``name`` as it is held, for a read that changes nothing.

    Reflex's attribute wraps a list, dict or set in a change-watching proxy at each read;
    the reads of a move and of a table's heartbeat made about 3 % of the worker's samples
    at 100 rooms, human pace (docs/scaling.md, twenty-third round). Writing into the value
    returned would change the state without Reflex noticing: assign a new value instead.
    """
    try:
        return state.__dict__[name]
    except KeyError:  # not set yet, or held by the state that declares it
        return getattr(state, name)


def add_linked_tab(state: Any, token: str) -> None:
    """Puts a tab back in a shared state's fan-out (its socket came back)."""
    if token not in state._linked_from:
        state._linked_from = {*state._linked_from, token}


def drop_linked_tab(state: Any, token: str) -> None:
    """Takes a tab out of a shared state's fan-out (its socket closed)."""
    if token in state._linked_from:
        state._linked_from = state._linked_from - {token}


async def link_shared(state: Any, token: str) -> Any:
    """Links this tab's ``SharedState`` to ``token``, leaving the one it was linked to.

    Args:
        state: The tab's instance of a ``rx.SharedState`` subclass.
        token: The shared token (no underscores), e.g. ``room-ABCD``.

    Returns:
        The linked state (use it instead of ``state`` afterwards). Already linked to
        ``token``: ``state`` itself, with this tab back in its fan-out.
    """
    if state._linked_to == token:
        add_linked_tab(state, state.router.session.client_token)
        return state
    if state._linked_to:
        await state._unlink()
    linked = await state._link_to(token)
    _note_link_marks(linked, state.router.session.client_token)
    return linked


# tab token -> (its event's context, the shared state's name, the linked instance, the
# values of the vars its link marked dirty, as they were when it linked)
_LINK_MARKS: dict[str, tuple[Any, str, Any, dict[str, Any]]] = {}
_LINK_MARKS_KEPT = 10_000


def _note_link_marks(linked: Any, tab: str) -> None:
    """Notes what Reflex's link marked dirty, so that only what the event then changed goes
    to the other tabs (:func:`_without_link_marks`).

    To send the linking tab the whole shared state, Reflex marks every var of it dirty; at
    the end of the event those dirty vars count as the event's changes and every other
    linked tab is updated with all of them. So each new tab of a room sent every tab before
    it a whole update (30 tabs opening a lobby: 400 updates, every other room's moves waited).
    """
    EventContext = _internal("reflex_base.event.context", "EventContext")

    if not (linked._linked_from - {tab}):
        return  # no other tab: nothing is sent to anyone
    try:
        context = EventContext.get()
    except LookupError:
        return
    fields = type(linked).get_fields()
    values = {name: copy.deepcopy(linked.get_value(name)) for name in linked.dirty_vars if name in fields}
    if len(_LINK_MARKS) >= _LINK_MARKS_KEPT:
        _LINK_MARKS.clear()  # entries of events that sent nothing (they hold no lock, no socket)
    _LINK_MARKS[tab] = (context, linked.get_full_name(), linked, values)


def link_refreshes_all(tab: str) -> None:
    """This event's link of ``tab`` sends every other linked tab the whole shared state, as
    Reflex does (:func:`_note_link_marks` otherwise sends them only what the event changed)."""
    _LINK_MARKS.pop(tab, None)


def _without_link_marks(dirty_by_state: dict[str, set[str]]) -> dict[str, set[str]]:
    """``dirty_by_state`` without the vars this event's link marked dirty and left as they
    were (:func:`_note_link_marks`)."""
    EventContext = _internal("reflex_base.event.context", "EventContext")

    tab = event_token()
    mark = _LINK_MARKS.pop(tab, None) if tab else None
    if mark is None:
        return dirty_by_state
    context, name, linked, values = mark
    try:
        if context is not EventContext.get():
            return dirty_by_state  # a mark an earlier event left (it sent nothing)
    except LookupError:
        return dirty_by_state
    dirty = dirty_by_state.get(name)
    if not dirty:
        return dirty_by_state
    changed = {var for var in dirty if var not in values or linked.get_value(var) != values[var]}
    return {**dirty_by_state, name: changed}


async def unlink_shared(state: Any) -> None:
    """Unlinks this tab's ``SharedState`` (back to its private copy); no-op if not linked."""
    if state._linked_to:
        await state._unlink()


def lean_linked_updates() -> None:
    """Patches a room's linked state into a tab's tree without Reflex's throw-away delta.

    To update a tab linked to a shared state (``reflex.istate.shared._patch_state``), Reflex
    swaps the shared instance into the tab's tree, marks the tab's router vars dirty and
    resolves a whole delta of the tree, which it discards, "to refresh computed vars"; then
    it marks the shared vars that changed dirty and resolves the real delta. So every
    computed var of the tab that reads the room was computed twice per update (the first
    time before the change it is sent for), and the router vars, which no update changes,
    were sent to every linked tab with every move. Without ``full_delta`` (an update, not a
    link or unlink) the computed vars that depend on the swapped state hold no cached value
    (they are invalidated whenever the private copy is swapped back), so the real delta
    computes each of them once, from the linked state, and sends what changed. A link or
    unlink (``full_delta=True``) goes through Reflex's own code unchanged.

    Swapping back, Reflex also queued every var that reads the shared state for the tab's
    next delta, so the tab's next event (the table's heartbeat, a tap on a phone) sent them
    all again, unchanged: the whole screen, 3-4 KB, every 5 s for each table. Here they are
    only invalidated (:func:`_invalidate_readers`).

    Also, the vars an event changed in a shared state are what Reflex sends to the other
    linked tabs (``_previous_dirty_vars``, set when the state is cleaned after a delta). With
    the memory state manager the shared instance lives on between events, and an event that
    only reads it (a table's heartbeat, every 5 s) does not clean it: the last move's
    ``version`` was sent again, and every other tab of the room recomputed its whole delta,
    after each such event. They are cleared as the shared state is patched in, so each event
    sends what it changed, and nothing when it changed nothing.

    Idempotent; installed when ``tablegames.state.room`` is imported.
    """
    from reflex.istate import shared

    if getattr(shared._patch_state, "_tablegames_lean", False):
        return
    reflex_patch = shared._patch_state

    @contextlib.asynccontextmanager
    async def patch_state(original_state: Any, linked_state: Any, full_delta: bool = False) -> AsyncIterator[None]:
        if (previous := getattr(linked_state, "_previous_dirty_vars", None)) is not None:
            previous.clear()  # this event's changes only (see the docstring)
        if full_delta:
            async with reflex_patch(original_state, linked_state, full_delta=True):
                yield
            return
        if (parent := original_state.parent_state) is None:
            from reflex_base.utils.exceptions import ReflexRuntimeError

            raise ReflexRuntimeError("Cannot patch root state as linked state.")
        name = original_state.get_name()
        parent.substates[name] = linked_state
        linked_parent = linked_state.parent_state
        linked_state.parent_state = parent
        try:
            yield
        finally:  # as Reflex does: swap back, and what read the linked state reads it again
            parent.substates[name] = original_state
            linked_state.parent_state = linked_parent
            cls = type(original_state)
            _invalidate_readers(original_state, [field for field, f in cls.get_fields().items() if f._owner is cls])

    patch_state._tablegames_lean = True  # type: ignore[attr-defined]
    shared._patch_state = patch_state


def _invalidate_readers(state: Any, fields: list[str]) -> None:
    """Drops the cached values of the computed vars that read ``fields`` of ``state``, and
    of those that read them, through the tab's tree, without queuing them for its next
    delta (which Reflex's ``_mark_dirty_computed_vars`` does).

    They are recomputed when next read. Each change of the room reaches the tab on its
    own: Reflex's update of the linked tabs marks what read the vars that changed, and
    ``state.fanout`` sends a move's screen. Queued, every var that reads the room went out
    again with the tab's next event, changed or not: the whole screen with each of the
    table's heartbeats.
    """
    pending = [(state, field) for field in fields if field in state._var_dependencies]
    seen: set[tuple[str, str]] = set()
    while pending:
        source, field = pending.pop()
        for dependent in source._var_dependencies[field]:
            if dependent in seen:
                continue
            seen.add(dependent)
            state_name, var_name = dependent
            target = (source if state_name == source.get_full_name()
                      else source._get_root_state().get_substate(state_name.split(".")))
            target.computed_vars[var_name].mark_dirty(instance=target)
            if var_name in target._var_dependencies:
                pending.append((target, var_name))


def route_linked_updates(state_cls: Any,
                         router: Callable[[set[str], set[str], Callable[[set[str]], None]], tuple[set[str], Any]]) -> None:
    """Lets ``router`` take over part of Reflex's update of the tabs linked to ``state_cls``.

    After an event that loaded a shared state, Reflex updates every other tab linked to it
    (``reflex.istate.shared._do_update_other_tokens``: a task per tab that loads it, patches
    the shared state in and sends its delta), even when the event changed none of its vars
    (a table's heartbeat reads the room every 5 s). Installed, this sends nothing for such an
    event. When the event changed ``state_cls`` alone, ``router(tokens, dirty_vars,
    reflex_update)`` is asked first; it returns the tokens Reflex still updates and an
    awaitable that updates the others (or None), run in a task of Reflex's own set of
    fan-out tasks; that awaitable may still hand tokens to Reflex (``reflex_update(tokens)``
    starts Reflex's update of those). Other updates go through Reflex unchanged.

    Idempotent per ``state_cls``; installed by ``tablegames.state.fanout``.
    """
    import asyncio

    from reflex.istate import shared

    name = state_cls.get_full_name()
    routers = getattr(shared._do_update_other_tokens, "_tablegames_routers", None)
    if routers is None:
        reflex_update = shared._do_update_other_tokens
        routers = {}

        def do_update(affected_tokens: set[str], previous_dirty_vars: dict[str, set[str]],
                      state_type: Any) -> list[Any]:
            previous_dirty_vars = _without_link_marks(previous_dirty_vars)
            changed = {state: dirty for state, dirty in previous_dirty_vars.items() if dirty}
            if not changed:  # the event only read the shared states: the other tabs have it all
                return []
            route = routers.get(next(iter(changed))) if len(changed) == 1 else None
            if route is None:
                return reflex_update(affected_tokens, previous_dirty_vars, state_type)
            def later(tokens: set[str]) -> None:
                reflex_update(tokens, previous_dirty_vars, state_type)

            rest, own = route(set(affected_tokens), set(next(iter(changed.values()))), later)
            tasks = reflex_update(rest, previous_dirty_vars, state_type) if rest else []
            if own is not None:
                task = asyncio.create_task(own)
                shared.UPDATE_OTHER_CLIENT_TASKS.add(task)
                task.add_done_callback(shared._log_update_client_errors)
                tasks.append(task)
            return tasks

        do_update._tablegames_routers = routers  # type: ignore[attr-defined]
        shared._do_update_other_tokens = do_update
    routers[name] = router


def take_changes(state: Any) -> set[str]:
    """The vars changed in ``state`` (a shared state modified through :func:`modify_shared`,
    outside any tab's event), which are then clean: no tab's next event sends them again."""
    changed = set(state.dirty_vars)
    state._clean()
    if state._previous_dirty_vars is not None:
        state._previous_dirty_vars.clear()
    return changed


def update_linked_tabs(state_cls: Any, tokens: set[str], dirty: set[str]) -> None:
    """Starts Reflex's update of the linked tabs ``tokens`` for a change of ``dirty`` vars
    of the shared ``state_cls`` (what it does after an event changed them; through any
    router of :func:`route_linked_updates`)."""
    shared = _internal("reflex.istate", "shared")

    shared._do_update_other_tokens(set(tokens), {state_cls.get_full_name(): set(dirty)}, state_cls)


@contextlib.asynccontextmanager
async def modify_shared(app: Any, token: str, cls: Any) -> AsyncIterator[Any]:
    """The shared state ``cls`` of ``token`` (e.g. a room's), locked and saved on exit.

    Example::

        async with modify_shared(app, room_token(code), RoomShared) as shared:
            drop_linked_tab(shared, tab)
    """
    BaseStateToken = _internal("reflex.istate.manager.token", "BaseStateToken")

    async with app.state_manager.modify_state(BaseStateToken(ident=token, cls=cls)) as root:
        yield await root.get_state(cls)


@contextlib.asynccontextmanager
async def modify_tab(app: Any, token: str, cls: Any) -> AsyncIterator[Any]:
    """Tab ``token``'s state ``cls``, locked, outside any event of the tab; what changed in
    it is sent to the tab on exit (Reflex's ``App.modify_state``, as a background task does)."""
    BaseStateToken = _internal("reflex.istate.manager.token", "BaseStateToken")

    async with app.modify_state(BaseStateToken(ident=token, cls=cls)) as root:
        yield await root.get_state(cls)


async def memory_tab_state(cls: Any, token: str) -> Any:
    """A new tab's state ``cls`` (its substate of the tab's root state) in an in-memory state
    manager of its own: a state's handlers and computed vars run on it without a server
    (tests)."""
    from reflex.istate.manager.memory import StateManagerMemory
    from reflex.istate.manager.token import BaseStateToken

    root = await StateManagerMemory().get_state(BaseStateToken(ident=token, cls=cls))
    return await root.get_state(cls)


# -- components and Vars -----------------------------------------------------------------

def js_var(expr: str, var_type: Any = Any, var_data: Any = None) -> Any:
    """A Var that renders as the JavaScript expression ``expr`` (``Var(_js_expr=...)``).

    Args:
        expr: The JavaScript expression, e.g. ``"window.__uesLast"``.
        var_type: The Python type the Var stands for (drives its operations).
        var_data: Imports, hooks and state of the expression (:func:`var_data_of` of the
            Vars it is built from, or a ``VarData``).

    Returns:
        The Var, typed by ``var_type`` (a number Var for ``int``: ``+``, ``<`` work on it).
    """
    from reflex.vars.base import Var

    return Var(_js_expr=expr, _var_type=var_type, _var_data=var_data).guess_type()


def js_expr(var: Any) -> str:
    """The JavaScript expression a Var renders as (its ``_js_expr``)."""
    return var._js_expr


def var_data_of(*vars_: Any) -> Any:
    """The merged imports, hooks and state of these Vars (for :func:`js_var`), or None."""
    from reflex.vars.base import VarData

    return VarData.merge(*(v._get_all_var_data() for v in vars_ if v is not None))


def var_data(imports: Any = None, hooks: Any = None) -> Any:
    """A ``VarData`` with these imports (``{"/public/x.js": [ImportVar(...)]}``) and hooks."""
    from reflex.vars.base import VarData

    return VarData(imports=imports, hooks=hooks)


def component_field(**kwargs: Any) -> Any:
    """A component prop with metadata (``field(doc=...)`` of ``reflex_base``)."""
    from reflex_base.components.component import field

    return field(**kwargs)


# Public Reflex names reached through non-top-level modules, re-exported lazily:
# ``from tablegames.reflex_adapter import Var, VarData, StringVar, no_args_event_spec``.
_REEXPORTS = {
    "Var": ("reflex.vars.base", "Var"),
    "VarData": ("reflex.vars.base", "VarData"),
    "StringVar": ("reflex.vars.sequence", "StringVar"),
    "no_args_event_spec": ("reflex.event", "no_args_event_spec"),
}


def __getattr__(name: str) -> Any:
    """The lazily imported re-exports (:data:`_REEXPORTS`)."""
    if name in _REEXPORTS:
        import importlib

        module, attr = _REEXPORTS[name]
        value = getattr(importlib.import_module(module), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
