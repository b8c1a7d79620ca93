# A tournament-policy page: shown with its text, marked policy, no CR links.
$JUDGE textbook tardiness
