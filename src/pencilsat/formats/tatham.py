"""Simon Tatham's game IDs (``params:desc``) for Pearl, Light Up and Solo: import and export.

Descriptions are row-major (sgt-puzzles ``pearl.c``, ``lightup.c``, ``solo.c``):

* Pearl ``WxH:``  ``a``-``z`` = 1..26 empty cells, ``B`` black pearl, ``W`` white pearl;
* Light Up ``WxH:``  ``a``-``z`` = 1..26 white cells, ``B`` wall, ``0``-``4`` numbered wall;
* Solo ``CxR:`` (block shape; the grid is CR x CR)  ``a``-``z`` = 1..26 empty cells, decimal
  clues, ``_`` between two adjacent clues.

Export writes exactly what the generators write (longer runs repeat ``z``), so an exported ID
pastes into Tatham's "Game > Specific" unchanged.

The genre choice (the same ``WxH:`` opens all three games):

1. an explicit ``genre`` argument, a ``pearl:`` / ``lightup:`` / ``solo:`` prefix (also
   ``masyu:``, ``akari:``, ``sudoku:``), or a Tatham web-page URL ``.../pearl.html#ID`` fixes it;
2. otherwise every genre whose alphabet and cell count the description fits is a candidate
   (``W`` only in Pearl, ``0``-``4`` clues in Light Up, ``_`` and digits 5-9 in Solo, and a
   Solo ``3x3`` grid has 81 cells where a Pearl ``3x3`` has 9);
3. exactly one candidate is taken; none raises the error of the likeliest genre; several
   (e.g. a Light Up with only unnumbered walls reads as a Pearl with only black pearls) raise an
   InputError asking for the prefix.

Solo variants pencilsat does not model (jigsaw ``j``, X-diagonals ``x``, killer ``k``, blocks
that are not square) are rejected with a clear error.
"""

from __future__ import annotations

import re

import numpy as np

from pencilsat.core.errors import InputError
from pencilsat.formats.runs import MAX_SIDE, describe_char, encode_runs, whole_number
from pencilsat.puzzles import lightup, masyu, sudoku

SOURCE = "<game id>"
Puzzle = masyu.MasyuPuzzle | lightup.LightUpPuzzle | sudoku.SudokuPuzzle

GENRE_NAMES = {
    "pearl": "masyu", "masyu": "masyu", "mashu": "masyu",
    "lightup": "lightup", "akari": "lightup",
    "solo": "sudoku", "sudoku": "sudoku",
}
TATHAM_NAME = {"masyu": "pearl", "lightup": "lightup", "sudoku": "solo"}
_PARAMS = re.compile(r"(\d{1,6})(?:x(\d{1,6}))?([a-z0-9.]*)", re.ASCII)
_HOW = "a game ID looks like 10x10:desc; prefix it with pearl:, lightup: or solo: to name the game"


class AmbiguousGameId(InputError):
    """A bare game ID that more than one game reads (see ``to_game_id``)."""


def _error(message: str, column: int | None = None, hint: str | None = None) -> InputError:
    return InputError(message, source=SOURCE, column=column, hint=hint)


def looks_like_game_id(text: str) -> bool:
    """True when ``text`` is plausibly a Tatham game ID (for input detection)."""
    text = text.strip()
    if "#" in text and ".html" in text:
        return True
    head, sep, _ = text.partition(":")
    if not sep:
        return False
    if head.lower() in GENRE_NAMES:
        return True
    return _PARAMS.fullmatch(head) is not None


def parse_game_id(text: str, genre: str | None = None) -> Puzzle:
    """Read a Tatham game ID into a puzzle model; ``genre`` (pearl/lightup/solo or pencilsat's
    masyu/lightup/sudoku) skips the detection described in the module docstring."""
    stripped = text.strip()
    column = len(text) - len(text.lstrip()) + 1
    if not stripped:
        raise _error("the game ID is empty", hint=_HOW)
    wanted = _genre_name(genre, column) if genre is not None else None
    if "#" in stripped:
        page, _, stripped = stripped.partition("#")
        column += len(page) + 1
        name = re.search(r"(\w+)\.html$", page)
        if name and name.group(1).lower() in GENRE_NAMES:
            wanted = wanted or GENRE_NAMES[name.group(1).lower()]
    head, sep, rest = stripped.partition(":")
    if sep and head.lower() in GENRE_NAMES:
        prefixed = GENRE_NAMES[head.lower()]
        if wanted and wanted != prefixed:
            raise _error(f"the prefix says {head!r} but the genre asked for is {wanted}",
                         column=column, hint="drop the prefix or the genre option")
        wanted = prefixed
        column += len(head) + 1
        stripped = rest
        head, sep, rest = stripped.partition(":")
    if not sep:
        raise _error("no ':' between the parameters and the description", column=column,
                     hint=_HOW)
    params = _PARAMS.fullmatch(head)
    if params is None:
        raise _error(f"bad parameters {head!r}: expected WIDTHxHEIGHT", column=column, hint=_HOW)
    extras = params.group(3)
    if extras.startswith("x"):  # "3x": the height is missing, not a square shorthand
        raise _error(f"bad parameters {head!r}: expected WIDTHxHEIGHT", column=column, hint=_HOW)
    a = whole_number(params.group(1))
    b = whole_number(params.group(2)) if params.group(2) else a
    desc_column = column + len(head) + 1
    candidates = [wanted] if wanted else _plausible_genres(rest)
    results: dict[str, Puzzle] = {}
    errors: dict[str, InputError] = {}
    for name in candidates:
        try:
            results[name] = _DECODERS[name](rest, a, b, extras, desc_column)
        except InputError as exc:
            errors[name] = exc
    if len(results) == 1:
        return next(iter(results.values()))
    if len(results) > 1:
        names = " and ".join(TATHAM_NAME[g] for g in results)
        spelled = " or ".join(f"{TATHAM_NAME[g]}:{stripped}" for g in results)
        raise AmbiguousGameId(f"this game ID is valid for both {names}", source=SOURCE,
                              column=column, hint=f"prefix it with the game's name: {spelled}")
    raise errors[candidates[0]]


def to_game_id(puzzle: Puzzle, *, with_genre: bool | None = False) -> str:
    """Tatham's game ID of ``puzzle``; ``with_genre`` prefixes ``pearl:``/``lightup:``/``solo:``
    (pencilsat reads the prefix; Tatham's own "Game > Specific" box wants it left off).
    ``with_genre=None``: only when the bare ID would also read as another game (a Masyu
    without white pearls and a Light Up can share one, e.g. ``3x3:i``), so that what is
    written reads back as the same puzzle."""
    genre = getattr(puzzle, "genre", None)
    if genre not in _ENCODERS:
        raise TypeError(f"no Tatham codec for {type(puzzle).__name__}")
    game_id = _ENCODERS[genre](puzzle)
    if with_genre is None:
        with_genre = _reads_as_several(game_id)
    return f"{TATHAM_NAME[genre]}:{game_id}" if with_genre else game_id


def _reads_as_several(game_id: str) -> bool:
    try:
        parse_game_id(game_id)
    except AmbiguousGameId:
        return True
    except InputError:
        pass
    return False


def _genre_name(genre: str, column: int) -> str:
    name = GENRE_NAMES.get(genre.lower())
    if name is None:
        raise _error(f"unknown game {genre!r}", column=column,
                     hint="use pearl (masyu), lightup or solo (sudoku)")
    return name


def _plausible_genres(desc: str) -> list[str]:
    """Genres whose alphabet ``desc`` fits, likeliest first (for the error of a bad ID)."""
    chars = set(desc)
    order = []
    if "W" in chars:
        order.append("masyu")
    if chars & set("_56789"):
        order.append("sudoku")
    if chars & set("01234"):
        order.append("lightup")
    for name in ("masyu", "lightup", "sudoku"):
        if name not in order:
            order.append(name)
    return order


# ---------------------------------------------------------------- decoders

def _read_cells(
    desc: str, column: int, cells: int, token_chars: str, game: str
) -> list[str | None]:
    """Expand ``a``-``z`` runs; other characters from ``token_chars`` are one cell each."""
    out: list[str | None] = []
    for i, ch in enumerate(desc):
        if "a" <= ch <= "z":
            out.extend([None] * (ord(ch) - ord("a") + 1))
        elif ch in token_chars:
            out.append(ch)
        else:
            allowed = "a-z and " + ", ".join(token_chars)
            raise _error(f"bad character {describe_char(ch)} in the {game} description",
                         column=column + i, hint=f"{game} descriptions use {allowed}")
        if len(out) > cells:
            raise _error(f"too much data: the description goes past the {cells} cells of the"
                         " grid", column=column + i, hint="check the size or the description")
    if len(out) < cells:
        raise _error(f"not enough data: the description fills {len(out)} of {cells} cells",
                     column=column + len(desc), hint="copy the whole game ID")
    return out


def _grid_size(width: int | None, height: int | None, column: int) -> tuple[int, int]:
    if width is None or height is None or not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise _error(f"the size must be WIDTHxHEIGHT with sides 1..{MAX_SIDE}", column=column,
                     hint=_HOW)
    return width, height


def _decode_pearl(desc: str, w: int | None, h: int | None, extras: str,
                  column: int) -> masyu.MasyuPuzzle:
    width, height = _grid_size(w, h, column)
    cells = _read_cells(desc, column, width * height, "BW", "Pearl")
    value = {None: masyu.EMPTY, "W": masyu.WHITE, "B": masyu.BLACK}
    return masyu.MasyuPuzzle(np.array([value[t] for t in cells]).reshape(height, width))


def _decode_lightup(desc: str, w: int | None, h: int | None, extras: str,
                    column: int) -> lightup.LightUpPuzzle:
    width, height = _grid_size(w, h, column)
    cells = _read_cells(desc, column, width * height, "B01234", "Light Up")
    flat = [lightup.WHITE if t is None else lightup.WALL if t == "B" else int(t) for t in cells]
    return lightup.LightUpPuzzle(np.array(flat).reshape(height, width))


def _decode_solo(desc: str, c: int | None, r: int | None, extras: str,
                 column: int) -> sudoku.SudokuPuzzle:
    for flag, what in (("j", "jigsaw"), ("x", "X (diagonal)"), ("k", "killer")):
        if flag in extras:
            raise _error(f"{what} Solo is not supported", column=column - 1,
                         hint="pencilsat solves classic Sudoku only")
    if c is None or r is None or c != r or c not in sudoku.BOX_SIZES:
        raise _error(f"Solo blocks {c}x{r} are not supported", column=column - 1,
                     hint="pencilsat's Sudoku has square blocks 2x2, 3x3, 4x4 or 5x5")
    n = c * r
    if "," in desc:
        raise _error("a Solo block layout (jigsaw) is not supported",
                     column=column + desc.index(","), hint="pencilsat solves classic Sudoku only")
    flat: list[int] = []
    i = 0
    while i < len(desc):
        ch = desc[i]
        if "a" <= ch <= "z":
            flat.extend([0] * (ord(ch) - ord("a") + 1))
            i += 1
        elif ch == "_":
            i += 1
        elif "1" <= ch <= "9":
            j = i
            while j < len(desc) and "0" <= desc[j] <= "9":
                j += 1
            value = whole_number(desc[i:j])
            if value is None or value > n:
                raise _error(f"clue {desc[i:j]} is not a digit 1..{n}", column=column + i,
                             hint="check the clue or the block size")
            flat.append(value)
            i = j
        else:
            raise _error(f"bad character {describe_char(ch)} in the Solo description",
                         column=column + i, hint="Solo descriptions use a-z, 1-9 and '_'")
        if len(flat) > n * n:
            raise _error(f"too much data: the description goes past the {n * n} cells of the"
                         " grid", column=column + i - 1, hint="check the size or the description")
    if len(flat) < n * n:
        raise _error(f"not enough data: the description fills {len(flat)} of {n * n} cells",
                     column=column + len(desc), hint="copy the whole game ID")
    return sudoku.SudokuPuzzle(np.array(flat).reshape(n, n))


_DECODERS = {"masyu": _decode_pearl, "lightup": _decode_lightup, "sudoku": _decode_solo}


# ---------------------------------------------------------------- encoders

def _encode_pearl(puzzle: masyu.MasyuPuzzle) -> str:
    letter = {masyu.EMPTY: None, masyu.WHITE: "W", masyu.BLACK: "B"}
    tokens = [letter[int(v)] for v in puzzle.pearls.ravel()]
    return f"{puzzle.width}x{puzzle.height}:" + encode_runs(tokens, first="a", longest=26)


def _encode_lightup(puzzle: lightup.LightUpPuzzle) -> str:
    def token(v: int) -> str | None:
        return None if v == lightup.WHITE else "B" if v == lightup.WALL else str(v)

    tokens = [token(int(v)) for v in puzzle.cells.ravel()]
    return f"{puzzle.width}x{puzzle.height}:" + encode_runs(tokens, first="a", longest=26)


def _encode_solo(puzzle: sudoku.SudokuPuzzle) -> str:
    tokens = [str(int(v)) if v else None for v in puzzle.clues.ravel()]
    box = puzzle.box
    return f"{box}x{box}:" + encode_runs(tokens, first="a", longest=26, separator="_")


_ENCODERS = {"masyu": _encode_pearl, "lightup": _encode_lightup, "sudoku": _encode_solo}
