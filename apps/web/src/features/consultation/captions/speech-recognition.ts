/**
 * The part of the browser's Web Speech API (`SpeechRecognition`, `webkitSpeechRecognition` in
 * Chrome, Edge and Safari) the live captions use; Firefox has none. Typed here because the DOM
 * library does not declare it.
 */
export interface RecognitionAlternative {
  transcript: string;
}
export interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: RecognitionAlternative;
}
export interface RecognitionResultList {
  readonly length: number;
  readonly [index: number]: RecognitionResult;
}
export interface RecognitionEvent {
  resultIndex: number;
  results: RecognitionResultList;
}
export interface Recognizer {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type RecognizerConstructor = new () => Recognizer;

/** The browser's speech recogniser, or null where it has none (then Pulsa offers no captions of speech). */
export function speechRecognition(scope: object = globalThis): RecognizerConstructor | null {
  const holder = scope as {
    SpeechRecognition?: RecognizerConstructor;
    webkitSpeechRecognition?: RecognizerConstructor;
  };
  return holder.SpeechRecognition ?? holder.webkitSpeechRecognition ?? null;
}
