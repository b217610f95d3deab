"""Read an equation a child typed, safely.

The text never reaches ``eval``, ``sympify`` or ``parse_expr`` (each of those runs Python's
``eval``). A tokenizer that knows only digits, the operation signs, ``=`` and spaces turns the
text into an :class:`~sq2edu.equations.model.Equation`; anything else is a syntax error that
says, in a child's words, what is wrong and where.
"""

from __future__ import annotations

from dataclasses import dataclass

from sq2edu.equations.model import MAX_NUMBER, SIGNS, Equation, Op, Side
from sq2edu.i18n import _

__all__ = ["MAX_LENGTH", "EquationSyntaxError", "parse"]

#: Longest text accepted. Ten cards with signs and spaces fit in about 45 characters.
MAX_LENGTH = 120
_MAX_DIGITS = len(str(MAX_NUMBER))


class EquationSyntaxError(ValueError):
    """The text cannot be read as an equation.

    :ivar code: a stable name for the trouble: ``empty``, ``too-long``, ``bad-character``,
        ``missing-equals``, ``many-equals``, ``empty-side``, ``missing-number``,
        ``missing-operator``, ``number-too-big`` or ``not-whole-number`` (``1,5``).
    :ivar position: where in the text the trouble is (0-based), or ``None``.
    :ivar message: the same words as ``str(error)``, written for a child.
    """

    def __init__(self, code: str, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.position = position


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "number", "op" or "equals"
    position: int
    number: int = 0
    op: Op = Op.ADD
    sign: str = ""


def _bad_character(text: str, position: int) -> EquationSyntaxError:
    char = text[position]
    if char in "()[]{}":
        message = _("No brackets needed: use numbers and + − × ÷.")
    elif char in ".," and _between_digits(text, position):
        # 1,5 or 1.5: leaving out the comma would make it 15, a different number.
        start, end = position, position + 1
        while start > 0 and text[start - 1].isdigit():
            start -= 1
        while end < len(text) and text[end].isdigit():
            end += 1
        message = _(
            "Cards are whole numbers: {number} is not a whole number, so no card shows it.",
            number=text[start:end][:12],
        )
        return EquationSyntaxError("not-whole-number", message, position)
    elif char in ".,":
        message = _("Cards have whole numbers, so leave out the '{char}'.", char=char)
    else:
        shown = char if char.isprintable() else "?"
        message = _("I can't read the '{char}' here: use numbers and + − × ÷.", char=shown)
    return EquationSyntaxError("bad-character", message, position)


def _between_digits(text: str, position: int) -> bool:
    """Whether the character at ``position`` has a digit on each side (``1,5``)."""
    return (
        0 < position < len(text) - 1
        and text[position - 1].isdigit()
        and text[position + 1].isdigit()
    )


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    i, end = 0, len(text)
    while i < end:
        char = text[i]
        if "0" <= char <= "9":
            start = i
            while i < end and "0" <= text[i] <= "9":
                i += 1
                if i - start > _MAX_DIGITS:
                    raise EquationSyntaxError(
                        "number-too-big",
                        _("That number is too big. Card numbers are small."),
                        start,
                    )
            tokens.append(_Token("number", start, number=int(text[start:i])))
            continue
        if char in SIGNS:
            tokens.append(_Token("op", i, op=SIGNS[char], sign=char))
        elif char == "=":
            tokens.append(_Token("equals", i, sign=char))
        elif not char.isspace():
            raise _bad_character(text, i)
        i += 1
    return tokens


def _read_side(tokens: list[_Token], *, before_equals: bool, equals_at: int) -> Side:
    if not tokens:
        if before_equals:
            raise EquationSyntaxError("empty-side", _("Put a number before the =."), equals_at)
        raise EquationSyntaxError("empty-side", _("Put a number after the =."), equals_at)
    numbers: list[int] = []
    ops: list[Op] = []
    expect_number = True
    for token in tokens:
        if token.kind == "number":
            if not expect_number:
                raise EquationSyntaxError(
                    "missing-operator",
                    _(
                        "Put a sign between {a} and {b}, like {a} + {b}.",
                        a=numbers[-1],
                        b=token.number,
                    ),
                    token.position,
                )
            numbers.append(token.number)
        else:
            if expect_number:
                raise EquationSyntaxError(
                    "missing-number",
                    _("There is a number missing before the {sign}.", sign=token.op.value),
                    token.position,
                )
            ops.append(token.op)
        expect_number = token.kind == "op"
    if expect_number:
        last = tokens[-1]
        raise EquationSyntaxError(
            "missing-number",
            _("There is a number missing after the {sign}.", sign=last.op.value),
            last.position,
        )
    return Side(tuple(numbers), tuple(ops))


def parse(text: str) -> Equation:
    """Read ``text`` as an equation, keeping the child's own order.

    Accepts digits, ``+ - − × x X * · ÷ / :``, one ``=`` and spaces. Whether the equation
    follows the Rescue's rules, or is even true, is :func:`~sq2edu.equations.check`'s job.

    >>> parse("2 x 3 = 6").text
    '2 × 3 = 6'

    :raises EquationSyntaxError: when the text is not an equation.
    :raises TypeError: when ``text`` is not a string.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse() reads text, not {type(text).__name__}")
    # Check the length before looking at any character, so a huge paste costs nothing.
    if len(text) > MAX_LENGTH:
        raise EquationSyntaxError(
            "too-long",
            _("That is too long. Use at most {limit} characters.", limit=MAX_LENGTH),
            MAX_LENGTH,
        )
    if not text.strip():
        raise EquationSyntaxError("empty", _("Type an equation, like 2 + 3 = 5."), 0)
    tokens = _tokenize(text)
    equals = [token for token in tokens if token.kind == "equals"]
    if not equals:
        raise EquationSyntaxError(
            "missing-equals", _("Put an = in your equation, like 2 + 3 = 5."), len(text)
        )
    if len(equals) > 1:
        raise EquationSyntaxError("many-equals", _("Use only one =."), equals[1].position)
    split = tokens.index(equals[0])
    equals_at = equals[0].position
    left = _read_side(tokens[:split], before_equals=True, equals_at=equals_at)
    right = _read_side(tokens[split + 1 :], before_equals=False, equals_at=equals_at)
    return Equation(left, right)
