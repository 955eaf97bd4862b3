"""What the app refuses before any state is touched: oversized frames, unknown handlers,
arguments of the wrong type or size, event floods; and rate limits on rooms and codes.

:func:`install` (a lifespan task: it runs once the app's socket server exists) wraps the
event namespace's ``on_event``, the first Python code that sees a websocket event, so a
refusal costs a few microseconds and no state is loaded, locked or saved for it:

- frames longer than ``MAX_FRAME`` bytes close the socket (Engine.IO's own size check);
- an event must name a handler of the app's states, with only that handler's arguments,
  each of the type its annotation says and at most ``MAX_ARG`` bytes of JSON
  (``MAX_HYDRATE`` for the page's hydrate, which carries its LocalStorage);
- at most ``EVENTS_PER_CONNECTION`` events per connection and ``EVENTS_PER_ADDRESS`` per
  client address (only the events a connection's own limit let through count for its
  address, so one flooding tab does not lock out its neighbours). These are ``aiolimiter``'s
  leaky buckets in this worker's memory: a few microseconds per event, and no work for a
  quiet one (``limits``' memory storage sweeps every key after each hit, a thread hop per
  key, which cost a fifth of a busy worker at 100 rooms);
- page loads (a page's hydrate) come at most ``PAGE_LOADS_PER_ADDRESS`` a second from one
  client address; more wait their turn (at most ``PAGE_LOADS_WAITING``, then refused), so
  thirty tabs opened at once cannot hold every other room's moves back;
- a refusal answers with a translated toast (at most one a second per connection) and a
  short log line; nothing is changed;
- frontend exception reports and unhandled backend exceptions are logged truncated, and
  players get a translated sentence, never exception text.

Room creation, joins and failed code look-ups have limits per client address and per
connection (:func:`allow`), checked by the handlers in ``state.room``. The counters are the
``limits`` library's moving windows, on Redis when the app has one (every worker counts a
client together), else in this process's memory.
"""

from __future__ import annotations

import json
import logging
import math
import os
import time
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any

import limits
import orjson
from aiolimiter import AsyncLimiter
from limits.aio.storage import MemoryStorage, RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter

from tablegames import reflex_adapter as rxa
from tablegames.i18n import DEFAULT_LANG, LANGS, error_text, pick_lang

logger = logging.getLogger(__name__)

MAX_FRAME = 64 * 1024  # bytes of one websocket frame
MAX_ARG = 4_096  # bytes of JSON per handler argument
MAX_HYDRATE = 48 * 1024  # the hydrate carries the page's LocalStorage (secrets of many rooms)
MAX_NAME = 200  # characters of an event name
HYDRATES = (".hydrate", ".hydrate_and_load")  # a page's first event: its load
LOG_CHARS = 300  # of any client-sent text that reaches the log

# TG_RATE_LIMIT_SCALE multiplies the per-minute limits below: the browser tests run hundreds
# of phones from one address (127.0.0.1) against one server. Default 1.
SCALE = max(1.0, float(os.environ.get("TG_RATE_LIMIT_SCALE") or 1))


def _per_minute(amount: int) -> limits.RateLimitItem:
    return limits.RateLimitItemPerMinute(math.ceil(amount * SCALE))


EVENTS_PER_CONNECTION = (30, 1.0)  # (events, seconds): a burst of 30, then 30 a second
EVENTS_PER_ADDRESS = (150, 1.0)
# Page loads per client address: past this pace they wait (a load computes the whole page,
# ~25 ms of the worker: 30 tabs opened at once from one address held every room's moves
# back). A table of 10 phones on one carrier address loads within a second and a half.
PAGE_LOADS_PER_ADDRESS = (8 * SCALE, 1.0)
PAGE_LOADS_WAITING = 32  # page loads of one address waiting their turn; past that, refused
LIMITS = {  # action -> (per client address, per connection)
    "create": (_per_minute(10), _per_minute(5)),
    # A table of 10 on one Wi-Fi: each phone has its own address (behind `scripts/start
    # --https` too: Caddy's X-Forwarded-For is trusted), but a household's guests on mobile
    # data may share one carrier address.
    "join": (_per_minute(20), _per_minute(3)),
    "lookup_failed": (_per_minute(12), _per_minute(6)),
    # a seat's reactions (state/reactions.py: keyed by room and seat, then connection), not
    # scaled: every test phone has a seat of its own
    "react": (limits.parse("5 per 10 seconds"), limits.parse("5 per 10 seconds")),
}

class _Limits:
    """The rate limiters, on the storage every worker shares: Redis when the app has one
    (several workers count one client together), else this process's memory. Made on
    first use, in the event loop that uses them."""

    def __init__(self) -> None:
        self.storage: Any = None
        self.limiter: Any = None

    def get(self) -> Any:
        if self.limiter is None:
            url = _redis_url()
            self.storage = (RedisStorage(f"async+{url}", implementation="redispy", key_prefix="tg-limits")
                            if url else MemoryStorage())
            self.limiter = MovingWindowRateLimiter(self.storage)
        return self.limiter


def _redis_url() -> str:
    import reflex as rx

    url = rx.config.get_config().redis_url or ""
    return url if url.startswith(("redis://", "rediss://")) else ""


_limits = _Limits()


class _EventBuckets:
    """The events each connection and each client address may send: one leaky bucket per
    key, made on its first event. A connection's bucket goes with its socket; the address
    buckets are dropped when there are too many (one made again starts empty, as after a
    quiet second)."""

    MAX_ADDRESSES = 10_000

    def __init__(self) -> None:
        self.connections: dict[str, AsyncLimiter] = {}
        self.addresses: dict[str, AsyncLimiter] = {}

    async def admit(self, sid: str, address: str) -> bool:
        """Counts one event of this connection and address; False (nothing counted) when
        either bucket is full."""
        mine = self.connections.get(sid)
        if mine is None:
            mine = self.connections[sid] = AsyncLimiter(*EVENTS_PER_CONNECTION)
        if not mine.has_capacity():
            return False
        await mine.acquire()  # returns at once: there is room
        theirs = self.addresses.get(address)
        if theirs is None:
            if len(self.addresses) >= self.MAX_ADDRESSES:
                self.addresses.clear()
            theirs = self.addresses[address] = AsyncLimiter(*EVENTS_PER_ADDRESS)
        if not theirs.has_capacity():
            return False
        await theirs.acquire()
        return True

    def forget(self, sid: str) -> None:
        self.connections.pop(sid, None)


_events = _EventBuckets()


class _PageLoads:
    """Paces the page loads of each client address (``PAGE_LOADS_PER_ADDRESS``): a load
    past the pace waits its turn, and at most ``PAGE_LOADS_WAITING`` wait."""

    MAX_ADDRESSES = 10_000

    def __init__(self) -> None:
        self.buckets: dict[str, AsyncLimiter] = {}
        self.waiting: dict[str, int] = {}

    async def take_turn(self, address: str) -> bool:
        """Waits for this address's next page load; False (nothing waited) when too many wait."""
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.MAX_ADDRESSES and not self.waiting:
                self.buckets.clear()
            bucket = self.buckets[address] = AsyncLimiter(*PAGE_LOADS_PER_ADDRESS)
        if bucket.has_capacity():
            await bucket.acquire()  # returns at once
            return True
        if self.waiting.get(address, 0) >= PAGE_LOADS_WAITING:
            return False
        self.waiting[address] = self.waiting.get(address, 0) + 1
        try:
            await bucket.acquire()
        finally:
            self.waiting[address] -= 1
            if not self.waiting[address]:
                del self.waiting[address]
        return True


_page_loads = _PageLoads()


def _is_page_load(fields: Any) -> bool:
    return isinstance(fields, dict) and str(fields.get("name") or "").endswith(HYDRATES)
_last_notice: dict[str, float] = {}  # sid -> when it was last told it was refused


async def _hit(item: limits.RateLimitItem, *keys: str) -> bool:
    """Counts one hit; True while within the limit. A storage that fails (Redis down)
    lets the event through: limits protect the app, they must not take it down."""
    try:
        return await _limits.get().hit(item, *keys)
    except Exception:  # noqa: BLE001
        logger.warning("rate limit storage unavailable: %s allowed", keys[0] if keys else "")
        return True


async def _test(item: limits.RateLimitItem, *keys: str) -> bool:
    try:
        return await _limits.get().test(item, *keys)
    except Exception:  # noqa: BLE001
        return True


async def allow(action: str, address: str, connection: str) -> bool:
    """Counts one ``action`` for this client address and connection; False when either
    limit is used up (then nothing is counted). Shared by every worker of the app."""
    per_address, per_connection = LIMITS[action]
    if not (await _test(per_address, action, "a", address)
            and await _test(per_connection, action, "c", connection)):
        return False
    await _hit(per_address, action, "a", address)
    await _hit(per_connection, action, "c", connection)
    return True


async def blocked(action: str, address: str, connection: str) -> bool:
    """Whether ``action``'s limit is used up for this address or connection (counts nothing)."""
    per_address, per_connection = LIMITS[action]
    return not (await _test(per_address, action, "a", address)
                and await _test(per_connection, action, "c", connection))


def clip(value: Any, chars: int = LOG_CHARS) -> str:
    """A client-sent value as text fit for a log line."""
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= chars else f"{text[:chars]}... ({len(text)} chars)"


# -- arguments ----------------------------------------------------------------------------

def _fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value fits a handler's annotation (plain types, unions, generics)."""
    if hint is Any or hint is typing.Any or hint is object:
        return True
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    base = origin or hint
    if base is bool:
        return isinstance(value, bool)
    if base is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if base is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if base is str:
        return isinstance(value, str)
    if base in (dict, Mapping) or (isinstance(base, type) and issubclass(base, Mapping)):
        return isinstance(value, dict)
    if base in (list, tuple, typing.Sequence) or base is list:
        return isinstance(value, list)
    return True  # an annotation we do not know: the size limit still holds


@cache
def _handler(name: str) -> tuple[dict[str, Any], frozenset[str]] | None:
    """``(argument -> annotation, required arguments)`` of the handler an event names, or None."""
    fn = rxa.find_handler(name)
    if fn is None:
        return None
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # noqa: BLE001 (unresolvable annotations: sizes only)
        hints = {}
    import inspect

    params = list(inspect.signature(fn).parameters.values())[1:]  # without self
    if any(p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL) for p in params):
        return {"*": Any}, frozenset()
    args = {p.name: hints.get(p.name, Any) for p in params}
    required = frozenset(p.name for p in params if p.default is inspect.Parameter.empty)
    return args, required


def check_event(fields: Any) -> str | None:
    """Why this websocket event is refused (a stable code), or None if it may go on."""
    if not isinstance(fields, dict):
        return "bad_request"
    name, payload = fields.get("name"), fields.get("payload", {})
    if not isinstance(name, str) or len(name) > MAX_NAME:
        return "bad_request"
    if payload is None:
        payload = {}
    if not isinstance(payload, dict):
        return "bad_request"
    spec = _handler(name)
    if spec is None or name.endswith(".setvar"):  # no page sets a var directly
        return "unknown_request"
    args, required = spec
    limit = MAX_HYDRATE if name.endswith(HYDRATES) else MAX_ARG
    for key, value in payload.items():
        if "*" not in args and key not in args:
            return "bad_request"
        if "*" not in args and not _fits(value, args[key]):
            return "bad_request"
        try:
            size = len(orjson.dumps(value))  # its bytes (UTF-8), as the socket carried them
        except (TypeError, ValueError):  # orjson's errors are TypeErrors (an integer past 64 bits)
            return "bad_request"
        if size > limit:
            return "too_large"
    if not required <= payload.keys():
        return "bad_request"
    if name.endswith((".hydrate_and_load", ".update_vars_internal")) and not _storage_vars_ok(payload.get("vars")):
        return "bad_request"
    return None


@cache
def _storage_var(key: str) -> bool:
    """Whether ``key`` names a LocalStorage/cookie var of one of the app's states."""
    return rxa.is_storage_key(key)


def _storage_vars_ok(values: Any) -> bool:
    """The browser's storage values: known vars, text only (every such var is a ``str``)."""
    if values is None:
        return True
    if not isinstance(values, dict) or len(values) > 50:
        return False
    return all(isinstance(k, str) and len(k) <= MAX_NAME and (v is None or isinstance(v, str)) and _storage_var(k)
               for k, v in values.items())


# -- the socket hook ---------------------------------------------------------------------

def _lang(namespace: Any, sid: str) -> str:
    """The language of a socket's tab: the one it chose (noted from its storage values),
    else its browser's."""
    token = rxa.sid_token(namespace, sid)
    if token in _token_lang:
        return _token_lang[token]
    data = rxa.connection_info(namespace, sid)
    headers = data.get("headers") or {}
    return pick_lang(headers.get("accept-language", ""))


_token_lang: dict[str, str] = {}  # tab token -> its language, for what no state handler says


@cache
def _lang_key() -> str:
    from tablegames.state.device import Device

    return f"{Device.get_full_name()}.{rxa.var_key('lang')}"


def _note_language(namespace: Any, sid: str, token: str, fields: Any) -> None:
    """Keeps the tab's language at hand: the one chosen (the page sends its storage values
    when it loads and when they change), else the browser's."""
    payload = fields.get("payload") if isinstance(fields, dict) else None
    values = payload.get("vars") if isinstance(payload, dict) else None
    chosen = values.get(_lang_key()) if isinstance(values, dict) else None
    if str(fields.get("name") if isinstance(fields, dict) else "").endswith(".set_language"):
        chosen = payload.get("lang") if isinstance(payload, dict) else None  # switched just now
    if len(_token_lang) > 10_000:
        _token_lang.clear()
    if chosen in LANGS:
        _token_lang[token] = chosen
    elif token not in _token_lang:
        data = rxa.connection_info(namespace, sid)
        _token_lang[token] = pick_lang((data.get("headers") or {}).get("accept-language", ""))


def _address(namespace: Any, sid: str) -> str:
    data = rxa.connection_info(namespace, sid)
    return str(data.get("ip") or "?")


async def _refuse(namespace: Any, sid: str, code: str, name: Any) -> None:
    import reflex as rx

    now = time.monotonic()
    if now - _last_notice.get(sid, 0.0) < 1.0:
        return
    _last_notice[sid] = now
    if len(_last_notice) > 10_000:
        _last_notice.clear()
    logger.warning("refused %s from %s (%s): %s", code, sid, _address(namespace, sid), clip(name, 120))
    text = error_text(_lang(namespace, sid), code)
    try:
        await rxa.emit_to_sid(namespace, sid, rx.toast.error(text, id="tg-refused"))
    except Exception:  # noqa: BLE001 (the socket is gone)
        pass


def _wrap_on_event(namespace: Any) -> None:
    original = namespace.on_event

    async def on_event(sid: str, data: Any):
        if rxa.sid_token(namespace, sid) is None:  # Reflex would log the whole payload
            logger.warning("event from session %s with no token dropped: %s", sid, clip(data, 120))
            return None
        fields = data
        if isinstance(fields, str):
            try:
                fields = json.loads(fields)
            except ValueError:
                fields = None
        if not await _events.admit(sid, _address(namespace, sid)):
            return await _refuse(namespace, sid, "slow_down", fields.get("name") if isinstance(fields, dict) else "")
        reason = check_event(fields)
        if reason is not None:
            return await _refuse(namespace, sid, reason, fields.get("name") if isinstance(fields, dict) else fields)
        _note_language(namespace, sid, rxa.sid_token(namespace, sid), fields)
        if _is_page_load(fields) and not await _page_loads.take_turn(_address(namespace, sid)):
            return await _refuse(namespace, sid, "slow_down", fields.get("name"))
        return await original(sid, fields)

    namespace.on_event = on_event


_UNLINKS: set[Any] = set()  # pending unlink tasks (kept referenced until done)


def _wrap_on_disconnect(app: Any, namespace: Any) -> None:
    import asyncio

    from tablegames.state.room import forget_tab

    original = namespace.on_disconnect

    def on_disconnect(sid: str):
        token = rxa.sid_token(namespace, sid)
        result = original(sid)
        _last_notice.pop(sid, None)
        _events.forget(sid)
        _token_lang.pop(token, None)
        if token:
            task = asyncio.get_running_loop().create_task(forget_tab(app, token))
            _UNLINKS.add(task)
            task.add_done_callback(_unlink_done)
        return result

    namespace.on_disconnect = on_disconnect


def _unlink_done(task: Any) -> None:
    _UNLINKS.discard(task)
    if not task.cancelled() and task.exception() is not None:
        logger.warning("could not unlink a closed tab: %s", clip(str(task.exception())))


def log_frontend_exception(exception: Exception) -> None:
    """The app's frontend exception handler: one truncated line per report."""
    logger.error("[frontend exception] %s", clip(str(exception), 1_000))


def on_backend_exception(exception: Exception) -> Any:
    """Last resort for an exception a handler did not catch: a truncated log entry (marked
    ``unhandled``) and a translated sentence for the player, never the exception's text."""
    import traceback

    import reflex as rx

    trace = "".join(traceback.format_exception(type(exception), exception, exception.__traceback__))
    logger.error("[unhandled exception] %s", clip(trace, 4_000))
    lang = _token_lang.get(rxa.event_token() or "", DEFAULT_LANG)
    return rx.toast.error(error_text(lang, "server_error"), id="tg-server-error")


def install(app: Any) -> None:
    """Lifespan task: hooks the socket server, the exception handlers and ``/_health``."""
    from tablegames.state import db

    namespace = app.event_namespace
    if namespace is not None and not getattr(namespace, "_tg_guarded", False):
        _wrap_on_event(namespace)
        _wrap_on_disconnect(app, namespace)
        namespace._tg_guarded = True
    rxa.set_max_frame(app, MAX_FRAME)
    rxa.fast_packets(app)
    rxa.lean_socket_poll()
    rxa.patch_frames(app)  # a move's frame carries what changed on a screen (frame_patches.py)
    rxa.set_exception_handlers(app, log_frontend_exception, on_backend_exception)
    rxa.route_first(app, rxa.health_path(), db.health_route)
