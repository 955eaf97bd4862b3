"""The rulebook's worked examples, played in order (upwords.ocr.en.txt, Figures 1-7).

The OCR lost the numbers; NOTES.md restores DEAR = 8 and WOOD (from MOOD) = 5, and the
rest follows from the scoring rules the text spells out. Board: MOOD on row 4, columns
3-6 (it covers the centre squares (4,4) and (4,5)); three players take turns 0, 1, 2.

1. MOOD, the first word: 4 flat letters = 8.
2. "build down from the letter D in MOOD to form the word DEAR": 8.
3. "Build across using the letter E in DEAR to form the word NET ... The word ON also
   formed reading down": ON 4 + NET 6 = 10 (the shared N counts in both words).
4. "stack the letter W on top of the M in MOOD to change MOOD to WOOD": four letters plus
   one tile under the W = 5.
5. "stack the letter L on top of the D and ... the letter P on top of the letter R in the
   words WOOD and DEAR to change them into the words WOOL and LEAP": LEAP 2+1+1+2 = 6,
   WOOL 2+1+1+2 = 6: 12.
6. "build across stacking the letter N on top of the letter P in LEAP to form the word
   SNACK and change the word LEAP to LEAN": the N makes a stack of 3 (R, P, N):
   SNACK 1+3+1+1+1 = 7, LEAN 2+1+1+3 = 7: 14.
7. "build down to form the word PLUS which connects with the word NET and makes it
   plural": PLUS 8 + NETS 8 = 16 ("You score points for both words").

Words are settled automatically with the shipped dictionary, so every word of the
figures is also checked against the real list.
"""

from __future__ import annotations

import pytest

from tests.engine.upwords.conftest import across, down, height, make, place, top

RACKS = ["MOODWPL", "EARLPBB", "NTSNACK"]
BAG = "USEEIIIIIGGGHHH"  # seat 0 draws U and S after MOOD; the rest are refills

PLAYS = [  # (seat, tiles, words with their scores, total)
    (0, across(4, 3, "MOOD"), [("MOOD", 8)], 8),
    (1, down(5, 6, "EAR"), [("DEAR", 8)], 8),
    (2, [[5, 5, "N"], [5, 7, "T"]], [("NET", 6), ("ON", 4)], 10),
    (0, [[4, 3, "W"]], [("WOOD", 5)], 5),
    (1, [[4, 6, "L"], [7, 6, "P"]], [("LEAP", 6), ("WOOL", 6)], 12),
    (2, across(7, 5, "SNACK"), [("SNACK", 7), ("LEAN", 7)], 14),
    (0, down(2, 8, "PLUS"), [("PLUS", 8), ("NETS", 8)], 16),
]


@pytest.fixture(scope="module")
def states():
    s = make(RACKS, bag=BAG)
    out = [s]
    for seat, tiles, _, _ in PLAYS:
        s = place(s, seat, tiles)
        out.append(s)
    return out


@pytest.mark.parametrize("figure", range(1, len(PLAYS) + 1))
def test_figure_words_and_score(states, figure: int) -> None:
    seat, _, words, total = PLAYS[figure - 1]
    before, after = states[figure - 1], states[figure]
    last = after.last
    assert last["seat"] == seat
    assert [(w["word"], w["score"]) for w in last["words"]] == words
    assert last["score"] == total
    assert after.scores[seat] - before.scores[seat] == total
    assert [dict(e) for e in after.events if e["type"] == "place"][0]["score"] == total


def test_dear_scores_8_and_wood_from_mood_scores_5(states) -> None:
    """The two numbers NOTES.md restores."""
    assert states[2].last["words"][0]["word"] == "DEAR" and states[2].last["score"] == 8
    assert states[4].last["words"][0]["word"] == "WOOD" and states[4].last["score"] == 5


def test_final_board_of_the_figures(states) -> None:
    s = states[-1]
    assert "".join(top(s, 4, c) for c in range(3, 7)) == "WOOL"
    assert "".join(top(s, r, 6) for r in range(4, 8)) == "LEAN"
    assert "".join(top(s, 7, c) for c in range(5, 10)) == "SNACK"
    assert "".join(top(s, r, 8) for r in range(2, 6)) == "PLUS"
    assert "".join(top(s, 5, c) for c in range(5, 9)) == "NETS"
    assert [height(s, r, 6) for r in range(4, 8)] == [2, 1, 1, 3]
    assert s.board[7 * 10 + 6] == "RPN"  # R, then P (Figure 5), then N (Figure 6)
    assert height(s, 4, 3) == 2 and s.board[4 * 10 + 3] == "MW"
    assert s.scores == (8 + 5 + 16, 8 + 12, 10 + 14)


def test_figures_in_challenge_mode_score_the_same() -> None:
    s = make(RACKS, bag=BAG, words="challenge")
    for seat, tiles, words, total in PLAYS:
        s = place(s, seat, tiles)
        assert s.last["score"] == total and s.last["open"]
