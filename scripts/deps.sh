#!/usr/bin/env bash
# deps.sh - check (and, as root, install) the Debian packages a make target needs.
#
#   scripts/deps.sh build|test|plot ...   check the named sets; exit 0 when all are present.
#
# Run as root it installs what is missing with apt-get (no recommends); otherwise it prints the
# exact apt-get line and exits 1. Used by the Makefile before building, testing and plotting.
set -euo pipefail

declare -A need=(
	[build]="make gcc libc6-dev libcsv-dev"
	[test]="make gcc libc6-dev libcsv-dev libcmocka-dev"
	[plot]="gnuplot-nox"
)

pkgs=()
for set in "$@"; do
	[[ -n "${need[$set]:-}" ]] || { echo "deps.sh: unknown set '$set' (build, test, plot)" >&2; exit 2; }
	for p in ${need[$set]}; do
		# gnuplot-x11/-qt also provide a gnuplot binary: any of them will do
		if [[ $p == gnuplot-nox ]] && command -v gnuplot >/dev/null 2>&1; then continue; fi
		if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
			[[ " ${pkgs[*]:-} " == *" $p "* ]] || pkgs+=("$p")
		fi
	done
done
[[ ${#pkgs[@]} -eq 0 ]] && exit 0

cmd="apt-get install -y --no-install-recommends ${pkgs[*]}"
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
	echo "deps.sh: installing ${pkgs[*]}" >&2
	export DEBIAN_FRONTEND=noninteractive
	# an update is needed on a fresh machine, whose package lists are empty
	apt-get update -qq >&2
	apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >&2
	exit 0
fi
echo "deps.sh: missing Debian packages: ${pkgs[*]}" >&2
echo "deps.sh: run as root: apt-get update && $cmd" >&2
exit 1
