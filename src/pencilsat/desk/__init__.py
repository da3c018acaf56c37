"""The editor's desk: clue tools and hints on top of the solver and the graders.

``clues`` says which clues a unique puzzle could lose and which clues make an ambiguous one
unique; ``hint`` gives the next human step from a partly solved grid. The backbone and the
count live with the searches (:mod:`pencilsat.strategies.solution_space`); the web page is
:mod:`pencilsat.web`.
"""
