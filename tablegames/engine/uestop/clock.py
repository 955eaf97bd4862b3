"""Phone clock estimates for UeStop!'s slaps: the shared module
:mod:`tablegames.engine.clock` (UNO's jump-ins use it too)."""

from tablegames.engine.clock import *  # noqa: F403
from tablegames.engine.clock import (  # noqa: F401
    LAG_MARGIN, MOST_LAG_Q, OUTLIER_RTT, OUTLIER_SLACK, TYPICAL_LAG_Q, ClockEstimate, PingSample,
    delay_bounds, estimate, lag_bounds, ping_delays, sample_offset, to_server_time,
)
