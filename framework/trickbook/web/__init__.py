"""`trickbook serve`: the workbench, live tables and comparisons in a browser, over the same pipeline as the CLI."""
