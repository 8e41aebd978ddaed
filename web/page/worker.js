// trfkit's worker: the WebAssembly module (trfkit itself) runs here, off
// the page's own thread, so that the page stays responsive while many
// reports are read and checked. The page asks (`op`), the worker answers
// with the same `id`; requests are handled one after the other.
//
// - start: the module (base64) is started; the page with its form.
// - check: the files chosen or dropped (File objects, read here: the
//   reports, the rating list, the registrations file, the list FIDE
//   published) are checked; the
//   page with a placeholder for each report.
// - report, period: one report's part of the page, or one rating period's,
//   drawn when it comes into view.
// - download: one download of one report (or of several reports' tables,
//   kind "month"), made when it is clicked.
"use strict";
let checked = null;
let queue = Promise.resolve();

async function handle(m) {
  switch (m.op) {
    case "start": {
      const bin = atob(m.module);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      await wasm_bindgen({ module_or_path: bytes });
      const blank = new wasm_bindgen.Page().check(m.now);
      const html = blank.html();
      blank.free();
      return { html };
    }
    case "check": {
      if (checked) { checked.free(); checked = null; }
      const page = new wasm_bindgen.Page();
      // A plain list (TXT or XML: FIDE's full list is about 317 MB) is read
      // in pieces while it is scanned, never whole, and is not counted in
      // the bound of the files; a zip is read whole.
      const stream = m.list && !(await isZip(m.list));
      const streamPublished = m.published && !(await isZip(m.published));
      // Sizes first: files that do not fit together are not read at all.
      const files = m.reports.map((f) => [f, "report"]);
      if (m.list && !stream) files.push([m.list, "list"]);
      if (m.registrations) files.push([m.registrations, "registrations"]);
      if (m.published && !streamPublished) files.push([m.published, "published"]);
      if (!fitsTogether(page, files)) {
        page.refuse();
      } else {
        for (const [f, kind] of files) {
          const bytes = new Uint8Array(await f.arrayBuffer());
          if (kind === "list") page.set_list(f.name, bytes);
          else if (kind === "registrations") page.set_registrations(f.name, bytes);
          else if (kind === "published") page.set_published(f.name, bytes);
          else page.add_report(f.name, bytes);
        }
        if (stream) page.set_list_stream(m.list.name, pieces(m.list));
        if (streamPublished) page.set_published_stream(m.published.name, pieces(m.published));
      }
      checked = page.check(m.now);
      return { html: checked.html(), reports: checked.reports() };
    }
    case "report":
      return { html: checked ? checked.report(m.index) : "" };
    case "period":
      return { html: checked ? checked.period(m.index) : "" };
    case "download":
      if (!checked) return { file: undefined };
      return { file: m.kind === "month" ? checked.download_table(m.index) : checked.download(m.index, m.kind) };
    default:
      throw new Error("unknown request " + m.op);
  }
}

// Whether a file is a zip (its first bytes).
async function isZip(file) {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head.length === 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4;
}

// A file read in pieces, as the module asks for them (`read(max)`).
function pieces(file) {
  const reader = new FileReaderSync();
  let at = 0;
  return {
    read(max) {
      const end = Math.min(file.size, at + max);
      const piece = new Uint8Array(reader.readAsArrayBuffer(file.slice(at, end)));
      at = end;
      return piece;
    },
  };
}

// The files' sizes added up fit the module's bound (each is counted in as
// it is read; this refuses before reading any).
function fitsTogether(page, files) {
  const total = files.reduce((n, [f]) => n + f.size, 0);
  return page.fits(total);
}

self.onmessage = (ev) => {
  const m = ev.data;
  queue = queue.then(() => handle(m)).then(
    (answer) => self.postMessage(Object.assign({ id: m.id }, answer)),
    (e) => self.postMessage({ id: m.id, error: String(e && e.stack || e) }));
};
