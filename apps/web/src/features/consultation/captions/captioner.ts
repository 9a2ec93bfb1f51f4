import { CAPTION_MAX_LENGTH, type Caption } from '@pulsa/shared/schemas/consultations';
import type { Recognizer, RecognizerConstructor } from './speech-recognition';

/**
 * Turns one participant's speech into caption lines for the other (decision 115): the browser's
 * recogniser in Brazilian Portuguese, continuous, with interim words (replaced by the final ones
 * under the same id). Browsers end a recognition after a pause; while captions are on it is started
 * again. A refusal (microphone or speech service not allowed) or a recogniser that cannot run stops
 * the captions and says so — they are never shown as on when nothing is being recognised.
 */
export type CaptionerState = 'off' | 'listening' | 'denied' | 'unavailable';

/** Errors after which starting again cannot help. */
const DENIED = new Set(['not-allowed', 'service-not-allowed']);
const UNAVAILABLE = new Set(['audio-capture', 'network', 'language-not-supported', 'bad-grammar']);
/** Restarts in a row that recognised nothing before the recogniser is judged not to work here. */
const MAX_EMPTY_RESTARTS = 5;

export interface Captioner {
  start(): void;
  stop(): void;
}

export function createCaptioner(options: {
  Recognizer: RecognizerConstructor;
  onCaption: (caption: Caption) => void;
  onState: (state: CaptionerState) => void;
  lang?: string;
}): Captioner {
  const { Recognizer, onCaption, onState, lang = 'pt-BR' } = options;
  let wanted = false;
  let current: Recognizer | null = null;
  let launches = 0;
  let emptyRestarts = 0;

  const halt = (state: CaptionerState) => {
    wanted = false;
    onState(state);
  };

  const launch = () => {
    const recognizer = new Recognizer();
    const run = ++launches;
    let heard = false;
    recognizer.lang = lang;
    recognizer.continuous = true;
    recognizer.interimResults = true;
    recognizer.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        const text = result?.[0]?.transcript.trim() ?? '';
        if (!result || !text) continue;
        heard = true;
        onCaption({ id: `${run}.${i}`, text: text.slice(0, CAPTION_MAX_LENGTH), final: result.isFinal });
      }
    };
    recognizer.onerror = (event) => {
      if (DENIED.has(event.error)) halt('denied');
      else if (UNAVAILABLE.has(event.error)) halt('unavailable');
      // "no-speech" and "aborted" end this run; onend starts the next one.
    };
    recognizer.onend = () => {
      if (current === recognizer) current = null;
      if (!wanted) return;
      emptyRestarts = heard ? 0 : emptyRestarts + 1;
      if (emptyRestarts > MAX_EMPTY_RESTARTS) return halt('unavailable');
      launch();
    };
    current = recognizer;
    try {
      recognizer.start();
    } catch {
      current = null;
      halt('unavailable');
    }
  };

  return {
    start() {
      if (wanted) return;
      wanted = true;
      emptyRestarts = 0;
      onState('listening');
      launch();
    },
    stop() {
      const was = wanted;
      wanted = false;
      current?.stop();
      current = null;
      if (was) onState('off');
    },
  };
}
