#!/bin/sh
# A C compiler for the Sudoku kernel compiled ahead of time (numba.pycc links it with gcc):
# the tests build it once a run. Nothing when gcc is there; as root apt-get installs Debian's
# gcc; otherwise says what to run.
set -e
if command -v gcc >/dev/null; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends gcc libc6-dev >/dev/null
    exit 0
fi
echo "the compiled Sudoku kernel's tests need a C compiler: sudo apt-get install gcc" >&2
exit 1
