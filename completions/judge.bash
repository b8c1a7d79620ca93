# judge.bash — bash completion for judge(1). The candidates come from `judge --complete`,
# the same function the REPL's Tab key uses, so the shell and the REPL always agree.
_judge()
{
	local line=${COMP_LINE:0:COMP_POINT}
	# judge completes the line after its own name
	line=${line#"${line%%[![:space:]]*}"}
	line=${line#"${COMP_WORDS[0]}"}
	local prog=${COMP_WORDS[0]}
	[[ $prog == "~/"* ]] && prog=$HOME/${prog#"~/"}
	local IFS=$'\n'
	COMPREPLY=($(command "$prog" --complete "$line" 2>/dev/null))
	# judge gives them in order (702.2 before 702.10): bash must not sort them as text
	compopt -o nosort 2>/dev/null
	# a directory is not the end of a file name
	if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]]; then
		compopt -o nospace 2>/dev/null
	fi
	return 0
}
complete -F _judge judge
