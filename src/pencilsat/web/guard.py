"""Which requests the desk serves: its own page's, on this machine, and no other web page's.

The desk has no login and runs checks on the user's machine, so a page on any other site
must not be able to drive it. A browser lets any site send a "simple" cross-origin POST
(``text/plain`` or a form) without asking, and a site whose name resolves to 127.0.0.1
(DNS rebinding) reaches the server under its own name. So:

- every request must name a host the desk answers to in ``Host``: ``localhost``,
  ``127.0.0.1``, ``[::1]`` (any port), or the address ``pencilsat serve --host`` names;
- every ``POST`` must be ``Content-Type: application/json`` (which a cross-origin page
  cannot send without a preflight, and the desk answers no preflight);
- a ``POST`` with an ``Origin`` must come from the desk itself (``http://`` and the
  ``Host``); tools such as ``curl`` send no ``Origin`` and are served.

A refused request gets a 4xx with a JSON ``error`` saying why (plain text outside ``/api/``).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD_ADDRESSES = frozenset({"", "0.0.0.0", "::"})


def host_name(host_header: str) -> str:
    """The name in a ``Host`` header, without its port, lower case (``[::1]:80`` -> ``::1``)."""
    value = host_header.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def allowed_hosts(listen_host: str) -> frozenset[str]:
    """The host names the desk answers to when it listens on ``listen_host``."""
    name = host_name(listen_host) if listen_host.startswith("[") else listen_host.lower()
    return LOOPBACK_NAMES | ({name} if name not in WILDCARD_ADDRESSES else set())


def refusal(method: str, path: str, headers: dict[str, str],
            hosts: frozenset[str]) -> tuple[int, str] | None:
    """``(status, why)`` when the request must be refused, else ``None``."""
    host = headers.get("host", "")
    if host_name(host) not in hosts:
        return 403, (f"this desk does not answer to the host name {host!r}: open it as "
                     f"http://127.0.0.1:<port>/ (or the address given to --host)")
    if method != "POST":
        return None
    kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if kind != "application/json":
        return 415, (f"the API takes Content-Type: application/json, not {kind!r}; send the "
                     'request as a JSON object such as {"puzzle": "..."}' if kind else
                     "the API takes Content-Type: application/json; send the request as a "
                     'JSON object such as {"puzzle": "..."}')
    origin = headers.get("origin")
    if origin is not None and origin.lower() != f"http://{host.lower()}":
        return 403, (f"a request from the page {origin!r} is refused: only the desk's own "
                     "page (or a tool that sends no Origin) may use the API")
    return None


class RequestGuard:
    """ASGI middleware that refuses what :func:`refusal` names before the app sees it."""

    def __init__(self, app: ASGIApp, listen_host: str = "127.0.0.1") -> None:
        self.app = app
        self.hosts = allowed_hosts(listen_host)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        refused = refusal(scope["method"], scope["path"], headers, self.hosts)
        if refused is None:
            await self.app(scope, receive, send)
            return
        status, why = refused
        if scope["path"].startswith("/api/"):
            body, kind = json.dumps({"error": why}).encode(), b"application/json"
        else:
            body, kind = why.encode(), b"text/plain; charset=utf-8"
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", kind),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
