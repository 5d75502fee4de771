#!/usr/bin/env bash
# floors.sh - the build's floors hold (scripts/make/build.mk): each floor compiles with its own
# include paths, so that a header of a floor it does not stand on does not compile there, and no
# include path holds ".."; and, on the symbols of the host objects (each object's defined and
# undefined names, nm), no object uses one of a floor above its own and no files call each other
# in a loop (tsort finds the loops). tests/test_make.c runs it.
#
#   floors.sh ROOT BUILD   exit 0 when the floors hold; otherwise its output says where
set -uo pipefail
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
root=$(cd "$1" && pwd) build=$(cd "$2" && pwd)
cd "$root" || exit 1
T=$(mktemp -d "${TMPDIR:-/tmp}/stencil-floors-XXXXXX")
trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "floors: FAIL: $*"; fails=$((fails + 1)); }
var() { make --no-print-directory -s HAVE_GPU=0 "print-$1"; }

floors=$(var FLOORS)
declare -A dir inc
for f in $floors; do dir[$f]=$(var "DIR_$f"); inc[$f]=$(var "INC_$f"); done
# a floor stands on another when that one's folder is among its include paths
stands_on() { [[ " ${inc[$1]} " == *" -I${dir[$2]} "* ]]; }

# a C header of each floor that compiles with the floor's own paths (its CUDA ones need nvcc)
declare -A probe
for g in $floors; do
	for h in $(cd "${dir[$g]}" && ls *.h 2>/dev/null); do
		printf '#include "%s"\nint floors_probe;\n' "$h" > "$T/probe.c"
		cc -std=c11 -D_POSIX_C_SOURCE=200809L -fsyntax-only ${inc[$g]} "$T/probe.c" 2> /dev/null &&
			{ probe[$g]=$h; break; }
	done
	[[ -n ${probe[$g]:-} ]] || fail "$g: no header of ${dir[$g]} compiles on its own"
done
# includes: every floor's headers compile where the floor stands on it, and nowhere else
for f in $floors; do
	[[ ${inc[$f]} != *..* ]] || fail "$f: an include path holds '..': ${inc[$f]}"
	for g in $floors; do
		h=${probe[$g]:-}
		[[ -n $h ]] || continue
		printf '#include "%s"\nint floors_probe;\n' "$h" > "$T/probe.c"
		if cc -std=c11 -D_POSIX_C_SOURCE=200809L -fsyntax-only ${inc[$f]} "$T/probe.c" 2> "$T/err"; then
			[[ $f == "$g" ]] || stands_on "$f" "$g" || fail "$f includes $g's $h: against the floors"
		else
			! stands_on "$f" "$g" || { fail "$f cannot include $g's $h"; head -3 "$T/err"; }
		fi
	done
done

# a floor's private headers (NAME-int.h) are its own: no file outside its folder includes one
for f in $floors; do
	for h in $(cd "${dir[$f]}" && ls ./*-int.h 2> /dev/null); do
		h=${h#./}
		while read -r user; do
			[[ $(dirname "$user") == "${dir[$f]}" ]] || fail "$user includes ${dir[$f]}/$h, private to $f"
		done < <(git -C "$root" grep --untracked -l "#include \"$h\"" -- '*.c' '*.h' '*.cu' '*.cuh' 2> /dev/null ||
			grep -rl --include='*.[ch]' --include='*.cu' --include='*.cuh' "#include \"$h\"" . | sed 's|^\./||')
	done
done

# symbols: the host objects of every floor, their names defined and used
objects=()
for f in $floors; do
	for o in "$build/obj/${dir[$f]}"/*.o; do
		[[ -f $o && $o != *.main.o && $o != *.cu.o ]] && objects+=("$f:$o")
	done
done
((${#objects[@]} > 0)) || fail "no object under $build/obj"
for fo in "${objects[@]}"; do
	f=${fo%%:*} o=${fo#*:}
	nm -g --defined-only "$o" | awk -v who="$f ${o#"$build"/obj/}" 'NF == 3 { print $3, who }'
done | sort -k1,1 > "$T/defs"
for fo in "${objects[@]}"; do
	f=${fo%%:*} o=${fo#*:}
	nm -u "$o" | awk -v who="$f ${o#"$build"/obj/}" '{ print $NF, who }'
done | sort -k1,1 > "$T/uses"
# "user-floor user-file definer-floor definer-file" for each name a file takes from another
join "$T/uses" "$T/defs" | awk '$3 != $5 { print $2, $3, $4, $5 }' | sort -u > "$T/edges"
while read -r uf ufile df dfile; do
	[[ $uf == "$df" ]] || stands_on "$uf" "$df" || fail "$ufile ($uf) calls $dfile ($df): against the floors"
done < "$T/edges"
awk '{ print $2, $4 }' "$T/edges" | tsort > /dev/null 2> "$T/loops"
if grep -q . "$T/loops"; then
	fail "files that call each other in a loop:"
	sed -n 's/^tsort: //p' "$T/loops" | grep -v "input contains a loop" | sed 's/^/  /'
fi
((fails == 0)) && echo "floors: $(wc -l < "$T/edges") calls between ${#objects[@]} files, every one down the floors, no loop"
((fails == 0))
