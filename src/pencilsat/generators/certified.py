"""``generate --certify``: each puzzle made with the certificate of its uniqueness
(docs/certificates.md), written as ``solve --certify --proof-out DIR`` writes one.

The certificate is built from the puzzle and the generator's answer alone (the genre's
clauses closed by the certificate's own cut loop, a DRAT refutation with the answer
blocked, every part checked), so it trusts nothing of the generator's trials."""

from __future__ import annotations

from pathlib import Path

from pencilsat.certify.certificate import build
from pencilsat.certify.store import write
from pencilsat.core.errors import InputError
from pencilsat.generators.loop import Generated


def certificate_folder(root: str | Path, genre: str, width: int, height: int,
                       target: str, seed: int) -> Path:
    """Where the certificate of the puzzle of ``seed`` goes under ``root``: one folder per
    order and seed, so that puzzles of one ``--count`` run never share one."""
    label = target.replace(" ", "").replace("..", "-")
    return Path(root) / f"{genre}-{width}x{height}-{label}-seed{seed}"


def certify_made(made: Generated, folder: Path) -> Generated:
    """Certify ``made`` (its answer unique) into ``folder``; ``made`` with the folder and the
    outcome. A certificate that does not hold is said in ``certified`` and ``certificate_note``
    (a generator bug or a genre without certificates), never dropped silently."""
    cert = build(made.puzzle, "unique", made.solution)
    made.certified = cert.certified
    made.certificate_note = cert.reason
    if cert.formula_text:
        try:
            write(folder, cert, made.puzzle, made.solution)
        except OSError as err:
            raise InputError(f"cannot write the certificate into {folder}: "
                             f"{err.strerror or err}", source="--certify") from None
        made.certificate = str(folder)
    return made
