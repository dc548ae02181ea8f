"""``python -m cardrules``: the same as the ``cardrules`` command (:mod:`cardrules.cli`)."""

from __future__ import annotations

import sys

from cardrules.cli import main

if __name__ == "__main__":
    sys.exit(main())
