// trfkit's local page in the browser. The WebAssembly module (trfkit
// itself, base64 in this document: a page opened from disk may load
// nothing else) draws the page of `trf serve`; this script reads the files
// a person chooses or drops, hands them to the module and shows the page
// it draws. Nothing is sent anywhere.
"use strict";
(function () {
  // The words of `trf serve` when the check itself fails.
  const FAULT = ["trfkit failed while checking these files",
    "This is a fault in trfkit, not in your files. Please report it with the files attached; the command line (`trf check`) may still work. Reload the page to check other files."];

  let busy = false;

  // Shows a page the module drew: its title, its styles, its body.
  function show(html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    document.title = doc.title;
    const style = doc.querySelector("head style");
    if (style) document.getElementById("trfkit-style").textContent = style.textContent;
    document.body.replaceWith(document.adoptNode(doc.body));
    wire();
  }

  // A problem above the form, when the module could not draw the page.
  function problem(head, text) {
    const s = document.createElement("section");
    s.className = "problem";
    s.setAttribute("role", "alert");
    const b = document.createElement("b");
    b.textContent = head;
    const p = document.createElement("p");
    p.textContent = text;
    s.append(b, p);
    const at = document.querySelector("form.upload") || document.querySelector("main");
    at.after(s);
  }

  // Reads the files and shows the page checked with them.
  async function check(reports, list) {
    if (busy || reports.length === 0) return;
    busy = true;
    const button = document.querySelector("form.upload button");
    if (button) { button.disabled = true; button.textContent = "Checking…"; }
    try {
      const page = new wasm_bindgen.Page();
      // Sizes first: files that do not fit together are not read at all.
      const files = [...reports].map((f) => [f, false]);
      if (list) files.push([list, true]);
      let fits = true;
      for (const [f] of files) {
        if (!page.fits(f.size)) { fits = false; break; }
      }
      if (!fits) {
        page.refuse();
      } else {
        for (const [f, isList] of files) {
          const bytes = new Uint8Array(await f.arrayBuffer());
          if (isList) page.set_list(f.name, bytes); else page.add_report(f.name, bytes);
        }
      }
      show(page.html(Date.now()));
      window.scrollTo(0, 0);
    } catch (e) {
      console.error(e);
      if (button) { button.disabled = false; button.textContent = "Check"; }
      problem(FAULT[0], FAULT[1]);
    } finally {
      busy = false;
    }
  }

  // The form of the page just shown: Check reads its files here.
  function wire() {
    const form = document.getElementById("upload");
    if (!form) return;
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const list = form.querySelector("#list").files[0];
      check(form.querySelector("#trf").files, list);
    });
  }

  // Files dropped anywhere on the page but on a file box (which takes them
  // itself) are checked as reports, with the rating list chosen, if any.
  window.addEventListener("dragover", (ev) => {
    if (!(ev.target instanceof HTMLInputElement)) ev.preventDefault();
  });
  window.addEventListener("drop", (ev) => {
    if (ev.target instanceof HTMLInputElement) return;
    ev.preventDefault();
    const files = ev.dataTransfer ? ev.dataTransfer.files : [];
    const list = document.querySelector("form.upload #list");
    check(files, list && list.files[0]);
  });

  // Offline after the first visit when served over http(s): a service
  // worker keeps this page (file:// needs none).
  if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("offline copy not kept:", e));
  }

  const source = document.getElementById("trfkit-wasm");
  const text = source.textContent.trim();
  source.remove();
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  wasm_bindgen({ module_or_path: bytes }).then(
    () => show(new wasm_bindgen.Page().html(Date.now())),
    (e) => {
      console.error(e);
      const l = document.getElementById("trfkit-loading");
      if (l) l.textContent = "This browser could not start trfkit (it needs WebAssembly). Use the trf program instead.";
    });
})();
