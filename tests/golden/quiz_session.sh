# A quiz on section 704 (cloze and which-rule questions) answered on standard input: a letter, a choice number, a wrong text,
# then study stats on the day after.
# (--width 1000: the lines naming the study file would wrap where its temporary path ends)
[ -n "$SHARED" ] || { echo "skip: ../shared is absent" >&2; exit 77; }
export XDG_STATE_HOME="$TMPDIR/quiz-session"
rm -rf "$XDG_STATE_HOME"
printf 'b\n2\nsomething else\n' | "$JUDGE" --rules "$SHARED/cr/cr-2026-01-16.txt" --width 1000 quiz 704 cloze which --seed 8 -n 3 --date 2026-03-01 | sed "s|$XDG_STATE_HOME|STATE|"
"$JUDGE" --rules "$SHARED/cr/cr-2026-01-16.txt" --width 1000 study stats --date 2026-03-02 | sed "s|$XDG_STATE_HOME|STATE|"
