"""Time duplicate_score over all 2,940 contract × tricks × vulnerability cases.

Reported side by side in one run with a plain dict look-up of the same precomputed
scores (keyed by prebuilt (contract text, tricks, vulnerable) tuples, whose hashes
Python caches), as a ratio. Run with `make bench`.
"""

import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from matches.scoring import all_contracts, duplicate_score  # noqa: E402

REPEAT = 7
LOOPS = 200


def main() -> None:
    """Print ns per call for the core and for the dict, and their ratio."""
    cases = [(c, t, v) for c in all_contracts() for t in range(14) for v in (False, True)]
    lookup = {(str(c), t, v): duplicate_score(c, t, v) for c, t, v in cases}
    keys = [(str(c), t, v) for c, t, v in cases]
    assert [lookup[k] for k in keys] == [duplicate_score(*case) for case in cases]

    def core():
        for contract, tricks, vulnerable in cases:
            duplicate_score(contract, tricks, vulnerable)

    def table():
        for key in keys:
            lookup[key]  # noqa: B018

    def best(function):
        return min(timeit.repeat(function, number=LOOPS, repeat=REPEAT)) / LOOPS / len(cases)

    results = {}
    for name, function in (("core", core), ("dict", table), ("core", core), ("dict", table)):
        results[name] = min(results.get(name, float("inf")), best(function))
    ratio = results["core"] / results["dict"]
    print(f"cases: {len(cases)} (contract × tricks × vulnerability)")
    print(f"duplicate_score: {results['core'] * 1e9:7.1f} ns per call")
    print(f"dict look-up:    {results['dict'] * 1e9:7.1f} ns per call")
    print(f"ratio:           {ratio:7.2f}× the dict look-up (aim: within 2×)")


if __name__ == "__main__":
    main()
