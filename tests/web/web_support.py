"""A desk server on a free port of 127.0.0.1 in its own process, and headless Chromium
(Debian's ``chromium`` and ``chromium-driver``, never a downloaded browser) for the tests."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--window-size=1200,1400")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def desk_server(workers: int = 2, max_wait: float | None = None) -> Iterator[str]:
    """``pencilsat serve`` on 127.0.0.1 and a free port; yields its base URL. ``max_wait``:
    the app with that longest wait for a worker, which the command line does not set."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    if max_wait is None:
        command = ["-m", "pencilsat.cli", "serve", "--port", str(port), "--workers",
                   str(workers)]
    else:
        command = ["-c", "import uvicorn; from pencilsat.web.app import create_app; "
                   f"uvicorn.run(create_app({workers}, max_wait={max_wait}), "
                   f"host='127.0.0.1', port={port}, log_level='warning', "
                   "timeout_graceful_shutdown=2)"]
    process = subprocess.Popen([sys.executable, *command], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(base + "/api/health", timeout=2) as answer:
                    if json.load(answer)["ok"]:
                        break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the desk did not start: " + (process.stderr.read()
                                       if process.poll() is not None else "timeout")) from None
                time.sleep(0.3)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def post(base: str, kind: str, body: bytes, timeout: float = 120,
         headers: dict[str, str] | None = None) -> tuple[int, dict]:
    """POST ``body`` to ``/api/<kind>``: (status, JSON answer)."""
    status, _, record = exchange(base, "POST", f"/api/{kind}", body, timeout, headers)
    return status, json.loads(record)


def exchange(base: str, method: str, path: str, body: bytes | None = None,
             timeout: float = 120, headers: dict[str, str] | None = None,
             ) -> tuple[int, dict[str, str], bytes]:
    """One request (``Content-Type: application/json`` unless ``headers`` say otherwise; a
    ``Host`` in ``headers`` replaces the real one): status, headers (lower case), body.

    A server may answer an oversized request (413) before reading all of it and close the
    connection, so a send cut short by the server still reads the answer it sent."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=timeout)
    sent = {"Content-Type": "application/json", **(headers or {})}
    try:
        try:
            connection.putrequest(method, path, skip_host="Host" in sent)
            for name, value in sent.items():
                connection.putheader(name, value)
            if body is not None:
                connection.putheader("Content-Length", str(len(body)))
            connection.endheaders(body)
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = connection.getresponse()
        return (answer.status, {k.lower(): v for k, v in answer.getheaders()},
                answer.read())
    finally:
        connection.close()


def health(base: str) -> dict:
    """The server's ``/api/health``: what runs and waits, per lane."""
    with urllib.request.urlopen(base + "/api/health", timeout=30) as answer:
        return dict(json.load(answer))


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    """A Selenium driver on headless Chromium with a fresh profile."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="pencilsat-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the page's console
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
