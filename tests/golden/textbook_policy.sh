# A tournament-policy page: shown with its text, marked policy, no CR links.
$JUDGE --width 80 textbook tardiness
