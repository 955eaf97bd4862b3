"""The Reflex app and its routes. Pages live in tablegames/pages/."""

import reflex as rx

from tablegames import gc_pauses, games, pwa, serving
from tablegames.components import countdown, sound
from tablegames.pages import phone, table, viewer
from tablegames.pages.landing import landing
from tablegames.state import device, fanout, guard, quick_events, upkeep
from tablegames.state.landing import LandingForm

games.import_ui()  # every game's states exist before the app starts (pages are built lazily)

app = rx.App(
    head_components=[
        rx.el.link(rel="icon", href="/favicon.svg", type="image/svg+xml"),
        rx.el.script(device.NOTE_LANGUAGES_JS),  # first: the state reads the browser's languages from it
        *pwa.head_components(),
        sound.head_script(),  # assets/sound.js: the cues, synthesised (components/sound.py)
        countdown.head_script(),  # assets/countdown.js: the turn timer counts down
    ],
    stylesheets=[*(ui.stylesheet for ui in games.entries() if ui.stylesheet), "/app.css", "/phone.css", "/endings.css", "/help.css", "/motion.css", "/countdown.css", "/reactions.css", "/seats.css", "/bots.css"],
    api_transformer=serving.with_cache_headers,
)
app.add_page(landing, route="/", title="Table Games", on_load=LandingForm.open_landing)
app.add_page(table.table_page, route="/table/[code]", title="Table Games: table", on_load=table.ON_LOAD)
app.add_page(phone.phone_page, route="/play/[code]", title="Table Games: hand", on_load=phone.ON_LOAD)
app.add_page(viewer.viewer_page, route="/watch/[code]", title="Table Games: watching", on_load=viewer.ON_LOAD)
app.register_lifespan_task(serving.die_with_supervisor)  # a worker never outlives scripts/serve.py
if rx.config.get_config().redis_url:  # several workers: survive Redis losing its data
    app.register_lifespan_task(upkeep.watch_redis, app=app)
    app.register_lifespan_task(fanout.listen)  # moves made on the other workers
else:  # the tabs' states live in this process: short, regular young collections (gc_pauses.py)
    app.register_lifespan_task(gc_pauses.sweep)
app.register_lifespan_task(quick_events.install, app=app)  # moves and timer events without Reflex's event processing
app.register_lifespan_task(guard.install, app=app)  # input limits, rate limits, /_health (before the above)
gc_pauses.install()
