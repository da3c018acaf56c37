"""The CP-SAT runs' clause loading (``cpsat_clauses.add_bool_ors``): one text-format message
that makes the constraints ``add_bool_or`` makes."""

from __future__ import annotations

from ortools.sat.python import cp_model


def test_clauses_loaded_as_text_are_the_constraints_add_bool_or_makes():
    """``cpsat_clauses.add_bool_ors`` (one text-format message) gives the model the same
    constraints, in the same order, as ``add_bool_or`` on each clause."""
    from pencilsat.backends.cpsat_clauses import add_bool_ors

    clauses = [[1, -2, 3], [-1], [2, 4, -4], [-3, -4], [4]]
    direct, merged = cp_model.CpModel(), cp_model.CpModel()
    for model in (direct, merged):
        model.new_int_var(0, 5, "not a literal")  # CP-SAT's indices are not ours
    variables = [[None] + [model.new_bool_var(f"v{v}") for v in range(1, 5)]
                 for model in (direct, merged)]
    for clause in clauses:
        direct.add_bool_or([variables[0][lit] if lit > 0 else variables[0][-lit].Not()
                            for lit in clause])
    add_bool_ors(merged, clauses, [0] + [var.Index() for var in variables[1][1:]])
    assert str(merged.proto) == str(direct.proto)
