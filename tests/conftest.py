import pathlib
import sys

import pytest

from zongshi_widgets.core import register

DATA = pathlib.Path(__file__).parent / "data"
SUPPORT = pathlib.Path(__file__).parent / "support"

# Sealed Bids (tests/support/sealed_bids.py): a small game with hidden hands, face-down bids,
# a deck reshuffled during play and two-step turns, registered for the shared suites so that
# the framework for secrets is tested on a game that has them.
sys.path.insert(0, str(SUPPORT))
register("sealed_bids", "sealed_bids:SealedBids", "Sealed Bids: a test game with hidden hands and face-down bids; 2-4 players")


@pytest.fixture(autouse=True)
def progress_file(tmp_path, monkeypatch) -> pathlib.Path:
    """Each test keeps the learner's progress in a file of its own (a fresh temporary file; the
    real home folder is never written): the path ``ZONGSHI_WIDGETS_PROGRESS`` names."""
    path = tmp_path / "progress.json"
    monkeypatch.setenv("ZONGSHI_WIDGETS_PROGRESS", str(path))
    return path


@pytest.fixture(scope="session")
def data_dir() -> pathlib.Path:
    return DATA


def pytest_collection_modifyitems(config, items):
    """Run the real-browser tests last: they are the slowest, and Playwright's sync API leaves
    an asyncio loop running in the main thread, which would change how boards schedule bots
    in the Python-side widget tests."""
    items.sort(key=lambda item: "tests/browser/" in item.nodeid.replace("\\", "/"))
