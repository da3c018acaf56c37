"""``pencilsat study``: does SAT effort track human difficulty? Measured, reproducibly.

Given a LABELS file (puzzles with a difficulty label, ordered levels or numbers such as
solving seconds, optionally a group and a weight), measure every puzzle
(:mod:`.measures`: CDCL effort on a fixed complete encoding, the level of generalised unit
propagation, CP-SAT's search, the grader, baselines), correlate each measure with the labels
within groups, cross-validate a combined predictor, and write ``measures.jsonl``,
``correlations.csv``, ``report.md`` and plots::

    import pencilsat
    result = pencilsat.study("labels.tsv", "out", order="easy,tricky,hard", workers=2)
    print(result.report)

The package is callable as the function itself, so ``pencilsat.study(...)`` works whether
or not ``pencilsat.study`` has been imported as a module. Needs the ``study`` extra
(matplotlib, scipy).
"""

from __future__ import annotations

import sys
import types
from typing import Any

from pencilsat.study.measures import MeasureSettings
from pencilsat.study.run import StudyResult, StudyWarning, run_study

study = run_study
__all__ = ["study", "run_study", "StudyResult", "StudyWarning", "MeasureSettings"]


class _CallableModule(types.ModuleType):
    """This package, callable as :func:`run_study`."""

    def __call__(self, *args: Any, **kwargs: Any) -> StudyResult:
        return run_study(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
