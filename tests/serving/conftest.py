"""The production command's tests keep the route tests' check that no test leaves a live driver
running (tests/driver_leaks.py); the app fixtures come from tests/conftest.py."""

from tests.driver_leaks import no_driver_outlives_its_test  # noqa: F401 (autouse: every test here)
