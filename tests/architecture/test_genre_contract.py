"""Every reference of every registry entry loads and has the signature its Protocol asks
(``core/contract.py``, ``grading/front.Grader`` and ``PartialGrading``): a typo in an entry,
or a part whose signature drifted, fails here rather than when a user reaches it."""

from __future__ import annotations

import typing
from collections.abc import Callable

import pytest

from pencilsat.core.contract import (
    ClauseBuilder,
    MemoryEstimate,
    ModelModule,
    PuzzlinkCodec,
    StrategyRun,
    SvgDrawing,
    TathamCodec,
    call_mismatch,
    module_mismatch,
)
from pencilsat.core.registry import GENRES, load
from pencilsat.core.rules import ClueRules, GenreRules
from pencilsat.grading.front import Grader, PartialGrading

NAMES = list(GENRES)


def references(name: str) -> list[tuple[str, str, object]]:
    """(what, reference, protocol) for every part the entry names."""
    entry = GENRES[name]
    out: list[tuple[str, str, object]] = [("model", entry.model, ModelModule),
                                          ("svg", entry.svg, SvgDrawing)]
    for strategy in entry.strategies:
        out.append((f"strategy {strategy.name}", strategy.run, StrategyRun))
        if strategy.memory:
            out.append((f"memory of {strategy.name}", strategy.memory, MemoryEstimate))
    optional = [("puzzlink_codec", entry.puzzlink_codec, PuzzlinkCodec),
                ("tatham_codec", entry.tatham_codec, TathamCodec),
                ("grader", entry.grader, Grader), ("partial", entry.partial, PartialGrading),
                ("complete_cnf", entry.complete_cnf, ClauseBuilder),
                ("rule_cnf", entry.rule_cnf, ClauseBuilder)]
    return out + [(what, ref, proto) for what, ref, proto in optional if ref]


def mismatch(ref: str, protocol: object) -> list[str]:
    loaded = load(ref)
    if ":" in ref:
        why = call_mismatch(loaded, protocol.__call__)  # type: ignore[attr-defined]
        return [why] if why else []
    return module_mismatch(loaded, protocol)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
def test_every_reference_of_the_entry_loads_with_its_protocols_signature(name):
    problems = [f"{what} ({ref}): {why}" for what, ref, protocol in references(name)
                for why in mismatch(ref, protocol)]
    assert problems == []


@pytest.mark.parametrize("name", NAMES)
def test_the_model_module_gives_rules_whose_parts_take_the_registrys_calls(name):
    entry = GENRES[name]
    rules = entry.rules()
    assert rules.puzzle_type.genre == name and rules.solution_type.genre == name
    hints = typing.get_type_hints(GenreRules)
    for field in GenreRules._fields:
        value = getattr(rules, field)
        arity = _arity(hints[field])
        if value is None or arity is None:
            continue
        why = call_mismatch(value, _positional(arity))
        assert why is None, f"RULES.{field}: {why}"
    if rules.clues is not None:
        clue_hints = typing.get_type_hints(ClueRules)
        for field in ("given", "without", "with_", "offered"):
            why = call_mismatch(getattr(rules.clues, field), _positional(_arity(
                clue_hints[field]) or 0))
            assert why is None, f"RULES.clues.{field}: {why}"


def _arity(hint: object) -> int | None:
    """The number of arguments of a ``Callable[[...], ...]`` hint (also inside ``| None``)."""
    for candidate in (hint, *typing.get_args(hint)):
        if typing.get_origin(candidate) is typing.get_origin(Callable[[], None]):
            args = typing.get_args(candidate)
            if args and isinstance(args[0], list):
                return len(args[0])
    return None


def _positional(count: int) -> Callable[..., object]:
    names = ", ".join(f"a{i}" for i in range(count))
    namespace: dict[str, object] = {}
    exec(f"def call({names}{', /' if count else ''}): pass", namespace)  # noqa: S102
    return namespace["call"]  # type: ignore[return-value]


def test_a_typo_in_a_reference_fails_the_check():
    with pytest.raises(ModuleNotFoundError):
        mismatch("pencilsat.formats.svg.heyawak", SvgDrawing)
    assert mismatch("pencilsat.formats.puzzlink.heyawake", TathamCodec) == ["no function plausible"]
    assert mismatch("pencilsat.strategies.heyawake:memory_cnf", StrategyRun) != []


@pytest.mark.parametrize("name", [n for n in NAMES if GENRES[n].x_variant])
def test_a_genre_with_the_x_variant_has_a_diagonal_flag_the_hint_can_set(name):
    """``strategies/x_hint.py`` reads a plain puzzle as X by ``dataclasses.replace(puzzle,
    diagonal=True)``: the entry's ``x_variant`` promises a model field of that name."""
    import dataclasses

    fields = {f.name: f for f in dataclasses.fields(GENRES[name].rules().puzzle_type)}
    assert "diagonal" in fields and fields["diagonal"].default is False
