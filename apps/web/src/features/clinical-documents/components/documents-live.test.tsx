// @vitest-environment jsdom
import type { ClinicalDocument, PatientDocuments } from '@pulsa/shared/schemas/clinical-documents';
import type { LiveFrame } from '@pulsa/shared/schemas/live';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '@/lib/live/live-provider';
import { mockApi, renderWithApp } from '@/test/app';
import { PatientDocumentsList } from './patient-documents-list';

/** A stand-in for the browser's WebSocket: the test plays the server's frames. */
class FakeSocket {
  static readonly OPEN = 1;
  static last: FakeSocket | undefined;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  sent: string[] = [];
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.last = this;
    queueMicrotask(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  frame(frame: LiveFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const APPOINTMENT = '5b0c7d1e-2f3a-4b5c-8d6e-7f8091a2b3c4';
const doc = (id: string, code: string, changes: Partial<ClinicalDocument> = {}): ClinicalDocument => ({
  id,
  appointmentId: APPOINTMENT,
  type: 'prescription',
  verificationCode: code,
  issuedAt: '2026-11-24T13:05:00.000Z',
  doctorName: 'Dra. Ana Lima',
  patientName: 'João Souza',
  signer: 'cloud',
  signerName: 'Dra. Ana Lima',
  signedAt: '2026-11-24T13:05:00.000Z',
  sha256: 'a'.repeat(64),
  revokedAt: null,
  revokeReason: null,
  ...changes,
});
const listOf = (documents: ClinicalDocument[]): PatientDocuments => ({
  consultations: [
    {
      appointmentId: APPOINTMENT,
      startsAt: '2026-11-24T13:00:00.000Z',
      doctorName: 'Dra. Ana Lima',
      documents,
    },
  ],
});

describe('the patient’s documents, live', () => {
  it('show a document the doctor issues, and its revocation, without a reload', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const first = doc('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', '7K3M-Q9XD-2HPA');
    const second = doc('1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e', '9EMA-HWF6-NXQ2', { type: 'certificate' });
    const api = mockApi({
      'GET /api/patient/documents': [
        { body: listOf([first]) },
        { body: listOf([second, first]) },
        { body: listOf([{ ...second }, { ...first, revokedAt: '2026-11-24T14:00:00.000Z' }]) },
      ],
    });
    renderWithApp(
      <LiveProvider>
        <PatientDocumentsList appointmentId={APPOINTMENT} />
      </LiveProvider>,
    );
    expect(await screen.findByText(/7K3M-Q9XD-2HPA/)).toBeTruthy();
    expect(screen.queryByText(/9EMA-HWF6-NXQ2/)).toBeNull();
    const socket = await waitFor(() => {
      expect(FakeSocket.last?.sent.length).toBeGreaterThan(0);
      return FakeSocket.last as FakeSocket;
    });
    act(() => socket.frame({ kind: 'ready', lastEventId: 0 }));

    act(() =>
      socket.frame({
        kind: 'event',
        id: 1,
        event: { type: 'document.changed', documentId: second.id, appointmentId: APPOINTMENT },
      }),
    );
    expect(await screen.findByText(/9EMA-HWF6-NXQ2/)).toBeTruthy();

    act(() =>
      socket.frame({
        kind: 'event',
        id: 2,
        event: { type: 'document.changed', documentId: first.id, appointmentId: APPOINTMENT },
      }),
    );
    await waitFor(() => expect(screen.getAllByText(/Revogado/).length).toBeGreaterThan(0));
    expect(api.callsTo('GET /api/patient/documents')).toHaveLength(3);
  });
});
