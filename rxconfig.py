"""Reflex configuration. Everything deployment-specific comes from the environment.

TG_DATA_DIR       the folder for everything the app writes at run time (default data/ in the
                  repository, git-ignored): the SQLite database and its -wal/-shm files.
                  It is never watched by the development server's hot reload.
DATABASE_URL      database for the SQLModel tables (default: SQLite, <TG_DATA_DIR>/tablegames.db);
                  PostgreSQL: postgresql+psycopg://user@host:port/db (driver in requirements.txt)
REFLEX_REDIS_URL  Redis for the state manager (several backend workers); unset = in memory
GRANIAN_WORKERS   backend workers of the production server (read by Reflex itself; default
                  2 x cores + 1 with Redis, 1 without); scripts/start-scaled sets it.
                  See docs/scaling.md for the other knobs (lock and token expiry, DB pool).
"""

import os
from pathlib import Path

import reflex as rx

from tablegames.frame_patches import FramePatchPlugin
from tablegames.preload import PreloadRoutePlugin
from tablegames.radix import RadixThemesPlugin  # Radix Themes, only what the app uses

ROOT = Path(__file__).resolve().parent
DATA_DIR = Path(os.environ.get("TG_DATA_DIR") or ROOT / "data").resolve()
DATA_DIR.mkdir(parents=True, exist_ok=True)
# What the app writes at run time must never restart the development server: keep the data
# folder out of Reflex's hot-reload watch list (it watches the repository's top folders).
_excluded = [p for p in os.environ.get("REFLEX_HOT_RELOAD_EXCLUDE_PATHS", "").split(os.pathsep) if p]
if str(DATA_DIR) not in _excluded:
    os.environ["REFLEX_HOT_RELOAD_EXCLUDE_PATHS"] = os.pathsep.join([*_excluded, str(DATA_DIR)])

REDIS_URL = os.environ.get("REFLEX_REDIS_URL") or None

config = rx.Config(
    app_name="tablegames",
    db_url=os.environ.get("DATABASE_URL") or f"sqlite:///{DATA_DIR / 'tablegames.db'}",
    redis_url=REDIS_URL,
    # One process without Redis keeps tab states in memory: `reflex run` deletes the disk
    # state folder at every start anyway (the database is what survives a restart), and
    # writing every tab's state to disk after every event cost ~10 % of a move's CPU.
    state_manager_mode="redis" if REDIS_URL else "memory",
    telemetry_enabled=False,
    # The production build would add a sticky "Built with Reflex" link to every page: a
    # guest who taps it mid-game leaves the table.
    show_built_with_reflex=False,
    # The production build ships every file also pre-compressed (served by Content-Encoding).
    frontend_compression_formats=["brotli", "gzip"],
    # What a phone downloads (docs/page-weight.md): Radix Themes without the parts no page uses,
    # the phone route's code preloaded, an app shell painted while the code loads.
    plugins=[RadixThemesPlugin(theme=rx.theme(appearance="dark", accent_color="green", radius="large")),
             PreloadRoutePlugin(),
             # a move's frame carries what changed on a screen: the browser expands it
             FramePatchPlugin()],
    hydrate_fallback="tablegames.pages.shell.shell",
    # A private game app needs no sitemap.xml; disabling it also silences the
    # "enabled by default" warning.
    disable_plugins=[rx.plugins.SitemapPlugin],
)
