import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import type { Sound } from '../../../shared/contracts/quizzes';
import { beatsOf } from './notation';

/** Tone.js, loaded on the first press: synthesis only, nothing downloaded. */
const loadTone = () => import('tone');

/**
 * Plays a listening question: each step after the other at the tempo, a step of several notes as
 * a chord, on a soft triangle-wave synth. The audio context starts on the press (browsers allow
 * sound only after a gesture).
 */
export function SoundButton({ sound, label = 'Play' }: { sound: Sound; label?: string }) {
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  const play = async () => {
    setPlaying(true);
    setFailed(false);
    try {
      const Tone = await loadTone();
      await Tone.start();
      const synth = new Tone.PolySynth(Tone.Synth, { oscillator: { type: 'triangle' }, envelope: { attack: 0.02, decay: 0.1, sustain: 0.6, release: 0.6 } }).toDestination();
      synth.volume.value = -8;
      const beat = 60 / sound.tempo;
      let at = Tone.now() + 0.05;
      for (const step of sound.steps) {
        const seconds = beatsOf(step.duration) * beat;
        synth.triggerAttackRelease(step.notes, seconds * 0.95, at);
        at += seconds;
      }
      const total = (at - Tone.now() + 1) * 1000;
      window.setTimeout(() => { synth.dispose(); setPlaying(false); }, total);
    } catch {
      setFailed(true);
      setPlaying(false);
    }
  };

  return (
    <Button variant="light" leftSection={<IconPlayerPlay size={16} />} onClick={() => void play()} loading={playing}>
      {failed ? 'Sound unavailable: try again' : label}
    </Button>
  );
}
