"""What an expression means, as canonical text: every definition written out, spacing and brackets normalised.

Two expressions with the same meaning text read the same facts in the same way, whatever their definitions
are called (`made` over `taken >= contract_bid` means what `tricks(declaring_side) >= contract(declaring_side)`
does). `diff` uses it to tell a renamed definition from a changed rule.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import Mark
from .site import Site
from .syntax import Aggregate, Binary, Bool, Call, Code, If, Int, Name, Node, Unary, parse


def meaning(text: str, definitions: Mapping[str, str]) -> str:
    """`text` with each definition it reads (from `definitions`, by name) expanded, as canonical text.

    Rules that load never expand past `limits.MAX_EXPANDED_NODES` parts (the compiler refuses them), so
    neither does this.
    """
    return _show(_parse(text), definitions, ())


def _parse(text: str) -> Node:
    return parse(Site(text, Mark("<meaning>", 1, 1), ""))


def _show(node: Node, definitions: Mapping[str, str], expanding: tuple[str, ...]) -> str:
    match node:
        case Int() | Bool():
            return str(node.value).lower()
        case Code():
            return node.text.upper()
        case Name() if node.id in definitions and node.id not in expanding:
            return _show(_parse(definitions[node.id]), definitions, (*expanding, node.id))
        case Name():
            return node.id
        case Call():
            return f"{node.function}({', '.join(_show(a, definitions, expanding) for a in node.args)})"
        case Aggregate():
            body = _show(node.body, definitions, expanding)
            return f"{node.function}({body} for {node.variable} in {_show(node.domain, definitions, expanding)})"
        case Unary():
            return f"({node.op} {_show(node.operand, definitions, expanding)})"
        case Binary():
            return f"({_show(node.left, definitions, expanding)} {node.op} {_show(node.right, definitions, expanding)})"
        case If():
            parts = (node.condition, node.then, node.otherwise)
            condition, then, otherwise = (_show(p, definitions, expanding) for p in parts)
            return f"(if {condition} then {then} else {otherwise})"
    raise AssertionError(f"an expression node of no known kind: {node!r}")
