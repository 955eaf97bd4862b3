"""The landing page: create a table with options, switch language, join by code."""

from __future__ import annotations

import json
import time

import pytest
from sqlmodel import Session, create_engine, select

from tablegames.rooms.models import Room

pytestmark = [pytest.mark.e2e, pytest.mark.socket_watch]


def _ready(page) -> None:
    page.wait_for_selector("#create")
    time.sleep(1.0)  # hydration: the form's events need the websocket


def _code(page) -> str:
    page.wait_for_function("() => /^[A-Z]{4}$/.test((document.querySelector('#room-code') || {}).innerText || '')")
    return page.inner_text("#room-code").strip()


def _room(app_server, code: str) -> Room:
    with Session(create_engine(app_server.database_url)) as db:
        return db.exec(select(Room).where(Room.code == code)).one()


def test_create_an_uno_plus_table_with_options(app_server, new_context, screenshot):
    page = new_context().new_page()
    page.goto(app_server.url("/"))
    _ready(page)
    page.select_option("#opt-edition", "plus")
    page.fill("#opt-target", "300")
    page.select_option("#opt-scoring", "lowest")
    page.check("#opt-wd4_bluff")
    page.select_option("#opt-house_rule_2", "free")
    page.fill("#opt-house_text_2", "Everyone says hello")
    screenshot(page, "create-form")
    page.click("#create")
    page.wait_for_url("**/table/*")
    code = _code(page)
    options = json.loads(_room(app_server, code).options_json)
    assert options["edition"] == "plus" and options["target"] == 300
    assert options["scoring"] == "lowest" and options["wd4_bluff"] is True
    assert options["house_rules"] == ["others_draw_2", {"kind": "free", "text": "Everyone says hello"}, "song"]
    assert page.query_selector("#start")  # this device is the host


def test_create_an_upwords_table(app_server, new_context):
    page = new_context().new_page()
    page.goto(app_server.url("/"))
    _ready(page)
    page.select_option("#opt-game", "upwords")
    page.wait_for_selector("#opt-words")
    page.select_option("#opt-words", "auto")
    page.click("#create")
    page.wait_for_url("**/table/*")
    room = _room(app_server, _code(page))
    assert room.game == "upwords" and json.loads(room.options_json)["words"] == "auto"


def test_language_switch_and_join_by_code(app_server, new_context):
    page = new_context(locale="pt-BR").new_page()
    page.goto(app_server.url("/"))
    _ready(page)
    page.get_by_text("Criar uma mesa").wait_for()  # the browser's language
    page.click("#lang-en")
    page.get_by_text("Create a table").wait_for()
    page.fill("#join-code", "ZZZZ")
    page.click("#join-go")
    page.wait_for_selector("#notice")
    assert "ZZZZ" in page.inner_text("#notice")
    page.click("#create")
    page.wait_for_url("**/table/*")
    code = _code(page)
    phone = new_context().new_page()
    phone.goto(app_server.url("/"))
    _ready(phone)
    phone.fill("#join-code", code.lower())
    phone.click("#join-go")
    phone.wait_for_url(f"**/play/{code}")
    phone.wait_for_selector("#player-name")
