"""`python -m trickbook.cli`: the `trickbook` command."""

from . import main

raise SystemExit(main())
