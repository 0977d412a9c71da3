#!/usr/bin/env bash
# Regenerate constraints.txt, the lock that requirements.txt and requirements-dev.txt install
# through (`-c constraints.txt`), and requirements-cluster.txt through requirements.txt: every
# package they need, transitive ones too, pinned `==`.
#
#   scripts/lock.sh                              add what a changed range needs, keep the rest
#   scripts/lock.sh --upgrade                    every package to the newest its range allows
#   scripts/lock.sh --upgrade-package pygame-ce  one package (repeat for more)
#
# Then run the tests (scripts/try_latest.sh shows in advance what --upgrade would bring) and
# commit constraints.txt. pip-tools runs in a throwaway venv; PyPI is asked directly.
#
# No --hash lines, on purpose: pip turns a hash in a constraints file into hash-checking mode
# for the whole install, which refuses the requirements' ranges and every dependency that
# only another platform needs (colorama on Windows, tomli on Python 3.10) unless it is
# hashed too, and this lock is made on one platform. Exact pins install anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install -q --disable-pip-version-check pip-tools
# The ranges alone: the lock itself (-c) and the file includes (-r) are left out.
grep -hv '^\s*-[rc]' requirements.txt requirements-dev.txt requirements-cluster.txt \
    > "$tmp/requirements.in"
env PIP_CONFIG_FILE=/dev/null PIP_FIND_LINKS= PIP_CONSTRAINT= CUSTOM_COMPILE_COMMAND=scripts/lock.sh \
    "$tmp/venv/bin/pip-compile" --quiet --allow-unsafe --strip-extras \
    --no-emit-index-url --index-url https://pypi.org/simple \
    --output-file constraints.txt "$tmp/requirements.in" "$@"
# "via" names the requirements files, not the throwaway file they were read into
sed -i.orig -e 's#-r [^ ]*requirements\.in#requirements*.txt#' constraints.txt && rm constraints.txt.orig
echo "constraints.txt: $(grep -c '==' constraints.txt) packages pinned"
