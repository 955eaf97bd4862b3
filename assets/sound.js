/* Table Games sounds: short original cues, synthesised in the browser (Web Audio API).
 *
 * No audio file: every cue is a few oscillator notes or a filtered noise burst, under
 * 0.6 s, played quietly (VOLUME). Loaded once from the page's <head> (tablegames.py).
 *
 * What plays: the hidden element #tg-cues carries this screen's cue feed in data-feed
 * (tablegames/games/cues.py builds it from the game's cues.json; components/sound.py
 * renders it):  {"at": version, "move": fingerprint, "cues": [{"id", "cue"}], "held": [...]}.
 *   - the first feed a page sees is only remembered (a reload or a reconnect replays nothing);
 *   - a cue plays once, when its id is newer than every id seen, unless the feed repeats the
 *     last move (same "move": a version that changed nothing in the game);
 *   - a "held" cue (this phone's turn) plays when it starts holding.
 * Mute: any [data-tg-mute] button toggles it; kept on the device (localStorage tg_sound_muted)
 * and shown on the buttons as aria-pressed="true". Browsers start audio only after a user
 * gesture: the first tap or key anywhere unlocks it.
 * For tests and curious people: window.tgSound.log (the last cues: name, id, muted, state).
 */
(function () {
  "use strict";
  if (window.tgSound) return;

  var KEY = "tg_sound_muted";
  var VOLUME = 0.18; // master gain: quiet by default
  var GAP = 0.16; // seconds between two cues of one move
  var ctx = null;
  var master = null;
  var noiseBuffer = null;

  function audio() {
    if (ctx) return ctx;
    var AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    try {
      ctx = new AC();
    } catch (e) {
      return null;
    }
    master = ctx.createGain();
    master.gain.value = VOLUME;
    master.connect(ctx.destination);
    return ctx;
  }

  function unlock() {
    if (muted()) return;
    var c = audio();
    if (c && c.state === "suspended") c.resume().catch(function () {});
  }

  // -- the instruments: a note with a soft envelope, a filtered noise burst --------------
  function tone(t, freq, dur, o) {
    o = o || {};
    var osc = ctx.createOscillator();
    var env = ctx.createGain();
    osc.type = o.type || "sine";
    osc.frequency.setValueAtTime(freq, t);
    if (o.to) osc.frequency.exponentialRampToValueAtTime(o.to, t + dur);
    env.gain.setValueAtTime(0.0001, t);
    env.gain.exponentialRampToValueAtTime(o.gain || 0.5, t + (o.attack || 0.01));
    env.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    osc.connect(env);
    env.connect(master);
    osc.start(t);
    osc.stop(t + dur + 0.02);
  }

  function noise(t, dur, o) {
    if (!noiseBuffer) {
      var n = ctx.sampleRate >> 1; // half a second of white noise, made once
      noiseBuffer = ctx.createBuffer(1, n, ctx.sampleRate);
      var d = noiseBuffer.getChannelData(0);
      for (var i = 0; i < n; i++) d[i] = Math.random() * 2 - 1;
    }
    var src = ctx.createBufferSource();
    var band = ctx.createBiquadFilter();
    var env = ctx.createGain();
    src.buffer = noiseBuffer;
    band.type = "bandpass";
    band.Q.value = o.q || 1;
    band.frequency.setValueAtTime(o.f, t);
    if (o.to) band.frequency.exponentialRampToValueAtTime(o.to, t + dur);
    env.gain.setValueAtTime(0.0001, t);
    env.gain.exponentialRampToValueAtTime(o.gain || 0.5, t + 0.006);
    env.gain.exponentialRampToValueAtTime(0.0001, t + dur);
    src.connect(band);
    band.connect(env);
    env.connect(master);
    src.start(t);
    src.stop(t + dur + 0.02);
  }

  function notes(t, freqs, step, dur, o) {
    freqs.forEach(function (f, i) {
      tone(t + i * step, f, i === freqs.length - 1 ? dur * 1.6 : dur, o);
    });
  }

  // -- the cues (names: tablegames/games/cues.py CUES) -----------------------------------
  var SOUNDS = {
    your_turn: function (t) { notes(t, [659, 880], 0.11, 0.2, { gain: 0.45 }); },
    card_played: function (t) {
      noise(t, 0.09, { f: 2600, to: 900, q: 0.8, gain: 0.6 });
      tone(t, 170, 0.09, { to: 90, gain: 0.45 });
    },
    draw: function (t) { noise(t, 0.16, { f: 700, to: 3200, q: 1.4, gain: 0.5 }); },
    uno: function (t) { notes(t, [784, 988, 1319], 0.07, 0.16, { type: "triangle", gain: 0.4 }); },
    caught: function (t) {
      tone(t, 392, 0.15, { type: "triangle", gain: 0.5 });
      tone(t + 0.15, 311, 0.3, { type: "triangle", to: 277, gain: 0.5 });
    },
    challenge: function (t) { notes(t, [440, 349, 440], 0.12, 0.11, { type: "triangle", gain: 0.4 }); },
    reveal: function (t) {
      tone(t, 300, 0.34, { to: 1200, gain: 0.32 });
      tone(t + 0.3, 1568, 0.24, { gain: 0.25 });
    },
    race_won: function (t) { notes(t, [523, 659, 784], 0.1, 0.13, { type: "triangle", gain: 0.45 }); },
    pair_found: function (t) {
      tone(t, 1047, 0.3, { gain: 0.4 });
      tone(t, 2094, 0.16, { gain: 0.12 });
      tone(t + 0.12, 1568, 0.4, { gain: 0.36 });
    },
    correct: function (t) { notes(t, [784, 1175], 0.1, 0.16, { gain: 0.4 }); },
    word_scored: function (t) { notes(t, [587, 740, 880], 0.08, 0.11, { gain: 0.4 }); },
    score: function (t) { notes(t, [880, 1319], 0.09, 0.12, { type: "square", gain: 0.12 }); },
    miss: function (t) { notes(t, [330, 262], 0.14, 0.18, { gain: 0.35 }); },
    tile_placed: function (t) {
      tone(t, 1400, 0.05, { to: 700, gain: 0.4 });
      noise(t, 0.04, { f: 3000, q: 2, gain: 0.35 });
    },
    flip: function (t) { noise(t, 0.12, { f: 1500, to: 5000, q: 2, gain: 0.4 }); },
    game_won: function (t) {
      notes(t, [523, 659, 784, 1047], 0.09, 0.2, { type: "triangle", gain: 0.42 });
      tone(t + 0.27, 2093, 0.3, { gain: 0.1 });
    },
    game_over: function (t) {
      tone(t, 523, 0.3, { gain: 0.32 });
      tone(t + 0.15, 392, 0.42, { gain: 0.32 });
    },
  };

  // -- playing -------------------------------------------------------------------------
  var api = { log: [], sounds: Object.keys(SOUNDS) };

  function muted() {
    try {
      return window.localStorage.getItem(KEY) === "1";
    } catch (e) {
      return false;
    }
  }

  function play(names, meta) {
    var off = muted();
    var c = off ? null : audio();
    var state = c ? c.state : off ? "muted" : "none";
    if (c && state === "suspended") c.resume().catch(function () {});
    names.forEach(function (name, i) {
      var ok = !off && c && c.state === "running" && SOUNDS[name];
      if (ok) SOUNDS[name](c.currentTime + 0.01 + i * GAP);
      api.log.push({ cue: name, id: meta.ids ? meta.ids[i] : null, source: meta.source,
                     muted: off, state: state, played: !!ok });
    });
    if (api.log.length > 50) api.log.splice(0, api.log.length - 50);
    api.last = api.log[api.log.length - 1] || null;
  }

  // -- the feed ------------------------------------------------------------------------
  var seen = null; // {at, move, id, held}

  function maxId(cues) {
    return cues.reduce(function (m, c) { return Math.max(m, c.id); }, -1);
  }

  function feed(data) {
    if (!data || typeof data.at !== "number") return;
    var cues = data.cues || [];
    var held = data.held || [];
    if (seen === null || data.at < seen.at) { // first sight, or another room: remember only
      seen = { at: data.at, move: data.move, id: maxId(cues), held: held };
      return;
    }
    if (data.at === seen.at) return; // the same version again (a re-render)
    var names = [];
    var ids = [];
    if (data.move !== seen.move) {
      cues.forEach(function (c) {
        if (c.id > seen.id && names.indexOf(c.cue) < 0) { names.push(c.cue); ids.push(c.id); }
      });
    }
    held.forEach(function (h) {
      if (seen.held.indexOf(h) < 0 && names.indexOf(h) < 0) { names.push(h); ids.push(null); }
    });
    seen = { at: data.at, move: data.move, id: Math.max(seen.id, maxId(cues)), held: held };
    if (names.length) play(names, { ids: ids, source: "feed" });
  }

  // -- the page: the feed element, the mute buttons ------------------------------------
  var lastText = null;

  function scan() {
    var el = document.getElementById("tg-cues");
    var text = el ? el.getAttribute("data-feed") : null;
    if (text && text !== lastText) {
      lastText = text;
      try {
        feed(JSON.parse(text));
      } catch (e) { /* not a feed: nothing plays */ }
    }
    var pressed = String(muted());
    var buttons = document.querySelectorAll("[data-tg-mute]");
    for (var i = 0; i < buttons.length; i++) {
      if (buttons[i].getAttribute("aria-pressed") !== pressed) buttons[i].setAttribute("aria-pressed", pressed);
    }
  }

  function toggle(event) {
    var button = event.target && event.target.closest && event.target.closest("[data-tg-mute]");
    if (!button) return;
    try {
      window.localStorage.setItem(KEY, muted() ? "0" : "1");
    } catch (e) { /* private mode: the choice lasts for this page */ }
    scan();
    if (!muted()) { unlock(); play(["your_turn"], { source: "unmute" }); } // sound is back: a taste of it
  }

  ["pointerdown", "keydown", "touchend"].forEach(function (type) {
    document.addEventListener(type, unlock, { capture: true, passive: true });
  });
  document.addEventListener("click", toggle);

  function start() {
    scan();
    new MutationObserver(scan).observe(document.documentElement, {
      subtree: true, childList: true, attributes: true, attributeFilter: ["data-feed", "data-tg-mute"],
    });
  }

  api.feed = feed;
  api.play = function (name) { play([name], { source: "api" }); };
  api.muted = muted;
  window.tgSound = api;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
