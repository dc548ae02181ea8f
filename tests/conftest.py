"""Shared test setup: hypothesis profiles and the path to the harness.

The ``dev`` profile (default) explores with fresh randomness; the ``ci`` profile
(chosen when the environment variable ``CI`` is set, as on the CI server) is
derandomized so that a run is repeatable and its time is predictable.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci",
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
