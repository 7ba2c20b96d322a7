#!/usr/bin/env python3
"""Build, serve and test the Lost Cities static site.

    python3 build.py                  build the site into dist/ (for publishing: brotli at its best)
    python3 build.py serve [--port N] build, then serve dist/ on http://127.0.0.1:8000
    python3 build.py catalogs         extract the texts again into the message catalogs' template and
                                      merge it into every language's catalog (for translators)
    python3 build.py test [ARGS]      set up a test environment, run the gates (ruff, mypy,
                                      complexity) and every test; ARGS go to pytest

Any ``python3`` starts it: it creates ``.venv/``, installs the pinned packages of
``buildtools/requirements.txt`` (and for ``test`` those of ``tests/requirements.txt``) and
carries on in ``.venv/``.  The steps live in ``buildtools/``: ``machine`` (the set-up),
``pipeline`` (the site's steps), ``server`` (the dev server), ``testrunner`` (the gates and pytest).
"""

from __future__ import annotations

import argparse
import sys

from buildtools import machine

if __name__ == "__main__":  # everything below needs .venv/'s packages
    machine.enter_venv(sys.argv[1:], [machine.BUILD_REQUIREMENTS]
                       + ([machine.TEST_REQUIREMENTS] if sys.argv[1:2] == ["test"] else []))

from buildtools import catalogs, compress, pipeline, server, testrunner

# What the tests, benchmarks and tools use by build.<name>.
ROOT, DIST, CACHE, NODE_MODULES = machine.ROOT, machine.DIST, machine.CACHE, machine.NODE_MODULES
BuildError = machine.BuildError
build = pipeline.build
make_server = server.make_server
SiteHandler, SiteServer = server.SiteHandler, server.SiteServer
write_service_worker = pipeline.write_service_worker


def test(pytest_args: list[str]) -> int:
    return testrunner.test(pytest_args, build)


def port_number(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (0 to 65535)")
    return port


def parser() -> argparse.ArgumentParser:
    main_parser = argparse.ArgumentParser(prog="build.py", description=__doc__,
                                          formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = main_parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build the site into dist/ (the default)")
    sub.add_parser("catalogs", help="extract the texts into the catalogs' template and merge it into each catalog")
    serve_parser = sub.add_parser("serve", help="build, then serve dist/")
    serve_parser.add_argument("--port", type=port_number, default=8000, help="the port (default 8000)")
    # No options of its own (not even -h): every argument after "test" goes to pytest.
    sub.add_parser("test", add_help=False, help="run the gates and every test (every further argument goes to pytest)")
    return main_parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["test"]:
        # Verbatim: argparse would take "--", "-h" or abbreviations in pytest's arguments for its own.
        command, pytest_args, port = "test", argv[1:], 0
    else:
        args = parser().parse_args(argv)
        command, pytest_args, port = args.command, [], getattr(args, "port", 0)
    try:
        if command == "serve":
            server.serve(port, build)
        elif command == "test":
            return test(pytest_args)
        elif command == "catalogs":
            for path in catalogs.update():
                print(path.relative_to(ROOT))
        else:
            build(compress.BEST)
    except BuildError as err:
        print(f"build.py: error: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("build.py: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
