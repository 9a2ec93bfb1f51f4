// @vitest-environment jsdom
import type { Caption } from '@pulsa/shared/schemas/consultations';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/app';
import type { RecognitionEvent, Recognizer } from '../captions/speech-recognition';
import { LiveCaptions } from './live-captions';

class FakeRecognizer implements Recognizer {
  static latest: FakeRecognizer | null = null;
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: ((event: RecognitionEvent) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognizer.latest = this;
  }
  start() {}
  stop() {
    this.onend?.();
  }
  abort() {
    this.stop();
  }
  hear(transcript: string, isFinal: boolean) {
    const results = Object.assign([{ isFinal, length: 1, 0: { transcript } }], { length: 1 });
    this.onresult?.({ resultIndex: 0, results });
  }
}

describe('live captions in the call', () => {
  it('sends my recognised speech to the other participant while “Legendar minha fala” is on', async () => {
    const sendCaption = vi.fn();
    const { user } = renderWithApp(
      <LiveCaptions
        otherName="Dra. Ana Lima"
        lines={[]}
        sendCaption={sendCaption}
        onUseChat={() => undefined}
        Recognizer={FakeRecognizer}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Legendar minha fala' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/aparece como legenda para Dra\. Ana Lima/)).toBeInTheDocument();
    act(() => FakeRecognizer.latest?.hear('Estou com dor de cabeça', true));
    expect(sendCaption).toHaveBeenCalledWith({ id: '1.0', text: 'Estou com dor de cabeça', final: true });

    // The browser refuses the microphone: the captions stop and the chat is offered.
    act(() => {
      FakeRecognizer.latest?.onerror?.({ error: 'not-allowed' });
      FakeRecognizer.latest?.onend?.();
    });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('O navegador não permitiu o reconhecimento de fala');
    expect(screen.getByRole('button', { name: 'Escrever no chat' })).toBeInTheDocument();
  });

  it('where the browser cannot recognise speech, offers no captions toggle and says to use the chat', async () => {
    const onUseChat = vi.fn();
    const { user } = renderWithApp(
      <LiveCaptions
        otherName="Dra. Ana Lima"
        lines={[]}
        sendCaption={() => undefined}
        onUseChat={onUseChat}
        Recognizer={null}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Legendar minha fala' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Este navegador não reconhece fala');
    await user.click(screen.getByRole('button', { name: 'Escrever no chat' }));
    expect(onUseChat).toHaveBeenCalled();
  });

  it('shows the other participant’s captions, the final lines to screen readers', () => {
    const lines: Caption[] = [
      { id: '1.0', text: 'Bom dia.', final: true },
      { id: '1.1', text: 'como vai', final: false },
    ];
    renderWithApp(
      <LiveCaptions
        otherName="Dra. Ana Lima"
        lines={lines}
        sendCaption={() => undefined}
        onUseChat={() => undefined}
        Recognizer={null}
      />,
    );
    const log = screen.getByRole('log', { name: 'Legendas de Dra. Ana Lima' });
    expect(log).toHaveTextContent('Bom dia.');
    expect(screen.getByText('como vai')).toHaveAttribute('aria-hidden', 'true');
  });
});
