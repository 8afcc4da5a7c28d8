#!/usr/bin/env bash
# npm test's checks before jest, on both cores: the lint and the formatting in one line of work,
# the type-check and the two builds in the other (each is mostly one core's work). Each step says
# when it starts and how long it took as it goes; the output of each line of work comes out whole
# once both are done (so that two tools' lines never interleave); the checks fail if either does.
set -u
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# Runs one step of a line of work, saying when it starts and ends; its own output goes to the line's file.
step() {
  local name=$1 file=$2
  shift 2
  local start
  start=$(date +%s)
  echo "   ${name}…"
  "$@" >>"$file" 2>&1
  local code=$?
  echo "   ${name}: $([ "$code" -eq 0 ] && echo done || echo "FAILED (exit $code)") in $(($(date +%s) - start)) s"
  return "$code"
}
echo "== checks, on both cores: lint and formatting beside the type-check and the two builds (a few minutes)"
(step "lint" "$out/style" npm run --silent lint && step "formatting (Prettier)" "$out/style" npm run --silent format:check) &
style=$!
(step "type-check" "$out/build" npm run --silent typecheck &&
  step "build of the gods command" "$out/build" npm run --silent build:cli &&
  step "build of the add-in (webpack)" "$out/build" npm run --silent build) &
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
