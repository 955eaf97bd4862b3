

def test_a_stacked_game_round_trips_through_json():
    # The stack option is stored as tuples, as it comes back from JSON (a restart reloads it).
    from tablegames.engine import get_game

    game = get_game("upwords")
    state = game.new(["A", "B"], {"stack": {"racks": [list("MOODJEA"), list("WOVINTS")], "bag": list("AEILR")}},
                     seed=1)
    assert game.from_json(game.to_json(state)) == state
