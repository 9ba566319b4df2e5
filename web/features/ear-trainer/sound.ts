/**
 * Sound for the ear trainer: Tone.js synthesis, loaded only when a student first asks for a sound
 * (the click that starts the AudioContext), so neither the main bundle nor the page's first load
 * carries it, and nothing is downloaded from elsewhere at run time.
 */
type ToneModule = typeof import('tone');
type Voice = InstanceType<ToneModule['PolySynth']>;

let loading: Promise<{ tone: ToneModule; synth: Voice }> | null = null;

function load() {
  loading ??= import('tone').then((tone) => {
    const synth = new tone.PolySynth(tone.Synth, {
      oscillator: { type: 'triangle' },
      envelope: { attack: 0.01, decay: 0.3, sustain: 0.4, release: 0.8 },
    }).toDestination();
    synth.volume.value = -8;
    return { tone, synth };
  });
  return loading;
}

/** Starts the AudioContext (it must be inside a click) and answers its state ('running' once it plays). */
export async function startAudio(): Promise<string> {
  const { tone } = await load();
  await tone.start();
  return tone.getContext().state;
}

const NOTE_SECONDS = 0.6;

/** Plays MIDI notes one after another, or together when `harmonic`. */
export async function playNotes(notes: number[], harmonic: boolean): Promise<void> {
  const { tone, synth } = await load();
  await tone.start();
  synth.releaseAll();
  const now = tone.now() + 0.05;
  const frequencies = notes.map((n) => tone.Frequency(n, 'midi').toFrequency());
  if (harmonic) {
    synth.triggerAttackRelease(frequencies, 1.5, now);
    return;
  }
  frequencies.forEach((f, i) => synth.triggerAttackRelease(f, NOTE_SECONDS * 0.9, now + i * NOTE_SECONDS));
}
