""""Exactly n of these literals" as clauses, for any genre's CNF strategy.

Shared by the genres whose encodings list counts (literals and a bound): Heyawake's rooms,
Nurikabe's islands, Yajilin's arrows. PySAT's ``CardEnc`` writes each; a bound that leaves
no choice is written as units (or the empty clause), and the count runs over whichever of
the true or the false literals is fewer, the smaller encoding.
"""

from __future__ import annotations

from collections.abc import Sequence

from pencilsat.core.clock import check_clock

Clause = list[int]
CARD_ENCODING = "kmtotalizer"


def exactly_clauses(sizes: Sequence[tuple[Sequence[int], int]], top: int,
                    card: str = CARD_ENCODING,
                    deadline: float | None = None) -> tuple[list[Clause], int]:
    """The clauses of every "exactly ``bound`` of ``lits``", new variables from ``top + 1``
    on; returns them and the last variable used."""
    from pysat.card import CardEnc, EncType

    out: list[Clause] = []
    for lits, bound in sizes:
        check_clock(deadline)
        lits = list(lits)
        if not 0 < bound < len(lits):
            out.extend([[]] if bound > len(lits) or bound < 0 else
                       [[lit] for lit in lits] if bound else [[-lit] for lit in lits])
            continue
        if 2 * bound > len(lits):
            lits, bound = [-lit for lit in lits], len(lits) - bound
        if bound == 1 and len(lits) == 2:
            out.extend([[lits[0], lits[1]], [-lits[0], -lits[1]]])
            continue
        enc = CardEnc.equals(lits, bound=bound, top_id=top, encoding=getattr(EncType, card))
        out.extend(enc.clauses)
        top = max(top, enc.nv)
    return out, top
