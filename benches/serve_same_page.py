#!/usr/bin/env python3
"""The page of `trf serve` for one upload, before against after issue 40
(downloads carried as `data:` URLs and every report drawn, against downloads
and the reports after the first 20 made on demand): both servers are given
the same files; the form's token, the check's minute and the links' targets
are set aside; then the page's head (form, problems, overview, tables, the
period), each drawn report's part, each other report's part on its own page
against the part the old page drew, and every download fetched from the new
server against the old page's `data:` URL decoded. Prints the differences
counted. Not part of CI (it needs curl); loopback only:

    benches/serve_same_page.py BEFORE_TRF AFTER_TRF DIR
"""
import base64, os, re, subprocess, sys, time, urllib.request

before_bin, after_bin, folder = sys.argv[1:4]
files = sorted(os.path.join(folder, f) for f in os.listdir(folder))

def start(binary):
    p = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    url = re.search(r"http://\S+", line).group(0)
    return p, url

def get(url):
    with urllib.request.urlopen(url, timeout=600) as r:
        return r.read().decode()

def post(url):
    form = get(url)
    token = re.search(r'name="token" value="([^"]*)"', form).group(1)
    args = ["curl", "-s", "-F", f"token={token}"]
    for f in files:
        args += ["-F", f"trf=@{f}"]
    args.append(url + "check")
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout

TIME = re.compile(r" on \d{4}-\d\d-\d\d \d\d:\d\d UTC\.")
def untimed(s):
    return TIME.sub(" on TIME UTC.", s)

def norm(page):
    page = re.sub(r'name="token" value="[^"]*"', 'name="token" value="T"', page)
    page = re.sub(r'href="(data:[^"]*|/answer/[^"]*)"', 'href="HREF"', page)
    return untimed(page)

NAV = '<nav class="downloads no-print" aria-label="Downloads for '
def parts(page):
    """The head of the page (up to the first report) and each report's part."""
    pieces = page.split(NAV)
    head = pieces[0]
    rest = []
    for p in pieces[1:]:
        if p.startswith("these reports"):
            head += NAV + p
        else:
            rest.append(NAV + p)
    return head, rest

pb, ub = start(before_bin)
pa, ua = start(after_bin)
try:
    t = time.time(); before = post(ub); tb = time.time() - t
    t = time.time(); after = post(ua); ta = time.time() - t
    print(f"{folder}: {len(files)} files; before page {len(before)} bytes ({tb:.1f} s), after {len(after)} bytes ({ta:.1f} s)")
    bh, bparts = parts(before)
    ah, aparts = parts(after)
    n = len(bparts)
    drawn = min(n, 20)
    assert len(aparts) == drawn, (len(aparts), drawn)
    # The last drawn part runs on to the placeholders on the after page:
    # cut both at the next report.
    def cut(p):
        i = p.find("Not drawn on this page")
        if i >= 0:
            p = p[: p.rfind('<article class="report" id="f', 0, i)]
        for end in ['<hr class="between">', "\n</main>"]:
            i = p.find(end)
            if i >= 0:
                p = p[:i]
        return p.rstrip()
    bad = 0
    if norm(bh) != norm(ah):
        print("the heads differ"); bad += 1
    for i in range(drawn):
        if norm(cut(bparts[i])) != norm(cut(aparts[i])):
            print("drawn part", i, "differs"); bad += 1
    links = re.findall(r'<a href="(/answer/[^"]*/report/(\d+))">open this report</a>', after)
    assert len(links) == n - drawn, (len(links), n - drawn)
    for href, i in links:
        one = get(ua + href.lstrip("/"))
        _, ps = parts(one)
        assert len(ps) == 1
        if norm(cut(ps[0])) != norm(cut(bparts[int(i)])):
            if bad < 3: print("part", i, "on its own page differs")
            bad += 1
    # Downloads: the before page's data: URLs against the after server's.
    bdl = re.findall(r'download="([^"]*)" href="data:[^",]*?;base64,([^"]*)"', before)
    adl = dict(re.findall(r'download="([^"]*)" href="(/answer/[^"]*)"', after))
    for href, _ in links:
        adl.update(re.findall(r'download="([^"]*)" href="(/answer/[^"]*)"', get(ua + href.lstrip("/"))))
    checked = 0
    for name, data in bdl:
        body = base64.b64decode(data).decode()
        got = get(ua + adl[name].lstrip("/"))
        if untimed(body) != untimed(got):
            if bad < 3:
                print("download", name, "differs")
            bad += 1
        checked += 1
    print(f"{drawn} drawn parts, {len(links)} parts on their own pages, {checked} downloads compared: {bad} differences")
finally:
    pb.kill(); pa.kill()
