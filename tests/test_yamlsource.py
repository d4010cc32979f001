"""Safe YAML loading with positions (framework.base.yamlsource)."""

from __future__ import annotations

import pytest

from framework.base.problems import ProblemsError
from framework.base.yamlsource import Located, loads


def problems(text: str) -> list[str]:
    with pytest.raises(ProblemsError) as caught:
        loads(text, "f.yaml")
    return [str(p) for p in caught.value.problems]


def test_values_and_keys_are_located():
    doc = loads("a:\n  b: [1, {c: x}]\n", "f.yaml")
    assert doc.data == {"a": {"b": [1, {"c": "x"}]}}
    assert str(doc.value_mark(("a", "b", 1, "c"))) == "f.yaml:2:14"
    assert str(doc.key_mark(("a", "b"))) == "f.yaml:2:3"
    assert str(doc.value_mark(("a", "b", 0))) == "f.yaml:2:7"


def test_a_missing_path_is_located_at_its_nearest_ancestor():
    doc = loads("a:\n  b: 1\n", "f.yaml")
    assert str(doc.value_mark(("a", "missing", 3))) == "f.yaml:2:3"


def test_keys_are_strings_and_scalars_keep_their_types():
    doc = loads("2: 800\ntrue: yes\nx: [0x1f, 1.5, null, '5', 2021-01-01]\n", "f.yaml")
    assert doc.data == {"2": 800, "true": "yes", "x": [31, 1.5, None, "5", "2021-01-01"]}


def test_an_empty_file_is_no_data():
    assert loads("", "f.yaml").data is None


def test_merge_keys_merge_and_explicit_keys_win():
    doc = loads("base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  y: 3\n", "f.yaml")
    assert doc.data["other"] == {"x": 1, "y": 3}
    assert doc.value_mark(("other", "x")) is not None


def test_duplicate_keys_are_refused():
    assert problems("a: 1\nb: 2\na: 3\n") == ["f.yaml:3:1: duplicate key 'a' (first given at line 1)"]


def test_no_tag_may_construct_a_python_object():
    assert problems("x: !!python/object:os.system ls\n") == [
        "f.yaml:1:4: unsupported YAML tag '!!python/object:os.system'"
    ]
    assert problems("x: !custom [1]\n") == ["f.yaml:1:4: unsupported YAML tag '!custom'"]


def test_syntax_errors_give_their_position():
    assert problems("a: 1\n b: 2\n") == ["f.yaml:2:3: YAML syntax error: mapping values are not allowed here"]


def test_an_unclosed_bracket_is_reported_where_it_opens():
    assert problems("a: [1, 2\nb: 3\n") == [
        "f.yaml:1:4: YAML syntax error in the list that starts here: "
        "expected ',' or ']', but got ':' at line 2, column 2"
    ]


def test_an_empty_value_is_located_at_its_key():
    doc = loads("a:\nb: 1\n", "f.yaml")
    assert doc.data == {"a": None, "b": 1}
    assert str(doc.value_mark(("a",))) == "f.yaml:1:1"


def test_an_undefined_alias_is_an_error():
    assert problems("a: *nowhere\n") == ["f.yaml:1:4: YAML syntax error: found undefined alias 'nowhere'"]


def test_a_collection_containing_itself_is_an_error():
    assert problems("a: &x [1, *x]\n") == ["f.yaml:1:4: this list or mapping contains an alias to itself"]


def test_complex_keys_are_refused():
    assert problems("? [1, 2]\n: x\n") == [
        "f.yaml:1:3: a mapping key must be a plain value, not a list or mapping"
    ]


def test_several_documents_are_refused():
    message = problems("a: 1\n---\nb: 2\n")[0]
    assert message.startswith("f.yaml:2:1: YAML syntax error")
    assert "single document" in message


def test_get_follows_keys_and_indices():
    doc = Located({"a": [{"b": 1}]})
    assert doc.get(("a", 0, "b")) == 1
    assert doc.get(("a", 5), "none") == "none"
