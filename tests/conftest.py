"""Hypothesis profiles: `default` keeps the whole suite within minutes on two cores; `thorough` runs longer."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
