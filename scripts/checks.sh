#!/usr/bin/env bash
# npm test's checks before jest, on both cores: the lint and the formatting in one line of work,
# the type-check and the two builds in the other (each is mostly one core's work). The output of
# each line comes out whole once both are done; the checks fail if either does.
set -u
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(npm run --silent lint && npm run --silent format:check) >"$out/style" 2>&1 &
style=$!
(npm run --silent typecheck && npm run --silent build:cli && npm run --silent build) >"$out/build" 2>&1 &
build=$!
wait "$style"
style_code=$?
wait "$build"
build_code=$?
echo "== lint and formatting (exit $style_code)"
cat "$out/style"
echo "== type-check and builds (exit $build_code)"
cat "$out/build"
[ "$style_code" -eq 0 ] && [ "$build_code" -eq 0 ]
