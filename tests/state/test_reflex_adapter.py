"""What ``tablegames/reflex_adapter.py`` relies on, checked against the installed Reflex.

Each test names one Reflex internal the app uses. If a Reflex upgrade changes it, the test
fails with ``Reflex <version> changed <what>``: fix the adapter's function (and only it),
then this test.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import inspect
import os
import re
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import reflex as rx

import tablegames.tablegames as app_module  # noqa: F401 (the app's states)
from tablegames import reflex_adapter as rxa
from tablegames.state.reactions import Reactions
from tablegames.state.room import RoomShared, Screen


def _version() -> str:
    from importlib.metadata import version

    return version("reflex")


@contextlib.contextmanager
def relies_on(what: str) -> Iterator[None]:
    """Turns any failure inside into one loud message naming the internal that changed."""
    try:
        yield
    except Exception as err:  # noqa: BLE001 (AssertionError included: all are a change)
        pytest.fail(f"Reflex {_version()} changed {what} (tablegames/reflex_adapter.py was written "
                    f"against {rxa.TESTED_WITH}): {type(err).__name__}: {err}", pytrace=True)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


# -- names -------------------------------------------------------------------------------

def test_state_names_are_mangled_as_the_adapter_computes_them():
    from reflex.state import State

    with relies_on("the full names of states (BaseState.get_name / get_full_name)"):
        assert State.get_full_name() == rxa.ROOT_STATE
        from reflex.istate.shared import SharedStateBaseInternal

        assert SharedStateBaseInternal.get_full_name() == rxa.SHARED_PARENT
        for cls in rxa.all_state_classes():
            parent = cls.get_parent_state()
            expected = rxa.state_name(cls.__module__, cls.__name__, parent.get_full_name() if parent else "")
            assert cls.get_full_name() == expected, (cls, cls.get_full_name(), expected)
        assert rxa.state_name("tablegames.state.room", "Screen", Screen.get_parent_state().get_full_name()) \
            == rxa.full_name(Screen) == Screen.get_full_name()
        assert rxa.state_name("tablegames.state.room", "Screen", "") == "tablegames___state___room____screen"
        assert rxa.full_name("tablegames.state.room.RoomShared") == RoomShared.get_full_name()
        assert RoomShared.get_full_name().startswith(rxa.SHARED_PARENT + ".")


def test_event_names_find_their_handlers():
    with relies_on("how an event name finds its handler (get_class_substate, event_handlers, .fn)"):
        handler = next(iter(Screen.event_handlers))
        fn = rxa.find_handler(rxa.state_event_name(Screen, handler))
        assert fn is Screen.event_handlers[handler].fn and callable(fn)
        assert rxa.find_handler(rxa.state_event_name(RoomShared, "link")) is RoomShared.event_handlers["link"].fn
        assert rxa.find_handler(rxa.ROOT_STATE + ".tablegames___nowhere____x.go") is None
        assert rxa.find_state(rxa.ROOT_STATE).get_full_name() == rxa.ROOT_STATE


def test_var_keys_and_storage_vars():
    with relies_on("the var-name suffix of deltas and storage keys (FIELD_MARKER) or _is_client_storage"):
        from reflex_base.constants.state import FIELD_MARKER

        assert rxa.FIELD_MARKER == FIELD_MARKER
        assert rxa.var_name(rxa.var_key("screen")) == "screen"
        assert rxa.is_storage_key(f"{rxa.full_name(Screen)}.{rxa.var_key('seat_secrets')}")
        assert not rxa.is_storage_key(f"{rxa.full_name(Screen)}.{rxa.var_key('room_code')}")
        assert not rxa.is_storage_key("nowhere.x_rx_state_")


def test_a_delta_names_vars_with_the_suffix():
    from reflex.istate.manager.memory import StateManagerMemory
    from reflex.istate.manager.token import BaseStateToken

    with relies_on("the var names of a state's delta (name + FIELD_MARKER)"):
        async def scenario():
            manager = StateManagerMemory()
            root = await manager.get_state(BaseStateToken(ident="tab1", cls=Screen))
            screen = await root.get_state(Screen)
            screen.room_code = "ABCD"
            return await root._get_resolved_delta()

        delta = run(scenario())
        assert delta[rxa.full_name(Screen)][rxa.var_key("room_code")] == "ABCD"


def test_a_tab_state_in_memory_runs_without_a_server():
    with relies_on("StateManagerMemory().get_state(BaseStateToken(ident=..., cls=...))"):
        async def scenario():
            screen = await rxa.memory_tab_state(Screen, "tab-mem")
            screen.room_code = "WXYZ"
            return screen, await screen.get_state(Screen)

        screen, again = run(scenario())
        assert isinstance(screen, Screen) and again is screen and screen.room_code == "WXYZ"


def test_keep_alive_renews_an_expiry_once_it_is_a_tenth_old_and_creates_nothing():
    from reflex.istate.manager.memory import StateManagerMemory
    from reflex.istate.manager.token import BaseStateToken

    with relies_on("StateManagerMemory's _token_expires_at (token -> (expires at, token)) and token_expiration"):
        manager = StateManagerMemory(token_expiration=1000)
        app = types.SimpleNamespace(state_manager=manager)

        async def scenario():
            await manager.get_state(BaseStateToken(ident="tab-alive", cls=Screen))
            first = manager._token_expires_at["tab-alive"][0]
            await rxa.keep_alive_in_memory(app, "tab-alive", "tab-never-seen")
            kept = manager._token_expires_at["tab-alive"][0]  # renewed just now: left as it is
            manager._token_expires_at["tab-alive"] = (first - 150, manager._token_expires_at["tab-alive"][1])
            await rxa.keep_alive_in_memory(app, "tab-alive")
            return first, kept, manager._token_expires_at["tab-alive"][0], set(manager.states)

        first, kept, renewed, held = run(scenario())
        assert kept == first and renewed >= first and held == {"tab-alive"}


# -- Redis keys --------------------------------------------------------------------------

class _FakePipeline:
    def __init__(self, log: list) -> None:
        self.log = log

    def set(self, key, value, ex=None):  # noqa: ANN001
        self.log.append(("set", key, ex))

    def expire(self, key, ttl):  # noqa: ANN001
        self.log.append(("expire", key, ttl))

    async def execute(self):
        return []


class _FakeRedis:
    def __init__(self) -> None:
        self.log: list = []

    async def mget(self, keys):  # noqa: ANN001
        self.log.append(("mget", list(keys)))
        return [None] * len(keys)

    def pipeline(self, transaction: bool = True):
        return _FakePipeline(self.log)


def test_redis_keys_are_those_the_state_manager_reads_and_writes():
    from reflex.istate.manager.redis import StateManagerRedis
    from reflex.istate.manager.token import BaseStateToken

    with relies_on("the Redis key format of StateManagerRedis (<token>_<state full name>)"):
        assert rxa.state_key("tok", Screen) == str(BaseStateToken(ident="tok", cls=Screen))
        redis = _FakeRedis()
        manager = StateManagerRedis(redis=redis)

        async def scenario():
            token = BaseStateToken(ident="tok", cls=Screen)
            root = await manager.get_state(token)
            (await root.get_state(Screen)).room_code = "ABCD"
            await manager.set_state(token, root)

        run(scenario())
        read = [k for op, *rest in redis.log if op == "mget" for k in rest[0]]
        written = [(k, ex) for op, k, ex in (e for e in redis.log if e[0] == "set")]
        names = [cls.get_full_name() for cls in rxa.all_state_classes()]
        assert rxa.state_key("tok", Screen) in read
        assert set(read) <= set(rxa.state_keys(["tok"], names))
        assert (rxa.state_key("tok", Screen), manager.token_expiration) in written


def test_a_computed_var_not_stored_stays_out_of_the_pickle_and_is_computed_again():
    from tablegames.i18n import catalog
    from tablegames.state.device import Device

    with relies_on("BaseState.__getstate__ (the instance dict) and ComputedVar._cache_attr (a cached value's key)"):
        async def scenario():
            device = await rxa.memory_tab_state(Device, "tab-pickled")
            device.lang = "pt-BR"
            assert device.tr == catalog("pt-BR")  # cached on the live state, as Reflex does
            assert Device.computed_vars["tr"]._cache_attr in vars(device)
            return device._serialize()

        stored = run(scenario())
        again = Device._deserialize(stored)
        assert len(stored) < 4_000 and Device.computed_vars["tr"]._cache_attr not in vars(again)
        assert again.lang == "pt-BR" and again.tr == catalog("pt-BR")


def test_redis_helpers_exist():
    with relies_on("reflex.utils.prerequisites.get_redis / check_redis_used / get_redis_status"):
        from reflex.utils import prerequisites

        assert rxa.redis_client() is None  # the tests run without redis_url
        assert callable(prerequisites.check_redis_used) and inspect.iscoroutinefunction(prerequisites.get_redis_status)
        assert run(rxa.redis_status()) == {}


def test_one_redis_client_per_running_loop(monkeypatch: pytest.MonkeyPatch):
    """Reflex's get_redis builds a client and a pool per call; the adapter keeps one per loop."""
    with relies_on("reflex.utils.prerequisites.get_redis builds a new client from parse_redis_url on each call"):
        from redis.asyncio import Redis
        from reflex.utils import prerequisites

        monkeypatch.setattr(prerequisites, "parse_redis_url", lambda: "redis://127.0.0.1:1/0")  # never connected
        built: list[Any] = []
        real_get_redis = prerequisites.get_redis

        def counting_get_redis() -> Any:
            built.append(real_get_redis())
            return built[-1]

        monkeypatch.setattr(prerequisites, "get_redis", counting_get_redis)

        async def twice() -> tuple[Any, Any]:
            return rxa.redis_client(), rxa.redis_client()

        first_a, first_b = run(twice())
        second_a, second_b = run(twice())
        assert isinstance(first_a, Redis)
        assert first_a is first_b and second_a is second_b  # one client per loop, however often asked
        assert first_a is not second_a  # a new loop gets its own (a client is bound to its loop)
        assert len(built) == 2
        assert rxa.redis_client() is not rxa.redis_client()  # outside a loop nothing is kept
        assert len(built) == 4


def test_socket_record_key_is_the_token_manager_s():
    with relies_on("RedisTokenManager._get_redis_key / _token_socket_record_prefix, records stored with "
                   "ex=token_expiration"):
        from reflex.utils.token_manager import RedisTokenManager

        manager = RedisTokenManager.__new__(RedisTokenManager)  # no Redis needed for the key
        assert rxa.socket_record_key("tab1") == manager._get_redis_key("tab1")
        assert "ex=self.token_expiration" in inspect.getsource(RedisTokenManager._store_socket_record)


def test_db_engine(tmp_path):
    with relies_on("reflex.model.get_engine(url)"):
        import sqlalchemy as sa

        engine = rxa.db_engine(f"sqlite:///{tmp_path / 'x.db'}")
        assert isinstance(engine, sa.engine.Engine)
        engine.dispose()


# -- sockets and raw frames --------------------------------------------------------------

def _namespace() -> tuple[Any, list, Any]:
    from reflex.app import EventNamespace

    namespace = EventNamespace("/_event", app_module.app)
    sent: list = []

    async def emit(event, data, to=None, **_kw):  # noqa: ANN001
        sent.append((event, data, to))

    namespace.emit = emit
    return namespace, sent, types.SimpleNamespace(event_namespace=namespace)


ENVIRON = {"QUERY_STRING": "token=tab1",
           "asgi.scope": {"headers": [(b"accept-language", b"pt-BR")], "client": ("10.0.0.9", 1234)}}


def test_token_manager_knows_connected_tabs():
    with relies_on("the event namespace's token manager (_token_manager, is_token_connected, "
                   "token_to_socket records with sid and instance_id, sid_to_token)"):
        namespace, _sent, app = _namespace()

        async def scenario():
            await namespace.on_connect("sid1", ENVIRON)
            assert rxa.sid_token(namespace, "sid1") == "tab1"
            assert await rxa.is_connected(app, "tab1")
            assert not await rxa.is_connected(app, "tab2")
            assert rxa.local_sockets(app) == [("tab1", "sid1")]
            task = namespace.on_disconnect("sid1")
            if task is not None:
                await task
            assert not await rxa.is_connected(app, "tab1")
            assert rxa.local_sockets(app) == []

        run(scenario())
        assert not run(rxa.is_connected(types.SimpleNamespace(event_namespace=None), "tab1"))


def test_connection_info_has_headers_and_address():
    with relies_on("what the namespace notes of a connection (_static_router_data: headers, ip)"):
        namespace, _sent, _app = _namespace()
        run(namespace.on_connect("sid1", ENVIRON))
        info = rxa.connection_info(namespace, "sid1")
        assert info["headers"]["accept-language"] == "pt-BR"
        assert info["ip"] == "10.0.0.9"
        assert rxa.connection_info(namespace, "nobody") == {}


def test_state_updates_carry_events_to_one_socket():
    from reflex.state import StateUpdate

    with relies_on("raw StateUpdate frames (StateUpdate(events=...), Event.from_event_type, "
                   "SocketEvent.EVENT, EventNamespace.emit_update)"):
        update = rxa.state_update(rx.call_script("window.location.reload()"), rx.toast.error("no", id="t"))
        assert isinstance(update, StateUpdate)
        assert [e.name for e in update.events] == ["_call_script", "_call_function"]
        assert update.events[0].payload["javascript_code"] == "window.location.reload()"
        namespace, sent, app = _namespace()

        async def scenario():
            await namespace.on_connect("sid1", ENVIRON)
            await rxa.emit_to_sid(namespace, "sid1", rx.call_script("a()"))
            await rxa.emit_to(app, "tab1", rx.call_script("b()"))

        run(scenario())
        assert [(event, to) for event, _data, to in sent] == [("event", "sid1"), ("event", "sid1")]
        assert [data.events[0].payload["javascript_code"] for _e, data, _t in sent] == ["a()", "b()"]


def test_namespace_handlers_can_be_wrapped():
    with relies_on("socket.io dispatch to the namespace's on_event/on_disconnect attributes"):
        import socketio

        namespace, _sent, _app = _namespace()
        assert inspect.iscoroutinefunction(namespace.on_event)
        assert callable(namespace.on_disconnect) and not inspect.iscoroutinefunction(namespace.on_disconnect)
        heard = []

        async def on_event(sid, data):  # noqa: ANN001
            heard.append((sid, data))

        namespace.on_event = on_event
        run(socketio.AsyncNamespace.trigger_event(namespace, "event", "sid9", {"name": "x"}))
        assert heard == [("sid9", {"name": "x"})]


def test_app_hooks_exist():
    from reflex.app import App

    with relies_on("the App's sio/eio frame limit, exception handlers, _event_processor and _api routes"):
        fields = {f.name for f in dataclasses.fields(App)}
        assert {"_api", "_event_processor", "frontend_exception_handler", "backend_exception_handler"} <= fields
        import socketio

        server = socketio.AsyncServer(async_mode="asgi")
        app = types.SimpleNamespace(sio=server, _event_processor=types.SimpleNamespace(backend_exception_handler=None))
        rxa.set_max_frame(app, 1234)
        assert server.eio.max_http_buffer_size == 1234

        def front(_e: Exception) -> None: ...

        def back(_e: Exception) -> None: ...

        rxa.set_exception_handlers(app, front, back)
        assert app.backend_exception_handler is back and app._event_processor.backend_exception_handler is back
        from reflex.app import BaseStateEventProcessor

        assert "backend_exception_handler" in {f.name for f in dataclasses.fields(BaseStateEventProcessor)} \
            or "backend_exception_handler" in inspect.signature(BaseStateEventProcessor).parameters
        from starlette.applications import Starlette

        api = Starlette()

        async def endpoint(_request):  # noqa: ANN001
            return None

        holder = types.SimpleNamespace(_api=api)
        rxa.route_first(holder, rxa.health_path(), endpoint)
        rxa.route_first(holder, rxa.health_path(), endpoint)
        assert [r.path for r in api.routes if getattr(r, "endpoint", None) is endpoint] == ["/_health"]
        assert api.router.routes[0].endpoint is endpoint


def test_build_and_dev_server_names():
    with relies_on("ReactRouter.SPA_FALLBACK or reflex.utils.exec.get_reload_paths"):
        assert rxa.spa_fallback_name().endswith(".html")
        assert rxa.reload_paths()


def test_the_prod_backend_starts_as_the_adapter_asks(monkeypatch):
    with relies_on("reflex.utils.exec.run_granian_backend_prod(host, port, loglevel) or the "
                   "REFLEX_ENV_MODE / REFLEX_SKIP_COMPILE / REFLEX_MOUNT_FRONTEND_COMPILED_APP settings"):
        from reflex.utils import exec as reflex_exec
        from reflex_base import constants
        from reflex_base.environment import environment

        assert list(inspect.signature(reflex_exec.run_granian_backend_prod).parameters)[:3] == [
            "host", "port", "loglevel"]
        calls = []
        monkeypatch.setattr(reflex_exec, "run_granian_backend_prod", lambda *a: calls.append(a))
        names = [getattr(environment, a).name for a in
                 ("REFLEX_ENV_MODE", "REFLEX_SKIP_COMPILE", "REFLEX_MOUNT_FRONTEND_COMPILED_APP")]
        for name in names:  # os.environ as it was, after the test
            monkeypatch.setenv(name, "x")
            monkeypatch.delenv(name)
        rxa.run_prod_backend("127.0.0.1", 3999)
        assert calls and calls[0][:2] == ("127.0.0.1", 3999)
        assert environment.REFLEX_ENV_MODE.get() == constants.Env.PROD
        assert environment.REFLEX_SKIP_COMPILE.get() and environment.REFLEX_MOUNT_FRONTEND_COMPILED_APP.get()
        assert all(name in os.environ for name in names)  # what the adapter set (undone at teardown)


def test_current_app_is_the_registered_app():
    with relies_on("reflex_base.registry.RegistrationContext.get().app"):
        assert rxa.current_app() is app_module.app


# -- shared states -----------------------------------------------------------------------

def test_shared_state_links():
    from reflex.istate.manager.memory import StateManagerMemory
    from reflex_base.utils.exceptions import ReflexRuntimeError

    with relies_on("rx.SharedState's links (_link_to, _unlink, _linked_to, _linked_from) or "
                   "state_manager.modify_state(BaseStateToken(...))"):
        for name in ("_link_to", "_unlink"):
            assert inspect.iscoroutinefunction(getattr(rx.SharedState, name)), name
        assert list(inspect.signature(rx.SharedState._link_to).parameters) == ["self", "token"]
        fields = RoomShared.get_fields()
        def default(name: str) -> Any:
            field = fields[name]
            return field.default_factory() if field.default is dataclasses.MISSING else field.default

        assert default("_linked_from") == set() and default("_linked_to") == ""
        app = types.SimpleNamespace(state_manager=StateManagerMemory())

        async def scenario():
            async with rxa.modify_shared(app, "room-TEST", RoomShared) as shared:
                assert isinstance(shared, RoomShared) and rxa.linked_to(shared) == ""
                shared.version = 7
                rxa.add_linked_tab(shared, "tabA")
            async with rxa.modify_shared(app, "room-TEST", RoomShared) as shared:
                assert shared.version == 7 and rxa.linked_tabs(shared) == {"tabA"}
                rxa.drop_linked_tab(shared, "tabA")
                with pytest.raises(ReflexRuntimeError, match="underscore"):
                    await shared._link_to("room_TEST")
            async with rxa.modify_shared(app, "room-TEST", RoomShared) as shared:
                assert rxa.linked_tabs(shared) == frozenset()
                await rxa.unlink_shared(shared)  # not linked: nothing to do

        run(scenario())


# -- Vars and components -----------------------------------------------------------------

def test_js_var_renders_its_expression():
    with relies_on("Var(_js_expr=..., _var_type=..., _var_data=...) or VarData hooks"):
        v = rxa.js_var("window.__x", int)
        assert str(v) == "window.__x" == rxa.js_expr(v) and v._var_type is int
        assert rxa.js_expr(Screen.room_code) == str(Screen.room_code)
        assert str(v + 1) == "(window.__x + 1)"
        hook = "const TG_T = (globalThis.__TG_T ??= {});"
        table = rxa.js_var("TG_T", dict[str, str], rxa.var_data(hooks={hook: None})).to(dict[str, str])
        assert hook in rxa.var_data_of(table).hooks
        derived = rxa.js_var(f"Number({table['a']})", int, rxa.var_data_of(table))
        assert hook in derived._get_all_var_data().hooks
        assert rxa.var_data_of() is None
        rendered = str(rx.text(rxa.js_var("window.__y", str)).render())
        assert "window.__y" in rendered


def test_reexports_and_component_fields():
    with relies_on("reflex.vars.base.Var/VarData, reflex.vars.sequence.StringVar, "
                   "reflex.event.no_args_event_spec or reflex_base.components.component.field"):
        from reflex.event import no_args_event_spec

        assert rxa.Var is rx.Var and rxa.no_args_event_spec is no_args_event_spec
        assert isinstance(rx.Var.create("a"), rxa.StringVar) and rxa.VarData is rx.vars.VarData

        class Tick(rx.Component):
            tag = "TgTestTick"
            on_tick: rx.EventHandler[rxa.no_args_event_spec] = rxa.component_field(doc="Each tick")

        assert "on_tick" in Tick.get_event_triggers()


# -- nobody else reaches for them ----------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
PRIVATE = re.compile(
    r"_token_manager|StateUpdate|_js_expr|reflex_base|reflex\.istate|reflex\.utils|reflex\.model"
    r"|reflex\.vars\.|from reflex\.event|BaseStateToken|_linked_to|_linked_from|_link_to\(|\._unlink\("
    r"|RegistrationContext|FIELD_MARKER|get_redis|SocketEvent|_static_router_data|_get_all_var_data"
    r"|_rx_state_|_event_processor|\._api\b")
ADAPTER_FILES = {"tablegames/reflex_adapter.py", "tests/state/test_reflex_adapter.py"}
# Files whose switch to the adapter is still to be made (each line: what it uses); the test
# fails for any other file, so a new use of a Reflex internal goes through the adapter.
PENDING: dict[str, str] = {}


def test_only_the_adapter_reaches_for_reflex_internals():
    found = {}
    for top in ("tablegames", "tests", "scripts", "bench"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if "node_modules" in path.parts or rel in ADAPTER_FILES or rel in PENDING:
                continue
            lines = [f"{i}: {line.strip()}" for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                     if PRIVATE.search(line)]
            if lines:
                found[rel] = lines
    assert not found, ("Reflex internals used outside tablegames/reflex_adapter.py (add a function "
                       f"there and test it here): {found}")


def test_event_token_is_none_outside_an_event() -> None:
    assert rxa.event_token() is None


def test_linked_updates_patch_the_room_in_without_a_discarded_delta():
    from reflex.istate import shared

    with relies_on("reflex.istate.shared._patch_state (original_state, linked_state, full_delta) "
                   "and its use by SharedStateBaseInternal._internal_patch_linked_state"):
        assert getattr(shared._patch_state, "_tablegames_lean", False), "lean_linked_updates is not installed"
        source = inspect.getsource(shared.SharedStateBaseInternal._internal_patch_linked_state)
        assert "_patch_state(" in source and "full_delta=full_delta" in source
        assert "_patch_state(" in inspect.getsource(shared.SharedStateBaseInternal._unlink)
        rxa.lean_linked_updates()  # idempotent
        assert getattr(shared._patch_state, "_tablegames_lean", False)


def test_packets_are_written_by_orjson_as_reflex_would_write_them():
    import datetime
    import json
    from types import SimpleNamespace

    import socketio
    from reflex import app as rx_app
    from reflex.state import StateUpdate

    with relies_on("AsyncServer(json=...) sets packet_class.json; reflex.app._sio_dumps/_sio_loads"):
        server = socketio.AsyncServer(async_mode="asgi", json=SimpleNamespace(
            dumps=staticmethod(rx_app._sio_dumps), loads=staticmethod(rx_app._sio_loads)))
        packet_class, reflex_json = server.packet_class, server.packet_class.json
        values = {"x_rx_state_": [1, {"é": None}], "when": datetime.datetime(2026, 1, 2), 3: "k"}
        updates = [StateUpdate(delta={"a.b": values}, events=[rxa.state_update(rx.call_script("a()")).events[0]]),
                   StateUpdate(delta={"a.b": {**values, "big": 2**70}})]  # beyond orjson: Reflex's encoder

        def frames() -> list[Any]:
            return [json.loads(packet_class(socketio.packet.EVENT, data=["event", u]).encode()[1:]) for u in updates]

        theirs = frames()
        try:
            rxa.fast_packets(SimpleNamespace(sio=server))
            assert packet_class.json is not reflex_json
            ours = packet_class.json
            rxa.fast_packets(SimpleNamespace(sio=server))  # once only
            assert packet_class.json is ours
            assert frames() == theirs
            assert theirs[0][1]["delta"]["a.b"]["when"] == "2026-01-02 00:00:00"
            # incoming events parse as json parses them, the texts orjson reads otherwise too
            texts = ['["event",{"name":"a.b.move","payload":{"move":{"card":"r5"},"seen_version":7}}]',
                     '{"é":[1.5,-0.0,1e-400,null,true]}', '[18446744073709551616,-9223372036854775809]',
                     '[NaN,Infinity]', '["\\ud800"]', '[1e400]', '{"a":1,"a":2}']
            for text in texts:
                got, want = ours.loads(text), json.loads(text)
                assert repr(got) == repr(want), text  # repr: the same types, and nan as nan
            with pytest.raises(ValueError):
                ours.loads('["event",')  # a broken packet is still refused
        finally:
            packet_class.json = reflex_json
            packet_class._tg_fast = False


def _socket_server() -> tuple[Any, Any, Any, list[tuple[str, str]]]:
    """A Socket.IO server with Reflex's event namespace whose frames are noted as they are
    queued (``(Engine.IO sid, the packet's text)``), and an app that has that namespace."""
    import socketio
    from reflex.app import EventNamespace

    server = socketio.AsyncServer(async_mode="asgi")
    namespace = EventNamespace("/_event", app_module.app)
    server.register_namespace(namespace)
    sent: list[tuple[str, str]] = []

    async def send_eio(eio_sid, pkt):  # noqa: ANN001
        sent.append((eio_sid, pkt.encode()))

    server._send_eio_packet = send_eio
    return server, namespace, types.SimpleNamespace(event_namespace=namespace), sent


def _updates(sent: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The updates of the frames a :func:`_socket_server` noted, in order."""
    import json

    return [json.loads(text.removeprefix("42/_event,"))[1] for _to, text in sent]


def test_deltas_go_to_a_socket_of_this_worker():
    import json

    from reflex.istate.manager.memory import StateManagerMemory

    with relies_on("token_to_socket records (sid, instance_id), SocketEvent.EVENT, the namespace's "
                   "server (packet_class, manager.eio_sid_from_sid, _send_eio_packet), "
                   "StateUpdate(delta=...), StateManagerMemory"):
        server, namespace, app, sent = _socket_server()
        rxa.fast_packets(types.SimpleNamespace(sio=server))

        async def scenario():
            sids = [await server.manager.pre_connect(f"eio{i}", "/_event") for i in (1, 2)]
            await namespace.on_connect(sids[0], ENVIRON)
            assert rxa.has_local_socket(app, "tab1") and not rxa.has_local_socket(app, "tab2")
            await namespace.on_connect(sids[1], {**ENVIRON, "QUERY_STRING": "token=tab3"})
            await rxa.emit_deltas(app, [("tab1", {"a.b": {rxa.var_key("x"): 1}}), ("tab2", {"a.b": {}}),
                                        ("tab3", {"a.b": {rxa.var_key("x"): 3}})])

        run(scenario())
        assert [to for to, _text in sent] == ["eio1", "eio2"]
        # what the namespace's emit writes: an Engine.IO message, a Socket.IO event of the namespace
        frames = [json.loads(text.removeprefix("42/_event,")) for _to, text in sent]
        assert all(text.startswith("42/_event,") for _to, text in sent)
        assert frames[0] == ["event", {"delta": {"a.b": {"x_rx_state_": 1}}}]
        assert frames[1] == ["event", {"delta": {"a.b": {"x_rx_state_": 3}}}]
        assert not rxa.has_local_socket(types.SimpleNamespace(event_namespace=None), "tab1")
        assert rxa.memory_state_manager(types.SimpleNamespace(state_manager=StateManagerMemory()))
        assert not rxa.memory_state_manager(types.SimpleNamespace(state_manager=object()))


def test_a_patched_var_goes_to_each_socket_as_what_changed_from_what_it_was_sent():
    from reflex.state import StateUpdate

    with relies_on("EventNamespace.emit_update(update, token) and on_disconnect(sid) looked up on "
                   "the instance, token_to_socket records (sid, instance_id)"):
        server, namespace, app, sent = _socket_server()
        screen, key = rxa.full_name(Screen), rxa.var_key("screen")
        one, two = {"version": 1, "vm": {"a": 1, "b": [1]}}, {"version": 2, "vm": {"a": 1, "b": [2]}}

        async def scenario():
            sid = await server.manager.pre_connect("eio1", "/_event")
            await namespace.on_connect(sid, ENVIRON)
            rxa.patch_frames(app)
            rxa.patch_frames(app)  # once only
            await namespace.emit_update(StateUpdate(delta={screen: {key: one}}), "tab1")
            await namespace.emit_update(StateUpdate(delta={screen: {key: two, "x": 0}}), "tab1")
            await rxa.emit_deltas(app, [("tab1", {screen: {key: one}})])
            gone = namespace.on_disconnect(sid)
            if inspect.isawaitable(gone):
                await gone
            again = await server.manager.pre_connect("eio2", "/_event")  # the page reloaded
            await namespace.on_connect(again, ENVIRON)
            await namespace.emit_update(StateUpdate(delta={screen: {key: two}}), "tab1")
            return sid

        closed = run(scenario())
        deltas = [update["delta"] for update in _updates(sent)]
        assert closed not in rxa._HELD  # what a closed socket was sent is not kept
        assert deltas[3] == {screen: {key: two}}  # a new socket starts from a whole screen
        assert deltas[0] == {screen: {key: one}}
        assert deltas[1] == {screen: {key: {"$patch": {"version": 2, "vm": {"b": [2]}}, "$same": {"version": 1},
                                          "$resend": "resend_screen"}, "x": 0}}
        assert deltas[2][screen][key]["$patch"] == {"version": 1, "vm": {"b": [1]}}


def test_reflexs_own_update_and_a_fan_out_frame_reach_the_socket_in_the_order_their_patches_were_made():
    from reflex.state import StateUpdate

    with relies_on("EventNamespace.emit_update(update, token) looked up on the instance; "
                   "python-socketio's emit queues each frame in a task of its own"):
        server, namespace, app, sent = _socket_server()
        screen, key = rxa.full_name(Screen), rxa.var_key("screen")
        one, two = {"version": 1, "vm": {"a": 1}}, {"version": 2, "vm": {"a": 2}}

        async def scenario():
            sid = await server.manager.pre_connect("eio1", "/_event")
            await namespace.on_connect(sid, ENVIRON)
            rxa.patch_frames(app)
            # Reflex sends the tab a screen (its update carries an event too) and, before
            # that send is done, a move's fan-out sends the next screen to the same tab
            reflexs = asyncio.create_task(namespace.emit_update(
                StateUpdate(delta={screen: {key: one}}, events=[{"name": "x"}]), "tab1"))
            await asyncio.sleep(0)
            await rxa.emit_deltas(app, [("tab1", {screen: {key: two}})])
            await reflexs

        run(scenario())
        updates = _updates(sent)
        assert [update.get("events") for update in updates] == [[{"name": "x"}], None]  # Reflex's first
        held = None  # what the browser holds, frame after frame (frame_patch.js)
        for update in updates:
            applied, held, resend = rxa.expand_patched(screen, held, update["delta"][screen][key])
            assert applied and not resend
        assert held == two


def test_linked_updates_can_be_routed():
    from reflex.istate import shared

    with relies_on("reflex.istate.shared._do_update_other_tokens(affected_tokens, previous_dirty_vars, "
                   "state_type), called by SharedStateBaseInternal._modify_linked_states; "
                   "UPDATE_OTHER_CLIENT_TASKS and _log_update_client_errors"):
        source = inspect.getsource(shared.SharedStateBaseInternal._modify_linked_states)
        assert "_do_update_other_tokens(" in source
        assert "affected_tokens=affected_tokens" in source and "previous_dirty_vars=current_dirty_vars" in source
        routers = shared._do_update_other_tokens._tablegames_routers
        assert RoomShared.get_full_name() in routers, "state/fanout.py's router is not installed"
        fake = types.SimpleNamespace(get_full_name=lambda: "fake.state")
        done: list[set[str]] = []

        async def own(tokens: set[str], later) -> None:  # noqa: ANN001
            done.append(tokens)
            later({"t2"})  # Reflex's own update of t2 (no socket server here: nothing to send)

        rxa.route_linked_updates(fake, lambda tokens, dirty, later: (set(), own(tokens, later)) if dirty == {"v"}
                                 else (tokens, None))
        try:
            async def scenario():
                # only fake.state changed (another state's empty set is no change): the router takes the tabs
                tasks = shared._do_update_other_tokens({"t1", "t2"}, {"fake.state": {"v"}, "other": set()}, None)
                assert len(tasks) == 1 and tasks[0] in shared.UPDATE_OTHER_CLIENT_TASKS
                await tasks[0]

            run(scenario())
            assert done == [{"t1", "t2"}]

            async def started_here():  # what a worker does for a move made on another one
                rxa.update_linked_tabs(fake, {"t3"}, {"v"})
                await asyncio.gather(*list(shared.UPDATE_OTHER_CLIENT_TASKS))

            run(started_here())
            assert done == [{"t1", "t2"}, {"t3"}]
            # an event that changed no var of any shared state updates no other tab
            assert shared._do_update_other_tokens({"t1"}, {"fake.state": set(), RoomShared.get_full_name(): set()},
                                                  None) == []
        finally:
            routers.pop("fake.state", None)


def test_a_tab_state_is_read_in_memory_without_its_lock():
    from reflex.istate.manager.memory import StateManagerMemory
    from reflex.istate.manager.token import BaseStateToken

    with relies_on("StateManagerMemory.states (token -> root state), the root's "
                   "_reflex_internal_links (its value in the root's __dict__), or BaseState.get_substate"):
        app = types.SimpleNamespace(state_manager=StateManagerMemory())

        async def scenario():
            root = await app.state_manager.get_state(BaseStateToken(ident="tab-peek", cls=Screen))
            (await root.get_state(Screen)).room_code = "WXYZ"
            root._reflex_internal_links = {RoomShared.get_full_name(): "room-WXYZ"}

        run(scenario())
        screen = rxa.state_in_memory(app, "tab-peek", Screen)
        assert isinstance(screen, Screen) and screen.room_code == "WXYZ"
        assert rxa.link_in_memory(app, "tab-peek", RoomShared) == "room-WXYZ"
        root = app.state_manager.states["tab-peek"]
        assert root.__dict__["_reflex_internal_links"] is not root._reflex_internal_links  # a proxy there
        assert rxa.link_in_memory(app, "tab-peek", Screen) == ""  # linked to no room of that state
        assert rxa.state_in_memory(app, "tab-none", Screen) is None
        assert rxa.link_in_memory(app, "tab-none", RoomShared) == ""
        assert rxa.state_in_memory(types.SimpleNamespace(state_manager=object()), "tab-peek", Screen) is None


def test_a_var_is_peeked_at_as_it_is_held_without_a_proxy():
    with relies_on("a state var's value in its state's __dict__ (Field.__get__), proxied when read"):
        async def scenario() -> None:
            shared = await rxa.memory_tab_state(RoomShared, "tab-peek")
            assert rxa.peek(shared, "_phones") == {}  # never set: its default
            phones = {"tab-a": 0, "tab-b": 2}
            shared._phones = phones
            assert shared._phones is not phones and shared._phones == phones  # Reflex's proxy
            assert rxa.peek(shared, "_phones") is phones
            shared._linked_from = {"tab-a"}
            assert rxa.linked_tabs(shared) == frozenset({"tab-a"})
            reactions = await rxa.memory_tab_state(Reactions, "tab-peek")
            (await reactions.get_state(Screen)).room_code = "PEEK"
            assert rxa.peek(reactions, "room_code") == "PEEK"  # held by Screen, the state that declares it

        run(scenario())


def test_the_event_processor_tells_a_tab_s_pending_events():
    from reflex_base.event.processor.event_processor import EventProcessor

    with relies_on("EventProcessor._token_queues (token -> deque) or ._queue (entries with ctx.token)"):
        processor = EventProcessor.__new__(EventProcessor)
        processor._token_queues = {}
        processor._queue = asyncio.Queue()
        app = types.SimpleNamespace(_event_processor=processor)
        assert not rxa.events_pending(app, "tabA")
        processor._token_queues["tabA"] = ["running"]
        assert rxa.events_pending(app, "tabA") and not rxa.events_pending(app, "tabB")
        processor._queue.put_nowait(types.SimpleNamespace(ctx=types.SimpleNamespace(token="tabB")))
        assert rxa.events_pending(app, "tabB")
        assert rxa.events_pending(types.SimpleNamespace(_event_processor=None), "tabA")  # unknown: Reflex orders it
        source = inspect.getsource(EventProcessor)  # what the real processor keeps there
        assert "self._token_queues[token]" in source and "self._queue = " in source
        assert "entry.ctx.token" in source


def test_changes_of_a_shared_state_modified_out_of_band_are_taken_once():
    from reflex.istate.manager.memory import StateManagerMemory

    with relies_on("BaseState.dirty_vars, SharedState._clean or _previous_dirty_vars"):
        app = types.SimpleNamespace(state_manager=StateManagerMemory())

        async def scenario():
            async with rxa.modify_shared(app, "room-TAKE", RoomShared) as shared:
                shared.version = 3
                first = rxa.take_changes(shared)
                return first, rxa.take_changes(shared), shared._previous_dirty_vars

        first, second, previous = run(scenario())
        assert first == {"version"} and second == set() and not previous


def test_a_shared_state_set_in_memory_marks_nothing_in_its_own_tree():
    from reflex.istate.manager.memory import StateManagerMemory

    with relies_on("a var's value in its state's __dict__, BaseState.dirty_vars and dirty_substates"):
        app = types.SimpleNamespace(state_manager=StateManagerMemory())

        async def scenario() -> tuple[Any, ...]:
            async with rxa.modify_shared(app, "room-QUIET", RoomShared) as shared:
                shared._phones = {"tab-a": 0}  # changed before, not taken yet
                changed = rxa.set_shared_in_memory(shared, version=7, facts="f7")
                changed |= rxa.take_changes(shared)
                quiet = set(shared._get_root_state().dirty_substates)
                result = changed, shared.version, shared.facts, set(shared.dirty_vars), quiet
            async with rxa.modify_shared(app, "room-LOUD", RoomShared) as shared:
                shared.version = 7
                return (*result, set(shared._get_root_state().dirty_substates))

        changed, version, facts, dirty, quiet, loud = run(scenario())
        assert changed == {"version", "facts", "_phones"} and (version, facts) == (7, "f7")
        assert not dirty
        # set through Reflex, the version marks a Screen (and more) of the room's own tree,
        # which no tab shows
        assert not {name for name in quiet if "device" in name} and any("device" in name for name in loud)


def test_a_tab_state_is_modified_out_of_band_through_the_app():
    with relies_on("App.modify_state(BaseStateToken(ident=..., cls=...))"):
        params = inspect.signature(rx.App.modify_state).parameters
        assert "token" in params
        from reflex.istate.manager.token import BaseStateToken

        assert {f.name for f in dataclasses.fields(BaseStateToken)} >= {"ident", "cls"}


def test_reflexs_state_js_gets_the_patch_expansion_once():
    """``frame_patches.py``'s hook: before any delta reaches the state; a changed file fails."""
    from tablegames.frame_patches import SCRIPT_NAME

    text = rxa.state_js_template().read_text(encoding="utf-8")
    once = rxa.state_js_expanding_patches(text, SCRIPT_NAME)
    assert once != text and rxa.state_js_expanding_patches(once, SCRIPT_NAME) == once
    assert 'import { expandPatches } from "$/utils/frame_patch";' in once
    handler = once.index('socket.current.on("event", (update) => {')
    assert once.index("expandPatches(update.delta", handler) < once.index("dispatch[substate]", handler)
    with pytest.raises(RuntimeError):
        changed = text.replace('socket.current.on("event"', 'socket.current.on("update"')
        rxa.state_js_expanding_patches(changed, SCRIPT_NAME)


def test_engineio_s_writer_waits_on_its_queue_alone_with_the_same_results():
    from engineio import async_server, async_socket, exceptions, packet

    with relies_on("engineio.async_socket.AsyncSocket.poll as python-engineio 4.15.1 has it "
                   "(requirements.txt pins it; reflex_adapter._ENGINEIO_POLL)"):
        original = async_socket.AsyncSocket.poll
        try:
            rxa.lean_socket_poll()
            lean = async_socket.AsyncSocket.poll
            assert lean is not original and lean._tg_lean  # installed over the poll it was written for
            rxa.lean_socket_poll()
            assert async_socket.AsyncSocket.poll is lean  # once

            async def scenario() -> None:
                server = async_server.AsyncServer(async_mode="asgi")
                sockets = [async_socket.AsyncSocket(server, f"sid{i}") for i in range(2)]
                ping, message = packet.Packet(packet.PING), packet.Packet(packet.MESSAGE, "x")
                for sock in sockets:  # what is queued, then what is left for the next poll
                    for pkt in (ping, message, None, message):  # None: the socket's end
                        sock.queue.put_nowait(pkt)
                got = [await original(sockets[0]), await lean(sockets[1])]
                assert got[0] == got[1] == [ping, message]
                got = [await original(sockets[0]), await lean(sockets[1])]
                assert got[0] == got[1] == [message]  # the end is queued again, behind the rest
                got = [await original(sockets[0]), await lean(sockets[1])]
                assert got[0] == got[1] == []  # the end: the writer stops
                assert [s.queue.qsize() for s in sockets] == [0, 0]
                waiting = asyncio.ensure_future(lean(sockets[1]))
                await asyncio.sleep(0)
                assert not waiting.done()  # nothing queued: it waits
                sockets[1].queue.put_nowait(message)
                assert await waiting == [message]
                waiting = asyncio.ensure_future(lean(sockets[1]))
                await asyncio.sleep(0)
                waiting.cancel()  # the socket closing
                with pytest.raises(exceptions.QueueEmpty):
                    await waiting

            run(scenario())
        finally:
            async_socket.AsyncSocket.poll = original
