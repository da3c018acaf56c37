"""Property tests: whatever text arrives, the readers answer a puzzle or an InputError.

A traceback is never an acceptable answer to bad input, so random strings and random edits of
valid URLs and game IDs must give either a model or pencilsat's own InputError.
"""

from __future__ import annotations

from conftest import corpus_codes, pzprjs_example, tatham_game_id
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pencilsat.core.errors import InputError
from pencilsat.core.registry import GENRES
from pencilsat.formats.detect import read_input, read_puzzle
from pencilsat.formats.puzzlink import parse_url
from pencilsat.formats.tatham import parse_game_id

MODELS = tuple(genre.rules().puzzle_type for genre in GENRES.values())
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# pzprjs's examples and the first Tatham puzzle of each older genre, read from the corpus
VALID_URLS = [
    "https://puzz.link/p?" + pzprjs_example("masyu"),
    "https://puzz.link/p?" + pzprjs_example("lightup"),
    "http://pzv.jp/p.html?sudoku/4/4/1g2h3i4j",
    "https://puzz.link/p?sudoku/9/9/5g3j7k6h1i9o9h8j6l6g8j3h4g8g3i1h7i2i6l2g8h4i1i9j5j8h7i9",
]
VALID_IDS = [
    tatham_game_id("masyu"),
    tatham_game_id("lightup"),
    tatham_game_id("sudoku"),
    "pearl:3x2:aBd",
]
# The newer genres' URLs and IDs: the smallest janko puzzle of each, read from the corpus.
CORPUS_CODES = corpus_codes()
VALID_URLS += [code for code in CORPUS_CODES if "://" in code]
VALID_IDS += [code for code in CORPUS_CODES if "://" not in code]
# Characters the codecs care about, so random text reaches deep into the parsers.
CODE_CHARS = st.sampled_from(list("0123456789abcdefghijklmnopqrstuvwxyzBW_-+./:?#x;\n ²٣"))


def mutations(valid: list[str]) -> st.SearchStrategy[str]:
    """A valid string with a few characters deleted, replaced, inserted, or cut off."""

    @st.composite
    def mutate(draw: st.DrawFn) -> str:
        text = draw(st.sampled_from(valid))
        for _ in range(draw(st.integers(1, 3))):
            kind = draw(st.sampled_from(["delete", "replace", "insert", "truncate"]))
            i = draw(st.integers(0, max(len(text) - 1, 0)))
            ch = draw(st.one_of(CODE_CHARS, st.characters()))
            if kind == "delete":
                text = text[:i] + text[i + 1:]
            elif kind == "replace":
                text = text[:i] + ch + text[i + 1:]
            elif kind == "insert":
                text = text[:i] + ch + text[i:]
            else:
                text = text[:i]
        return text

    return mutate()


def answers_or_input_error(read, text: str) -> None:
    try:
        result = read(text)
    except InputError as exc:
        assert exc.message  # the error says what went wrong
    else:
        assert isinstance(result, MODELS)


@FUZZ
@given(st.one_of(st.text(), st.text(CODE_CHARS), mutations(VALID_URLS)))
def test_parse_url_answers_a_puzzle_or_an_input_error(text):
    answers_or_input_error(parse_url, text)


@FUZZ
@given(st.one_of(st.text(), st.text(CODE_CHARS), mutations(VALID_IDS)))
def test_parse_game_id_answers_a_puzzle_or_an_input_error(text):
    answers_or_input_error(parse_game_id, text)


HEADERS = st.sampled_from(["masyu 3 2", "lightup 2 2", "sudoku 4 4", "; size 2 2", "", "sudoku",
                           "slitherlink 2 2", "nurikabe 3 2", "heyawake 2 2", "yajilin 2 2",
                           "hashi 3 3"])


GRID_TOKENS = st.sampled_from(["1", "4", "10", ".", "0", "²", "9" * 5000, "|", "-", "A", "?", "#",
                               "2^", "1<", "0v", "3>", "W", "B"])


@FUZZ
@example("sudoku ²² ²²\n")
@example("1 2 3 4\n² 1 2 3\n1 2 3 4\n1 2 3 4\n")
@example("9" * 5000 + " 1 2 3\n1 2 3 4\n1 2 3 4\n1 2 3 4\n")
@given(st.one_of(
    st.lists(st.lists(GRID_TOKENS, min_size=1, max_size=5).map(" ".join), min_size=2,
             max_size=5).map("\n".join),
    st.text(),
    st.text(CODE_CHARS),
    mutations(VALID_URLS + VALID_IDS),
    st.builds(lambda h, rows: h + "\n" + "\n".join(rows), HEADERS,
              st.lists(st.text(CODE_CHARS, max_size=6), max_size=5)),
    st.text(st.sampled_from(list("123456789.0 ")), min_size=16, max_size=90),
))
def test_read_puzzle_answers_a_puzzle_or_an_input_error(text):
    answers_or_input_error(read_puzzle, text)


@FUZZ
@given(st.one_of(st.text(), st.text(CODE_CHARS), mutations(VALID_URLS + VALID_IDS))
       .filter(lambda arg: arg != "-"))  # '-' reads standard input, tested in test_formats_detect
def test_read_input_answers_a_puzzle_or_an_input_error(arg):
    answers_or_input_error(read_input, arg)
