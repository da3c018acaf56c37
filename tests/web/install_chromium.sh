#!/bin/sh
# Debian's headless Chromium and its WebDriver for the desk's browser tests (tests/web):
# nothing when both are there; as root apt-get installs them; otherwise says what to run.
set -e
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        chromium chromium-driver >/dev/null
    exit 0
fi
echo "the browser tests need Debian's chromium and chromium-driver:" \
     "sudo apt-get install chromium chromium-driver" >&2
exit 1
