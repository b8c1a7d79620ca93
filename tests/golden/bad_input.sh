d=$(mktemp -d); trap 'rm -rf $d' EXIT
cp /bin/true $d/binary.txt; : > $d/empty.txt
printf '1\0.\0 \0G\0a\0m\0e\0\n\0\n\0001\0000\0000\0.\0001\0.\0 \0R\0.\0\n\0' > $d/utf16.txt
head -c 10485760 /dev/zero | tr '\0' 'x' > $d/long.txt
printf 'Dear diary,\nToday I played Magic.\n' > $d/prose.txt
cd $d
for f in binary.txt empty.txt missing.txt long.txt prose.txt; do $JUDGE --rules $f --rules $ROOT/rules/000_8e3fff5fe3955226.txt 100.1 2>&1 | head -3; echo "exit ${PIPESTATUS[0]}"; done
$JUDGE check utf16.txt; echo "exit $?"
$JUDGE --rules utf16.txt 100.1
