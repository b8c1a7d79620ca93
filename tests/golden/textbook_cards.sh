# Every example naming Vedalken Shackles (three: lines 728, 883, 1425), found by a prefix in any case.
$JUDGE --width 80 cards VEDALKEN
