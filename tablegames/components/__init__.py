"""Shared UI pieces every game uses: player chips, the game-over panel, the event list,
create-form fields, timers. (Each game's own art lives in tablegames/games/<game>/.)"""
