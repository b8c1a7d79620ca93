# the checker behind scripts/board_expect.sh, on boards whose expectations are right, wrong,
# pending, refused or malformed
command -v python3 >/dev/null || { echo "python3 is not installed" >&2; exit 77; }
python3 tests/scripts/board_expect.py "$JUDGE" tests/boards/expect-pending.txt tests/boards/expect-*.board
