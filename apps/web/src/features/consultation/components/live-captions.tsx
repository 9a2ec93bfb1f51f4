import type { Caption } from '@pulsa/shared/schemas/consultations';
import { Captions, MessageSquareText } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { type CaptionerState, createCaptioner } from '../captions/captioner';
import { type RecognizerConstructor, speechRecognition } from '../captions/speech-recognition';
import { CONSULTATION_TEXT } from '../texts';

const T = CONSULTATION_TEXT.captions;

/**
 * Live captions in the call (decision 115). "Legendar minha fala" runs the browser's own speech
 * recogniser and sends what it hears to the other participant; below, the other participant's
 * captions as they arrive. Where the browser cannot recognise speech — or refuses to — it says so
 * and offers the chat instead: captions are never shown as on when nothing is being recognised.
 */
export function LiveCaptions({
  otherName,
  lines,
  sendCaption,
  onUseChat,
  Recognizer = speechRecognition(),
}: {
  otherName: string;
  /** The other participant's latest caption lines. */
  lines: readonly Caption[];
  sendCaption: (caption: Caption) => void;
  /** Puts the keyboard in the chat's message box. */
  onUseChat: () => void;
  Recognizer?: RecognizerConstructor | null;
}) {
  const titleId = useId();
  const hintId = useId();
  const [state, setState] = useState<CaptionerState>('off');
  const send = useRef(sendCaption);
  send.current = sendCaption;
  const captioner = useRef<ReturnType<typeof createCaptioner> | null>(null);

  useEffect(() => {
    if (!Recognizer) return;
    const instance = createCaptioner({
      Recognizer,
      onCaption: (caption) => send.current(caption),
      onState: setState,
    });
    captioner.current = instance;
    return () => {
      instance.stop();
      captioner.current = null;
    };
  }, [Recognizer]);

  const on = state === 'listening';
  const problem = !Recognizer
    ? T.unsupported
    : state === 'denied'
      ? T.denied
      : state === 'unavailable'
        ? T.unavailable
        : null;

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-xl border bg-card p-4 text-card-foreground"
    >
      <h2 id={titleId} className="flex items-center gap-2 font-medium text-sm">
        <Captions aria-hidden className="size-4 text-primary" />
        {T.title}
      </h2>
      {Recognizer ? (
        <div className="space-y-1">
          <Button
            variant={on ? 'default' : 'outline'}
            size="sm"
            aria-pressed={on}
            aria-describedby={hintId}
            onClick={() => (on ? captioner.current?.stop() : captioner.current?.start())}
          >
            <Captions aria-hidden />
            {T.mine}
          </Button>
          <p id={hintId} className="text-muted-foreground text-xs">
            {on ? T.minePressedHint(otherName) : T.mineOffHint(otherName)}
          </p>
        </div>
      ) : null}
      {problem ? (
        <div role="status" className="space-y-2 rounded-lg bg-muted p-3 text-sm">
          <p>{problem}</p>
          <Button variant="outline" size="sm" onClick={onUseChat}>
            <MessageSquareText aria-hidden />
            {T.useChat}
          </Button>
        </div>
      ) : null}
      <div aria-label={T.theirs(otherName)} role="log" className="min-h-12 rounded-lg bg-muted p-3 text-sm">
        {lines.length === 0 ? (
          <p className="text-muted-foreground">{T.noneYet(otherName)}</p>
        ) : (
          <ol className="space-y-1">
            {lines.map((line) => (
              // Interim words change as the speaker goes on; screen readers hear each line once, final.
              <li
                key={line.id}
                aria-hidden={!line.final || undefined}
                className={cn(!line.final && 'text-muted-foreground')}
              >
                {line.text}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
