"""Human-technique difficulty graders: a package per genre, one step and one grade for all.

``front`` proves a puzzle unique with the genre's default solver, then calls the genre's grader
from the registry; ``steps`` is the contract every grader returns (a :class:`~steps.Grade` of
:class:`~steps.Step` values); ``clock`` is the shared time limit. Each genre package
(``masyu``: Sato 2007, ``sudoku``: Sato 2010, ``lightup``: Kashima 2010) has a ``state``
module, a ``catalogue`` of techniques with their levels or costs and their priority order, a
``finder`` that picks the next step in that order, an ``engine`` driving the paper's loop, and
one module per technique family. Graders read only the puzzle: they import no solver.
"""
