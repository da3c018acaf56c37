"""The desk's web server: the page, its files, and the JSON API, on Starlette and uvicorn.

``POST /api/solve``, ``/api/grade``, ``/api/clues``, ``/api/hint`` and ``/api/replay`` take a
JSON object (``puzzle``: a puzz.link URL, a Tatham game ID or puzzle text; ``time_limit`` in
seconds, default ``DEFAULT_TIME_LIMIT``, at most ``MAX_TIME_LIMIT``) and answer the record
the command line's ``--json`` writes, with the drawings under ``svg``. Requests larger than
``MAX_BODY`` bytes, bodies that are not such an object and puzzles that do not read get a
JSON ``error`` saying what is wrong; the server stays up. Jobs run in worker processes
(:mod:`pencilsat.web.workers`).
"""

from __future__ import annotations

import json
import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pencilsat.web.workers import Busy, WorkerPool

DEFAULT_TIME_LIMIT = 5.0
MAX_TIME_LIMIT = 120.0
MAX_BODY = 512 * 1024
"""Bytes of one request (a 200x200 puzzle's text is 40 KB; a replayed grade's steps more)."""
MAX_PUZZLE = 128 * 1024
JOBS = ("solve", "grade", "clues", "hint", "replay")
STATIC = files("pencilsat.web") / "static"


class BadRequest(Exception):
    """A request the API cannot take; ``status`` and the message go back as JSON."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def create_app(workers: int = 2, queue: int = 64) -> Starlette:
    """The app, with a pool of ``workers`` processes and at most ``queue`` waiting jobs."""
    pool = WorkerPool(workers, queue)

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
        return JSONResponse({"ok": True, "stopped_jobs": pool.stopped_jobs})

    def endpoint(kind: str) -> Any:
        async def handle(request: Request) -> Response:
            try:
                fields = validated(kind, await read_body(request))
                status, record = await pool.run(kind, fields, fields["time_limit"])
            except BadRequest as err:
                return JSONResponse({"error": err.message}, status_code=err.status)
            except Busy:
                return JSONResponse({"error": "the server is busy with other checks; try "
                                     "again in a moment"}, status_code=503)
            return JSONResponse(record, status_code=status)

        return handle

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)

    routes = [Route("/", page), Route("/api/health", health), Route("/favicon.ico", no_icon),
              *(Route(f"/api/{kind}", endpoint(kind), methods=["POST"]) for kind in JOBS),
              Mount("/static", StaticFiles(directory=str(STATIC)), name="static")]
    return Starlette(routes=routes, lifespan=lifespan,
                     exception_handlers={HTTPException: _http_error,
                                         Exception: _internal_error})


async def _http_error(request: Request, exc: Exception) -> Response:
    """Unknown addresses and wrong methods: JSON under ``/api/``, plain text elsewhere."""
    assert isinstance(exc, HTTPException)
    if not request.url.path.startswith("/api/"):
        return Response(exc.detail, status_code=exc.status_code)
    message = (f"no API call {request.url.path}: use POST /api/ and one of {', '.join(JOBS)}"
               if exc.status_code == 404 else f"{request.method} {request.url.path}: "
               f"{exc.detail}; the API takes POST with a JSON object")
    return JSONResponse({"error": message}, status_code=exc.status_code)


async def _internal_error(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": "internal error in the server; please report it"},
                        status_code=500)


async def read_body(request: Request) -> Any:
    """The request's JSON, read no further than ``MAX_BODY`` bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise BadRequest(f"the request is larger than {MAX_BODY // 1024} KB", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise BadRequest(f"the request is larger than {MAX_BODY // 1024} KB", 413)
    try:
        return json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadRequest("the request body is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise BadRequest(f"the request body is not JSON ({err.msg} at line {err.lineno}, "
                         f"column {err.colno}); send an object such as "
                         '{"puzzle": "https://puzz.link/p?mashu/..."}') from None


def validated(kind: str, data: Any) -> dict[str, Any]:
    """The fields a job takes, each checked, or a :class:`BadRequest` naming the field."""
    if not isinstance(data, dict):
        raise BadRequest('send a JSON object such as {"puzzle": "..."}')
    puzzle = data.get("puzzle")
    if not isinstance(puzzle, str) or not puzzle.strip():
        raise BadRequest('the field "puzzle" is missing or empty: give a puzz.link URL, a '
                         "Tatham game ID or the puzzle's text")
    if len(puzzle) > MAX_PUZZLE:
        raise BadRequest(f'the field "puzzle" is longer than {MAX_PUZZLE // 1024} KB', 413)
    fields: dict[str, Any] = {"puzzle": puzzle, "time_limit": _time_limit(data)}
    if kind == "solve" and data.get("count") is not None:
        count = data["count"]
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise BadRequest('"count" is a whole number of solutions from 1')
        fields["count"] = count
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


def _time_limit(data: dict[str, Any]) -> float:
    value = data.get("time_limit", DEFAULT_TIME_LIMIT)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(
            value) or value <= 0:
        raise BadRequest(f'"time_limit" is a number of seconds above 0 (at most '
                         f"{MAX_TIME_LIMIT:g})")
    return float(min(value, MAX_TIME_LIMIT))


def _flag(data: dict[str, Any], name: str) -> bool:
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise BadRequest(f'"{name}" is true or false')
    return value


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 2) -> None:
    """Run the desk until Ctrl-C (``pencilsat serve``)."""
    import uvicorn

    uvicorn.run(create_app(workers), host=host, port=port, log_level="warning")
