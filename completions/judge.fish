# judge.fish — fish completion for judge(1). The candidates come from `judge --complete`,
# the same function the REPL's Tab key uses, so the shell and the REPL always agree.
function __judge_complete
    set -l words (commandline -cpo)
    set -l prog $words[1]
    # the line after the program name, up to the cursor (the current token as typed)
    set -l line (string join ' ' -- $words[2..-1])
    set -l tok (commandline -ct)
    if test -n "$line"
        set line "$line "
    end
    set line "$line$tok"
    # judge quotes multi-word candidates for the REPL; fish does its own quoting
    command $prog --complete "$line" 2>/dev/null | string replace -r '^"(.*)"$' '$1' | string replace -a '\\"' '"'
end
# -k: in judge's order (702.2 before 702.10), not sorted as text
complete -c judge -f -k -a '(__judge_complete)'
