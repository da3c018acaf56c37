"""``CpSatSession(harder=...)``: a solve that reaches its conflicts with no model is made
again with the harder parameters, which hold from then on; a solve within them is left as
it is."""

from __future__ import annotations

from ortools.sat.python import cp_model

from pencilsat.backends.cpsat_session import CpSatSession


def pigeons(holes: int) -> cp_model.CpModel:
    """``holes + 1`` pigeons in ``holes`` holes, as clauses: infeasible, and only after
    many conflicts."""
    model = cp_model.CpModel()
    sits = [[model.new_bool_var(f"p{p}h{h}") for h in range(holes)] for p in range(holes + 1)]
    for row in sits:
        model.add_bool_or(row)
    for h in range(holes):
        for a in range(holes + 1):
            for b in range(a + 1, holes + 1):
                model.add_bool_or([sits[a][h].Not(), sits[b][h].Not()])
    return model


def test_a_long_solve_is_made_again_with_the_harder_parameters():
    session = CpSatSession(pigeons(7), presolve=False,
                           harder=(50, {"use_sat_inprocessing": True}))
    assert session.solve(None) is False
    assert session.hardened_at == 1
    assert session.solver.parameters.use_sat_inprocessing
    assert session.effort["conflicts"] > 50
    assert session.solve(None) is False  # the later solves keep them, with no limit
    assert session.hardened_at == 1


def test_a_short_solve_keeps_its_parameters():
    model = cp_model.CpModel()
    x = model.new_bool_var("x")
    model.add_bool_or([x])
    session = CpSatSession(model, presolve=False, parameters={"use_sat_inprocessing": False},
                           harder=(50, {"use_sat_inprocessing": True}))
    assert session.solve(None) is True and session.value(x)
    assert session.hardened_at is None
    assert not session.solver.parameters.use_sat_inprocessing
