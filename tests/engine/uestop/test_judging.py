"""The table judges an answer: majority of the other players, ties by option, 2 players."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tablegames.engine.uestop.rules import vote_decision

from .conftest import G, act, answer, events, make, refused, reveal, win_race


def judging(players: int = 4, answerer: int = 0, **options):
    s = win_race(reveal(make(players, **options)), answerer)
    return answer(s, None, category=1)


def test_majority_accepts() -> None:
    s = judging(4)  # 3 voters
    s = act(s, 1, {"type": "vote", "accept": True})
    assert s.phase == "judging"
    s = act(s, 2, {"type": "vote", "accept": True})
    assert s.won[0] == ("red-01",)
    assert [e["type"] for e in events(s)][:3] == ["vote", "accepted", "scored"]


def test_majority_rejects_early() -> None:
    s = judging(4)
    s = act(s, 1, {"type": "vote", "accept": False})
    s = act(s, 2, {"type": "vote", "accept": False})
    assert s.phase == "reading" and s.benched == (0,)


def test_a_tie_accepts_by_default() -> None:
    s = judging(3)  # 2 voters
    s = act(s, 1, {"type": "vote", "accept": True})  # 1 of 2: a tie at worst
    assert s.won[0] == ("red-01",)


def test_a_tie_can_reject() -> None:
    s = judging(3, ties="reject")
    s = act(s, 1, {"type": "vote", "accept": True})
    assert s.phase == "judging"
    s = act(s, 2, {"type": "vote", "accept": False})
    assert s.phase == "reading" and s.benched == (0,)


def test_five_players_split_two_two() -> None:
    s = judging(5)
    for seat, vote in ((1, True), (2, False), (3, False)):
        s = act(s, seat, {"type": "vote", "accept": vote})
        assert s.phase == "judging"
    s = act(s, 4, {"type": "vote", "accept": True})
    assert s.won[0] == ("red-01",)


def test_two_players_the_other_decides() -> None:
    s = judging(2)
    s2 = act(s, 1, {"type": "vote", "accept": False})
    assert s2.benched == (0,)
    s3 = act(s, 1, {"type": "vote", "accept": True})
    assert s3.won[0] == ("red-01",)


def test_the_answerer_cannot_vote_and_nobody_votes_twice() -> None:
    s = judging(4)
    refused(s, 0, {"type": "vote", "accept": True}, "answerer_cannot_vote")
    s = act(s, 1, {"type": "vote", "accept": True})
    refused(s, 1, {"type": "vote", "accept": False}, "already_voted")
    refused(s, 2, {"type": "vote", "accept": "yes"}, "bad_move")
    refused(s, 2, {"type": "vote"}, "bad_move")


def test_no_vote_outside_judging() -> None:
    refused(make(), 1, {"type": "vote", "accept": True}, "no_vote_now")
    s = win_race(reveal(make()), 0)
    refused(s, 1, {"type": "vote", "accept": True}, "no_vote_now")


def test_a_benched_player_still_judges() -> None:
    s = replace(make(3), benched=(2,))
    s = answer(win_race(reveal(s), 0), None, category=0)
    assert {"type": "vote", "accept": True} in G.legal_moves(s, 2)
    s = act(s, 2, {"type": "vote", "accept": True})
    assert s.won[0]


def test_the_view_counts_votes() -> None:
    s = judging(4)
    s = act(s, 3, {"type": "vote", "accept": False})
    votes = G.view(s, None)["votes"]
    assert votes == {"voters": 3, "accept": 0, "reject": 1,
                     "by_seat": [{"seat": 3, "accept": False}], "ties": "accept"}


@pytest.mark.parametrize("voters", range(1, 8))
@pytest.mark.parametrize("ties", ["accept", "reject"])
def test_the_decision_is_the_final_majority(voters: int, ties: str) -> None:
    """Deciding early never differs from counting every vote."""
    for mask in range(2 ** voters):
        ballots = [bool(mask >> i & 1) for i in range(voters)]
        yes = sum(ballots)
        final = yes * 2 > voters or (yes * 2 == voters and ties == "accept")
        decided = None
        for k in range(1, voters + 1):
            decided = vote_decision([(i, b) for i, b in enumerate(ballots[:k])], voters, ties)
            if decided is not None:
                break
        assert decided == final
