$JUDGE --cr about-2005-2008 420.5a
$JUDGE --cr 003_be62fa6b61bdad6a.txt 309.1
$JUDGE --cr 1999-11-01 100.1
