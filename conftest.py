"""Every pytest run (the tests, and the notebooks through nbval) keeps the learner's progress in
a fresh temporary file, never in the real home folder: ``ZONGSHI_WIDGETS_PROGRESS`` is set
here, before any test or notebook kernel starts (nbval's kernels inherit this process's
environment; so do pytest-xdist's workers, which each set their own). tests/conftest.py gives
each test a file of its own on top of that."""

import os
import shutil
import tempfile

PROGRESS_ENV = "ZONGSHI_WIDGETS_PROGRESS"  # zongshi_widgets.tutor.progress.ENV (not imported: no package import here)


def pytest_configure(config):
    folder = tempfile.mkdtemp(prefix="zw-progress-")
    os.environ[PROGRESS_ENV] = os.path.join(folder, "progress.json")
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
