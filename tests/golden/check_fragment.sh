$JUDGE check rules/001_717955f036dbe8ec.txt | grep -v ': note: dangling' | grep -v 'may be in a part'; echo "exit ${PIPESTATUS[0]}"
$JUDGE check --strict rules/001_717955f036dbe8ec.txt >/dev/null; echo "with --strict: exit $?"
