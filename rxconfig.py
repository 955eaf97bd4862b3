"""Reflex configuration. Everything deployment-specific comes from the environment.

DATABASE_URL      database for the SQLModel tables (default: the SQLite file tablegames.db);
                  PostgreSQL: postgresql+psycopg://user@host:port/db (driver in requirements.txt)
REFLEX_REDIS_URL  Redis for the state manager (several backend workers); unset = in memory
GRANIAN_WORKERS   backend workers of `reflex run --env prod` (read by Reflex itself; default
                  2 x cores + 1 with Redis, 1 without); scripts/start-scaled sets it.
                  See docs/scaling.md for the other knobs (lock and token expiry, DB pool).
"""

import os

import reflex as rx

REDIS_URL = os.environ.get("REFLEX_REDIS_URL") or None

config = rx.Config(
    app_name="tablegames",
    db_url=os.environ.get("DATABASE_URL", "sqlite:///tablegames.db"),
    redis_url=REDIS_URL,
    # One process without Redis keeps tab states in memory: `reflex run` deletes the disk
    # state folder at every start anyway (the database is what survives a restart), and
    # writing every tab's state to disk after every event cost ~10 % of a move's CPU.
    state_manager_mode="redis" if REDIS_URL else "memory",
    telemetry_enabled=False,
    plugins=[rx.plugins.RadixThemesPlugin(theme=rx.theme(appearance="dark", accent_color="green", radius="large"))],
    # A private game app needs no sitemap.xml; disabling it also silences the
    # "enabled by default" warning.
    disable_plugins=[rx.plugins.SitemapPlugin],
)
