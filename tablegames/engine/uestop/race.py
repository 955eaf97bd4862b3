"""UeStop!'s slap races: the shared race judge (:mod:`tablegames.engine.race`), which
UNO's jump-ins use too."""

from tablegames.engine.race import *  # noqa: F403
from tablegames.engine.race import (  # noqa: F401  (the names this module always offered)
    TRUST_DRIFT, TRUST_LIMIT, Judged, delay_bounds, delay_rank, is_late, judge,
    ranking, report, suspicion, tap_time, winner, window_closed,
)
