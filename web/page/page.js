// trfkit's local page in the browser. trfkit itself (the WebAssembly
// module, base64 in this document: a page opened from disk may load
// nothing else) runs in a worker (worker.js) and draws the page of
// `trf serve`; this script hands it the files a person chooses or drops,
// shows the page it draws, asks for each report's part of the page when it
// comes into view and for each download when it is clicked. Nothing is
// sent anywhere.
"use strict";
(function () {
  // The words of `trf serve` when the check itself fails.
  const FAULT = ["trfkit failed while checking these files",
    "This is a fault in trfkit, not in your files. Please report it with the files attached; the command line (`trf check`) may still work. Reload the page to check other files."];

  let busy = false;
  // Each check's placeholders ask for that check's reports only.
  let generation = 0;
  let observer = null;
  let worker = null;
  let nextId = 1;
  const waiting = new Map();

  // Asks the worker; the answer's promise.
  function ask(message) {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage(Object.assign({ id }, message));
    });
  }

  // Shows a page the module drew: its title, its styles, its body.
  function show(html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    document.title = doc.title;
    const style = doc.querySelector("head style");
    if (style) document.getElementById("trfkit-style").textContent = style.textContent;
    document.body.replaceWith(document.adoptNode(doc.body));
    wire();
    watch();
  }

  // Each report's and each rating period's placeholder is replaced by its
  // part of the page when it comes within a screen of the view (a link of
  // the overview leads there).
  function watch() {
    if (observer) observer.disconnect();
    const gen = generation;
    const held = document.querySelectorAll("div.pending");
    if (held.length === 0) return;
    observer = new IntersectionObserver((entries, o) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        o.unobserve(e.target);
        draw(e.target, gen);
      }
    }, { rootMargin: "100% 0px" });
    held.forEach((p) => observer.observe(p));
  }

  async function draw(holder, gen) {
    let answer;
    try {
      answer = holder.dataset.period !== undefined
        ? await ask({ op: "period", index: Number(holder.dataset.period) })
        : await ask({ op: "report", index: Number(holder.dataset.report) });
    } catch (e) {
      console.error(e);
      if (gen === generation) problem(FAULT[0], FAULT[1]);
      return;
    }
    if (gen !== generation || !holder.isConnected) return;
    const t = document.createElement("template");
    t.innerHTML = answer.html;
    holder.replaceWith(t.content);
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

  // Checks the files in the worker and shows the page it draws.
  async function check(reports, list, registrations, published) {
    if (busy || reports.length === 0) return;
    busy = true;
    const button = document.querySelector("form.upload button");
    if (button) { button.disabled = true; button.textContent = "Checking…"; }
    try {
      const answer = await ask({ op: "check", reports: [...reports], list: list || null, registrations: registrations || null, published: published || null, now: Date.now() });
      generation++;
      show(answer.html);
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
      const registrations = form.querySelector("#registrations").files[0];
      const published = form.querySelector("#published").files[0];
      check(form.querySelector("#trf").files, list, registrations, published);
    });
  }

  // A download is made when it is clicked, from the reports the worker
  // keeps, and saved under its name.
  document.addEventListener("click", async (ev) => {
    const a = ev.target instanceof Element && ev.target.closest("a[href^='#download-']");
    if (!a) return;
    ev.preventDefault();
    const m = /^#download-(?:(\d+)-(\d+)|month-(\d+))$/.exec(a.getAttribute("href"));
    if (!m) return;
    const request = m[3] !== undefined
      ? { op: "download", index: Number(m[3]), kind: "month" }
      : { op: "download", index: Number(m[1]), kind: Number(m[2]) };
    let answer;
    try {
      answer = await ask(request);
    } catch (e) {
      console.error(e);
      problem(FAULT[0], FAULT[1]);
      return;
    }
    if (!answer.file) return;
    const [name, mime, body] = answer.file;
    const url = URL.createObjectURL(new Blob([body], { type: mime }));
    const save = document.createElement("a");
    save.href = url;
    save.download = name;
    save.style.display = "none";
    document.body.append(save);
    save.click();
    save.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  });

  // Files dropped anywhere on the page but on a file box (which takes them
  // itself) are checked as reports, with the rating list, the
  // registrations file and the published list chosen, if any.
  window.addEventListener("dragover", (ev) => {
    if (!(ev.target instanceof HTMLInputElement)) ev.preventDefault();
  });
  window.addEventListener("drop", (ev) => {
    if (ev.target instanceof HTMLInputElement) return;
    ev.preventDefault();
    const files = ev.dataTransfer ? ev.dataTransfer.files : [];
    const list = document.querySelector("form.upload #list");
    const registrations = document.querySelector("form.upload #registrations");
    const published = document.querySelector("form.upload #published");
    check(files, list && list.files[0], registrations && registrations.files[0], published && published.files[0]);
  });

  // Offline after the first visit when served over http(s): a service
  // worker keeps this page (file:// needs none).
  if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("offline copy not kept:", e));
  }

  function cannotStart(e) {
    console.error(e);
    const l = document.getElementById("trfkit-loading");
    if (l) l.textContent = "This browser could not start trfkit (it needs WebAssembly and workers). Use the trf program instead.";
  }

  const source = document.getElementById("trfkit-wasm");
  const module = source.textContent.trim();
  source.remove();
  const code = document.getElementById("trfkit-worker");
  try {
    worker = new Worker(URL.createObjectURL(new Blob([code.textContent], { type: "text/javascript" })));
  } catch (e) {
    cannotStart(e);
    return;
  }
  code.remove();
  worker.onmessage = (ev) => {
    const w = waiting.get(ev.data.id);
    if (!w) return;
    waiting.delete(ev.data.id);
    if (ev.data.error !== undefined) w.reject(new Error(ev.data.error)); else w.resolve(ev.data);
  };
  worker.onerror = (e) => {
    for (const w of waiting.values()) w.reject(e);
    waiting.clear();
  };
  ask({ op: "start", module, now: Date.now() }).then((answer) => show(answer.html), cannotStart);
})();
