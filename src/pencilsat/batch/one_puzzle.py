"""One batch input of any genre through the solving (or grading) front, as a record.

The puzzle is read here, where it is solved, so a batch sends only text to its workers. An
input that cannot be read, or options its genre does not have (``--encoding lazy`` on a Light
Up), is ``invalid`` with the reason, naming the batch file and line; a bug met on one puzzle
is ``error``. Neither stops the batch.
"""

from __future__ import annotations

from time import perf_counter
from typing import Any

from pencilsat.batch.inputs import BatchItem
from pencilsat.batch.records import BatchRecord, from_result, not_solved
from pencilsat.batch.task import BatchTask
from pencilsat.core.errors import InputError, internal_error, tracebacks_wanted
from pencilsat.formats.detect import read_input, read_puzzle
from pencilsat.grading.front import grade
from pencilsat.strategies.front import solve


def where(item: BatchItem, task: BatchTask) -> str:
    """How messages name the input: ``FILE, line N``, or the input itself."""
    if task.source is not None:
        return f"{task.source}, line {item.line}"
    return "<stdin>" if item.input == "-" else item.input


def read_item(item: BatchItem, task: BatchTask) -> Any:
    """The puzzle of ``item``; errors in a URL or game ID name its batch line."""
    if item.text is not None:
        return read_puzzle(item.text, "<stdin>" if item.input == "-" else item.input)
    if task.source is None:
        return read_input(item.input, name=item.input)
    return read_input(item.input, name=task.source, line=item.line)


def puzzle_record(item: BatchItem, task: BatchTask) -> BatchRecord:
    """Read, solve (or grade) and record ``item``; ``task.time_limit`` bounds each puzzle."""
    start = perf_counter()
    try:
        puzzle = read_item(item, task)
        if task.grade:
            graded = grade(puzzle, time_limit=task.time_limit, faithful=task.faithful,
                           score=task.score)
            fields = {k: v for k, v in graded.to_dict().items() if k != "verdict"}
            return from_result(item.line, item.input, graded.solve_result,
                               perf_counter() - start, grade=fields)
        result = solve(puzzle, encoding=task.encoding, backend=task.backend,
                       sat_solver=task.sat_solver, time_limit=task.time_limit,
                       max_memory=task.max_memory)
        certificate = None
        if task.certify:
            from pencilsat.certify.certificate import certify_result

            certificate = certify_result(result, task.time_limit, start,
                                         task.max_memory).to_dict()
        return from_result(item.line, item.input, result, perf_counter() - start,
                           certificate=certificate)
    except InputError as err:
        message = str(err.located(where(item, task)))
    except (KeyError, ValueError) as err:
        message = f"{where(item, task)}: {err.args[0] if err.args else err}"
    except Exception as err:  # a bug on one puzzle must not lose the others' verdicts
        if tracebacks_wanted():
            raise
        return not_solved(item.line, item.input, f"{where(item, task)}: {internal_error(err)}",
                          error=True, grading=task.grade, seconds=perf_counter() - start)
    return not_solved(item.line, item.input, message, grading=task.grade,
                      seconds=perf_counter() - start)
