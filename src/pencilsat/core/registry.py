"""The genre registry: one table, one entry per genre, naming every part of the genre.

An entry names its parts by module path (``"package.module"`` or ``"package.module:attr"``)
and loads them on first use, so reading the table imports no model, solver or grader. A new
genre is its modules (model, codecs, drawing, encoding, strategies, grader) plus one entry
here; detection, the CLI, the solving and grading fronts, SVG and the batch paths ask this
table and never test a puzzle's type.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from pencilsat.core.errors import InputError

if TYPE_CHECKING:  # loaded with the first genre's rules: the parser reads the table only
    from pencilsat.core.rules import GenreRules


class Strategy(NamedTuple):
    """A way to solve and prove a genre's puzzles: an encoding plus its search.

    ``run`` is ``"module:function"`` with the signature
    ``run(puzzle, *, backend, sat_solver, time_limit) -> SolveResult``; ``backends`` lists
    where it runs, its own default first.
    """

    name: str
    run: str
    backends: tuple[str, ...]
    summary: str
    memory: str | None = None
    """``"module:function"``: ``memory(puzzle, backend) -> bytes``, the estimated peak, for
    strategies whose model can outgrow a machine (see :mod:`pencilsat.core.memory`)."""


class Making(NamedTuple):
    """How ``pencilsat generate`` makes a genre's puzzles: the maker named by module path
    and the facts the command line's parser and refusals read without importing it."""

    kind: str
    """``"own"``: a maker of its own; ``"clue"``: the generic clue maker
    (``generators/clue_maker.py``); ``"structure"``: the structure maker
    (``generators/structure_maker.py``), whose clues are the puzzle's structure."""
    maker: str
    """``"module:attr"``: the maker's class (``"own"``), else the table of specs by registry
    name that holds the genre's."""
    levels: bool = False
    """Made at a level: a grader's, or bands of a study measure
    (``generators/study_measure.BANDS``)."""
    all_given: bool = False
    """Every clue is part of the puzzle, as published (Nonogram's lines): none is removed."""
    symmetry: bool = False
    """Made with ``--symmetry``."""
    stars: bool = False
    """Takes ``--stars K``: Star Battle's stars a row and a column."""
    variants: tuple[str, ...] = ()
    """The variants ``--variant`` asks for (Numberlink's ``full``: every cell on a line)."""


def _own(maker: str, symmetry: bool = True) -> Making:
    return Making("own", maker, levels=True, symmetry=symmetry)


def _clue(*, levels: bool = False, all_given: bool = False, symmetry: bool = False) -> Making:
    return Making("clue", "pencilsat.generators.clue_genres:CLUE_GENRES", levels=levels,
                  all_given=all_given, symmetry=symmetry)


_STRUCTURE = Making("structure", "pencilsat.generators.structure_genres:STRUCTURE_GENRES")


class Genre(NamedTuple):
    """One genre: its model, formats, drawings, strategies and grader."""

    name: str
    title: str
    model: str
    """Module whose ``RULES`` is the genre's :class:`GenreRules`."""
    headers: tuple[str, ...]
    """First words of its text formats: the puzzle's, then the solution's."""
    strategies: tuple[Strategy, ...]
    default_strategy: str
    svg: str
    """Module with ``draw_panel(puzzle, solution, differences) -> list[str]``."""
    corpus: str
    """Where the shared corpus keeps the genre's puzzles with answers, as the tests that run
    over every genre sample them: a folder (``heyawake/janko``) of ``<key>.txt`` and
    ``<key>.sol`` pairs, or a file of one puzzle per line (Sudoku)."""
    default_on: Mapping[str, str] = MappingProxyType({})
    """Per backend, the strategy used when only the backend is chosen and the default does
    not run on it."""
    puzzlink: tuple[str, ...] = ()
    """pzprjs type names read; the first is the one written."""
    puzzlink_codec: str | None = None
    """Module with ``decode(body, width, height, column, flags)`` and ``encode(puzzle)``."""
    tatham: tuple[str, ...] = ()
    """Tatham game names (and prefixes) read; the first is the one written."""
    tatham_codec: str | None = None
    """Module with ``decode(desc, a, b, extras, column)``, ``encode(puzzle)`` (the ID) and
    ``plausible(desc)``."""
    grader: str | None = None
    """``"module:function"``: ``grade(puzzle, *, deadline, faithful, score) -> Grade``
    (``grading.front.Grader``)."""
    complete_cnf: str | None = None
    """``"module:function"``: ``cnf(puzzle) -> ClauseEncoding``, the genre's one fixed
    encoding whose models are exactly the answers, as plain clauses: ``pencilsat study``
    measures CDCL effort on it."""
    rule_cnf: str | None = None
    """``"module:function"``: ``cnf(puzzle) -> ClauseEncoding``, the clauses ``pencilsat
    study`` propagates on; a loop genre leaves the single-loop rule out and sets ``loop``.
    ``None``: ``complete_cnf``."""
    certify_cnf: str | None = None
    """``"module:function"``: ``cnf(puzzle) -> CertifiableCnf``, the clauses a certificate
    (``solve --certify``) refutes with the rules its cuts stand for; ``None``: the
    ``rule_cnf`` of a loop genre, else the ``complete_cnf``."""
    certify_settings: str | None = None
    """``"module:function"``: ``settings(puzzle, answer) -> dict[str, int]``, keywords the
    ``certify_cnf`` takes beyond the puzzle, chosen for a verdict's answer (``None`` for
    ``none``); a certificate records them and its checker rebuilds the clauses with them."""
    partial: str | None = None
    """Module that starts the grader from a partly solved grid (the solution's type, what is
    not known left out): ``next_step(puzzle, partial, *, deadline) -> Step | None`` (a
    hint), ``mistakes(puzzle, partial, solution) -> cells``, ``shown_after(puzzle, steps,
    partial=None) -> solution`` (what the first steps of a grade have drawn),
    ``cells_of(step) -> cells``, and what a step says about an answer: ``agrees(step,
    solution) -> bool`` and ``FACTS_IN_JSON`` (``grading/front.PartialGrading``)."""

    x_variant: bool = False
    """The genre has the X (diagonal) variant (header word ``D``), whose reading ``solve``
    tries on a ``multiple`` plain puzzle for its hint (``strategies/x_hint.py``)."""
    generate: Making | None = None
    """How ``pencilsat generate`` makes its puzzles; ``None``: it does not."""

    def rules(self) -> GenreRules:
        return _rules(self.model)

    def strategy(self, name: str) -> Strategy:
        for strategy in self.strategies:
            if strategy.name == name:
                return strategy
        known = ", ".join(s.name for s in self.strategies)
        raise InputError(f"unknown encoding {name!r} for {self.title}", source="encoding",
                         hint=f"choose one of: {known}")

    def pick(self, encoding: str | None, backend: str | None) -> tuple[Strategy, str]:
        """The strategy and backend a solve runs with, or an :class:`InputError` naming the
        option: ``encoding`` ``None`` is the default (for ``backend`` when chosen), and
        ``backend`` ``None`` the strategy's own."""
        if encoding is None:
            name = self.default_on.get(backend or "", self.default_strategy)
        else:
            name = encoding
        strategy = self.strategy(name)
        if backend is None:
            return strategy, strategy.backends[0]
        if backend not in strategy.backends:
            others = [s.name for s in self.strategies if backend in s.backends]
            raise InputError(
                f"encoding {strategy.name!r} runs on backend "
                f"{' or '.join(strategy.backends)}, not {backend!r}", source="backend",
                hint=(f"on {backend} use --encoding {' or '.join(others)}, or leave "
                      "--encoding out") if others else f"{self.title} has no {backend} strategy")
        return strategy, backend


def load(ref: str) -> Any:
    """The object ``"module:attr"`` names, or the module ``"module"``. The module is kept
    once imported (``import_module`` costs microseconds on every solve); the attribute is
    looked up each time, so a replaced function is the one called."""
    module, _, attr = ref.partition(":")
    loaded = _LOADED.get(module)
    if loaded is None:
        loaded = _LOADED[module] = importlib.import_module(module)
    return getattr(loaded, attr) if attr else loaded


_LOADED: dict[str, ModuleType] = {}


@cache
def _rules(module: str) -> GenreRules:
    from pencilsat.core.rules import GenreRules

    rules = load(module).RULES
    assert isinstance(rules, GenreRules)
    return rules


_MASYU = Genre(
    name="masyu", title="Masyu",
    corpus="masyu/janko",
    model="pencilsat.puzzles.masyu", headers=("masyu", "masyu-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.masyu_lazy:run", ("cnf",),
                 "local rules in CNF, one loop by lazy sub-loop cuts (the fastest)",
                 memory="pencilsat.strategies.masyu_lazy:memory"),
        Strategy("circuit", "pencilsat.strategies.masyu_circuit:run", ("cpsat",),
                 "CP-SAT AddCircuit as the single-loop constraint",
                 memory="pencilsat.strategies.masyu_circuit:memory"),
        Strategy("tamura", "pencilsat.strategies.masyu_tamura:run", ("cnf", "cpsat"),
                 "Tamura's Sugar model, the reference (order numbers)",
                 memory="pencilsat.strategies.masyu_tamura:memory"),
        Strategy("tamura-log", "pencilsat.strategies.masyu_tamura:run_log", ("cnf",),
                 "Tamura's model with log-encoded order numbers",
                 memory="pencilsat.strategies.masyu_tamura:memory_log"),
    ),
    default_strategy="lazy", default_on={"cpsat": "circuit"},
    svg="pencilsat.formats.svg.masyu",
    puzzlink=("mashu", "masyu", "pearl"), puzzlink_codec="pencilsat.formats.puzzlink.masyu",
    tatham=("pearl", "masyu", "mashu"), tatham_codec="pencilsat.formats.tatham.masyu",
    grader="pencilsat.grading.masyu.engine:grade_masyu",
    complete_cnf="pencilsat.strategies.masyu_tamura:clauses",
    rule_cnf="pencilsat.encodings.masyu_rules:rule_clauses",
    partial="pencilsat.grading.masyu.partial",
    generate=_own("pencilsat.generators.masyu_levels:MasyuMaker", symmetry=False),
)
_LIGHTUP = Genre(
    name="lightup", title="Light Up",
    corpus="lightup/janko",
    model="pencilsat.puzzles.lightup", headers=("lightup", "lightup-solution"),
    strategies=(
        Strategy("direct", "pencilsat.strategies.lightup:run_direct", ("cnf",),
                 "clauses written directly with numpy (the fastest)"),
        Strategy("csp", "pencilsat.strategies.lightup:run_csp", ("cnf", "cpsat"),
                 "the CSP layer, order-encoded to CNF or native on CP-SAT",
                 memory="pencilsat.strategies.lightup:memory_csp"),
        Strategy("card", "pencilsat.strategies.lightup:run_card", ("cnf", "cpsat"),
                 "the CSP layer with PySAT cardinality encodings",
                 memory="pencilsat.strategies.lightup:memory_csp"),
    ),
    default_strategy="direct", default_on={"cpsat": "csp"},
    svg="pencilsat.formats.svg.lightup",
    puzzlink=("akari", "lightup", "bijutsukan"),
    puzzlink_codec="pencilsat.formats.puzzlink.lightup",
    tatham=("lightup", "akari"), tatham_codec="pencilsat.formats.tatham.lightup",
    grader="pencilsat.grading.lightup.engine:grade_lightup",
    complete_cnf="pencilsat.encodings.lightup:build_clauses",
    partial="pencilsat.grading.lightup.partial",
    generate=_own("pencilsat.generators.lightup:LightUpMaker"),
)
_SUDOKU = Genre(
    name="sudoku", title="Sudoku",
    corpus="sudoku/royle_17clue.txt",
    model="pencilsat.puzzles.sudoku", headers=("sudoku", "sudoku-solution"),
    strategies=(
        Strategy("direct", "pencilsat.strategies.sudoku:run_direct", ("cnf",),
                 "Lynce and Ouaknine's extended clauses, clues as assumptions (the fastest)"),
        Strategy("extended", "pencilsat.strategies.sudoku:run_extended", ("cnf", "cpsat"),
                 "the extended clause set in the CSP layer"),
        Strategy("minimal", "pencilsat.strategies.sudoku:run_minimal", ("cnf", "cpsat"),
                 "the minimal clause set in the CSP layer"),
    ),
    default_strategy="direct", default_on={"cpsat": "extended"},
    svg="pencilsat.formats.svg.sudoku",
    puzzlink=("sudoku",), puzzlink_codec="pencilsat.formats.puzzlink.sudoku",
    tatham=("solo", "sudoku"), tatham_codec="pencilsat.formats.tatham.sudoku",
    grader="pencilsat.grading.sudoku.engine:grade_sudoku",
    complete_cnf="pencilsat.encodings.sudoku:build_clauses",
    partial="pencilsat.grading.sudoku.partial",
    x_variant=True,
    generate=_own("pencilsat.generators.sudoku:SudokuMaker"),
)
_SLITHERLINK = Genre(
    name="slitherlink", title="Slitherlink",
    corpus="slitherlink/janko",
    model="pencilsat.puzzles.slitherlink", headers=("slitherlink", "slitherlink-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.slitherlink:run_lazy", ("cnf",),
                 "degree and number clauses in CNF, one loop by lazy loop cuts (the fastest)"),
        Strategy("circuit", "pencilsat.strategies.slitherlink:run_circuit", ("cpsat",),
                 "CP-SAT AddCircuit over the lattice of dots, numbers as sums",
                 memory="pencilsat.strategies.slitherlink:memory_circuit"),
    ),
    default_strategy="lazy", default_on={"cpsat": "circuit"},
    svg="pencilsat.formats.svg.slitherlink",
    puzzlink=("slither", "slitherlink"),
    puzzlink_codec="pencilsat.formats.puzzlink.slitherlink",
    tatham=("loopy", "slitherlink"), tatham_codec="pencilsat.formats.tatham.slitherlink",
    rule_cnf="pencilsat.encodings.slitherlink:local_rule_encoding",
    generate=_own("pencilsat.generators.slitherlink:SlitherlinkMaker"),
)

_NURIKABE = Genre(
    name="nurikabe", title="Nurikabe",
    corpus="nurikabe/janko",
    model="pencilsat.puzzles.nurikabe", headers=("nurikabe", "nurikabe-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.nurikabe:run_cnf", ("cnf",),
                 "labelled islands in CNF, wall and islands connected by lazy cuts",
                 memory="pencilsat.strategies.nurikabe:memory"),
        Strategy("lazy-cpsat", "pencilsat.strategies.nurikabe:run_cpsat", ("cpsat",),
                 "the same model on CP-SAT, sizes as linear sums, cuts by solving again",
                 memory="pencilsat.strategies.nurikabe:memory"),
    ),
    default_strategy="lazy", default_on={"cpsat": "lazy-cpsat"},
    svg="pencilsat.formats.svg.nurikabe",
    certify_cnf="pencilsat.strategies.nurikabe:certify_cnf",
    puzzlink=("nurikabe",), puzzlink_codec="pencilsat.formats.puzzlink.nurikabe",
    generate=_own("pencilsat.generators.nurikabe:NurikabeMaker", symmetry=False),
)

_HASHI = Genre(
    name="hashi", title="Hashiwokakero",
    corpus="hashi/janko",
    model="pencilsat.puzzles.hashi", headers=("hashi", "hashi-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.hashi:run_cnf", ("cnf",),
                 "bridges and island numbers in CNF, islands connected by lazy cuts"),
        Strategy("lazy-cpsat", "pencilsat.strategies.hashi:run_cpsat", ("cpsat",),
                 "the same model on CP-SAT, numbers as linear sums, cuts by solving again"),
    ),
    default_strategy="lazy", default_on={"cpsat": "lazy-cpsat"},
    svg="pencilsat.formats.svg.hashi",
    certify_cnf="pencilsat.strategies.hashi:certify_cnf",
    tatham=("bridges", "hashi", "hashiwokakero"), tatham_codec="pencilsat.formats.tatham.hashi",
    puzzlink=("hashikake", "hashi", "bridges"),
    puzzlink_codec="pencilsat.formats.puzzlink.hashi",
    generate=_clue(all_given=True),
)

_HEYAWAKE = Genre(
    name="heyawake", title="Heyawake",
    corpus="heyawake/janko",
    model="pencilsat.puzzles.heyawake", headers=("heyawake", "heyawake-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.heyawake:run_cnf", ("cnf",),
                 "rooms and runs in CNF, unshaded cells connected by lazy cuts",
                 memory="pencilsat.strategies.heyawake:memory_cnf"),
        Strategy("lazy-cpsat", "pencilsat.strategies.heyawake:run_cpsat", ("cpsat",),
                 "the same model on CP-SAT, room counts as the same clauses, cuts by solving again",
                 memory="pencilsat.strategies.heyawake:memory_cpsat"),
    ),
    default_strategy="lazy", default_on={"cpsat": "lazy-cpsat"},
    svg="pencilsat.formats.svg.heyawake",
    certify_cnf="pencilsat.strategies.heyawake:certify_cnf",
    puzzlink=("heyawake", "heyawacky"), puzzlink_codec="pencilsat.formats.puzzlink.heyawake",
    generate=_clue(),
)

_YAJILIN = Genre(
    name="yajilin", title="Yajilin",
    corpus="yajilin/janko",
    model="pencilsat.puzzles.yajilin", headers=("yajilin", "yajilin-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.yajilin:run_lazy", ("cnf",),
                 "loop, shading and arrow counts in CNF, one loop by lazy loop cuts"),
        Strategy("circuit", "pencilsat.strategies.yajilin:run_circuit", ("cpsat",),
                 "CP-SAT AddCircuit through the cells, shading and arrows as sums",
                 memory="pencilsat.strategies.yajilin:memory_circuit"),
    ),
    default_strategy="lazy", default_on={"cpsat": "circuit"},
    svg="pencilsat.formats.svg.yajilin",
    certify_cnf="pencilsat.strategies.yajilin:certify_cnf",
    puzzlink=("yajilin", "yajirin"), puzzlink_codec="pencilsat.formats.puzzlink.yajilin",
    generate=_clue(all_given=True),
)

_STARBATTLE = Genre(
    name="starbattle", title="Star Battle",
    corpus="starbattle/janko",
    model="pencilsat.puzzles.starbattle", headers=("starbattle", "starbattle-solution"),
    strategies=(
        Strategy("clauses", "pencilsat.strategies.starbattle:run_cnf", ("cnf",),
                 "touching pairs as clauses, the counts native on Gluecard (the fastest)",
                 memory="pencilsat.strategies.starbattle:memory_cnf"),
        Strategy("linear", "pencilsat.strategies.starbattle:run_cpsat", ("cpsat",),
                 "the same rules on CP-SAT, the counts as linear sums",
                 memory="pencilsat.strategies.starbattle:memory_cpsat"),
    ),
    default_strategy="clauses", default_on={"cpsat": "linear"},
    svg="pencilsat.formats.svg.starbattle",
    puzzlink=("starbattle",), puzzlink_codec="pencilsat.formats.puzzlink.starbattle",
    complete_cnf="pencilsat.encodings.starbattle:complete_cnf",
    generate=_STRUCTURE._replace(stars=True),
)

_TENTS = Genre(
    name="tents", title="Tents",
    model="pencilsat.puzzles.tents", headers=("tents", "tents-solution"),
    corpus="tents/janko",
    strategies=(
        Strategy("cnf", "pencilsat.strategies.tents:run_cnf", ("cnf",),
                 "tents paired with trees in CNF, the counts native on MiniCard (a "
                 "single 'at most k' when the counts sum to the trees; the fastest)"),
        Strategy("cpsat", "pencilsat.strategies.tents:run_cpsat", ("cpsat",),
                 "the same model on CP-SAT, counts as linear sums"),
    ),
    default_strategy="cnf", default_on={"cpsat": "cpsat"},
    svg="pencilsat.formats.svg.tents",
    puzzlink=("tents",), puzzlink_codec="pencilsat.formats.puzzlink.tents",
    tatham=("tents",), tatham_codec="pencilsat.formats.tatham.tents",
    complete_cnf="pencilsat.encodings.tents:clauses",
    generate=_clue(levels=True, all_given=True),
)

_KURODOKO = Genre(
    name="kurodoko", title="Kurodoko",
    corpus="kurodoko/janko",
    model="pencilsat.puzzles.kurodoko", headers=("kurodoko", "kurodoko-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.kurodoko:run_cnf", ("cnf",),
                 "sight counts and neighbours in CNF, unshaded cells connected by lazy cuts"),
        Strategy("lazy-cpsat", "pencilsat.strategies.kurodoko:run_cpsat", ("cpsat",),
                 "the same model on CP-SAT, sight counts as sums, cuts by solving again",
                 memory="pencilsat.strategies.kurodoko:memory_cpsat"),
    ),
    default_strategy="lazy", default_on={"cpsat": "lazy-cpsat"},
    svg="pencilsat.formats.svg.kurodoko",
    puzzlink=("kurodoko",), puzzlink_codec="pencilsat.formats.puzzlink.kurodoko",
    tatham=("range", "kurodoko"), tatham_codec="pencilsat.formats.tatham.kurodoko",
    complete_cnf="pencilsat.encodings.kurodoko:complete_cnf",
    certify_cnf="pencilsat.strategies.kurodoko:certify_cnf",
    generate=_clue(symmetry=True),
)

_NORINORI = Genre(
    name="norinori", title="Norinori",
    corpus="norinori/janko",
    model="pencilsat.puzzles.norinori", headers=("norinori", "norinori-solution"),
    strategies=(
        Strategy("clauses", "pencilsat.strategies.norinori:run_cnf", ("cnf",),
                 "dominoes as clauses, region counts native on MiniCard (the fastest)"),
        Strategy("linear", "pencilsat.strategies.norinori:run_cpsat", ("cpsat",),
                 "the same rules on CP-SAT, the region counts as linear sums"),
    ),
    default_strategy="clauses", default_on={"cpsat": "linear"},
    svg="pencilsat.formats.svg.norinori",
    puzzlink=("norinori",), puzzlink_codec="pencilsat.formats.puzzlink.norinori",
    complete_cnf="pencilsat.encodings.norinori:complete_cnf",
    generate=_STRUCTURE,
)

_HITORI = Genre(
    name="hitori", title="Hitori",
    corpus="hitori/janko",
    model="pencilsat.puzzles.hitori", headers=("hitori", "hitori-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.hitori:run_cnf", ("cnf",),
                 "forced deductions first (a grid they settle needs no solver), else "
                 "repeats and neighbours in CNF, unshaded cells connected by lazy cuts"),
        Strategy("lazy-cpsat", "pencilsat.strategies.hitori:run_cpsat", ("cpsat",),
                 "the same model on CP-SAT, cuts by solving again"),
    ),
    default_strategy="lazy", default_on={"cpsat": "lazy-cpsat"},
    svg="pencilsat.formats.svg.hitori",
    puzzlink=("hitori",), puzzlink_codec="pencilsat.formats.puzzlink.hitori",
    tatham=("singles", "hitori"), tatham_codec="pencilsat.formats.tatham.hitori",
    complete_cnf="pencilsat.encodings.hitori:complete_clauses",
    certify_cnf="pencilsat.strategies.hitori:certify_cnf",
    generate=_clue(all_given=True),
)

_LITS = Genre(
    name="lits", title="LITS",
    corpus="lits/janko",
    model="pencilsat.puzzles.lits", headers=("lits", "lits-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.lits:run_cnf", ("cnf",),
                 "one tetromino placement per region in CNF, shaded cells connected by "
                 "lazy cuts"),
        Strategy("lazy-cpsat", "pencilsat.strategies.lits:run_cpsat", ("cpsat",),
                 "the same model on CP-SAT, one placement per region as a linear sum, cuts by "
                 "solving again"),
    ),
    default_strategy="lazy", default_on={"cpsat": "lazy-cpsat"},
    svg="pencilsat.formats.svg.lits",
    complete_cnf="pencilsat.strategies.lits:complete_cnf",
    certify_cnf="pencilsat.strategies.lits:certify_cnf",
    puzzlink=("lits",), puzzlink_codec="pencilsat.formats.puzzlink.lits",
    generate=_STRUCTURE,
)

_SHAKASHAKA = Genre(
    name="shakashaka", title="Shakashaka",
    corpus="shakashaka/janko",
    model="pencilsat.puzzles.shakashaka", headers=("shakashaka", "shakashaka-solution"),
    strategies=(
        Strategy("clauses", "pencilsat.strategies.shakashaka:run_cnf", ("cnf",),
                 "quarter cells and the rectangle rule around each grid point in CNF, the "
                 "numbers native on MiniCard (the fastest)",
                 memory="pencilsat.strategies.shakashaka:memory_cnf"),
        Strategy("linear", "pencilsat.strategies.shakashaka:run_cpsat", ("cpsat",),
                 "the same rules on CP-SAT, the numbers as linear sums",
                 memory="pencilsat.strategies.shakashaka:memory_cpsat"),
    ),
    default_strategy="clauses", default_on={"cpsat": "linear"},
    svg="pencilsat.formats.svg.shakashaka",
    puzzlink=("shakashaka",), puzzlink_codec="pencilsat.formats.puzzlink.shakashaka",
    complete_cnf="pencilsat.encodings.shakashaka:complete_cnf",
    generate=_clue(),
)

_SLANT = Genre(
    name="slant", title="Slant",
    corpus="gokigen/janko",
    model="pencilsat.puzzles.slant", headers=("gokigen", "gokigen-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.slant:run_cnf", ("cnf",),
                 "vertex numbers in CNF, no loop as every vertex joined to the border by "
                 "lazy cuts"),
        Strategy("lazy-cpsat", "pencilsat.strategies.slant:run_cpsat", ("cpsat",),
                 "the same model on CP-SAT, numbers as linear sums, cuts by solving again"),
    ),
    default_strategy="lazy", default_on={"cpsat": "lazy-cpsat"},
    svg="pencilsat.formats.svg.slant",
    puzzlink=("gokigen",), puzzlink_codec="pencilsat.formats.puzzlink.slant",
    tatham=("slant", "gokigen"), tatham_codec="pencilsat.formats.tatham.slant",
    complete_cnf="pencilsat.strategies.slant:complete_cnf",
    certify_cnf="pencilsat.strategies.slant:certify_cnf",
    generate=_clue(levels=True, symmetry=True),
)

_SHIKAKU = Genre(
    name="shikaku", title="Shikaku",
    corpus="shikaku/janko",
    model="pencilsat.puzzles.shikaku", headers=("shikaku", "shikaku-solution"),
    strategies=(
        Strategy("cover", "pencilsat.strategies.shikaku:run_cnf", ("cnf",),
                 "the candidate rectangles narrowed by exact-cover deductions (a grid "
                 "they settle is proved without a solver), then one per number and per "
                 "cell in CNF"),
        Strategy("cover-cpsat", "pencilsat.strategies.shikaku:run_cpsat", ("cpsat",),
                 "the same exact cover on CP-SAT, the counts as linear sums"),
    ),
    default_strategy="cover", default_on={"cpsat": "cover-cpsat"},
    svg="pencilsat.formats.svg.shikaku",
    puzzlink=("shikaku",), puzzlink_codec="pencilsat.formats.puzzlink.shikaku",
    tatham=("rect", "rectangles", "shikaku"), tatham_codec="pencilsat.formats.tatham.shikaku",
    complete_cnf="pencilsat.strategies.shikaku:complete_cnf",
    generate=_clue(),
)

_JIGSAWSUDOKU = Genre(
    name="jigsawsudoku", title="Jigsaw Sudoku",
    corpus="jigsawsudoku/janko",
    model="pencilsat.puzzles.jigsawsudoku", headers=("jigsawsudoku", "jigsawsudoku-solution"),
    strategies=(
        Strategy("direct", "pencilsat.strategies.jigsawsudoku:run_direct", ("cnf",),
                 "Sudoku's extended clauses with the irregular boxes as houses (the fastest)"),
        Strategy("cpsat", "pencilsat.strategies.jigsawsudoku:run_cpsat", ("cpsat",),
                 "the same clauses on CP-SAT"),
    ),
    default_strategy="direct", default_on={"cpsat": "cpsat"},
    svg="pencilsat.formats.svg.jigsawsudoku",
    tatham=("solo-jigsaw", "jigsawsudoku"),
    tatham_codec="pencilsat.formats.tatham.jigsawsudoku",
    complete_cnf="pencilsat.encodings.jigsawsudoku:complete_cnf",
    x_variant=True,
    generate=_clue(levels=True, symmetry=True),
)

_KILLERSUDOKU = Genre(
    name="killersudoku", title="Killer Sudoku",
    corpus="killersudoku/janko",
    model="pencilsat.puzzles.killersudoku", headers=("killersudoku", "killersudoku-solution"),
    strategies=(
        Strategy("direct", "pencilsat.strategies.killersudoku:run_direct", ("cnf",),
                 "Sudoku's extended clauses and each cage's digit sets as clauses (the "
                 "fastest)"),
        Strategy("cpsat", "pencilsat.strategies.killersudoku:run_cpsat", ("cpsat",),
                 "the same clauses on CP-SAT, the cage sums also as linear sums"),
    ),
    default_strategy="direct", default_on={"cpsat": "cpsat"},
    svg="pencilsat.formats.svg.killersudoku",
    tatham=("solo-killer", "killersudoku"),
    tatham_codec="pencilsat.formats.tatham.killersudoku",
    complete_cnf="pencilsat.encodings.killersudoku:complete_cnf",
    x_variant=True,
    generate=_clue(all_given=True),
)

_NONOGRAM = Genre(
    name="nonogram", title="Nonogram",
    corpus="nonogram/janko",
    model="pencilsat.puzzles.nonogram", headers=("nonogram", "nonogram-solution"),
    strategies=(
        Strategy("automata", "pencilsat.strategies.nonogram:run_cnf", ("cnf",),
                 "each line's clue as the clauses of its run automaton (regular constraint)"),
        Strategy("automata-cpsat", "pencilsat.strategies.nonogram:run_cpsat", ("cpsat",),
                 "the same run automata on CP-SAT, one AddAutomaton per line"),
    ),
    default_strategy="automata", default_on={"cpsat": "automata-cpsat"},
    svg="pencilsat.formats.svg.nonogram",
    puzzlink=("nonogram",), puzzlink_codec="pencilsat.formats.puzzlink.nonogram",
    tatham=("pattern", "nonogram"), tatham_codec="pencilsat.formats.tatham.nonogram",
    complete_cnf="pencilsat.encodings.nonogram:complete_cnf",
    generate=_clue(all_given=True),
)

_GALAXIES = Genre(
    name="galaxies", title="Spiral Galaxies",
    corpus="galaxies/janko",
    model="pencilsat.puzzles.galaxies", headers=("galaxies", "galaxies-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.galaxies:run_cnf", ("cnf",),
                 "a label per centre, one variable per mirror pair of cells, exactly one "
                 "label per cell; each galaxy connected by lazy cuts"),
        Strategy("lazy-cpsat", "pencilsat.strategies.galaxies:run_cpsat", ("cpsat",),
                 "the same model on CP-SAT, the counts as linear sums, cuts by solving again"),
    ),
    default_strategy="lazy", default_on={"cpsat": "lazy-cpsat"},
    svg="pencilsat.formats.svg.galaxies",
    puzzlink=("tentaisho",), puzzlink_codec="pencilsat.formats.puzzlink.galaxies",
    tatham=("galaxies",), tatham_codec="pencilsat.formats.tatham.galaxies",
    complete_cnf="pencilsat.strategies.galaxies:complete_cnf",
    certify_cnf="pencilsat.strategies.galaxies:certify_cnf",
    generate=_STRUCTURE,
)

_NUMBERLINK = Genre(
    name="numberlink", title="Numberlink",
    corpus="numberlink/janko",
    model="pencilsat.puzzles.numberlink", headers=("numberlink", "numberlink-solution"),
    strategies=(
        Strategy("lazy", "pencilsat.strategies.numberlink:run_cnf", ("cnf",),
                 "line degrees and pair labels on the edge grid in CNF, no stray loop by "
                 "lazy cuts"),
        Strategy("lazy-cpsat", "pencilsat.strategies.numberlink:run_cpsat", ("cpsat",),
                 "the same model on CP-SAT, cuts by solving again"),
    ),
    default_strategy="lazy", default_on={"cpsat": "lazy-cpsat"},
    svg="pencilsat.formats.svg.numberlink",
    puzzlink=("numlin", "arukone"), puzzlink_codec="pencilsat.formats.puzzlink.numberlink",
    complete_cnf="pencilsat.strategies.numberlink:complete_cnf",
    certify_cnf="pencilsat.strategies.numberlink:certify_cnf",
    generate=_STRUCTURE._replace(symmetry=True, variants=("full",)),
)

_KAKURO = Genre(
    name="kakuro", title="Kakuro",
    corpus="kakuro/janko",
    model="pencilsat.puzzles.kakuro", headers=("kakuro", "kakuro-solution"),
    strategies=(
        Strategy("direct", "pencilsat.strategies.kakuro:run_direct", ("cnf",),
                 "a digit per white cell and each run's digit sets as clauses (the fastest)",
                 memory="pencilsat.strategies.kakuro:memory_cnf"),
        Strategy("cpsat", "pencilsat.strategies.kakuro:run_cpsat", ("cpsat",),
                 "the same clauses on CP-SAT, the run sums also as linear sums",
                 memory="pencilsat.strategies.kakuro:memory_cpsat"),
    ),
    default_strategy="direct", default_on={"cpsat": "cpsat"},
    svg="pencilsat.formats.svg.kakuro",
    puzzlink=("kakuro",),
    puzzlink_codec="pencilsat.formats.puzzlink.kakuro",
    complete_cnf="pencilsat.encodings.kakuro:complete_cnf",
    generate=_clue(all_given=True),
)

_SKYSCRAPERS = Genre(
    name="skyscrapers", title="Skyscrapers",
    corpus="skyscrapers/janko",
    model="pencilsat.puzzles.skyscrapers", headers=("skyscrapers", "skyscrapers-solution"),
    strategies=(
        Strategy("direct", "pencilsat.strategies.skyscrapers:run_direct", ("cnf",),
                 "heights in the direct encoding, each clue a count of seen buildings over "
                 "order-encoded running maxima (the fastest)"),
        Strategy("cpsat", "pencilsat.strategies.skyscrapers:run_cpsat", ("cpsat",),
                 "the same clauses on CP-SAT, each clue also a linear sum"),
    ),
    default_strategy="direct", default_on={"cpsat": "cpsat"},
    svg="pencilsat.formats.svg.skyscrapers",
    puzzlink=("skyscrapers", "building", "skyscraper"),
    puzzlink_codec="pencilsat.formats.puzzlink.skyscrapers",
    tatham=("towers", "skyscrapers"),
    tatham_codec="pencilsat.formats.tatham.skyscrapers",
    complete_cnf="pencilsat.encodings.skyscrapers:complete_cnf",
    generate=_clue(levels=True, symmetry=True),
)

_RIPPLE = Genre(
    name="ripple", title="Ripple Effect",
    corpus="ripple/janko",
    model="pencilsat.puzzles.ripple", headers=("ripple", "ripple-solution"),
    strategies=(
        Strategy("direct", "pencilsat.strategies.ripple:run_direct", ("cnf",),
                 "a boolean per cell and number, rooms and ripple distances as clauses (the "
                 "fastest)"),
        Strategy("cpsat", "pencilsat.strategies.ripple:run_cpsat", ("cpsat",),
                 "the same clauses on CP-SAT"),
    ),
    default_strategy="direct", default_on={"cpsat": "cpsat"},
    svg="pencilsat.formats.svg.ripple",
    complete_cnf="pencilsat.encodings.ripple:complete_cnf",
    puzzlink=("ripple",), puzzlink_codec="pencilsat.formats.puzzlink.ripple",
    generate=_clue(symmetry=True),
)

_FILLOMINO = Genre(
    name="fillomino", title="Fillomino",
    corpus="fillomino/janko",
    model="pencilsat.puzzles.fillomino", headers=("fillomino", "fillomino-solution"),
    strategies=(
        Strategy("sizes", "pencilsat.strategies.fillomino:run_cnf", ("cnf",),
                 "each cell's block size in CNF, block sizes cut on each model"),
        Strategy("sizes-cpsat", "pencilsat.strategies.fillomino:run_cpsat", ("cpsat",),
                 "the same on CP-SAT, solved again after each batch of cuts"),
    ),
    default_strategy="sizes", default_on={"cpsat": "sizes-cpsat"},
    svg="pencilsat.formats.svg.fillomino",
    puzzlink=("fillomino",), puzzlink_codec="pencilsat.formats.puzzlink.fillomino",
    tatham=("filling", "fillomino"), tatham_codec="pencilsat.formats.tatham.fillomino",
    complete_cnf="pencilsat.strategies.fillomino:complete_cnf",
    certify_cnf="pencilsat.strategies.fillomino:certify_cnf",
    certify_settings="pencilsat.strategies.fillomino:certify_settings",
    generate=_clue(symmetry=True),
)

GENRES: dict[str, Genre] = {g.name: g for g in (_MASYU, _LIGHTUP, _SUDOKU, _SLITHERLINK,
                                                    _NURIKABE, _HASHI, _HEYAWAKE,
                                                    _YAJILIN, _STARBATTLE, _TENTS,
                                                    _KURODOKO, _NORINORI, _HITORI, _LITS,
                                                    _SHAKASHAKA, _SLANT, _SHIKAKU,
                                                    _JIGSAWSUDOKU, _KILLERSUDOKU, _NONOGRAM,
                                                    _GALAXIES, _NUMBERLINK, _KAKURO,
                                                    _SKYSCRAPERS, _RIPPLE, _FILLOMINO)}
"""Every genre pencilsat knows, by registry name."""


def genre(name: str) -> Genre:
    """The entry named ``name``, or an :class:`InputError` listing the genres."""
    entry = GENRES.get(name)
    if entry is None:
        raise InputError(f"unknown genre {name!r}", source="genre",
                         hint="choose one of: " + ", ".join(GENRES))
    return entry


def genre_of(puzzle: Any) -> Genre:
    """The entry of ``puzzle``'s genre (its ``genre`` attribute)."""
    name = getattr(puzzle, "genre", None)
    if not isinstance(name, str) or name not in GENRES:
        raise InputError(f"not a puzzle: {type(puzzle).__name__}", source="puzzle",
                         hint="give a puzzle model, a file path, a URL or a game ID")
    return GENRES[name]


def rules_of(puzzle: Any) -> GenreRules:
    """The rules (formats, checker, drawing) of ``puzzle``'s genre."""
    return genre_of(puzzle).rules()


def by_header(word: str) -> tuple[Genre, bool] | None:
    """The genre whose text format starts with ``word``, and whether it is the solution
    format; ``None`` when no genre's does."""
    for entry in GENRES.values():
        if word in entry.headers:
            return entry, entry.headers.index(word) > 0
    return None


def by_puzzlink_type(pid: str) -> Genre | None:
    """The genre pzprjs calls ``pid`` (any case)."""
    pid = pid.lower()
    return next((g for g in GENRES.values() if pid in g.puzzlink), None)


def by_tatham_game(name: str) -> Genre | None:
    """The genre of a Tatham game name or prefix (any case)."""
    name = name.lower()
    return next((g for g in GENRES.values() if name in g.tatham), None)


def making(name: str) -> Making:
    """How ``pencilsat generate`` makes genre ``name`` (a ``KeyError`` for one it does not
    make)."""
    entry = GENRES[name].generate
    if entry is None:
        raise KeyError(name)
    return entry


def generated(**facts: object) -> tuple[str, ...]:
    """The genres ``pencilsat generate`` makes, in the registry's order; with ``facts``
    (``kind="clue"``, ``levels=True``, ``all_given=True``, ``symmetry=True``,
    ``stars=True``), those whose :class:`Making` has every one of them."""
    return tuple(name for name, entry in GENRES.items() if entry.generate is not None
                 and all(getattr(entry.generate, fact) == value
                         for fact, value in facts.items()))
