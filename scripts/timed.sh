#!/usr/bin/env bash
# Runs a command and says how long it took, whether it passed or not (npm test's closing line).
start=$(date +%s)
"$@"
code=$?
echo "npm test: $(( $(date +%s) - start )) s, exit $code"
exit $code
