#!/usr/bin/env bash
# deps.sh - check (and, as root, install) the Debian packages a make target needs.
#
#   scripts/deps.sh build|test|plot|report ...   check the named sets; exit 0 when all are present
#   (report: headless Chromium, for make test-report only).
#
# Run as root it installs what is missing with apt-get (no recommends); otherwise it prints the
# exact apt-get line and exits 1. Used by the Makefile before building, testing and plotting.
# Safe under make -j: installing holds a lock (DEPS_LOCK) and checks again once it has it.
set -euo pipefail

declare -A need=(
	[build]="make gcc libc6-dev libcsv-dev libsuitesparse-dev"
	[test]="make gcc libc6-dev libcsv-dev libsuitesparse-dev libcmocka-dev"
	[plot]="gnuplot-nox"
	[report]="chromium"
)

for set in "$@"; do
	[[ -n "${need[$set]:-}" ]] || { echo "deps.sh: unknown set '$set' (build, test, plot, report)" >&2; exit 2; }
done

missing() {   # fills pkgs with what the named sets lack
	pkgs=()
	for set in "$@"; do
		for p in ${need[$set]}; do
			# gnuplot-x11/-qt also provide a gnuplot binary: any of them will do
			if [[ $p == gnuplot-nox ]] && command -v gnuplot >/dev/null 2>&1; then continue; fi
			dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || \
				[[ " ${pkgs[*]:-} " == *" $p "* ]] || pkgs+=("$p")
		done
	done
}
missing "$@"
[[ ${#pkgs[@]} -eq 0 ]] && exit 0

cmd="apt-get install -y --no-install-recommends ${pkgs[*]}"
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
	# make -j runs several of these at once: one installs at a time (apt's own locks would fail
	# the others), and what another one installed meanwhile is not installed again
	if command -v flock >/dev/null 2>&1; then
		exec 9>>"${DEPS_LOCK:-/var/lib/dpkg/stencil-repro-deps.lock}"
		flock 9
		missing "$@"
		[[ ${#pkgs[@]} -eq 0 ]] && exit 0
	fi
	echo "deps.sh: installing ${pkgs[*]}" >&2
	export DEBIAN_FRONTEND=noninteractive
	# an update is needed on a fresh machine, whose package lists are empty
	apt-get update -qq -o DPkg::Lock::Timeout=300 >&2
	apt-get install -y -qq -o DPkg::Lock::Timeout=300 --no-install-recommends "${pkgs[@]}" >&2
	exit 0
fi
echo "deps.sh: missing Debian packages: ${pkgs[*]}" >&2
echo "deps.sh: run as root: apt-get update && $cmd" >&2
exit 1
