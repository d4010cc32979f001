"""How fast ``18xx serve`` answers an action on a late-game 18SJ position.

Uploads the first actions of a real 18SJ game (titles/18SJ/games/166116.json, all seats
people, so no bot plays in between) to a server on a temporary data folder, then, again
and again, posts the next recorded action and undoes it, timing each answer: the action
applied, stored and committed to SQLite, and the reply sent. Prints the median and the
slowest answer to the action, and the time to draw the page's state after it (map
included), which a page asks for next.

    python benchmarks/serve.py [--at 700] [--repeat 20]

Target on a 2-core machine: an action answered in under 100 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from starlette.testclient import TestClient

from framework.serve.app import create_app

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "titles" / "18SJ" / "games" / "166116.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", type=int, default=700, help="actions played before the one timed")
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    raw = json.loads(GAME.read_text(encoding="utf-8"))
    actions = raw["actions"]
    raw["actions"] = actions[: args.at]
    nxt = dict(actions[args.at])
    for key in ("id", "created_at", "user"):
        nxt.pop(key, None)
    with tempfile.TemporaryDirectory() as data:
        client = TestClient(create_app(data, [ROOT / "titles" / "18SJ"]))
        reply = client.post("/api/upload", content=json.dumps(raw))
        assert reply.status_code == 200, reply.text
        gid = reply.json()["id"]
        client.get(f"/api/games/{gid}")
        acts, states = [], []
        for _ in range(args.repeat):
            start = time.perf_counter()
            reply = client.post(f"/api/games/{gid}/act", json={"action": nxt})
            acts.append(time.perf_counter() - start)
            assert reply.status_code == 200, reply.text
            start = time.perf_counter()
            client.get(f"/api/games/{gid}")
            states.append(time.perf_counter() - start)
            client.post(f"/api/games/{gid}/undo", json={})
    print(f"18SJ action {actions[args.at].get('id')} ({nxt['type']}) after {args.at} actions:")
    median, slowest = statistics.median(acts) * 1000, max(acts) * 1000
    print(f"  action answered: median {median:.1f} ms, slowest {slowest:.1f} ms (target: under 100 ms)")
    print(
        f"  the page's state after it (map, choices, log): median {statistics.median(states) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
