"""Where an expression sits in its YAML file, so errors can show the line and a caret."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ExpressionError, Location, Mark, Said

_WINDOW = 72


@dataclass(frozen=True, slots=True)
class Site:
    """An expression's text, the mark of its YAML value and the key path that holds it."""

    text: str
    mark: Mark
    path: str
    file_lines: tuple[str, ...] = ()

    def location(self, offset: int) -> Location:
        """Maps a character offset in the expression to a file line and column where it can."""
        line_index = self.text.count("\n", 0, offset)
        line_start = self.text.rfind("\n", 0, offset) + 1
        column = offset - line_start
        if self.mark.style in ("", '"', "'") and "\n" not in self.text:
            shift = 1 if self.mark.style else 0
            return Location(self.mark.file, self.mark.line, self.mark.column + shift + column)
        if self.mark.style in ("|", ">"):
            return self._block_location(offset) or Location(self.mark.file, self.mark.line + 1 + line_index, column + 1)
        return self.mark.location

    def _block_location(self, offset: int) -> Location | None:
        """Finds `offset` in the file lines of a block scalar: each line's text appears in order in the value,
        whether kept as lines (`|`) or folded into one (`>`)."""
        pointer = 0
        for number in range(self.mark.line + 1, len(self.file_lines) + 1):
            content = self.file_lines[number - 1].strip()
            if not content:
                continue
            start = self.text.find(content, pointer)
            if start < 0:
                return None
            if start <= offset < start + len(content):
                indent = len(self.file_lines[number - 1]) - len(self.file_lines[number - 1].lstrip())
                return Location(self.mark.file, number, indent + offset - start + 1)
            pointer = start + len(content)
        return None

    def excerpt(self, start: int, end: int | None = None) -> str:
        """The expression line holding `start`, cut to a window around it, with carets under the span."""
        line_start = self.text.rfind("\n", 0, start) + 1
        line_end = self.text.find("\n", start)
        line = self.text[line_start : line_end if line_end >= 0 else len(self.text)]
        column = start - line_start
        width = max(1, min((end or start + 1) - start, len(line) - column, _WINDOW // 2))
        cut = max(0, column - _WINDOW // 2)
        shown = line[cut : cut + _WINDOW]
        prefix = "..." if cut else ""
        suffix = "..." if cut + _WINDOW < len(line) else ""
        return f"    {prefix}{shown}{suffix}\n    {' ' * (len(prefix) + column - cut)}{'^' * width}"

    def error(
        self,
        problem: str | Said,
        start: int,
        end: int | None = None,
        *,
        expected: str | Said | None = None,
        found: str | Said | None = None,
        hint: str | Said | None = None,
    ) -> ExpressionError:
        start = max(0, min(start, len(self.text)))
        return ExpressionError(
            problem,
            where=self.location(start),
            path=self.path,
            expected=expected,
            found=found,
            hint=hint,
            excerpt=self.excerpt(start, end),
        )
