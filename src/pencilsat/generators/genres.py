"""The genres ``pencilsat generate`` makes to order (a light module: the command line's parser
lists them without loading the generators)."""

OWN_MAKERS = ("masyu", "lightup", "sudoku", "slitherlink", "nurikabe")
"""Genres with a generator of their own."""
CLUE_MAKER_GENRES = ("slant", "kurodoko", "fillomino", "skyscrapers", "nonogram",
                     "jigsawsudoku", "killersudoku", "ripple", "heyawake", "tents", "shakashaka",
                     "shikaku", "hitori", "hashi", "yajilin", "kakuro")
"""Genres made by the generic clue maker (``generators/clue_genres.py``, one spec each;
a test checks the two lists agree)."""
ALL_GIVEN_GENRES = ("nonogram", "killersudoku", "tents", "hitori", "hashi", "yajilin", "kakuro")
"""The clue-maker genres made with every clue given, as they are published (the spec's
``all_given``; a test checks they agree)."""
BANDED_CLUE_GENRES = ("slant", "skyscrapers", "jigsawsudoku", "tents")
"""The clue-maker genres with levels: bands of a study measure placed on Tatham's levels
(``generators/study_measure.py``'s ``BANDS``; a test checks they agree)."""
STRUCTURE_GENRES = ("starbattle", "norinori", "lits", "galaxies", "numberlink")
"""Genres whose clues are their structure (``generators/structure_genres.py``): a search
per genre makes the puzzle unique by changing the structure."""
GENRES = OWN_MAKERS + CLUE_MAKER_GENRES + STRUCTURE_GENRES
SYMMETRIC_GENRES = ("lightup", "sudoku", "slitherlink", "slant", "kurodoko", "fillomino",
                    "skyscrapers", "jigsawsudoku", "ripple", "numberlink")
"""The genres made with ``--symmetry`` (a test checks the makers agree), named in the
refusals of the others."""


def symmetry_made_for() -> str:
    """The refusals' pointer to the genres that take ``--symmetry``."""
    return "symmetry is made for " + ", ".join(SYMMETRIC_GENRES)
