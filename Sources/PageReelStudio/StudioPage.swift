/// The studio's page: one HTML file with its style and script, served from the binary (no network,
/// no build step). It shows the frames the server renders — the export's own — and keeps its
/// state in `window.studio` for scripts and tests.
enum StudioPage {
    /// Only this page's own inline code, and requests to its own origin.
    static let contentSecurityPolicy = "default-src 'none'; img-src 'self' blob: data:; connect-src 'self'; "
        + "style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; "
        + "frame-ancestors 'none'"

    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>pagereel studio</title>
<link rel="icon" href="data:,">
<style>
  :root { color-scheme: dark; --bar: #16191d; --line: #2a2f36; --text: #d8dde3; --dim: #8a939d; --accent: #4ea1ff; }
  * { box-sizing: border-box; }
  [hidden] { display: none !important; }
  html, body { margin: 0; height: 100%; background: #0d0f12; color: var(--text);
    font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { display: flex; flex-direction: column; }
  header { display: flex; align-items: center; gap: 12px; padding: 6px 12px; background: var(--bar);
    border-bottom: 1px solid var(--line); flex-wrap: wrap; }
  header .name { font-weight: 600; }
  header .deck { color: var(--dim); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 40vw; }
  header .spacer { flex: 1; }
  select, button, label.toggle { background: #22262c; color: var(--text); border: 1px solid var(--line);
    border-radius: 5px; padding: 3px 8px; font: inherit; }
  button { cursor: pointer; min-width: 30px; }
  button:hover, select:hover { border-color: #3c434c; }
  label.toggle { display: inline-flex; gap: 5px; align-items: center; cursor: pointer; }
  #stage { flex: 1; position: relative; display: flex; align-items: center; justify-content: center;
    overflow: hidden; min-height: 0; }
  #frame { display: block; background: #000; box-shadow: 0 4px 30px rgba(0,0,0,.5); }
  #safe { position: absolute; pointer-events: none; display: none; }
  #safe div { position: absolute; border: 1px dashed rgba(255, 220, 80, .85); }
  #safe .action { left: 5%; top: 5%; right: 5%; bottom: 5%; }
  #safe .title { left: 10%; top: 10%; right: 10%; bottom: 10%; border-color: rgba(80, 220, 255, .85); }
  #safe span { position: absolute; left: 4px; top: 2px; font-size: 11px; color: rgba(255,255,255,.8); }
  #errors { position: absolute; left: 16px; right: 16px; bottom: 16px; max-height: 60%; overflow: auto;
    display: none; background: rgba(40, 8, 10, .94); border: 1px solid #b3323c; border-radius: 8px;
    padding: 10px 14px; box-shadow: 0 6px 30px rgba(0,0,0,.6); }
  #errors h2 { margin: 0 0 6px; font-size: 13px; color: #ff8a8f; }
  #errors pre { margin: 0; white-space: pre-wrap; word-break: break-word;
    font: 12px/1.5 ui-monospace, "DejaVu Sans Mono", Menlo, monospace; color: #ffd6d8; }
  #loading { position: absolute; top: 10px; right: 14px; color: var(--dim); font-size: 12px; display: none; }
  footer { background: var(--bar); border-top: 1px solid var(--line); padding: 8px 12px 10px; }
  .controls { display: flex; align-items: center; gap: 8px; }
  #clock { font-variant-numeric: tabular-nums; color: var(--text); min-width: 260px; }
  #track { position: relative; height: 34px; margin-top: 8px; cursor: pointer; user-select: none; touch-action: none; }
  #rail { position: absolute; left: 0; right: 0; top: 14px; height: 6px; background: #2b3138; border-radius: 3px; }
  #fill { position: absolute; left: 0; top: 14px; height: 6px; background: var(--accent); border-radius: 3px; }
  #head { position: absolute; top: 6px; width: 2px; height: 22px; background: #fff; margin-left: -1px; }
  .step { position: absolute; top: 2px; width: 1px; height: 10px; background: #e0b64a; }
  .step::after { content: attr(data-kind); position: absolute; top: -1px; left: 3px; font-size: 9px;
    color: #c9a443; white-space: nowrap; pointer-events: none; }
  .page { position: absolute; top: 22px; width: 7px; height: 7px; margin-left: -3.5px; border-radius: 50%;
    background: #6fd08c; }
  .keys { color: var(--dim); font-size: 11px; margin-left: auto; }
  a.button { color: var(--text); text-decoration: none; background: #22262c; border: 1px solid var(--line);
    border-radius: 5px; padding: 3px 8px; }
</style>
</head>
<body>
<header>
  <span class="name">pagereel studio</span>
  <span class="deck" id="deckName"></span>
  <span class="spacer"></span>
  <label id="localeBox" hidden>Locale <select id="locale"></select></label>
  <label>Target <select id="target"><option value="">none</option></select></label>
  <label class="toggle"><input type="checkbox" id="safeToggle"> Safe area</label>
  <label class="toggle" id="deviceBox" hidden><input type="checkbox" id="deviceToggle" checked> Device</label>
  <a class="button" id="download" download>Download PNG</a>
</header>
<div id="stage">
  <canvas id="frame" width="16" height="16" aria-label="frame"></canvas>
  <div id="safe"><div class="action"><span>action safe 90%</span></div><div class="title"><span>title safe 80%</span></div></div>
  <div id="loading">rendering…</div>
  <div id="errors" role="alert"><h2>The deck has errors; showing its last good version</h2><pre id="errorText"></pre></div>
</div>
<footer>
  <div class="controls">
    <button id="start" title="First frame (Home)">⏮</button>
    <button id="back" title="Previous frame (←)">◀︎</button>
    <button id="play" title="Play / pause (Space)">▶︎</button>
    <button id="forward" title="Next frame (→)">▶︎|</button>
    <button id="end" title="Last frame (End)">⏭</button>
    <span id="clock">–</span>
    <span class="keys">Space play · ←/→ frame · Shift+←/→ second · Home/End · J/K/L</span>
  </div>
  <div id="track"><div id="rail"></div><div id="fill"></div><div id="marks"></div><div id="head"></div></div>
</footer>
<script>
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const canvas = $("frame"), ctx = canvas.getContext("2d");
  const params = new URLSearchParams(location.search);
  // The token stays in the cookie the server set; the address bar keeps only the frame.
  if (params.has("token")) history.replaceState(null, "", location.pathname + location.hash);

  const studio = window.studio = {
    deck: null, generation: 0, loadedGeneration: 0, errors: [], frame: 0, playing: false, rate: 1,
    shownFrame: -1, shownGeneration: -1, shownFormat: "", shownLocale: "", shownTarget: "", shownDevice: true, requestWidth: 0, received: 0, failed: 0,
    locale: params.get("locale") || "", target: params.get("target") || "", device: true, safeArea: false,
    ready: false,
  };
  const cache = new Map();          // key -> ImageBitmap, oldest first
  const cacheLimit = 160;
  const inflight = new Map();       // key -> AbortController
  let seekController = null;
  let scrubbing = false;
  let playStart = 0, playFrom = 0;

  const hashFrame = () => {
    const m = /(?:^#|&)frame=(\d+)/.exec(location.hash);
    return m ? parseInt(m[1], 10) : null;
  };
  const query = (extra) => {
    const q = new URLSearchParams();
    if (studio.locale) q.set("locale", studio.locale);
    if (studio.target) q.set("target", studio.target);
    if (!studio.device) q.set("device", "off");
    for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
    return q.toString();
  };
  const frameURL = (n, format, width) =>
    `/frame/${n}.${format}?` + query({ width: width, g: studio.loadedGeneration });
  const keyOf = (n, format) =>
    `${studio.loadedGeneration}|${studio.locale}|${studio.target}|${studio.device}|${studio.requestWidth}|${n}|${format}`;

  function layout() {
    const d = studio.deck;
    if (!d || !d.width) return;
    const stage = $("stage").getBoundingClientRect();
    const scale = Math.min((stage.width - 32) / d.width, (stage.height - 32) / d.height, 1);
    const cssW = Math.max(16, Math.floor(d.width * scale)), cssH = Math.max(16, Math.round(cssW * d.height / d.width));
    canvas.style.width = cssW + "px";
    canvas.style.height = cssH + "px";
    const safe = $("safe");
    safe.style.width = cssW + "px";
    safe.style.height = cssH + "px";
    let w = Math.min(d.width, Math.round(cssW * (window.devicePixelRatio || 1)));
    w = Math.max(16, w - (w % 2));
    if (w !== studio.requestWidth) {
      studio.requestWidth = w;
      canvas.width = w;
      canvas.height = Math.round(w * d.height / d.width);
      clearCache();
      show(studio.frame, true);
    }
  }

  function clearCache() {
    for (const bitmap of cache.values()) bitmap.close && bitmap.close();
    cache.clear();
    for (const c of inflight.values()) c.abort();
    inflight.clear();
  }

  function remember(key, bitmap) {
    cache.set(key, bitmap);
    while (cache.size > cacheLimit) {
      const [oldest, old] = cache.entries().next().value;
      cache.delete(oldest);
      old.close && old.close();
    }
  }

  async function fetchFrame(n, format, controller) {
    const key = keyOf(n, format);
    const generation = studio.loadedGeneration;
    inflight.set(key, controller);
    try {
      const response = await fetch(frameURL(n, format, studio.requestWidth), { signal: controller.signal });
      if (!response.ok) { studio.failed++; return null; }
      const bitmap = await createImageBitmap(await response.blob());
      // A frame of another version, locale, target, device or width than now is dropped.
      if (generation !== studio.loadedGeneration || keyOf(n, format) !== key) { bitmap.close(); return null; }
      studio.received++;
      remember(key, bitmap);
      return bitmap;
    } catch (error) {
      if (error.name !== "AbortError") studio.failed++;
      return null;
    } finally {
      if (inflight.get(key) === controller) inflight.delete(key);
    }
  }

  function draw(bitmap, n, format) {
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    studio.shownFrame = n;
    studio.shownGeneration = studio.loadedGeneration;
    studio.shownFormat = format;
    studio.shownLocale = studio.locale;
    studio.shownTarget = studio.target;
    studio.shownDevice = studio.device;
  }

  // Shows frame n: from the cache, or fetched, cancelling an older seek (its render is skipped).
  // Paused, the JPEG comes first (a few milliseconds) and the PNG, the exact frame, replaces it.
  // The same frame asked for again while it is on its way is waited for, not asked for twice.
  let seekKey = "", seekPromise = null;
  async function show(n, exact) {
    const d = studio.deck;
    if (!d || !d.frames || !studio.requestWidth) return;
    const format = studio.playing || scrubbing ? "jpg" : "png";
    const key = keyOf(n, format);
    const cached = cache.get(key);
    if (cached) { draw(cached, n, format); return; }
    if (studio.playing) return;   // the player's prefetch brings it
    if (seekController && seekKey === key && seekPromise) return seekPromise;
    if (seekController) seekController.abort();
    const controller = seekController = new AbortController();
    seekKey = key;
    const run = (async () => {
      $("loading").style.display = "block";
      if (format === "png") {
        const quick = cache.get(keyOf(n, "jpg")) || await fetchFrame(n, "jpg", controller);
        if (quick && controller === seekController && n === studio.frame && !studio.playing) draw(quick, n, "jpg");
      }
      const bitmap = controller.signal.aborted ? null : await fetchFrame(n, format, controller);
      if (controller === seekController) { seekController = null; seekPromise = null; $("loading").style.display = "none"; }
      if (bitmap && n === studio.frame && !studio.playing) draw(bitmap, n, format);
      else if (bitmap && exact && n === studio.frame) draw(bitmap, n, format);
    })();
    seekPromise = run;
    return run;
  }

  function setFrame(n, options) {
    const d = studio.deck;
    if (!d || !d.frames) return;
    n = Math.max(0, Math.min(d.frames - 1, Math.round(n)));
    studio.frame = n;
    updateClock();
    if (!options || !options.fromPlayer) show(n);
    if (!studio.playing) writeHash();
  }

  let hashTimer = 0;
  function writeHash() {
    const hash = `#frame=${studio.frame}`;
    if (location.hash !== hash) history.replaceState(null, "", location.pathname + location.search + hash);
  }

  function updateClock() {
    const d = studio.deck;
    if (!d || !d.frames) { $("clock").textContent = "–"; return; }
    const t = studio.frame / d.fps;
    $("clock").textContent = `${t.toFixed(2)} s / ${d.seconds.toFixed(2)} s · frame ${studio.frame} / ${d.frames - 1} · ${d.fps} fps`;
    const x = d.frames > 1 ? studio.frame / (d.frames - 1) : 0;
    $("fill").style.width = (x * 100) + "%";
    $("head").style.left = (x * 100) + "%";
    $("download").href = `/frame/${studio.frame}.png?` + query({ width: d.width, g: studio.loadedGeneration });
    $("download").download = `${(d.deck.split("/").pop() || "deck").replace(/\.json$/, "")}-frame-${studio.frame}.png`;
  }

  // Playing: the clock runs at the deck's fps (times the rate, backwards for J); frames ahead of
  // the playhead are fetched a few at a time, and a frame not there in time is skipped.
  const prefetchAhead = 12, prefetchParallel = 4;
  function prefetch() {
    const d = studio.deck;
    const step = studio.rate < 0 ? -1 : 1;
    let busy = 0;
    for (const key of inflight.keys()) if (key.endsWith("|jpg")) busy++;
    for (let i = 1; i <= prefetchAhead && busy < prefetchParallel; i++) {
      let n = studio.frame + i * step * Math.max(1, Math.abs(studio.rate));
      if (n >= d.frames) n -= d.frames;
      if (n < 0) n += d.frames;
      const key = keyOf(n, "jpg");
      if (cache.has(key) || inflight.has(key)) continue;
      busy++;
      fetchFrame(n, "jpg", new AbortController());
    }
  }

  function tick(now) {
    if (!studio.playing) return;
    const d = studio.deck;
    const elapsed = (now - playStart) / 1000;
    let n = Math.round(playFrom + elapsed * d.fps * studio.rate);
    n = ((n % d.frames) + d.frames) % d.frames;
    if (n !== studio.frame) setFrame(n, { fromPlayer: true });
    const cached = cache.get(keyOf(n, "jpg"));
    if (cached && studio.shownFrame !== n) draw(cached, n, "jpg");
    prefetch();
    if (now - hashTimer > 250) { hashTimer = now; writeHash(); }
    requestAnimationFrame(tick);
  }

  function play(rate) {
    if (!studio.deck || !studio.deck.frames) return;
    if (seekController) { seekController.abort(); seekController = null; }
    $("loading").style.display = "none";
    studio.rate = rate || 1;
    playFrom = studio.frame;
    playStart = performance.now();
    if (!studio.playing) {
      studio.playing = true;
      $("play").textContent = "❚❚";
      requestAnimationFrame(tick);
    }
  }

  function pause() {
    if (!studio.playing) return;
    studio.playing = false;
    studio.rate = 1;
    $("play").textContent = "▶︎";
    for (const [key, c] of inflight) if (key.endsWith("|jpg")) c.abort();
    writeHash();
    show(studio.frame);
  }

  function marks() {
    const d = studio.deck, box = $("marks");
    box.textContent = "";
    if (!d || d.frames < 2) return;
    for (const s of d.steps) {
      const m = document.createElement("div");
      m.className = "step";
      m.style.left = (s.frame / (d.frames - 1) * 100) + "%";
      m.dataset.kind = s.kind;
      m.title = `script[${s.index}] ${s.kind} at ${s.time.toFixed(2)} s (frame ${s.frame})`;
      box.appendChild(m);
    }
    for (const e of d.events) {
      if (e.event !== "pageChanged") continue;
      const m = document.createElement("div");
      m.className = "page";
      m.style.left = (e.frame / (d.frames - 1) * 100) + "%";
      m.title = `page ${e.page} at ${e.time.toFixed(2)} s (frame ${e.frame})`;
      box.appendChild(m);
    }
  }

  function showErrors() {
    const box = $("errors");
    if (studio.errors.length) {
      $("errorText").textContent = studio.errors.join("\n");
      box.style.display = "block";
    } else {
      box.style.display = "none";
    }
  }

  async function loadDeck() {
    const response = await fetch("/deck?" + query());
    if (!response.ok) throw new Error(await response.text());
    const d = await response.json();
    const changed = !studio.deck || d.loadedGeneration !== studio.loadedGeneration || d.width !== studio.deck.width
      || d.height !== studio.deck.height || d.fps !== studio.deck.fps || d.frames !== studio.deck.frames;
    studio.generation = d.generation;
    studio.errors = d.errors;
    showErrors();
    if (!d.frames) { studio.deck = studio.deck || null; return; }
    studio.deck = d;
    studio.loadedGeneration = d.loadedGeneration;
    $("deckName").textContent = d.deck;
    document.title = `${d.deck.split("/").pop()} — pagereel studio`;
    const locales = $("locale");
    $("localeBox").hidden = d.locales.length < 2;
    if (locales.options.length !== d.locales.length) {
      locales.textContent = "";
      for (const code of d.locales) locales.add(new Option(code, code));
    }
    if (d.locale) { locales.value = d.locale; studio.locale = d.locale; }
    const targets = $("target");
    if (targets.options.length === 1) for (const name of d.targets) targets.add(new Option(name, name));
    targets.value = d.target || "";
    $("deviceBox").hidden = !d.device;
    if (changed) {
      clearCache();
      studio.requestWidth = 0;
      studio.frame = Math.min(studio.frame, d.frames - 1);
      layout();
    }
    marks();
    updateClock();
    studio.ready = true;
  }

  function seekFromPointer(event) {
    const d = studio.deck;
    if (!d) return;
    const r = $("track").getBoundingClientRect();
    const x = Math.max(0, Math.min(1, (event.clientX - r.left) / r.width));
    setFrame(x * (d.frames - 1));
  }

  $("track").addEventListener("pointerdown", (e) => {
    pause();
    scrubbing = true;
    $("track").setPointerCapture(e.pointerId);
    seekFromPointer(e);
  });
  $("track").addEventListener("pointermove", (e) => { if (scrubbing) seekFromPointer(e); });
  const endScrub = () => { if (scrubbing) { scrubbing = false; show(studio.frame); } };
  $("track").addEventListener("pointerup", endScrub);
  $("track").addEventListener("pointercancel", endScrub);

  $("play").onclick = () => studio.playing ? pause() : play(1);
  $("start").onclick = () => { pause(); setFrame(0); };
  $("end").onclick = () => { pause(); setFrame(Infinity); };
  $("back").onclick = () => { pause(); setFrame(studio.frame - 1); };
  $("forward").onclick = () => { pause(); setFrame(studio.frame + 1); };
  $("locale").onchange = (e) => { studio.locale = e.target.value; pause(); reload(); };
  $("target").onchange = (e) => { studio.target = e.target.value; pause(); reload(); };
  $("safeToggle").onchange = (e) => { studio.safeArea = e.target.checked; $("safe").style.display = e.target.checked ? "block" : "none"; };
  $("deviceToggle").onchange = (e) => { studio.device = e.target.checked; pause(); reload(); };

  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement || e.metaKey || e.ctrlKey || e.altKey) return;
    const d = studio.deck;
    if (!d) return;
    const second = d.fps;
    switch (e.key) {
      case " ": studio.playing ? pause() : play(1); break;
      case "ArrowLeft": pause(); setFrame(studio.frame - (e.shiftKey ? second : 1)); break;
      case "ArrowRight": pause(); setFrame(studio.frame + (e.shiftKey ? second : 1)); break;
      case "Home": pause(); setFrame(0); break;
      case "End": pause(); setFrame(d.frames - 1); break;
      case "k": case "K": pause(); break;
      case "l": case "L": play(studio.playing && studio.rate > 0 ? Math.min(studio.rate * 2, 4) : 1); break;
      case "j": case "J": play(studio.playing && studio.rate < 0 ? Math.max(studio.rate * 2, -4) : -1); break;
      default: return;
    }
    e.preventDefault();
  });

  window.addEventListener("hashchange", () => {
    const n = hashFrame();
    if (n !== null && n !== studio.frame) { pause(); setFrame(n); }
  });
  window.addEventListener("resize", () => layout());

  let reloading = Promise.resolve();
  function reload() {
    reloading = reloading.then(() => loadDeck()).then(() => { if (!studio.playing) show(studio.frame, true); })
      .catch((error) => { studio.errors = [String(error.message || error)]; showErrors(); });
    return reloading;
  }

  const events = new EventSource("/events");
  events.addEventListener("reload", () => reload());
  events.addEventListener("hello", (e) => {
    const g = JSON.parse(e.data).generation;
    if (studio.ready && g !== studio.generation) reload();
  });

  studio.frame = hashFrame() || 0;
  reload();
})();
</script>
</body>
</html>
"""#
}
