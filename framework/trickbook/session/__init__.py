"""Sessions with people: the table API for apps and the terminal game."""
