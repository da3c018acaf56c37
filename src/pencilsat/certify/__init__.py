"""Certified verdicts: a proof, checked by code that did not produce it, that a puzzle has
exactly the answers a verdict claims (docs/certificates.md).

A certificate has four parts, each checked apart: the answer (the genre's rule checker), the
formula (rebuilt from the puzzle and compared by hash), the cuts (each re-justified from the
rules it stands for), and the refutation (a DRAT proof from CaDiCaL that the formula with the
answer blocked is unsatisfiable, checked by dratify). Loaded only under ``--certify`` and
``pencilsat check``.
"""
