#!/usr/bin/env bash
# cache_seed.sh JUDGE OUTDIR — a realistic seed for fuzz_search_cache: the index file judge
# saves for a whole Comprehensive Rules release (the newest in ../shared/cr when present,
# else the built-in rules), 0.6-3 MB. Made afresh at each `make fuzz`, so it is always in
# the current cache format (a committed one would be rejected at the version check).
set -eu
judge=$1 out=$2
mkdir -p "$out"
c=$(mktemp -d); trap 'rm -rf "$c"' EXIT
shared=$(cd "$(dirname "$0")/../.." && pwd)/../shared/cr
rules=
[ -d "$shared" ] && rules=$(ls "$shared"/cr-*.txt 2>/dev/null | sort | tail -n 1)
XDG_CACHE_HOME=$c XDG_CONFIG_HOME=$c/config HOME=$c "$judge" ${rules:+--rules "$rules"} search trample >/dev/null
cp "$c"/judge/srch-*.idx "$out/real-index"
echo "fuzz: seed for fuzz_search_cache: $(wc -c <"$out/real-index") bytes from ${rules:-the built-in rules}"
