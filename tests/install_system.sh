#!/bin/sh
# The system packages the tests use, from Debian's archive when run as root (each script does
# nothing when its package is there, and says what to run otherwise): Chromium and its driver
# for the web page's test, a C compiler for the Sudoku kernel compiled ahead of time.
set -e
cd "$(dirname "$0")/.."
sh tests/web/install_chromium.sh
sh tests/install_gcc.sh
