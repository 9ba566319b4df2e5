import { describe, expect, it } from 'vitest';
import { answerKeyOf, answerLabelOf, isKnownItem, itemKeyOf, playbackOf, promptOf, type ExerciseItem } from './ear-trainer-theory';

describe('the ear trainer’s theory (from tonal)', () => {
  it('names answers as a musician says them', () => {
    const labels = (items: ExerciseItem[]) => items.map(answerLabelOf);
    expect(labels([
      { kind: 'interval', name: '5P', play: 'ascending' }, { kind: 'interval', name: '7m', play: 'harmonic' }, { kind: 'interval', name: '4A', play: 'descending' },
      { kind: 'chord', name: 'M', inversion: 0 }, { kind: 'chord', name: 'm7', inversion: 0 }, { kind: 'chord', name: 'm', inversion: 2 }, { kind: 'scale', name: 'harmonic minor' },
    ])).toEqual(['Perfect fifth', 'Minor seventh', 'Tritone', 'Major triad', 'Minor seventh', 'Minor triad, second inversion', 'Harmonic minor']);
  });

  it('knows only names tonal knows, and inversions a chord has', () => {
    expect(isKnownItem({ kind: 'interval', name: '6M', play: 'ascending' })).toBe(true);
    expect(isKnownItem({ kind: 'interval', name: '6X', play: 'ascending' })).toBe(false);
    expect(isKnownItem({ kind: 'interval', name: '1P', play: 'ascending' })).toBe(false);
    expect(isKnownItem({ kind: 'chord', name: '7', inversion: 3 })).toBe(true);
    expect(isKnownItem({ kind: 'chord', name: 'M', inversion: 3 })).toBe(false);
    expect(isKnownItem({ kind: 'scale', name: 'lydian' })).toBe(true);
    expect(isKnownItem({ kind: 'scale', name: 'no such mode' })).toBe(false);
  });

  it('plays the pitches of the item from its root', () => {
    expect(playbackOf({ kind: 'interval', name: '5P', play: 'ascending' }, 60)).toEqual({ notes: [60, 67], harmonic: false });
    expect(playbackOf({ kind: 'interval', name: '3M', play: 'descending' }, 60)).toEqual({ notes: [64, 60], harmonic: false });
    expect(playbackOf({ kind: 'interval', name: '3m', play: 'harmonic' }, 60)).toEqual({ notes: [60, 63], harmonic: true });
    // C major, first inversion: E G C.
    expect(playbackOf({ kind: 'chord', name: 'M', inversion: 1 }, 60)).toEqual({ notes: [64, 67, 72], harmonic: true });
    expect(playbackOf({ kind: 'scale', name: 'dorian' }, 62).notes).toEqual([62, 64, 65, 67, 69, 71, 72, 74]);
  });

  it('asks without giving the answer away, and keys the schedule by how an interval is played', () => {
    const item: ExerciseItem = { kind: 'interval', name: '5P', play: 'descending' };
    expect(promptOf(item)).toBe('Descending interval');
    expect(answerKeyOf(item)).toBe('interval:5P');
    expect(itemKeyOf(item)).toBe('interval:5P:descending');
  });
});
