// Sounds for the game screens (plain JavaScript, loaded like motion.js), made with WebAudio: no files.
//
// The engine marks a screen's element with data-sound ("on" or "off", the menu's choice) and data-cue
// (the sound of the action it just applied: "card 12", "piece 13", "dice", "mark", "end"; the count
// makes the same sound twice a change): see web/screen.py and lostcities/ui/sound.py.  A watcher of
// that attribute plays the cue, whoever acted (a computer's move sounds when it is drawn, at its
// pace), at most one per batch of changes (a replay step is one).  Browsers let a page make sound
// only after the reader pressed or typed something: the AudioContext is made (or resumed) on such
// an input, and only while sound is on.  window.lcSounds lists the cues heard (for tests): name, and
// whether they were audible; window.lcSoundContexts counts the AudioContexts made.
(function () {
  "use strict";
  var VOLUME = 0.12;
  var context = null;
  var gesture = false;
  var heard = window.lcSounds = [];
  window.lcSoundContexts = 0;

  function soundOn() {
    return !!document.querySelector("[data-sound='on']");
  }

  // The AudioContext, made or resumed after an input only (null: none may play yet).
  function audio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context || !(gesture || (navigator.userActivation && navigator.userActivation.hasBeenActive))) return null;
    if (!context) {
      context = new Context();
      window.lcSoundContexts += 1;
    }
    if (context.state === "suspended") context.resume();
    return context;
  }

  // One tone: a frequency gliding to `to`, with a quick attack and an exponential fade.
  function tone(ctx, at, type, from, to, length, level) {
    var osc = ctx.createOscillator();
    var gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(from, at);
    osc.frequency.exponentialRampToValueAtTime(to, at + length);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(level * VOLUME, at + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + length + 0.02);
  }

  // A burst of filtered noise (a card's swish, a die's rattle).
  function noise(ctx, at, length, centre, level) {
    var frames = Math.ceil(ctx.sampleRate * length);
    var buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
    var data = buffer.getChannelData(0);
    for (var i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames);
    var source = ctx.createBufferSource();
    var filter = ctx.createBiquadFilter();
    var gain = ctx.createGain();
    source.buffer = buffer;
    filter.type = "bandpass";
    filter.frequency.value = centre;
    filter.Q.value = 0.8;
    gain.gain.value = level * VOLUME;
    source.connect(filter).connect(gain).connect(ctx.destination);
    source.start(at);
  }

  var SOUNDS = {
    card: function (ctx, t) { noise(ctx, t, 0.09, 2400, 1.4); },
    piece: function (ctx, t) { tone(ctx, t, "sine", 420, 300, 0.11, 1); tone(ctx, t + 0.02, "triangle", 840, 600, 0.07, 0.3); },
    dice: function (ctx, t) {
      for (var i = 0; i < 4; i++) noise(ctx, t + i * 0.045 + Math.random() * 0.015, 0.035, 1400 + i * 300, 1.2);
    },
    mark: function (ctx, t) { tone(ctx, t, "triangle", 1100, 900, 0.05, 0.6); },
    end: function (ctx, t) {
      tone(ctx, t, "sine", 523.25, 523.25, 0.16, 0.8);
      tone(ctx, t + 0.09, "sine", 659.25, 659.25, 0.16, 0.8);
      tone(ctx, t + 0.18, "sine", 783.99, 783.99, 0.22, 0.8);
    }
  };

  function play(element, cue) {
    var name = cue.split(" ")[0];
    if (!SOUNDS.hasOwnProperty(name)) return;
    var on = element.getAttribute("data-sound") === "on";
    var ctx = on ? audio() : null;
    heard.push({ name: name, audible: !!ctx });
    if (heard.length > 100) heard.splice(0, heard.length - 100);
    if (!ctx) return;
    try {
      SOUNDS[name](ctx, ctx.currentTime + 0.01);
    } catch (err) {
      console.warn("sound " + name + " failed: " + err);
    }
  }

  function inputSeen() {
    gesture = true;
    if (soundOn()) audio();
  }

  function watch() {
    new MutationObserver(function (records) {
      var last = null;
      records.forEach(function (record) {
        if (record.attributeName === "data-cue") last = record.target;
        else if (record.target.getAttribute("data-sound") === "on" && gesture) audio();  // just turned on
      });
      if (last && last.getAttribute("data-cue")) play(last, last.getAttribute("data-cue"));
    }).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-cue", "data-sound"] });
  }

  addEventListener("pointerdown", inputSeen, true);
  addEventListener("keydown", inputSeen, true);
  watch();
})();
