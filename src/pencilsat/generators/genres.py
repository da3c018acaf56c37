"""The genres ``pencilsat generate`` makes to order (a light module: the command line's parser
lists them without loading the generators)."""

GENRES = ("masyu", "lightup", "sudoku", "slitherlink", "nurikabe")
