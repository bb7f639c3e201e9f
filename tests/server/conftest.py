"""The server tests share helpers (``_served.py``: the real server started in its own process,
the check of a frame against the truth, the scan for another seat's secrets); this folder is put
on ``sys.path`` so that every test module here imports them under any import mode."""

import pathlib
import sys

HERE = pathlib.Path(__file__).parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
