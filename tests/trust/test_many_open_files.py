"""A program with more than 1,024 files open hands out descriptors past ``select``'s reach
(``FD_SETSIZE``): pencilsat's pipes then still work (:mod:`pencilsat.core.fd_wait`), where
CP-SAT's Ctrl-C watcher died with "filedescriptor out of range in select()"."""

from __future__ import annotations

import fcntl
import os
import resource
import subprocess
import sys
import textwrap

from pencilsat.core.fd_wait import readable, wait_writable

HIGH = 1500


def _room_for(fd: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft <= fd:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4 * fd), hard))


def test_a_pipe_past_fd_setsize_is_waited_on():
    _room_for(HIGH + 64)
    read_end, write_end = os.pipe()
    high_read = fcntl.fcntl(read_end, fcntl.F_DUPFD, HIGH)  # the first free past HIGH
    high_write = fcntl.fcntl(write_end, fcntl.F_DUPFD, HIGH)
    os.close(read_end)
    os.close(write_end)
    try:
        assert readable([high_read], 0) == []
        wait_writable(high_write)
        os.write(high_write, b"x")
        assert readable([high_read], None) == [high_read]
        os.close(high_write)
        assert os.read(high_read, 1) == b"x"
        assert readable([high_read], 0) == [high_read]  # the writer's end
        assert os.read(high_read, 1) == b""
    finally:
        os.close(high_read)


def test_a_cpsat_solve_with_many_files_open_says_nothing_on_stderr():
    script = textwrap.dedent(f"""
        import os, resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4 * {HIGH}), hard))
        held = [os.open(os.devnull, os.O_RDONLY) for _ in range({HIGH})]
        import pencilsat
        puzzle = pencilsat.parse_puzzle("numberlink 3 2\\n1 . 1\\n2 . 2\\n")
        print(pencilsat.solve(puzzle, encoding="lazy-cpsat").verdict.value)
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "unique"
    assert run.stderr == ""
