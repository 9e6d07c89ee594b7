"""``python -m bench.web``: the same as ``python -m serm bench web``."""

import sys

from bench.web import main

sys.exit(main())
