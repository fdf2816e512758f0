#!/usr/bin/env bash
# SPDX-License-Identifier: BSL-1.0
# Rewrites every snippet block in README.md and doc/**/*.md from the source region it names
# (doc/CONTRIBUTING.md). The same script as the ctest test doc_snippets, in update mode, so the
# two cannot disagree about what a region is.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
exec cmake -DREPO="$repo" -DMODE=update -P "$repo/test/check_doc_snippets.cmake"
