import os
from pathlib import Path

from hypothesis import HealthCheck, settings

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# ../shared sits beside the checkout (and beside CI's clone); tests that need it skip without it.
SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
