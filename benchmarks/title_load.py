"""How long loading a title takes, first and again: the title cache (docs/title-cache.md).

For each bundled title, in a fresh cache folder of its own (so nothing of a previous run
counts): the first load (parsing its YAML, validating, checking), a second load in the
same process (the title kept in memory), and a second load in a new process (the entry
the first one wrote in the cache folder: JSON, validated); then the same with every
variant too, as ``18xx validate`` loads them, and with the cache off. Each new process
imports the framework before the clock starts (what every command pays anyway), so the
figures are those of the title alone; a title's hooks are imported inside the timing.

    python benchmarks/title_load.py [--repeat 3]

Target: a second load, in either process, at most 0.1 s of title loading (importing a
title's own hooks, which the cache does not change, is shown apart).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from framework.title.cache import CACHE_DIR_VAR, NO_CACHE_VAR
from framework.title.paths import bundled_titles

TARGET = 0.1
"""The most a second load may take, in seconds."""

ONE_RUN = """
import json, sys, time
import framework.api  # the framework is imported before the clock starts
from framework.title import hooks as title_hooks
from framework.title.loader import load_title

folder, with_variants = sys.argv[1], sys.argv[2] == "1"
hooks = [0.0]
real = title_hooks.import_hooks

def timed(*args):
    start = time.perf_counter()
    try:
        return real(*args)
    finally:
        hooks[0] += time.perf_counter() - start

title_hooks.import_hooks = timed
times = []
start = time.perf_counter()
title = load_title(folder)
times.append(time.perf_counter() - start)
start = time.perf_counter()
again = load_title(folder)
times.append(time.perf_counter() - start)
start = time.perf_counter()
if with_variants:
    for variant in title.variants:
        load_title(folder, variants=[variant])
times.append(time.perf_counter() - start)
print(json.dumps([*times, hooks[0]]))
"""


def run(folder: Path, cache: Path, with_variants: bool, off: bool = False) -> list[float]:
    """One new process's times: its first load, its second, its variants' loads, and how
    much of them importing the title's hooks took."""
    env = {**os.environ, CACHE_DIR_VAR: str(cache)}
    env.pop(NO_CACHE_VAR, None)
    if off:
        env[NO_CACHE_VAR] = "1"
    done = subprocess.run(
        [sys.executable, "-c", ONE_RUN, str(folder), "1" if with_variants else "0"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def measure(folder: Path, repeat: int) -> dict[str, float]:
    """The best of ``repeat`` runs of each figure for one title (seconds)."""
    best: dict[str, float] = {}

    def keep(name: str, value: float) -> None:
        best[name] = min(best.get(name, value), value)

    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as scratch:
            cache = Path(scratch) / "cache"
            first = run(folder, cache, with_variants=True)
            second = run(folder, cache, with_variants=True)
        off = run(folder, Path(scratch) / "unused", with_variants=True, off=True)
        keep("first", first[0])
        keep("memory", first[1])
        keep("process", second[0])
        keep("of it hooks", second[3])
        keep("variants first", first[2])
        keep("variants again", second[2])
        keep("off", off[0] + off[2])
    return best


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure; the best is shown")
    args = parser.parse_args()
    columns = ["first", "memory", "process", "of it hooks", "variants first", "variants again", "off"]
    print(f"{'title':<14}" + "".join(f"{c:>16}" for c in columns))
    slow = []
    root = bundled_titles()
    assert root is not None, "no bundled titles"
    for folder in sorted(p for p in root.iterdir() if (p / "title.yaml").is_file()):
        figures = measure(folder, args.repeat)
        print(f"{folder.name:<14}" + "".join(f"{figures[c]:>15.3f}s" for c in columns), flush=True)
        title_only = {"memory": figures["memory"], "process": figures["process"] - figures["of it hooks"]}
        slow += [f"{folder.name} {c}" for c, took in title_only.items() if took > TARGET]
    print("first: the first load; memory: a second load in that process; process: a second load")
    print("in a new process (of it hooks: importing the title's own hooks there, as without the")
    print("cache); variants: each variant's load, in the first process and in the second; off:")
    print("the title and its variants with RAILS18XX_NO_CACHE=1")
    verdict = "met" if not slow else f"missed by {', '.join(slow)}"
    print(f"target: a second load at most {TARGET} s of title loading (hooks apart): {verdict}")


if __name__ == "__main__":
    main()
