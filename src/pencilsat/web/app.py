"""The desk's web server: the page, its files, and the JSON API, on Starlette and uvicorn.

``POST /api/solve``, ``/api/grade``, ``/api/clues``, ``/api/hint`` and ``/api/replay`` take a
JSON object (``puzzle``: a puzz.link URL, a Tatham game ID or puzzle text; ``time_limit`` in
seconds, default ``DEFAULT_TIME_LIMIT``, at most ``MAX_TIME_LIMIT``) and answer the record
the command line's ``--json`` writes, with the drawings under ``svg``. ``POST /api/generate``
makes a puzzle to order (``genre``, ``size``, ``level`` or ``score``, ``seed``, ``symmetry``:
the library's ``pencilsat.generate``). ``GET /api/genres``
lists the registry's genres and what the desk does for each (the page builds its lists from
it); ``GET /api/health`` says what runs and waits. Requests larger than ``MAX_BODY`` bytes,
bodies that are not such an object (or not JSON, or nested deeper than ``MAX_DEPTH``), values
past a maximum and puzzles that do not read get a JSON ``error`` saying what is wrong; the
server stays up. Requests from other web pages or under other host names are refused
(:mod:`pencilsat.web.guard`). Jobs run in worker processes (:mod:`pencilsat.web.workers`);
when none is free in time the answer is 503 with ``Retry-After``. A client that leaves before
its answer has its job stopped, so that it no longer holds a worker or a place in the queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import math
import re
import sys
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pencilsat.core.errors import InputError
from pencilsat.web.guard import RequestGuard
from pencilsat.web.jobs import MAX_COUNT
from pencilsat.web.workers import MAX_WAIT, QUICK_LIMIT, Busy, WorkerPool

T = TypeVar("T")
DEFAULT_TIME_LIMIT = 5.0
MAX_TIME_LIMIT = 120.0
MAX_BODY = 512 * 1024
"""Bytes of one request (a 200x200 puzzle's text is 40 KB; a replayed grade's steps more)."""
MAX_PUZZLE = 128 * 1024
MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a request may have (a replay's steps need 4)."""
JOBS = ("solve", "grade", "clues", "hint", "replay", "generate")
GENERATE_TIME_LIMIT = 10.0
"""A generation's default time limit: a quick job, as the page's checks."""
STATIC = files("pencilsat.web") / "static"
SHUTDOWN_SECONDS = 2
"""On Ctrl-C, how long running checks may finish before their workers are stopped."""
INTERNAL_ERROR = "internal error in the server; please report it"


class BadRequest(Exception):
    """A request the API cannot take; ``status`` and the message go back as JSON."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def create_app(workers: int = 2, queue: int = 64, *, host: str = "127.0.0.1",
               quick_limit: float = QUICK_LIMIT, max_wait: float = MAX_WAIT) -> Any:
    """The app (an ASGI application), with a pool of ``workers`` processes, at most
    ``queue`` waiting jobs each waiting at most ``max_wait`` seconds, answering to the
    loopback names and ``host`` (the address it listens on)."""
    pool = WorkerPool(workers, queue, quick_limit=quick_limit, max_wait=max_wait)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await pool.start()
        app.state.pool = pool
        try:
            yield
        finally:
            await pool.close()

    async def page(request: Request) -> Response:
        return HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"))

    async def health(request: Request) -> Response:
        return JSONResponse({"ok": True, **pool.state()})

    async def genres(request: Request) -> Response:
        # the first call loads the generators (about 0.4 s): off the event loop
        return JSONResponse({"genres": await asyncio.to_thread(genre_list)})

    def endpoint(kind: str) -> Any:
        async def handle(request: Request) -> Response:
            try:
                fields = validated(kind, await read_body(request, example_body(kind)))
                answered = await until_disconnected(
                    request, pool.run(kind, fields, fields["time_limit"]))
                if answered is None:  # nobody to answer: the job's worker is free again
                    return Response(status_code=499)
                status, record = answered
            except BadRequest as err:
                return JSONResponse({"error": err.message}, status_code=err.status)
            except Busy as busy:
                return JSONResponse({"error": f"the desk is busy ({busy.reason}); try again "
                                     f"in {busy.retry_after} s", "busy": True,
                                     "retry_after": busy.retry_after}, status_code=503,
                                    headers={"Retry-After": str(busy.retry_after)})
            except Exception:  # a bug: one line, and no traceback in the answer or the log
                return JSONResponse({"error": INTERNAL_ERROR}, status_code=500)
            return JSONResponse(record, status_code=status)

        return handle

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [Route("/", page), Route("/api/health", health), Route("/api/genres", genres),
              Route("/favicon.ico", no_icon),
              *(Route(f"/api/{kind}", endpoint(kind), methods=["POST"]) for kind in JOBS),
              Mount("/static", StaticFiles(directory=str(STATIC)), name="static")]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={HTTPException: _http_error,
                                        Exception: _internal_error})
    return RequestGuard(app, host)


async def _internal_error(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": INTERNAL_ERROR}, status_code=500)


def genre_list() -> list[dict[str, Any]]:
    """Every genre of the registry, in its order, and what the desk does for it: the page's
    genre lists come from here, so a genre added to the registry shows up on its own.
    ``generate`` is how the desk makes it to order (default size, levels, scale, symmetry;
    ``None``: it is not generated), from the generators' tables."""
    from pencilsat.core.registry import GENRES

    offer = _generation_offer()
    return [{"name": g.name, "title": g.title, "header": g.headers[0],
             "grader": g.grader is not None,
             "hints": g.partial is not None, "puzzlink": list(g.puzzlink),
             "tatham": list(g.tatham), "generate": offer.get(g.name)}
            for g in GENRES.values()]


@functools.cache
def _generation_offer() -> dict[str, Any]:
    from pencilsat.to_order import generation_offer

    return generation_offer()


async def _http_error(request: Request, exc: Exception) -> Response:
    """Unknown addresses and wrong methods: JSON under ``/api/``, plain text elsewhere."""
    assert isinstance(exc, HTTPException)
    if not request.url.path.startswith("/api/"):
        return Response(exc.detail, status_code=exc.status_code)
    message = (f"no API call {request.url.path}: use POST /api/ and one of {', '.join(JOBS)}"
               if exc.status_code == 404 else f"{request.method} {request.url.path}: "
               f"{exc.detail}; the API takes POST with a JSON object")
    return JSONResponse({"error": message}, status_code=exc.status_code)


async def until_disconnected(request: Request, job: Coroutine[Any, Any, T]) -> T | None:
    """``job``'s result, or ``None`` when the client leaves first: the job is then cancelled,
    so that a closed browser tab no longer holds a worker (or a place in the queue) until its
    time limit, up to ``MAX_TIME_LIMIT`` seconds."""
    running = asyncio.ensure_future(job)
    left = asyncio.ensure_future(_disconnect(request))
    try:
        await asyncio.wait({running, left}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        left.cancel()
    if running.done():
        return running.result()
    running.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await running
    return None


async def _disconnect(request: Request) -> None:
    """Return when the client has closed the connection (the body is read by then)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def example_body(kind: str) -> str:
    """An object the job ``kind`` takes, for the errors about a body that is not one."""
    if kind == "generate":
        return '{"genre": "sudoku", "size": "9x9", "level": 2}'
    return '{"puzzle": "https://puzz.link/p?mashu/..."}'


async def read_body(request: Request, example: str = example_body("solve")) -> Any:
    """The request's JSON, read no further than ``MAX_BODY`` bytes (``example``: an object
    the job takes, said when the body is not one)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise BadRequest(f"the request is larger than {MAX_BODY // 1024} KB", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BadRequest(f"the request is larger than {MAX_BODY // 1024} KB", 413)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("the request body is not UTF-8 text") from None
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise BadRequest(f"the request body nests arrays or objects {depth} deep, more than "
                         f"{MAX_DEPTH}; send an object such as {example}")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_int=_short_int)
    except json.JSONDecodeError as err:
        raise BadRequest(f"the request body is not JSON ({err.msg} at line {err.lineno}, "
                         f"column {err.colno}); send an object such as {example}") from None
    except (ValueError, RecursionError) as err:  # NaN, a 1,000-digit number, ...
        raise BadRequest(f"the request body is not JSON the API takes ({err}); send an "
                         f"object such as {example}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


MAX_NUMBER_DIGITS = 30
"""The most digits of a JSON number a request may have (a longer ``seed`` goes as text)."""


def _short_int(digits: str) -> int:
    if len(digits) > MAX_NUMBER_DIGITS:
        raise ValueError(f"a whole number of {len(digits)} digits, more than "
                         f"{MAX_NUMBER_DIGITS}; a longer seed goes as text, in quotes")
    return int(digits)


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in the JSON ``text`` (brackets inside strings do not
    count), found without parsing it, so that no depth reaches the parser's recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _json_kind(value: Any) -> str:
    """What a JSON value is, in words ("a number", "a list")."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    return "a list" if isinstance(value, list) else "an object"


def validated(kind: str, data: Any) -> dict[str, Any]:
    """The fields a job takes, each checked, or a :class:`BadRequest` naming the field."""
    if not isinstance(data, dict):
        raise BadRequest(f"send a JSON object such as {example_body(kind)}")
    if kind == "generate":
        return generate_fields(data)
    puzzle = data.get("puzzle")
    if puzzle is not None and not isinstance(puzzle, str):
        raise BadRequest(f'the field "puzzle" is {_json_kind(puzzle)}, not text: give a '
                         "puzz.link URL, a Tatham game ID or the puzzle's text as a string")
    if puzzle is None or not puzzle.strip():
        raise BadRequest('the field "puzzle" is missing or empty: give a puzz.link URL, a '
                         "Tatham game ID or the puzzle's text")
    if len(puzzle) > MAX_PUZZLE:
        raise BadRequest(f'the field "puzzle" is longer than {MAX_PUZZLE // 1024} KB', 413)
    fields: dict[str, Any] = {"puzzle": puzzle, "time_limit": _time_limit(data)}
    if kind == "solve" and data.get("count") is not None:
        count = data["count"]
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
            raise BadRequest(f'"count" is a whole number of solutions from 1 to {MAX_COUNT}')
        fields["count"] = count
    if kind == "solve" and data.get("certify") is not None:
        if not isinstance(data["certify"], bool):
            raise BadRequest('"certify" is true or false')
        fields["certify"] = data["certify"]
    if kind == "clues":
        fields["grade"] = _flag(data, "grade")
    if kind == "hint" and data.get("partial") is not None:
        if not isinstance(data["partial"], str) or len(data["partial"]) > MAX_PUZZLE:
            raise BadRequest('"partial" is the partly solved grid as text')
        fields["partial"] = data["partial"]
    if kind == "replay":
        steps = data.get("steps")
        if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
            raise BadRequest('"steps" is the list of step records /api/grade returned')
        fields["steps"] = steps
    return fields


GENERATE_FIELDS = ("genre", "size", "level", "score", "seed", "symmetry", "stars", "variant",
                   "time_limit")
"""The fields ``POST /api/generate`` takes; any other is refused by name."""


SEED_TEXT = re.compile(r"-?[0-9]+")


def seed_field(seed: Any) -> int:
    """The ``seed`` of ``POST /api/generate``: a whole number, or the text of one (the page
    sends text: a JavaScript number rounds a seed past 2**53 - 1), of any size the command
    line's ``--seed`` takes (the interpreter's limit on the digits of an integer)."""
    if isinstance(seed, str) and SEED_TEXT.fullmatch(seed):
        try:
            return int(seed)
        except ValueError:  # past the interpreter's limit on an integer's digits
            raise BadRequest(f'"seed" has {len(seed.lstrip("-")):,} digits: at most '
                             f"{sys.get_int_max_str_digits():,}, as --seed takes") from None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadRequest('"seed" is a whole number, as a number or as its digits in text '
                         '(e.g. "9007199254740993": a JavaScript number rounds past 2**53)')
    return seed


def generate_fields(data: dict[str, Any]) -> dict[str, Any]:
    """A generation's fields: ``genre`` (a name of ``GET /api/genres``), ``size``
    (``"10x10"``), optionally ``level`` or ``score`` (``[low, high]``), ``seed``,
    ``symmetry``, ``stars`` (Star Battle), ``variant`` (Numberlink's ``"full"``) and
    ``time_limit``; a size past the command line's ``MAX_CELLS`` is refused here, before a
    worker is taken. Whether the genre takes the level, the symmetry, the stars or the
    variant is the library's to say (422)."""
    from pencilsat.generators.order import MAX_CELLS
    from pencilsat.to_order import parse_size

    unknown = sorted(set(data) - set(GENERATE_FIELDS))
    if unknown:  # a "count" or "certify" ignored would leave the caller thinking it was done
        raise BadRequest(f"/api/generate takes no field {', '.join(map(repr, unknown))[:200]}: "
                         f"its fields are {', '.join(GENERATE_FIELDS)} (one puzzle a request)")
    genre, size = data.get("genre"), data.get("size")
    if not isinstance(genre, str) or not genre:
        raise BadRequest('the field "genre" is missing or not text: give a genre\'s name as '
                         "GET /api/genres lists it")
    if not isinstance(size, str) or len(size) > 40:
        raise BadRequest('the field "size" is missing or not text: give WIDTHxHEIGHT, e.g. '
                         '"10x10"')
    try:
        width, height = parse_size(size, genre)
    except InputError as err:
        limit = "" if "at most" in err.message else f"; at most {MAX_CELLS:,} cells"
        raise BadRequest(f'"size": {err.message} ({err.hint}{limit})') from None
    fields: dict[str, Any] = {"genre": genre, "width": width, "height": height,
                              "time_limit": _time_limit(data, GENERATE_TIME_LIMIT)}
    level, score = data.get("level"), data.get("score")
    if level is not None and score is not None:
        raise BadRequest('give "level" or "score", not both')
    if level is not None:
        if isinstance(level, bool) or not isinstance(level, int) or not 0 < level < 100:
            raise BadRequest('"level" is a whole number on the genre\'s scale (GET '
                             "/api/genres gives each genre's levels)")
        fields["level"] = level
    if score is not None:
        if not (isinstance(score, list) and len(score) == 2 and all(
                isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
                for v in score) and score[0] <= score[1]):
            raise BadRequest('"score" is a band [low, high] of two numbers, low <= high')
        fields["score"] = (float(score[0]), float(score[1]))
    seed = data.get("seed")
    if seed is not None:
        fields["seed"] = seed_field(seed)
    symmetry = data.get("symmetry")
    if symmetry is not None:
        if not isinstance(symmetry, str) or len(symmetry) > 20:
            raise BadRequest('"symmetry" is "rot2" or "mirror"')
        fields["symmetry"] = symmetry
    stars = data.get("stars")
    if stars is not None:
        if isinstance(stars, bool) or not isinstance(stars, int) or not 0 < stars < 100:
            raise BadRequest('"stars" is Star Battle\'s whole number of stars a row, at '
                             "least 1")
        fields["stars"] = stars
    variant = data.get("variant")
    if variant is not None:
        if not isinstance(variant, str) or len(variant) > 20:
            raise BadRequest('"variant" is Numberlink\'s "full" (every cell on a line)')
        fields["variant"] = variant
    return fields


def _time_limit(data: dict[str, Any], default: float = DEFAULT_TIME_LIMIT) -> float:
    value = data.get("time_limit", default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(
            value) or not 0 < value <= MAX_TIME_LIMIT:
        raise BadRequest(f'"time_limit" is a number of seconds above 0 and at most '
                         f"{MAX_TIME_LIMIT:g}")
    return float(value)


def _flag(data: dict[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise BadRequest(f'"{name}" is true or false')
    return value


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 2) -> None:
    """Run the desk until Ctrl-C (``pencilsat serve``)."""
    import uvicorn

    uvicorn.run(create_app(workers, host=host), host=host, port=port, log_level="warning",
                timeout_graceful_shutdown=SHUTDOWN_SECONDS)
