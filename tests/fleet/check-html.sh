#!/usr/bin/env bash
# tests/fleet/check-html.sh — open an HTML report in headless Chromium the
# way a reader would, offline, and check it.
#
#   tests/fleet/check-html.sh PAGE.html CHART...
#
# Passes (exit 0, one line "html: ...") when the page renders (Chromium
# serialises its DOM and draws a screenshot), logs nothing to the console
# (Chromium's --enable-logging prints every console message as a CONSOLE
# line), holds every CHART named (a <figure data-chart=NAME> with its SVG as
# a data: image in the rendered DOM) and names no remote asset.  Exit 1 with the
# first problem otherwise; 77 when Chromium is not installed.
# Chromium's own log is enough here: the page runs no script, so there is
# no need for a DevTools client (and no npm package) to read its console.
set -uo pipefail
(($# >= 1)) || { echo "usage: $0 PAGE.html CHART..." >&2; exit 2; }
page=$(realpath -- "$1")
shift
browser=$(command -v chromium || command -v chromium-browser || true)
[[ -n $browser ]] || { echo "html: chromium is not installed" >&2; exit 77; }
work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT
fail() { echo "html: $*" >&2; exit 1; }
# Root needs --no-sandbox; the rest keeps it offline, quiet and fresh.
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
    --disable-background-networking --disable-component-update --disable-sync
    --disable-extensions "--window-size=1200,1600")

timeout 120 "$browser" "${flags[@]}" --user-data-dir="$work/profile1" \
    --enable-logging=stderr --v=0 --dump-dom "file://$page" >"$work/dom.html" 2>"$work/log.txt" \
    || fail "chromium failed to load $page: $(grep -v dbus "$work/log.txt" | tail -n 2)"
grep -q '</body></html>' "$work/dom.html" || fail "no rendered document for $page"
if grep -q ':CONSOLE' "$work/log.txt"; then
    fail "console message: $(grep -m1 ':CONSOLE' "$work/log.txt")"
fi
timeout 120 "$browser" "${flags[@]}" --user-data-dir="$work/profile2" \
    --screenshot="$work/shot.png" "file://$page" >/dev/null 2>&1 || fail "chromium could not draw $page"
[[ $(stat -c %s "$work/shot.png" 2>/dev/null || echo 0) -gt 10000 ]] || fail "the screenshot of $page is empty"
if grep -Eq '(src|href)="(https?:)?//' "$page"; then
    fail "remote asset: $(grep -Eo '(src|href)="(https?:)?//[^"]*"' "$page" | head -n 1)"
fi
# every chart: its figure, with its image right in it
for c in "$@"; do
    awk -v c="data-chart=\"$c\"" 'index($0, c) { f = 1; next } f && /<img [^>]*src="data:image\/svg\+xml;base64,/ { ok = 1; exit }
        f && /<\/figure>/ { exit } END { exit !ok }' "$work/dom.html" || fail "chart $c is missing"
done
svgs=$(grep -o '<img [^>]*src="data:image/svg+xml;base64,' "$work/dom.html" | wc -l)
echo "html: $(basename "$page") renders, no console message, $svgs charts as images, $# named charts present"
