# Session settings: :set, :settings, :use, json, examples, width — they change the next answers.
"$JUDGE" --rules tests/golden/data/mini-cr.txt --rules rules/004_33964e82a02af053.txt <<'EOF2' 2>&1
:set width 80
:settings
:set width 40
702.19a
:set width=60
:set json on
702.19a
:settings
:set json off
:use 2021-09-24
119.2
:use 2025-11-14
119.2
:use
:set limit 5
:set verbose on
:settings
EOF2
