"""The type check's rules that mypy itself does not enforce (CI runs ``mypy``, strict on
framework/, configured in pyproject.toml): every ``# type: ignore`` names its error code
and says why after it, and no module of framework/ is exempt from the check."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<code>\[[a-z-, ]+\])?(?P<rest>.*)$")


def test_every_type_ignore_names_its_code_and_says_why():
    bare = []
    for path in sorted((ROOT / "framework").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = IGNORE.search(line)
            if found and (not found["code"] or not found["rest"].strip().startswith("#")):
                bare.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not bare, "a type: ignore needs [code] and a '# reason' after it:\n" + "\n".join(bare)


def test_no_module_is_exempt():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    exempt = [o["module"] for o in config.get("overrides", []) if o.get("ignore_errors")]
    assert not exempt, f"modules exempt from the type check: {exempt}"
    assert config["files"] == ["framework"]
