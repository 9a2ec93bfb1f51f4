import type { ClinicalRecord } from '@pulsa/shared/schemas/records';
import { emptyRecordContent } from '@pulsa/shared/schemas/records';
import { describe, expect, it } from 'vitest';
import { startingPoint } from './use-record-draft';

const record = (over: Partial<ClinicalRecord> = {}): ClinicalRecord =>
  ({
    id: 'r',
    appointmentId: 'a',
    status: 'draft',
    revision: 3,
    content: { ...emptyRecordContent(), subjective: 'salvo' },
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...over,
  }) as ClinicalRecord;
const local = (baseRevision: number, editedAt: string, subjective = 'digitado') => ({
  content: { ...emptyRecordContent(), subjective },
  baseRevision,
  editedAt,
});

describe('which draft the panel starts from', () => {
  it('the copy in this browser when it was typed on top of the latest saved revision', () => {
    expect(startingPoint(record(), local(3, '2026-11-25T09:00:00.000Z'))).toMatchObject({
      restored: true,
      content: { subjective: 'digitado' },
    });
  });

  it('the copy in this browser when it was typed after the last save elsewhere', () => {
    expect(startingPoint(record(), local(2, '2026-11-25T10:05:00.000Z')).restored).toBe(true);
  });

  it("the server's when another window saved after this copy was typed", () => {
    expect(startingPoint(record(), local(2, '2026-11-25T09:59:00.000Z'))).toMatchObject({
      restored: false,
      content: { subjective: 'salvo' },
    });
  });

  it("the server's when the copy says the same, when there is none, and always once signed", () => {
    expect(startingPoint(record(), local(3, '2026-11-25T11:00:00.000Z', 'salvo')).restored).toBe(false);
    expect(startingPoint(record(), null).restored).toBe(false);
    expect(startingPoint(record({ status: 'signed' }), local(3, '2026-11-25T11:00:00.000Z')).restored).toBe(
      false,
    );
  });
});
