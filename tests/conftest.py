"""Test-wide settings: CI runs Hypothesis derandomized, so a green run stays green on rerun
(local runs keep exploring new random examples)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
