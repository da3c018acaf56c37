"""Each of Sato's techniques has a position where it is the step that makes progress.

The thinned positions were taken from runs over Simon Tatham's generated Solo puzzles (corpus
``sudoku/tatham``): the grader's state just before the technique fired, with every given
removed that the technique did not need; the digit placed agreed with the puzzle's stored
solution. The hand-made positions are the digest's examples (docs/sudoku-grading.md §3).
"""

from __future__ import annotations

import pytest

from pencilsat.grading.steps import Step
from pencilsat.grading.sudoku.bands import first_clue
from pencilsat.grading.sudoku.catalogue import TECHNIQUES
from pencilsat.grading.sudoku.contradiction import contradiction_processing
from pencilsat.grading.sudoku.finder import PairMemory, find_step
from pencilsat.grading.sudoku.state import SudokuState


def state_of(text: str) -> SudokuState:
    return SudokuState.from_clues([0 if ch == "." else int(ch) for ch in text])


def grid_of(placed: dict[tuple[int, int], int]) -> str:
    """An 81-character grid from 1-based {(row, col): digit}."""
    cells = ["."] * 81
    for (r, c), d in placed.items():
        cells[(r - 1) * 9 + c - 1] = str(d)
    return "".join(cells)


def step_at(text: str, level: int) -> Step | None:
    """What the main loop does at ``level`` (level 3 includes contradiction processing)."""
    state, memory = state_of(text), PairMemory()
    step = find_step(state, level, False, memory)
    if step is None and level == 3:
        step = contradiction_processing(state, memory)
    return step


THINNED = [
    ("AKIMASUSYUHO n=1", 1, (0, 5, 6),
     "...74.......135......892........................................................."),
    ("AKIMASUSYUHO n=2", 1, (0, 0, 5),
     ".3.746198.9.135..4.4.892...9....84..4....9........49....49.......54....9..9....4."),
    ("AKIMASUSYUHO n=3 hidden", 2, (8, 0, 9),
     ".29...7..1..7.6...7.........7.9.....3.......72....7...6...7....5...6..7...7......"),
    ("AKIMASUSYUHO n=3 naked", 2, (7, 0, 5),
     "......7..1..7.....7.........7.......3....5..7.....7.......7......2.69478..7......"),
    ("AKIMASUSYUHO n=4 hidden", 2, (1, 4, 6),
     ".........8.43.1..2........6..............................................6......."),
    ("AKIMASUSYUHO n=4 naked", 3, (8, 7, 6),
     ".4.....1....4.3.....2.184......34....8.....4.4...8..3...43........14..7.9.58.2..4"),
    ("BIGAKIMASUSYUHO n=5 hidden", 3, (6, 4, 5),
     "...94.....9..6.4...4......9..94........6.9.4...45...9.9.6..4...4..3..965....96..4"),
    ("BIGAKIMASUSYUHO n=5 naked", 3, (8, 0, 8),
     "3...72.......98.7...7.56...5..817...71.2.9...9..6.5..7..158.7...7.92.....2.76...4"),
    ("BIGAKIMASUSYUHO n=6 hidden", 3, (1, 7, 9),
     "19.7.48..37...8...48...97..953127...218496375764583.2.5.9371...8.1962..76.7845.1."),
    ("MUJYUNSYORI contradiction", 3, (1, 8, 1),
     ".1.86..29.8.32......6..7.....8...5...............5...4..24..178...681.4.841....6."),
    ("PAIRSUSYO chain loop", 3, (0, 8, 6),
     ".....3.7.36.............3.1...63....5921486376............................4..1..3"),
    ("PAIRSUSYO dependent pairs", 3, (4, 8, 2),
     "571.4.963386...25442965371875...468.948.6537.61....54.237581496195436827864.9.135"),
    ("PAIRSUSYO pair+lock", 3, (7, 1, 8),
     "17435.9...5.......628....5....5.....531289674......59..158..72......5.....61278.5"),
    ("PAIRSUSYO reduced unit hidden", 3, (6, 7, 6),
     "67....9..1498672532..9..7.67....6..99..784...8..195..7397......5..47..924....9.7."),
    ("PAIRSUSYO reduced unit naked", 3, (6, 2, 7),
     "..4...................................1...2............6..9......5..8.3638.2564.1"),
    ("PAIRSUSYO single", 3, (5, 3, 1),
     "...894......6134.....725..3.1......................53......1.......72.51....86..."),
    ("PLTUNAGISYO", 3, (4, 5, 8),
     "457.83.9.3...91...1.974538.8....29...9.....2....9.6..8.4.....39...36...7.7352.81."),
    ("SANRETUSYO", 1, (0, 3, 7),
     "....4..9..9.1....4.4.89....9.....4..4...79........49....49.7......4....9..9....4."),
    ("SPEAKIMSLV2 n=5", 2, (7, 4, 7),
     "...894......613......7259.3...........................7....1........2.......86..."),
    ("SPEAKIMSLV2 prop4", 2, (6, 2, 4),
     ".4........2...........................................8...............4.2.9......"),
    ("SPEAKIMSSYO n=3", 1, (1, 3, 1),
     "....4.198.9..35..4.4.892...9.....4..4....9........49....49........4..7.9..9....4."),
    ("SPESANRETU filled segment", 2, (5, 2, 6),
     ".6..3..........3..3...............63732846195...3.......3........1....3...5..3.4."),
    ("SPESANRETU pair", 2, (8, 1, 8),
     ".........8...........8......4....3597.1...268.3....714.6............8..6.....6..1"),
]


@pytest.mark.parametrize(("technique", "level", "placement", "grid"), THINNED,
                         ids=[t[0] for t in THINNED])
def test_technique_is_the_step_that_makes_progress(technique, level, placement, grid):
    assert TECHNIQUES[technique].level == level
    if level > 1:
        assert step_at(grid, level - 1) is None, "a cheaper level already makes progress"
    step = step_at(grid, level)
    assert step is not None
    assert step.technique == technique
    assert step.placements == (placement,)
    assert step.level == level


def test_three_line_digest_example():
    """Digest §3.2: 1 twice in rows 1-3, r3c7 filled, r3c8 sees r6c8 -> r3c9 = 1."""
    grid = grid_of({(1, 2): 1, (2, 5): 1, (3, 7): 4, (6, 8): 1})
    step = step_at(grid, 1)
    assert (step.technique, step.placements) == ("SANRETUSYO", ((2, 8, 1),))


def test_first_clue_sweeps_in_batch_until_nothing_changes():
    """FIRSTCLUE places every technique-1 digit it can, repeating whole sweeps (digest §3.2)."""
    grid = grid_of({(1, 2): 1, (2, 5): 1, (3, 7): 4, (6, 8): 1, (4, 1): 2, (5, 4): 2})
    state = state_of(grid)
    steps = first_clue(state)
    placed = {p for s in steps for p in s.placements}
    assert (2, 8, 1) in placed
    assert all(s.technique == "FIRSTCLUE" for s in steps)
    assert first_clue(state) == []


def test_n_empty_cell_digest_examples():
    """Digest §3.3: row 5 with empty c2, c5, c8; hidden single r5c8 = 7; without the 7 at
    r8c5, the naked single r5c2 = 9. Both are level 2 (n = 3)."""
    base = {(1, 2): 7, (9, 2): 5, (5, 1): 4, (5, 3): 8, (5, 4): 1, (5, 6): 6, (5, 7): 2,
            (5, 9): 3}
    hidden = step_at(grid_of(base | {(8, 5): 7}), 2)
    assert (hidden.technique, hidden.placements) == ("AKIMASUSYUHO n=3 hidden", ((4, 7, 7),))
    assert step_at(grid_of(base), 1) is None
    naked = step_at(grid_of(base), 2)
    assert (naked.technique, naked.placements) == ("AKIMASUSYUHO n=3 naked", ((4, 1, 9),))


def test_modified_n_empty_cell_digest_example():
    """Digest §3.5: two exclusions from the 9 in b4 -> r5c8 = 9 at level 1 (SPEAKIMSSYO)."""
    grid = grid_of({(4, 3): 9, (5, 3): 8, (5, 4): 1, (5, 5): 4, (5, 6): 6, (5, 7): 2,
                    (5, 9): 3})
    step = step_at(grid, 1)
    assert (step.technique, step.placements) == ("SPEAKIMSSYO n=3", ((4, 7, 9),))


def test_modified_three_line_filled_segment_digest_example():
    """Digest §3.4: 2 once in rows 4-6, filled segment r5/b5 -> r5c8 = 2."""
    grid = grid_of({(4, 2): 2, (5, 4): 7, (5, 5): 3, (5, 6): 8, (5, 7): 6, (8, 9): 2})
    assert step_at(grid, 1) is None
    step = step_at(grid, 2)
    assert (step.technique, step.placements) == ("SPESANRETU filled segment", ((4, 7, 2),))


def test_modified_three_line_pair_digest_example():
    """Digest §3.4: b2 is a Type 1 block, the 5 at r2c8 makes a pair in c5 -> r5c6 = 5."""
    grid = grid_of({(1, 4): 1, (1, 6): 2, (2, 8): 5, (3, 4): 3, (3, 6): 4, (4, 6): 6,
                    (6, 1): 5, (8, 4): 5})
    assert step_at(grid, 1) is None
    step = step_at(grid, 2)
    assert (step.technique, step.placements) == ("SPESANRETU pair", ((4, 5, 5),))


def test_filled_corner_block_digest_example():
    """Digest §3.6 (Prop. 4): b1 corners 3, 5, 8 filled, 7 in its middle row and column."""
    grid = grid_of({(1, 3): 3, (2, 6): 7, (3, 1): 5, (3, 3): 8, (7, 2): 7})
    assert step_at(grid, 1) is None
    step = step_at(grid, 2)
    assert (step.technique, step.placements) == ("SPEAKIMSLV2 prop4", ((0, 0, 7),))


def test_big_naked_single_in_a_six_empty_unit_is_level_3():
    """A naked single in a row with 6 empty cells that no cheaper test finds: level 3."""
    row5 = {(5, 4): 1, (5, 6): 2, (5, 8): 3}
    seen_by_r5c1 = {(1, 1): 4, (8, 1): 5, (4, 2): 6, (6, 3): 7, (4, 3): 8}
    grid = grid_of(row5 | seen_by_r5c1)
    assert step_at(grid, 2) is None
    step = step_at(grid, 3)
    assert (step.technique, step.placements) == ("BIGAKIMASUSYUHO n=6 naked", ((4, 0, 9),))


def test_modified_n_empty_cell_gate_digit_need_not_be_the_placed_digit():
    """Digest §3.5 / §8.5-3: the 9 in b4 opens the gate of row 5, but the hidden-single search
    runs over all missing digits in ascending order and places the 5 first."""
    grid = grid_of({(4, 3): 9, (5, 3): 8, (5, 4): 1, (5, 5): 4, (5, 6): 6, (5, 7): 2,
                    (5, 9): 3, (1, 2): 5, (9, 8): 5})
    step = step_at(grid, 1)
    assert (step.technique, step.placements) == ("SPEAKIMSSYO n=3", ((4, 0, 5),))
