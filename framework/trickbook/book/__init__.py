"""The rules in words and by example: the rule book, differences, traces, worked examples and lint."""
