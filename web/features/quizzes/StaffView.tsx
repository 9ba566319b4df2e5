import { Skeleton, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { Notation } from '../../../shared/contracts/quizzes';
import { beatsOf, vexKey } from './notation';

import bravuraUrl from './fonts/Bravura.woff2?url';

/**
 * VexFlow's core (no fonts inside), loaded only when a staff is shown, with the Bravura font served
 * from this origin: the font embedded in vexflow's own bundles would make one chunk too large.
 */
let vexFlowReady: Promise<typeof import('vexflow/core')> | null = null;
function loadVexFlow() {
  vexFlowReady ??= (async () => {
    const VF = await import('vexflow/core');
    await VF.Font.load('Bravura', bravuraUrl, { display: 'block' });
    VF.VexFlow.setFonts('Bravura');
    return VF;
  })();
  vexFlowReady.catch(() => { vexFlowReady = null; });
  return vexFlowReady;
}

/**
 * A question's notation drawn by VexFlow's SVG backend: the clef, the key signature and the notes
 * (or chords) left to right. The SVG is named for screen readers by `label`; what the notes are is
 * the question, so the name never spells them.
 */
export function StaffView({ notation, label = 'Staff' }: { notation: Notation; label?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const VF = await loadVexFlow();
        const el = host.current;
        if (cancelled || !el) return;
        el.replaceChildren();
        const width = Math.max(220, 110 + notation.notes.length * 55);
        const renderer = new VF.Renderer(el as HTMLDivElement, VF.Renderer.Backends.SVG);
        renderer.resize(width, 140);
        const context = renderer.getContext();
        const stave = new VF.Stave(5, 15, width - 10);
        stave.addClef(notation.clef).addKeySignature(notation.keySignature);
        stave.setContext(context).draw();
        const notes = notation.notes.map((group) => new VF.StaveNote({ clef: notation.clef, keys: group.map(vexKey), duration: notation.duration }));
        const voice = new VF.Voice({ numBeats: Math.max(1, notation.notes.length * beatsOf(notation.duration)), beatValue: 4 }).setMode(VF.Voice.Mode.SOFT);
        voice.addTickables(notes);
        VF.Accidental.applyAccidentals([voice], notation.keySignature);
        new VF.Formatter().joinVoices([voice]).format([voice], width - stave.getNoteStartX() - 20);
        voice.draw(context, stave);
        const svg = el.querySelector('svg');
        svg?.setAttribute('role', 'img');
        svg?.setAttribute('aria-label', label);
        svg?.setAttribute('viewBox', `0 0 ${width} 140`);
        // Scales down on a phone: the drawing keeps its proportions inside any width.
        svg?.setAttribute('width', '100%');
        svg?.removeAttribute('height');
        svg?.setAttribute('style', `max-width:${width}px;height:auto;display:block`);
        setState('ready');
      } catch {
        if (!cancelled) setState('error');
      }
    })();
    return () => { cancelled = true; };
  }, [notation, label]);

  return (
    <div>
      {state === 'loading' && <Skeleton h={140} w={260} aria-label="Drawing the staff" />}
      {state === 'error' && <Text c="red" size="sm" role="alert">The staff could not be drawn.</Text>}
      <div ref={host} data-testid="staff" style={{ background: 'white', borderRadius: 8, maxWidth: '100%' }} />
    </div>
  );
}
