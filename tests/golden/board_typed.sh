# `board` reads a board from standard input up to a line `end`, then resolves it
printf 'board\nplayer Alice active\nplayer Bob\npermanent Grizzly Bears\n controller Bob\n type Creature — Bear\n pt 2/2\nspell Shock\n controller Alice\n type Instant\n cost {R}\n target Grizzly Bears\n ability Shock deals 2 damage to any target.\nresolve Shock\nend\n' | "$JUDGE" --width 80 2>&1
