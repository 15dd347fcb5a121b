#!/usr/bin/env bats
# report.html (`osslbench report --format html`, `make report`): one
# self-contained page written from the report model.  What changed comes
# first (verdicts with their charts) and the full tables last; every piece
# of data is escaped; the page parses, and loads in headless Chromium.
# The results CSV is written here, not measured.
# Needs: gnuplot (gnuplot-nox); xmllint (libxml2-utils) and chromium for
# their checks (skipped, visibly, without them).

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
}

setup() {
    unset RESULTS BASELINE REFERENCE
}

HOSTILE='<img src=x onerror=alert(1)>'

# fixture DIR: releases old and new, sha256 at 16 and 1024 bytes (new a
# third as fast at 16, as fast at 1024) and rsa2048 sign (new twice as
# fast), 8 samples a point in two visits of one run, as this version's runner
# writes them; new's sha256 legacy crashed, with a note that
# is HTML; a metadata.txt with HTML in it.  (Labels are names: the reader
# refuses any other, so free text reaches the page as notes and metadata.)
fixture() {
    local d=$1 lab ver num wl op b unit base i s RUN=20261130T000000Z-00000000000000aa
    mkdir -p "$d"
    printf 'host: <b>box</b>\nkernel: 6.1 & more\n' >"$d/metadata.txt"
    {
        echo 'label,version,version_num,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,status,run_id,rate_stat,sample_blocks,sample_rates,note'
        for lab in old new; do
            [[ $lab == old ]] && ver=3.0.19 num=0x30000130 || ver=3.0.20 num=0x30000140
            while read -r wl op b unit base; do
                [[ $lab == new && $wl$b == sha25616 ]] && base=$((base / 3))
                [[ $lab == new && $wl == rsa2048 ]] && base=$((base * 2))
                s=''
                for i in 1 2 3 4 5 6 7 8; do s+="$((base + i)) "; done
                printf '%s,%s,%s,evp,%s,%s,%s,%s,%s,%s,%s,8,ok,%s,vp90,4 4,%s,\n' "$lab" "$ver" "$num" \
                    "$wl" "$op" "$b" "$((base + 4))" "$unit" "$((base + 1))" "$((base + 8))" "$RUN" "${s% }"
            done <<'ROWS'
sha256 digest 16 B/s 3000
sha256 digest 1024 B/s 90000
rsa2048 sign 0 op/s 1200
ROWS
        done
        echo "old,3.0.19,0x30000130,legacy,sha256,digest,16,4000,B/s,3900,4100,8,ok,$RUN,vp90,4 4,4000 4001 4002 4003 4004 4005 4006 4007,"
        echo "new,3.0.20,0x30000140,legacy,sha256,digest,16,,B/s,,,0,crashed,$RUN,,,,\"$HOSTILE\""
    } >"$d/results.csv"
}

# page DIR: the fixture in DIR and its page by `make report` (charts drawn).
page() {
    fixture "$1"
    run make -s -C "$ROOT" report RESULTS="$1"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
}

# dom PAGE: the DOM headless Chromium leaves after loading PAGE offline (its
# scripts, had any run, would have changed it).
dom() {
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$(mktemp -d "$BATS_TEST_TMPDIR/prof.XXXXXX")" --dump-dom "file://$1" 2>/dev/null
}

# A chart file with every way an SVG can run script, load something or
# link out; each payload that runs renames the document.
crafted_svg() {
    cat <<'SVG'
<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="document.title='PWNED1'" width="200" height="100">
<script>document.title='PWNED2'</script>
<a href="javascript:document.title='PWNED3'"><text x="1" y="10">chart</text></a>
<foreignObject width="100" height="50"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:parent.document.title='PWNED4'"></iframe></foreignObject>
<image href="file:///etc/passwd" width="10" height="10"/>
<image href="x" onerror="document.title='PWNED5'"/>
<rect width="10" height="10" style="fill:url(javascript:alert(1))"/>
<set attributeName="onmouseover" to="alert(1)"/>
</svg>
SVG
}

# The 1-based line of the first line of FILE matching the ERE, or 0.
line_of() { grep -n -m1 -E "$2" "$1" | cut -d: -f1 || echo 0; }

@test "html: a run's page shows what changed, with its chart, before any full table; the rest folded" {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    local d=$BATS_TEST_TMPDIR/run
    page "$d"
    local page=$d/report.html changed first_full first_chart details
    changed=$(line_of "$page" '<h2>What changed: ')
    first_full=$(line_of "$page" '<table class="full"')
    first_chart=$(line_of "$page" '<figure class="chart" data-chart="speedup-sha256-evp"')
    details=$(line_of "$page" '<details><summary>Speed-up table')
    [ "$changed" -gt 0 ]
    [ "$first_chart" -gt "$changed" ]
    [ "$first_full" -gt "$first_chart" ]
    [ "$details" -gt 0 ]
    [ "$details" -lt "$first_full" ]
    # failing first, then the largest change: sha256 at 16 B (a third) before rsa2048 (twice as fast)
    [ "$(line_of "$page" '<td>failed</td><td>16 B</td>')" -lt "$(line_of "$page" '<td>slower</td><td>16 B</td>')" ]
    [ "$(line_of "$page" '<td>slower</td><td>16 B</td>')" -lt "$(line_of "$page" '<td>faster</td><td>rsa2048 · sign</td>')" ]
    run grep -c '<img class="chart" alt="[^"]*" src="data:image/svg+xml;base64,' "$page"
    [ "$output" -ge 4 ]
    run grep -c '<script' "$page"
    [ "$output" -eq 0 ] || { echo "got: $output"; false; }
}

@test "html: notes, metadata and a fleet's notes file reach the page escaped, nowhere raw" {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    local d=$BATS_TEST_TMPDIR/esc
    page "$d"
    run grep -c '<img src=\|<b>box' "$d/report.html"
    [ "$output" -eq 0 ] || { echo "got: $output"; false; }
    run grep -c '<td>failed</td><td>sha256 · legacy · 16 B</td>.*<td>new crashed: &lt;img src=x onerror=alert(1)&gt;</td>' "$d/report.html"
    [ "$output" -eq 1 ]
    run grep -c '^<p class="bad">16 B: new crashed: &lt;img src=x onerror=alert(1)&gt;</p>$' "$d/report.html"
    [ "$output" -eq 1 ]
    run grep -c '<tr><th>host</th><td>&lt;b&gt;box&lt;/b&gt;</td></tr>' "$d/report.html"
    [ "$output" -eq 1 ]
    run grep -c '<tr><th>kernel</th><td>6.1 &amp; more</td></tr>' "$d/report.html"
    [ "$output" -eq 1 ]
    printf 'host a: FAILED: %s\n' "$HOSTILE" >"$d/fleet.txt"
    run "$OSSLBENCH" report --format html --notes "$d/fleet.txt" --out "$d" "$d"
    [ "$status" -eq 0 ]
    run grep -c '^host a: FAILED: &lt;img src=x onerror=alert(1)&gt;$' "$d/report.html"
    [ "$output" -eq 1 ]
    run grep -c '<img src=' "$d/report.html"
    [ "$output" -eq 0 ] || { echo "got: $output"; false; }
}

@test "html: a chart that was not drawn is a note on the page, not a failure" {
    local d=$BATS_TEST_TMPDIR/nochart
    fixture "$d"
    mkdir "$d/charts"
    printf 'speedup\tspeedup-sha256-evp\t0\t<i>sha</i> speed-up\tblock size\n' >"$d/charts/charts.list"
    run "$OSSLBENCH" report --format html --charts "$d/charts" --out "$d" "$d"
    [ "$status" -eq 0 ]
    run grep -c 'Chart speedup-sha256-evp: not drawn.' "$d/report.html"
    [ "$output" -ge 1 ]
    run grep -c '<h3>&lt;i&gt;sha&lt;/i&gt; speed-up</h3>' "$d/report.html"
    [ "$output" -eq 1 ]
}

@test "html: --format html is on --help, alone, and a failed run leaves report.html as it was" {
    run "$OSSLBENCH" report --help
    [[ $output == *"html"* ]]
    local d=$BATS_TEST_TMPDIR/alone
    fixture "$d"
    run "$OSSLBENCH" report --format html,csv "$d"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $output == *"--format html is a page of its own"* ]]
    run "$OSSLBENCH" report --charts "$d" "$d"
    [ "$status" -eq 2 ]
    echo before >"$d/report.html"
    run "$OSSLBENCH" report --format html --out "$d" --baseline nosuch "$d"
    [ "$status" -ne 0 ]
    [ "$(cat "$d/report.html")" = before ]
    run find "$d" -name '.report.html.*'
    [ "$output" = "" ]
    # from stdin the CSV has no folder: no metadata.txt or charts of the current one
    cd "$d"
    run bash -c '"$1" report --format html - <results.csv' _ "$OSSLBENCH"
    [ "$status" -eq 0 ]
    [[ $output == *"<p>No metadata.txt.</p>"* ]]
    [[ $output != *"kernel"* ]]
}

@test "html: xmllint parses the page (HTML5 element names aside)" {
    command -v xmllint >/dev/null || skip "xmllint is not installed (apt-get install libxml2-utils)"
    local d=$BATS_TEST_TMPDIR/lint
    fixture "$d"
    make -s -C "$ROOT" plots RESULTS="$d" >/dev/null 2>&1 || true
    run "$OSSLBENCH" report --format html --out "$d" "$d"
    [ "$status" -eq 0 ]
    # libxml2's HTML parser is HTML 4: it names section, figure, svg... as unknown tags
    run bash -c 'xmllint --html --noout "$1" 2>&1 | grep "error" | grep -v "Tag [A-Za-z]* invalid"' _ "$d/report.html"
    [ "$output" = "" ]
}

@test "html: headless Chromium loads the page and draws its first screen" {
    command -v chromium >/dev/null || skip "chromium is not installed (apt-get install chromium)"
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    local d=$BATS_TEST_TMPDIR/shot
    page "$d"
    local flags=(--headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$BATS_TEST_TMPDIR/prof")
    run timeout 120 chromium "${flags[@]}" --dump-dom "file://$d/report.html"
    [ "$status" -eq 0 ]
    [[ $output == *"What changed: "* ]]
    [[ $output == *"</body></html>"* ]]
    run timeout 120 chromium "${flags[@]}" --screenshot="$BATS_TEST_TMPDIR/first.png" --window-size=1280,900 "file://$d/report.html"
    [ "$status" -eq 0 ]
    [ "$(stat -c %s "$BATS_TEST_TMPDIR/first.png")" -gt 10000 ]
}

@test "html: a chart file carrying script, handlers, iframes and file links reaches the page inert" {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    local d=$BATS_TEST_TMPDIR/crafted page
    page "$d"
    crafted_svg >"$d/plots/speedup-sha256-evp.svg"
    run make -s -C "$ROOT" report RESULTS="$d"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    page=$d/report.html
    # outside the base64 of the data: images, nothing of the chart file's (the
    # fixture's escaped note, &lt;img … onerror=…&gt;, is text, not a tag)
    run bash -c 'sed -E "s#data:image/svg\+xml;base64,[A-Za-z0-9+/=]*#DATA#g" "$1" | grep -ciE "<script|<iframe|<foreignobject|<set |<[^>]*[[:space:]]on[a-z]+[[:space:]]*=|javascript:|file:///|PWNED"' _ "$page"
    [ "$output" -eq 0 ]
    # the crafted chart is still shown, where it was
    run grep -c 'data-chart="speedup-sha256-evp"' "$page"
    [ "$output" -ge 1 ]
    run grep -A1 'data-chart="speedup-sha256-evp"' "$page"
    [[ $output == *'<img class="chart" alt="'*'" src="data:image/svg+xml;base64,'* ]]
    command -v chromium >/dev/null || skip "chromium is not installed (apt-get install chromium)"
    run dom "$page"
    [ "$status" -eq 0 ]
    [[ $output == *"</body></html>"* ]]
    [[ $output == *"<title>osslbench report"* ]]
    [[ $output != *PWNED* ]]
}

@test "html: the page's own policy forbids script: a script let into it does not run" {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    local d=$BATS_TEST_TMPDIR/policy
    page "$d"
    run grep -c "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">" "$d/report.html"
    [ "$output" -eq 1 ]
    # as if an escape had failed: live markup planted after the page was written
    sed 's#</body>#<script>document.title="PWNED"</script><img src="x" onerror="document.title=\x27PWNED\x27"><img src="http://127.0.0.1:9/p.png"></body>#' \
        "$d/report.html" >"$d/planted.html"
    run grep -c '<script>document.title="PWNED"' "$d/planted.html"
    [ "$output" -eq 1 ]
    command -v chromium >/dev/null || skip "chromium is not installed (apt-get install chromium)"
    run dom "$d/planted.html"
    [ "$status" -eq 0 ]
    [[ $output == *"</body></html>"* ]]
    [[ $output != *"<title>PWNED"* ]]
}
