"""What a converted title's data cannot say: collected as the converter goes, and
written as the title's ``GAPS.md``.

Every entry names a behaviour of the title's Ruby that the title format does not
express: a custom step, round or ability type, an overridden engine method, an
engine constant the format has no field for, a part of a tile code left out.
"""

from __future__ import annotations

from collections import defaultdict

SECTIONS = {
    "title": "The title",
    "map": "Map",
    "tiles": "Tiles",
    "market": "Stock market",
    "trains": "Phases and trains",
    "companies": "Private companies and their abilities",
    "corporations": "Corporations and minors",
    "rules": "Engine constants the title changes",
    "rounds": "Rounds and steps",
    "variants": "Optional rules",
    "code": "Engine methods the title overrides",
}


class Gaps:
    """The gaps found in one title, by section, each said once."""

    def __init__(self) -> None:
        self.by_section: dict[str, list[str]] = defaultdict(list)

    def add(self, section: str, text: str) -> None:
        """Note ``text`` under ``section`` (once)."""
        if text not in self.by_section[section]:
            self.by_section[section].append(text)

    def drop(self, section: str, prefix: str) -> None:
        """Forget the gaps of ``section`` that begin with ``prefix`` (what a later finding
        shows the format does say)."""
        self.by_section[section] = [t for t in self.by_section[section] if not t.startswith(prefix)]

    def count(self) -> int:
        """How many gaps there are."""
        return sum(len(v) for v in self.by_section.values())

    def markdown(self, title: str, intro: str) -> str:
        """The ``GAPS.md`` text."""
        lines = [f"# {title}: what the title format does not express", "", intro, ""]
        if not self.count():
            lines.append("Nothing: every behaviour found is data of the title format.")
        for key, heading in SECTIONS.items():
            items = self.by_section.get(key)
            if not items:
                continue
            lines += [f"## {heading}", ""]
            lines += [f"- {item}" for item in items]
            lines.append("")
        return "\n".join(lines).rstrip() + "\n"
