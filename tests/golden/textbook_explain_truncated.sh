# explain with only the built-in 2021 rules (no glossary, stops at 119.4b): says what is missing.
$JUDGE --width 80 explain layers | head -n 9
