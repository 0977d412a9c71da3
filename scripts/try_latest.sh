#!/usr/bin/env bash
# The tests against the newest versions the requirements allow, ignoring the lock
# (constraints.txt): what `scripts/lock.sh --upgrade` would bring, tried before the lock moves.
#
#   scripts/try_latest.sh                  the whole suite
#   scripts/try_latest.sh tests/files/test_fileio.py -x     pytest's own arguments
#
# The venv lives in a temp folder and is removed afterwards; it prints the versions it got.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python -m venv "$tmp/venv"
# The ranges alone: the lock (-c) and the file includes (-r) are left out.
# requirements-cluster.txt too, as .ci/run installs it (its own pins are exact).
grep -hv '^\s*-[rc]' requirements.txt requirements-dev.txt requirements-cluster.txt \
    > "$tmp/requirements.txt"
"$tmp/venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip
"$tmp/venv/bin/python" -m pip install -q --disable-pip-version-check --upgrade \
    -r "$tmp/requirements.txt"
echo "newest allowed versions:"
"$tmp/venv/bin/python" -m pip list --format=freeze --disable-pip-version-check | sed 's/^/  /'
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$tmp/venv/bin/python" -m pytest -p no:cacheprovider "$@"
