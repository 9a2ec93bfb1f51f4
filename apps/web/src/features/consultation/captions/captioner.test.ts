import type { Caption } from '@pulsa/shared/schemas/consultations';
import { describe, expect, it } from 'vitest';
import { addCaption } from './caption-lines';
import { type CaptionerState, createCaptioner } from './captioner';
import type { RecognitionEvent, Recognizer } from './speech-recognition';

/** A stand-in for the browser's recogniser: the test says what it heard, when it ends and why. */
class FakeRecognizer implements Recognizer {
  static made: FakeRecognizer[] = [];
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: ((event: RecognitionEvent) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  started = false;
  stopped = false;
  constructor() {
    FakeRecognizer.made.push(this);
  }
  start() {
    this.started = true;
  }
  stop() {
    this.stopped = true;
    this.onend?.();
  }
  abort() {
    this.stop();
  }
  /** Results from `from` on, each [transcript, final]. */
  hear(results: [string, boolean][], from = 0) {
    const list = results.map(([transcript, isFinal]) => ({ isFinal, length: 1, 0: { transcript } }));
    this.onresult?.({ resultIndex: from, results: Object.assign(list, { length: list.length }) });
  }
  end() {
    this.onend?.();
  }
  fail(error: string) {
    this.onerror?.({ error });
    this.onend?.();
  }
}

function setup() {
  FakeRecognizer.made = [];
  const captions: Caption[] = [];
  const states: CaptionerState[] = [];
  const captioner = createCaptioner({
    Recognizer: FakeRecognizer,
    onCaption: (c) => captions.push(c),
    onState: (s) => states.push(s),
  });
  const latest = () => FakeRecognizer.made.at(-1) as FakeRecognizer;
  return { captioner, captions, states, latest };
}

describe('the captioner', () => {
  it('recognises Brazilian Portuguese continuously, sending interim words then the final ones under one id', () => {
    const { captioner, captions, states, latest } = setup();
    captioner.start();
    expect(latest()).toMatchObject({ lang: 'pt-BR', continuous: true, interimResults: true, started: true });
    expect(states).toEqual(['listening']);
    latest().hear([['bom', false]]);
    latest().hear([['bom dia como', false]]);
    latest().hear([['  Bom dia, como vai?  ', true]]);
    latest().hear(
      [
        ['Bom dia, como vai?', true],
        ['tem dor', false],
      ],
      1,
    );
    expect(captions).toEqual([
      { id: '1.0', text: 'bom', final: false },
      { id: '1.0', text: 'bom dia como', final: false },
      { id: '1.0', text: 'Bom dia, como vai?', final: true },
      { id: '1.1', text: 'tem dor', final: false },
    ]);
  });

  it('starts again after the pause that ends a recognition, with new ids, until stopped', () => {
    const { captioner, captions, states, latest } = setup();
    captioner.start();
    latest().hear([['primeira frase', true]]);
    latest().end();
    expect(FakeRecognizer.made).toHaveLength(2);
    latest().hear([['segunda frase', true]]);
    expect(captions.map((c) => c.id)).toEqual(['1.0', '2.0']);
    captioner.stop();
    expect(latest().stopped).toBe(true);
    expect(FakeRecognizer.made).toHaveLength(2);
    expect(states).toEqual(['listening', 'off']);
  });

  it('stops and says so when the microphone or the speech service is refused', () => {
    const { captioner, states, latest } = setup();
    captioner.start();
    latest().fail('not-allowed');
    expect(states).toEqual(['listening', 'denied']);
    expect(FakeRecognizer.made).toHaveLength(1);
  });

  it('stops as unavailable when the recogniser cannot run, or keeps ending without hearing anything', () => {
    const network = setup();
    network.captioner.start();
    network.latest().fail('network');
    expect(network.states).toEqual(['listening', 'unavailable']);

    const silent = setup();
    silent.captioner.start();
    for (let i = 0; i < 10; i++) silent.latest().fail('no-speech');
    expect(silent.states).toEqual(['listening', 'unavailable']);
    expect(FakeRecognizer.made.length).toBeLessThan(10);
  });

  it('cuts a line longer than a caption may be', () => {
    const { captioner, captions, latest } = setup();
    captioner.start();
    latest().hear([['a'.repeat(600), true]]);
    expect(captions[0]?.text).toHaveLength(500);
  });
});

describe('the caption lines on screen', () => {
  it('replace an utterance’s interim words by its final ones and keep the last three', () => {
    let lines: Caption[] = [];
    lines = addCaption(lines, { id: '1.0', text: 'bom', final: false });
    lines = addCaption(lines, { id: '1.0', text: 'Bom dia.', final: true });
    expect(lines).toEqual([{ id: '1.0', text: 'Bom dia.', final: true }]);
    for (const n of [1, 2, 3]) lines = addCaption(lines, { id: `1.${n}`, text: `frase ${n}`, final: true });
    expect(lines.map((l) => l.text)).toEqual(['frase 1', 'frase 2', 'frase 3']);
  });
});
