"""Command line: ``python -m serm replay RECORD.json`` and ``python -m serm bench ai|engine|web``.

``replay`` rebuilds the game from its record (R24), under the rules version the record names, and
prints one JSON object: status, winner, whose initiative, what is pending, and every soldier
(player, card, alive, x, y, facing). Any file that is not a record that replays — malformed,
hostile (deep nesting, huge numbers), or with an illegal action — exits with status 2 and one line
on stderr naming the place (the action index and the rule broken); nothing is printed on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys

from .core.record import MAX_CHARS, RecordError, loads, replay

MAX_BYTES = MAX_CHARS


def _replay(path: str) -> int:
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        print(f"serm replay: cannot read {path}: {exc.strerror}", file=sys.stderr)
        return 2
    if len(data) > MAX_BYTES:
        print(f"serm replay: {path} is larger than {MAX_BYTES} bytes", file=sys.stderr)
        return 2
    try:
        state = replay(loads(data.decode("utf-8")))
    except UnicodeDecodeError:
        print(f"serm replay: {path} is not UTF-8 text", file=sys.stderr)
        return 2
    except RecordError as exc:
        print(f"serm replay: {path}: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug, not the file: still one line, never a traceback
        name = type(exc).__name__
        print(f"serm replay: {path}: internal error ({name}); please report it", file=sys.stderr)
        return 2
    print(json.dumps(state.to_summary()))
    return 0


NO_BENCH = (
    "serm bench: the benchmarks are not part of the installed package; they live in the bench/ "
    "folder of a serm checkout. Run `python -m serm bench ...` from the checkout's top folder."
)


def _bench(argv: list[str]) -> int:
    """``bench ai|engine|web ...``: the checkout's ``bench`` package (found on the path that
    ``python -m`` starts with: the current folder)."""
    try:
        import bench
    except ModuleNotFoundError as exc:
        if exc.name != "bench":
            raise
        print(NO_BENCH, file=sys.stderr)
        return 2
    return bench.main(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["bench"]:
        return _bench(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m serm", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print its final state as JSON")
    rp.add_argument("record", help="path to a record file (docs/record-format.md)")
    sub.add_parser("bench", help="benchmarks: `bench ai`, `bench engine`, `bench web` (see --help)")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.record)
    return 2


if __name__ == "__main__":
    sys.exit(main())
