"""Brute-force oracles of genres added after the first eight, one module per genre:
``solutions(puzzle)`` lists every answer of a tiny puzzle by enumeration and the genre's rule
checker; ``random_puzzle(rng)`` makes a small puzzle around a random answer
(``tests/desk/brute_force.py`` finds them by the genre's name)."""
