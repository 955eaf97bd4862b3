"""Shared pytest fixtures for the Table Games test suite."""

import os

# The suites run the app in test mode: stacked decks (the ``stack`` option) are accepted.
# Apps started by the e2e and scale tests inherit it; tests of the live app unset it.
os.environ["TABLEGAMES_TEST_MODE"] = "1"
