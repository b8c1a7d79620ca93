$JUDGE versions
