// Writes "Welcome to the Pound" as a 16-bit mono WAV on stdout: 10 s of a synthesized beat
// (kick, clap, hi-hat), a bass line and a lead melody at 120 BPM. Plain arithmetic with a
// seeded noise source, so the same samples come out every time. make-single.sh encodes it.
const RATE = 44_100;
const SECONDS = 10;
const BEAT = 0.5; // 120 BPM
const BAR = 4 * BEAT;

// A small seeded generator (mulberry32): the claps and hats are the same noise every run.
let seed = 0x5eed;
const noise = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 2 ** 31 - 1;
};

/** @param {number} midi */
const hz = (midi) => 440 * 2 ** ((midi - 69) / 12);
// One root per bar (A minor: Am, F, C, G, Am) and a melody of eighth notes (0 = rest).
const ROOTS = [33, 29, 36, 31, 33];
const MELODY = [
  [69, 0, 72, 69, 76, 0, 74, 72],
  [72, 0, 69, 72, 77, 76, 74, 0],
  [76, 0, 79, 76, 74, 72, 74, 0],
  [74, 0, 71, 74, 79, 77, 76, 74],
  [72, 76, 81, 0, 76, 72, 69, 0],
];

const samples = new Int16Array(RATE * SECONDS);
let bassPhase = 0;
let leadPhase = 0;
for (let i = 0; i < samples.length; i++) {
  const t = i / RATE;
  const bar = Math.min(Math.floor(t / BAR), ROOTS.length - 1);
  const inBeat = t % BEAT;
  const beat = Math.floor(t / BEAT) % 4;
  const inEighth = t % (BEAT / 2);
  const eighth = Math.floor((t % BAR) / (BEAT / 2));

  // Kick on every beat: a sine falling from ~150 Hz to 50 Hz.
  const kick = Math.sin(2 * Math.PI * (50 * inBeat + (100 / 25) * (1 - Math.exp(-25 * inBeat)))) * Math.exp(-7 * inBeat);
  // Clap on beats 2 and 4: a burst of noise.
  const clap = beat % 2 === 1 ? noise() * Math.exp(-30 * inBeat) * 0.5 : 0;
  // Closed hat on the off-beats: very short noise.
  const hat = eighth % 2 === 1 ? noise() * Math.exp(-120 * inEighth) * 0.25 : 0;
  // Bass: a square-ish wave on the bar's root, pumping with the kick.
  bassPhase += hz(ROOTS[bar]) / RATE;
  const bass = Math.tanh(3 * Math.sin(2 * Math.PI * bassPhase)) * 0.3 * (1 - 0.6 * Math.exp(-10 * inBeat));
  // Lead: a sine with its octave, each eighth note plucked.
  const note = MELODY[bar][eighth];
  leadPhase += (note ? hz(note) : 0) / RATE;
  const lead = note ? (Math.sin(2 * Math.PI * leadPhase) + 0.3 * Math.sin(4 * Math.PI * leadPhase)) * 0.22 * Math.exp(-4 * inEighth) : 0;

  const fade = Math.min(1, (SECONDS - t) / 0.6, t / 0.01);
  const mix = Math.tanh((kick * 0.8 + clap + hat + bass + lead) * 1.1) * fade;
  samples[i] = Math.round(mix * 30_000);
}

const header = Buffer.alloc(44);
header.write("RIFF", 0);
header.writeUInt32LE(36 + samples.byteLength, 4);
header.write("WAVEfmt ", 8);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write("data", 36);
header.writeUInt32LE(samples.byteLength, 40);
process.stdout.write(Buffer.concat([header, Buffer.from(samples.buffer)]));
