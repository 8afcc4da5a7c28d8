#!/usr/bin/env bash
# Runs a command and says what it is and how long it took, whether it passed or not (npm test's
# first and closing lines).
start=$(date +%s)
echo "npm test: the test tools, then the checks (lint, formatting, types, builds), then every jest suite; about 15 minutes on 2 cores. The fast lane is npm run test:unit."
"$@"
code=$?
took=$(($(date +%s) - start))
echo "npm test: $((took / 60)) min $((took % 60)) s ($took s), exit $code"
exit $code
