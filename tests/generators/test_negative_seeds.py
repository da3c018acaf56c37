"""Every integer seed is its own stream: ``random.Random(-n)`` is ``random.Random(n)``, so
``generate --seed -5`` made the puzzle of ``--seed 5``; seeds of 0 and above keep theirs."""

from __future__ import annotations

import random

import pytest

from pencilsat.cli import main
from pencilsat.generators.seeded import seeded_random


@pytest.mark.parametrize("seed", [0, 1, 5, 2**32 - 1, 2**32, 2**32 + 7, 2**70 + 3])
def test_a_seed_of_zero_or_more_keeps_pythons_stream(seed):
    assert seeded_random(seed).getstate() == random.Random(seed).getstate()


@pytest.mark.parametrize("seed", [0, 1, 5, 2**32, 2**70 + 3, 10**4000])
def test_an_ints_seeding_sets_the_first_state_word_which_a_negative_seed_clears(seed):
    assert random.Random(seed).getstate()[1][0] == 0x80000000
    assert seeded_random(-seed - 1).getstate()[1][0] == 0


@pytest.mark.parametrize("seed", [1, 5, 2**32, 2**40 + 9])
def test_a_negative_seed_draws_a_stream_apart_from_its_absolute_values(seed):
    drawn = [seeded_random(-seed).random() for _ in range(2)]
    assert drawn[0] == drawn[1]  # the same seed, the same stream
    mine, theirs = seeded_random(-seed), random.Random(seed)
    assert all(mine.random() != theirs.random() for _ in range(1000))
    assert seeded_random(-seed).random() != seeded_random(-seed - 1).random()


def test_generate_with_a_negative_seed_makes_its_own_puzzle(capsys):
    made = {}
    for seed in ("5", "-5", "-5"):
        assert main(["generate", "slitherlink", "5x5", "--seed", seed]) == 0
        out, err = capsys.readouterr()
        assert f"seed {seed}," in err
        made.setdefault(seed, set()).add(out)
    assert len(made["-5"]) == 1  # reproducible
    assert made["-5"] != made["5"]
