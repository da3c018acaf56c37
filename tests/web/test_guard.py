"""Which requests the desk's guard refuses, without a server: host names with and without
ports and brackets, the address ``--host`` names, content types, origins."""

from __future__ import annotations

import pytest

from pencilsat.web.guard import allowed_hosts, host_name, refusal

LOCAL = allowed_hosts("127.0.0.1")


@pytest.mark.parametrize("header, name", [
    ("127.0.0.1:8000", "127.0.0.1"), ("LOCALHOST", "localhost"), ("[::1]:8000", "::1"),
    ("[::1]", "::1"), ("desk.lan:80", "desk.lan"), ("", "")])
def test_the_host_name_is_read_without_its_port(header, name):
    assert host_name(header) == name


def test_a_wildcard_address_answers_only_to_the_loopback_names():
    assert allowed_hosts("0.0.0.0") == allowed_hosts("::") == LOCAL
    assert "desk.lan" in allowed_hosts("desk.lan") and "::1" in allowed_hosts("[::1]")


@pytest.mark.parametrize("headers, status", [
    ({"host": "evil.example:8000"}, 403), ({}, 403),
    ({"host": "127.0.0.1:8000", "content-type": "text/plain"}, 415),
    ({"host": "127.0.0.1:8000"}, 415),
    ({"host": "127.0.0.1:8000", "content-type": "application/json",
      "origin": "http://evil.example"}, 403),
    ({"host": "127.0.0.1:8000", "content-type": "application/json",
      "origin": "http://127.0.0.1:9000"}, 403),
    ({"host": "127.0.0.1:8000", "content-type": "application/json; charset=utf-8",
      "origin": "http://127.0.0.1:8000"}, None),
    ({"host": "localhost:8000", "content-type": "application/json"}, None)])
def test_a_post_is_refused_unless_json_from_the_desk_itself(headers, status):
    refused = refusal("POST", "/api/solve", headers, LOCAL)
    assert (refused and refused[0]) == status


def test_a_get_needs_only_a_host_the_desk_answers_to():
    assert refusal("GET", "/", {"host": "127.0.0.1:8000", "origin": "http://x"}, LOCAL) is None
    refused = refusal("GET", "/", {"host": "rebound.example"}, LOCAL)
    assert refused is not None and refused[0] == 403 and "rebound.example" in refused[1]
