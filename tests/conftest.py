import pathlib

import pytest

DATA = pathlib.Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def data_dir() -> pathlib.Path:
    return DATA


def pytest_collection_modifyitems(config, items):
    """Run the real-browser tests last: they are the slowest, and Playwright's sync API leaves
    an asyncio loop running in the main thread, which would change how boards schedule bots
    in the Python-side widget tests."""
    items.sort(key=lambda item: "tests/browser/" in item.nodeid.replace("\\", "/"))
