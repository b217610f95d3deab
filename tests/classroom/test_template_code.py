"""The warm pool's renderers share the page templates' compiled code."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from jinja2 import DictLoader, Environment

from sq2edu.classroom.server.kernel_pool import TemplateCode

_TEMPLATES = {
    "base.html.j2": "<main>{% block body %}{% endblock %}</main>",
    "index.html.j2": "{% extends 'base.html.j2' %}{% block body %}{{ name | e }}{% endblock %}",
}


def _environment(templates: dict[str, str], code: TemplateCode) -> Environment:
    return Environment(loader=DictLoader(templates), bytecode_cache=code, autoescape=True)


def _counting_compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    compiled: list[str] = []
    original = Environment.compile

    def compile_(self: Environment, source: Any, name: str | None = None, *a: Any) -> Any:
        compiled.append(str(name))
        return original(self, source, name, *a)

    monkeypatch.setattr(Environment, "compile", compile_)
    return compiled


def test_a_second_renderer_compiles_nothing_and_renders_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code = TemplateCode()
    compiled = _counting_compiles(monkeypatch)
    first = _environment(_TEMPLATES, code).get_template("index.html.j2").render(name="<Mia>")
    assert sorted(compiled) == ["base.html.j2", "index.html.j2"]
    compiled.clear()
    second = _environment(_TEMPLATES, code).get_template("index.html.j2").render(name="<Mia>")
    assert compiled == []
    assert second == first == "<main>&lt;Mia&gt;</main>"


def test_a_changed_template_is_compiled_again(monkeypatch: pytest.MonkeyPatch) -> None:
    code = TemplateCode()
    _environment(_TEMPLATES, code).get_template("index.html.j2").render(name="Mia")
    compiled = _counting_compiles(monkeypatch)
    changed = {**_TEMPLATES, "base.html.j2": "<div>{% block body %}{% endblock %}</div>"}
    shown = _environment(changed, code).get_template("index.html.j2").render(name="Mia")
    assert shown == "<div>Mia</div>"
    assert compiled == ["base.html.j2"]


def test_a_started_kernels_renderer_is_given_the_code() -> None:
    code = TemplateCode()
    environment = Environment()
    started = {"renderer": SimpleNamespace(exporter=SimpleNamespace(environment=environment))}
    code.share_with(started)
    assert environment.bytecode_cache is code
    code.share_with({"renderer": None})  # nothing to give it to: nothing happens
