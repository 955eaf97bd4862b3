"""The face illustrations (assets/faces/*.svg) and the card components of faces_art."""

from __future__ import annotations

import base64
import os
import xml.etree.ElementTree as ET

import pytest
import reflex as rx

from tablegames.reflex_adapter import js_var

from tablegames.games.faces import art as faces_art
from tablegames.games.faces.art import (
    ASSET_DIR,
    back_svg,
    face_back,
    face_card,
    face_svg,
    face_url,
)

CHROMIUM = "/usr/bin/chromium"
NS = "{http://www.w3.org/2000/svg}"


def test_the_asset_files_are_the_drawings_in_code() -> None:
    """Run ``faces_art.write_assets()`` after changing a drawing."""
    for n in range(1, 14):
        assert (ASSET_DIR / f"{n}.svg").read_text(encoding="utf-8") == face_svg(n), n
    assert (ASSET_DIR / "back.svg").read_text(encoding="utf-8") == back_svg()


@pytest.mark.parametrize("n", [*range(1, 14), "back"])
def test_each_file_is_a_well_formed_square_svg(n) -> None:
    root = ET.parse(ASSET_DIR / f"{n}.svg").getroot()
    assert root.tag == f"{NS}svg" and root.get("viewBox") == "0 0 200 200"
    assert root.get("width") == root.get("height") == "200"
    assert len(list(root.iter())) > 5
    assert "<image" not in (ASSET_DIR / f"{n}.svg").read_text()  # drawn, nothing embedded


def test_thirteen_different_faces() -> None:
    assert len({face_svg(n) for n in range(1, 14)}) == 13


def test_face_url() -> None:
    assert face_url(6) == "/faces/6.svg"
    v = js_var("card", int)
    assert str(face_url(v)) == '("/faces/"+card+".svg")'
    for bad in (0, 14, "6", True):
        with pytest.raises(ValueError):
            face_url(bad)  # type: ignore[arg-type]


def _props(component: rx.Component) -> str:
    return " ".join(component.render()["props"])


def test_face_card_with_a_plain_number() -> None:
    card = face_card(6, size="table", label="happy")
    r = card.render()
    assert r["name"] == '"div"'
    assert '"aria-label":"happy"' in _props(card) and '"data-emotion":6' in _props(card)
    img = r["children"][1]
    assert 'src:"/faces/6.svg"' in img["props"]
    assert r["children"][2]["children"][0]["contents"] == '"happy"'
    assert "150px" in _props(card) and "210px" in _props(card)


def test_face_card_with_vars_and_a_click() -> None:
    emotion = js_var("card", int)
    label = js_var("name", str)
    card = face_card(emotion, size="hand", label=label, on_click=rx.console_log("x"),
                     style={"outline": "3px solid gold"})
    r = card.render()
    assert r["name"] == '"button"'
    props = _props(card)
    # named by its visible word (no aria-label beside it: axe label-content-name-mismatch)
    assert "aria-label" not in props and "onClick" in props and 'type:"button"' in props
    assert r["children"][2]["children"][0]["contents"] == "name"
    assert '["outline"] : "3px solid gold"' in props and "80px" in props
    assert 'src:("/faces/"+card+".svg")' in r["children"][1]["props"]


def test_mini_cards_show_no_word_and_sizes_are_checked() -> None:
    card = face_card(3, size="mini", label="scared")
    r = card.render()
    assert len(r["children"]) == 1 and '"aria-label":"scared"' in _props(card)
    with pytest.raises(ValueError):
        face_card(3, size="huge")
    back = face_back("table")
    assert 'src:"/faces/back.svg"' in back.render()["children"][0]["props"]
    assert set(faces_art.SIZES) == {"hand", "table", "mini"}


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no system Chromium")
def test_every_face_renders_in_chromium() -> None:
    """Each file loads as an image (a standalone SVG must be strict XML) and is not blank."""
    from playwright.sync_api import sync_playwright

    names = [*map(str, range(1, 14)), "back"]
    imgs = "".join(
        f'<img id="f{name}" width="100" height="100" src="data:image/svg+xml;base64,'
        f'{base64.b64encode((ASSET_DIR / f"{name}.svg").read_bytes()).decode()}">'
        for name in names)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=["--no-sandbox", "--disable-gpu",
                                          "--disable-background-networking"])
        try:
            page = browser.new_page()
            page.set_content(f"<html><body>{imgs}</body></html>")
            page.wait_for_function("Array.from(document.images).every(i => i.complete)")
            for name in names:
                size = page.evaluate(f"document.getElementById('f{name}').naturalWidth")
                assert size == 200, name
                colours = page.evaluate(f"""(() => {{
                    const img = document.getElementById('f{name}');
                    const c = document.createElement('canvas'); c.width = c.height = 50;
                    const g = c.getContext('2d'); g.drawImage(img, 0, 0, 50, 50);
                    const d = g.getImageData(0, 0, 50, 50).data; const seen = new Set();
                    for (let i = 0; i < d.length; i += 4) seen.add(d[i] + ',' + d[i+1] + ',' + d[i+2]);
                    return seen.size; }})()""")
                assert colours > 20, name  # a drawing, not an empty or one-colour square
        finally:
            browser.close()
