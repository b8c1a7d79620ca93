$JUDGE 702.19b 2>&1; echo "exit $?"
$JUDGE 119.4b
