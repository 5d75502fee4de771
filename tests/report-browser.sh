#!/usr/bin/env bash
# report-browser.sh - make report's page checked in a real browser (headless Chromium): every
# figure's drawn box is non-empty, holds drawn elements and lies inside the page's width, the page
# is no wider than the window, every link leads to an element of the page, nothing is loaded from
# outside it, and the page holds no script. A copy of the page with a checking script added is
# loaded and its verdict read back from the DOM; the page itself is screenshotted at 1280 px.
# Then the negative case: the same page with its first figure emptied must fail the check.
#
#   tests/report-browser.sh PAGE OUTDIR    exit 0: the page passes and the emptied one fails;
#                                          1: either does not; 77: no Chromium here (skipped)
# OUTDIR receives screenshot.png (the page's top), check.log and the emptied copy's log.
set -uo pipefail
page=$1 out=$2
browser=
for b in chromium chromium-browser google-chrome; do
	command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
done
[[ -n $browser ]] || { echo "report-browser: no Chromium here (scripts/deps.sh report installs it)"; exit 77; }
[[ -s $page ]] || { echo "report-browser: $page is missing: make report" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/report-browser-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# no network: every host name resolves to nothing
flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --mute-audio
	--host-resolver-rules='MAP * ~NOTFOUND' --user-data-dir="$tmp/profile" --window-size=1280,1600)

# the checks, run in the page once it has loaded; their lines go into <pre id="check-result">
read -r -d '' checks <<'EOF'
<script>
addEventListener('load', () => {
  const out = [], fail = m => out.push('FAIL ' + m);
  const width = document.documentElement.clientWidth;
  const figs = document.querySelectorAll('figure.plot');
  if (!figs.length) fail('no figure');
  figs.forEach(f => {
    const svg = f.querySelector('svg');
    if (!svg) return fail(f.id + ': no inline svg');
    const r = svg.getBoundingClientRect(), drawn = svg.querySelectorAll('path,polyline,polygon,line,rect,circle,text,use').length;
    let bb = { width: 0, height: 0 };
    try { bb = svg.getBBox(); } catch (e) {}
    if (r.width < 1 || r.height < 1) fail(f.id + ': empty box ' + r.width + 'x' + r.height);
    if (bb.width < 1 || bb.height < 1 || drawn < 10) fail(f.id + ': nothing drawn (' + drawn + ' elements)');
    if (r.left < 0 || r.right > width + 0.5) fail(f.id + ': outside the page width (' + r.left + '..' + r.right + ' of ' + width + ')');
  });
  if (document.documentElement.scrollWidth > width + 1) fail('the page is wider than the window: ' + document.documentElement.scrollWidth);
  document.querySelectorAll('a[href]').forEach(a => {
    const h = a.getAttribute('href');
    if (!h.startsWith('#')) return fail('a link out of the page: ' + h);
    if (!document.getElementById(decodeURIComponent(h.slice(1)))) fail('a broken link: ' + h);
  });
  document.querySelectorAll('[src],link[href],image,iframe,object,embed').forEach(e => fail('an external resource: ' + e.outerHTML.slice(0, 80)));
  document.querySelectorAll('use').forEach(u => {
    const h = u.getAttribute('href') || u.getAttribute('xlink:href') || '';
    if (!h.startsWith('#') || !document.getElementById(h.slice(1))) fail('a use of ' + h + ' outside the page');
  });
  const loaded = performance.getEntriesByType('resource').filter(e => !e.name.startsWith('data:'));
  loaded.forEach(e => fail('loaded ' + e.name));
  out.push('figures ' + figs.length + ', links ' + document.querySelectorAll('a[href]').length + ', sections ' + document.querySelectorAll('section').length);
  const pre = document.createElement('pre');
  pre.id = 'check-result';
  pre.textContent = 'CHECK' + '-BEGIN\n' + out.join('\n') + '\nCHECK' + '-END';
  document.body.appendChild(pre);
});
</script>
EOF

check() {   # PAGE LOG: 0 when the page passes
	local p=$1 log=$2
	if grep -q '<script' "$p"; then echo "FAIL the page holds a script" > "$log"; return 1; fi
	{ sed '$d' "$p"; printf '%s\n' "$checks" '</body></html>'; } > "$tmp/check.html"
	"$browser" "${flags[@]}" --virtual-time-budget=20000 --dump-dom "file://$tmp/check.html" \
		2> "$log.stderr" | sed -n '/CHECK-BEGIN/,/CHECK-END/p' | grep -v 'CHECK-' > "$log"
	[[ -s $log ]] || { echo "FAIL no result from $browser (its stderr: $log.stderr)" > "$log"; return 1; }
	! grep -q '^FAIL' "$log"
}

rc=0
if check "$page" "$out/check.log"; then
	echo "report-browser: $page passes in $browser: $(tail -1 "$out/check.log")"
else
	echo "report-browser: $page FAILS in $browser:" >&2
	grep '^FAIL' "$out/check.log" | head -20 >&2
	rc=1
fi
"$browser" "${flags[@]}" --screenshot="$out/screenshot.png" "file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")" \
	> /dev/null 2>&1 || { echo "report-browser: no screenshot" >&2; rc=1; }
[[ -s $out/screenshot.png ]] && echo "report-browser: screenshot $out/screenshot.png"

# the negative case: the first figure's drawing removed, its <svg> element left empty
perl -0pe 's{(<figure[^>]*class="plot">\s*<svg[^>]*>).*?(</svg>)}{$1$2}s' "$page" > "$tmp/emptied.html"
if check "$tmp/emptied.html" "$out/emptied.log"; then
	echo "report-browser: the page with its first figure emptied PASSES: the check sees nothing" >&2
	rc=1
else
	echo "report-browser: the page with its first figure emptied fails, as it must: $(grep -m1 '^FAIL' "$out/emptied.log")"
fi
exit $rc
