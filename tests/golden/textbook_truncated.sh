# With only the built-in rules (2021, truncated at 119.4b) a page past 119 says its links are
# unavailable instead of inventing them; Golden rules (101) still links.
$JUDGE --width 80 textbook layers | tail -n 2
$JUDGE --width 80 textbook "golden rules" | tail -n 1
