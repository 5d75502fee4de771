#!/bin/sh
# sass-summary.sh - the tensor-core instructions each kernel of a binary issues, per kernel, from
# cuobjdump's SASS (make sass-report; REPRODUCE.md cites it as proof
# that the intended HMMA / DMMA / HMMA.SP / HGMMA instructions are what runs). Needs cuobjdump
# (CUDA). The sm_90a code (Hopper's wgmma: profiling/wgmma-bench.cu and the :wgmma variants) is a
# cubin of its own, listed after ARCH's.
# usage: scripts/sass-summary.sh BINARY [ARCH]   (ARCH defaults to sm_90)
set -eu
bin=${1:?usage: sass-summary.sh BINARY [ARCH]}
arch=${2:-sm_90}
command -v cuobjdump >/dev/null 2>&1 || { echo "sass-summary: cuobjdump not found (CUDA toolkit)" >&2; exit 2; }
summary() {
	cuobjdump -arch "$1" -sass "$bin" | awk '
		/Function :/ { f = $3 }
		/[HD]MMA|HGMMA/ {
			for (i = 1; i <= NF; i++)
				if ($i ~ /^([HD]MMA|HGMMA)/) { n[f " " $i]++; break }
		}
		END { for (k in n) print n[k], k }' | sort -k2,2 -k3,3 | c++filt
}
summary "$arch"
[ "$arch" = sm_90a ] || summary sm_90a 2>/dev/null
