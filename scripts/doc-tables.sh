#!/bin/bash
# doc-tables.sh - the tables the documents quote, rendered, never copied by hand. Each quoted table
# sits between a marker line naming a target, <!-- rendered: TARGET -->, and <!-- end rendered -->;
# this script renders TARGET (a row of experiments/targets.csv, or the renderer's run-time and
# appendix) from the reference run, the one data/runs/REFERENCE names, and puts a line naming the
# run and the Markdown table in between (make doc-tables). A marker may name a working run after
# the target, <!-- rendered: TARGET RUN -->, one the registry (data/runs/runs.csv) keeps under
# data/runs/; its line then says that it is not the reference. With --check it changes nothing and
# exits 1, naming the section, when a quoted table differs from what the renderer writes now (make
# test). A list kept as data is marked the same way, <!-- generated: NAME --> to
# <!-- end generated -->, and holds what `stencil-page NAME` prints (contradictions:
# data/paper/contradictions.csv; targets: experiments/targets.csv; runs, runs-all, reproduce-time:
# the registry). A document may hold any of them.
# usage: scripts/doc-tables.sh [--check] [DOC]   (RENDER: the renderer, default build/stencil-render;
# PAGE: the page tool, default build/stencil-page)
set -euo pipefail
check=0
[[ ${1:-} == --check ]] && { check=1; shift; }
doc=${1:-REPRODUCE.md}
render=${RENDER:-build/stencil-render}
page=${PAGE:-build/stencil-page}
[[ -r $doc ]] || { echo "doc-tables: cannot read $doc" >&2; exit 2; }
[[ -x $render ]] || { echo "doc-tables: no renderer at $render (make all)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

reference=$(< data/runs/REFERENCE) || { echo "doc-tables: cannot read data/runs/REFERENCE" >&2; exit 2; }
"$page" check-runs > /dev/null 2> "$tmp/registry.log" ||
	{ echo "doc-tables: $(tail -1 "$tmp/registry.log")" >&2; exit 2; }

# render every section's target once: the line naming its run, then the table lines of its Markdown
{ grep -o '^<!-- rendered: [a-z0-9.-]*\( [a-z0-9._-]*\)\? -->$' "$doc" || true; } | while read -r _ _ target run _; do
	[[ $run == '-->' ]] && run=
	dir="$tmp/$target@${run:-reference}"
	mkdir -p "$dir"
	if [[ -z $run ]]; then
		echo "From the reference run \`$reference\` (\`make $target RUN=$reference\` renders it):" > "$dir/table"
		run=$reference
	else
		[[ -d data/runs/$run ]] || { echo "doc-tables: $doc names run $run, not under data/runs/" >&2; exit 2; }
		[[ $run != "$reference" ]] || { echo "doc-tables: $doc names the reference run $run in a marker (leave" \
			"the run out: a marker without one renders the reference)" >&2; exit 2; }
		echo "From the working run \`$run\`, not the reference (data/runs/runs.csv says what it is for):" > "$dir/table"
	fi
	echo >> "$dir/table"
	"$render" "$target" --run "data/runs/$run" --outdir "$dir" 2> "$dir/log" ||
		{ echo "doc-tables: rendering $target from $run failed: $(tail -1 "$dir/log")" >&2; exit 2; }
	grep '^|' "$dir/$target.md" >> "$dir/table"
done

# every generated list once
{ grep -o '^<!-- generated: [a-z-]* -->$' "$doc" || true; } | while read -r _ _ name _; do
	"$page" "$name" > "$tmp/generated-$name" 2> "$tmp/generated-$name.log" ||
		{ echo "doc-tables: $page $name failed: $(tail -1 "$tmp/generated-$name.log")" >&2; exit 2; }
done

# the document with each section's table (and each generated list) replaced
awk -v tmp="$tmp" '
	/^<!-- rendered: / { print; split($0, w, " "); f = tmp "/" w[3] "@" (w[4] == "-->" ? "reference" : w[4]) "/table"
		while ((getline line < f) > 0) print line; close(f); skip = 1; next }
	/^<!-- generated: / { print; split($0, w, " "); f = tmp "/generated-" w[3]
		while ((getline line < f) > 0) print line; close(f); skip = 1; next }
	/^<!-- end (rendered|generated) -->$/ { skip = 0 }
	!skip { print }' "$doc" > "$tmp/doc"

if ((check)); then
	if ! cmp -s "$doc" "$tmp/doc"; then
		echo "doc-tables: a table quoted in $doc differs from the renderer's (make doc-tables):" >&2
		diff "$doc" "$tmp/doc" | head -5 >&2
		exit 1
	fi
	exit 0
fi
cmp -s "$doc" "$tmp/doc" || { cp "$tmp/doc" "$doc.tmp$$" && mv -f "$doc.tmp$$" "$doc"; }
echo "doc-tables: $doc's rendered tables are current"
