"""Reading what a child types: every sign, every syntax error, and nothing dangerous."""

from __future__ import annotations

import pytest

from sq2edu.equations import MAX_LENGTH, Equation, EquationSyntaxError, Op, Side, parse


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("2 + 3 = 5", "2 + 3 = 5"),
        ("8 - 3 = 5", "8 − 3 = 5"),
        ("8 − 3 = 5", "8 − 3 = 5"),
        ("8 – 3 = 5", "8 − 3 = 5"),
        ("2 × 3 = 6", "2 × 3 = 6"),
        ("2 x 3 = 6", "2 × 3 = 6"),
        ("2 X 3 = 6", "2 × 3 = 6"),
        ("2 * 3 = 6", "2 × 3 = 6"),
        ("2 · 3 = 6", "2 × 3 = 6"),
        ("6 ÷ 2 = 3", "6 ÷ 2 = 3"),
        ("6 / 2 = 3", "6 ÷ 2 = 3"),
        ("6 : 2 = 3", "6 ÷ 2 = 3"),
        ("2+3+3=8", "2 + 3 + 3 = 8"),
        ("  8 =5+ 3 ", "8 = 5 + 3"),
        ("2x3=6", "2 × 3 = 6"),
        ("\t2 +\u00a03 = 5", "2 + 3 = 5"),
    ],
)
def test_every_sign_children_type_is_read(typed: str, shown: str) -> None:
    assert parse(typed).text == shown


def test_parse_keeps_the_childs_own_order_and_sides() -> None:
    equation = parse("8 = 5 + 3")
    assert equation.left == Side((8,))
    assert equation.right == Side((5, 3), (Op.ADD,))
    assert equation.operator_side == equation.right


def test_parse_reads_wrong_equations_too_judging_is_for_check() -> None:
    equation = parse("5 x 2 - 8 = 2")
    assert equation.left.ops == (Op.MUL, Op.SUB)
    assert parse("4 + 3 = 5 + 2") == Equation(Side((4, 3), (Op.ADD,)), Side((5, 2), (Op.ADD,)))


@pytest.mark.parametrize(
    ("typed", "code", "position"),
    [
        ("", "empty", 0),
        ("   ", "empty", 0),
        ("2 + a = 5", "bad-character", 4),
        ("(2 + 3) = 5", "bad-character", 0),
        ("2.5 + 1 = 3.5", "not-whole-number", 1),
        ("2 + 3", "missing-equals", 5),
        ("2 + 3 = 5 = 5", "many-equals", 10),
        ("= 5", "empty-side", 0),
        ("2 + 3 =", "empty-side", 6),
        ("+ 2 = 2", "missing-number", 0),
        ("2 + = 2", "missing-number", 2),
        ("2 + 3 + = 5", "missing-number", 6),
        ("2 + 3 = 5 +", "missing-number", 10),
        ("-3 + 5 = 2", "missing-number", 0),
        ("2 3 = 5", "missing-operator", 2),
        ("1000 + 1 = 1001", "number-too-big", 0),
    ],
)
def test_each_syntax_error_has_a_code_and_position(typed: str, code: str, position: int) -> None:
    with pytest.raises(EquationSyntaxError) as caught:
        parse(typed)
    assert caught.value.code == code
    assert caught.value.position == position
    assert str(caught.value) == caught.value.message
    assert isinstance(caught.value, ValueError)


def test_syntax_messages_are_in_a_childs_words() -> None:
    with pytest.raises(
        EquationSyntaxError, match=r"I can't read the 'a' here: use numbers and \+ − × ÷"
    ):
        parse("2 + a = 5")
    with pytest.raises(EquationSyntaxError, match="Put a sign between 2 and 3"):
        parse("2 3 = 5")
    with pytest.raises(EquationSyntaxError, match="Put a number after the ="):
        parse("2 + 3 =")


def test_a_number_is_capped_before_it_is_read_whole() -> None:
    with pytest.raises(EquationSyntaxError) as caught:
        parse("9" * 100 + " = 1")
    assert caught.value.code == "number-too-big"


def test_the_longest_allowed_text_is_read_and_one_more_character_is_not() -> None:
    body = " + ".join(["1"] * 20) + " = 20"
    padded = body.ljust(MAX_LENGTH)
    assert parse(padded).text == body
    with pytest.raises(EquationSyntaxError) as caught:
        parse(padded + " ")
    assert caught.value.code == "too-long"


@pytest.mark.parametrize(
    "code_like",
    [
        "__import__('os').system('echo hi')",
        "exec('1') = 1",
        "2 + 3 = 5; import os",
        "2 ** 3 = 8",
        "lambda: 0",
        "1e3 = 1000",
        "0b10 = 2",
        "2 + 3 = 5 # comment",
    ],
)
def test_code_like_text_is_a_syntax_error(code_like: str) -> None:
    with pytest.raises(EquationSyntaxError):
        parse(code_like)


def test_parse_never_calls_eval_or_sympify(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    import sympy

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("student text reached an evaluator")

    monkeypatch.setattr(builtins, "eval", refuse)
    monkeypatch.setattr(sympy, "sympify", refuse)
    monkeypatch.setattr(sympy, "parse_expr", refuse, raising=False)
    from sq2edu.equations import check

    assert check("2 + 3 + 3 = 8").ok
    assert not check("7 ÷ 2 = 3").ok


def test_parse_rejects_what_is_not_text() -> None:
    with pytest.raises(TypeError):
        parse(b"2 + 3 = 5")  # type: ignore[arg-type]
