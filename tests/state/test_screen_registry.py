"""The games' UI registry and the generic layers that dispatch through it (no browser)."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tablegames import games
from tablegames.engine import game_names, get_game

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "tablegames"
# The generic layers: they dispatch through the registry and never name a game.
GENERIC = [*sorted((PKG / "pages").glob("*.py")), *sorted((PKG / "components").glob("*.py")),
           PKG / "state" / "room.py", PKG / "state" / "device.py", PKG / "state" / "landing.py",
           PKG / "state" / "host_link.py", PKG / "state" / "forms.py", PKG / "tablegames.py"]


def test_every_engine_game_has_a_ui_entry_and_back():
    assert set(games.names()) >= set(game_names()) - {"tiny"}
    for name in games.names():
        assert name in game_names(), f"{name} has screens but no engine"
        assert games.game_ui(name).name == name


@pytest.mark.parametrize("name", games.GAMES)
def test_an_entry_names_what_exists(name):
    ui = games.game_ui(name)
    for ref in (ui.phone, ui.table, *filter(None, (ui.lobby, ui.form, ui.parse_form)), *ui.on_open):
        assert games.load(ref) is not None, ref
    assert callable(games.load(ui.phone)) and callable(games.load(ui.table))
    if ui.stylesheet:
        assert (ROOT / "assets" / ui.stylesheet.lstrip("/")).is_file()
    assert ui.view_model == f"tablegames.games.{name}.view_model"


def test_entries_are_pure_data():
    """Reading the registry imports no Reflex (the state layer reads it freely)."""
    code = textwrap.dedent("""
        import sys
        from tablegames import games
        names = games.names()
        assert names[:4] == ("uno", "upwords", "faces", "uestop"), names
        assert "reflex" not in sys.modules, [m for m in sys.modules if m.startswith("reflex")]
    """)
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(PKG)))
def test_the_generic_layers_name_no_game(path):
    source = path.read_text(encoding="utf-8")
    found = {name for name in games.GAMES if re.search(rf"\b{name}\b", source, re.IGNORECASE)}
    assert not found, f"{path.name} names {found}"


def test_page_open_events_come_from_the_room_game():
    from tablegames.games.upwords.state import UpwordsDraft

    assert games.open_events("upwords") == [UpwordsDraft.link]
    assert games.open_events("uno") == [] and games.open_events("no such game") == []


def test_view_model_dispatch_falls_back_to_nothing():
    assert games.view_model({"game": "no such game"}, "en") == {}
    assert games.view_model({}, "en") == {}


def test_extra_games_only_in_test_mode(tmp_path, monkeypatch):
    module = tmp_path / "extra_ui_mod.py"
    module.write_text("from tablegames.games import GameUI\n"
                      "UI = GameUI(name='extra', phone='x:y', table='x:z')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv(games.EXTRA_GAMES_ENV, "extra_ui_mod")
    monkeypatch.setenv(games.TEST_MODE_ENV, "1")
    assert games.names()[-1] == "extra" and games.game_ui("extra").phone == "x:y"
    monkeypatch.setenv(games.TEST_MODE_ENV, "0")
    assert "extra" not in games.names()
    monkeypatch.delenv(games.EXTRA_GAMES_ENV)
    monkeypatch.setenv(games.TEST_MODE_ENV, "1")
    assert games.names() == games.GAMES


def test_load_references():
    assert games.load("tablegames.games:GameUI") is games.GameUI
    assert games.load("tablegames.games") is games
    with pytest.raises(AttributeError):
        games.load("tablegames.games:nothing_here")


def test_every_real_game_module_registers_its_entry():
    for name in games.GAMES:
        module = __import__(f"tablegames.games.{name}", fromlist=["UI"])
        assert isinstance(module.UI, games.GameUI)
        assert get_game(name).name == name


def test_the_app_imports_every_game_state_before_it_starts():
    """A backend-only worker never builds the pages: the games' states must exist anyway."""
    code = textwrap.dedent("""
        import sys
        import tablegames.tablegames  # noqa: F401
        from reflex.state import State
        from tablegames.state.room import Screen
        names = {c.__name__ for c in State.get_substates()} | {c.__name__ for c in Screen.get_substates()}
        assert {"UnoPicker", "UpwordsPhone", "UeStopUI", "HostLink"} <= names, names
    """)
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
