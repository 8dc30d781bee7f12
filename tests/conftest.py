import logging
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# ../shared sits beside the checkout (and beside CI's clone); tests that need it skip without it.
SHARED = Path(__file__).resolve().parent.parent.parent / "shared"


def need(module: str, extra: str) -> Any:
    """``module``, imported, or the test skipped with a reason naming the extra that brings
    it (pyproject.toml): ``pip install '.[test]'`` is the light set most tests need; each
    heavy part has its own extra, and ``.[test-all]`` has them all."""
    return pytest.importorskip(
        module, reason=f"needs the {extra!r} extra: pip install '.[{extra}]' (or '.[test-all]')"
    )


@pytest.fixture(scope="session")
def dask_cluster() -> Iterator[Any]:
    """A real ``dask.distributed.LocalCluster``: a scheduler and 2 worker processes (each under
    a Nanny, which restarts a killed worker) on localhost, shut down after the session; skips
    when Dask is not installed. Tests open their own ``Client(dask_cluster)``."""
    distributed = need("distributed", "dask")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        # The scheduler's HTTP server starts whatever this says (None means port 8787, and a
        # busy 8787 is a warning, an error here): any free port, so two clusters can coexist.
        dashboard_address="127.0.0.1:0",
        silence_logs=logging.ERROR,
    )
    try:
        yield cluster
    finally:
        cluster.close()


@pytest.fixture(scope="session")
def ray_local() -> Iterator[Any]:
    """Ray started locally (2 CPUs, no dashboard), shut down after the session; skips when the
    ray wheel is not installed (it has no wheel for some platforms and Pythons)."""
    ray = need("ray", "ray")  # test-all has no ray where it has no wheel
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.fixture
def browser() -> Iterator[Any]:
    """The system Chromium driven by Playwright (tests marked ``browser``); skips with the
    reason when either is missing."""
    sync_api = need("playwright.sync_api", "browser")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("no system Chromium (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium)
        try:
            yield browser
        finally:
            browser.close()
