import { describe, expect, it } from 'vitest';
import { changedFields, formatAuditValue } from './diff';

describe('the audit diff', () => {
  it('lists every field once, nested ones by path, marking what changed', () => {
    expect(
      changedFields(
        { name: 'Geriatria', active: true, extra: { icon: 'users' } },
        { name: 'Geriatria', active: false, extra: { icon: 'heart' } },
      ),
    ).toEqual([
      { field: 'name', before: 'Geriatria', after: 'Geriatria', changed: false },
      { field: 'active', before: true, after: false, changed: true },
      { field: 'extra.icon', before: 'users', after: 'heart', changed: true },
    ]);
    expect(changedFields(null, { created: 51 })).toEqual([
      { field: 'created', before: undefined, after: 51, changed: true },
    ]);
  });

  it('writes values for people', () => {
    expect(formatAuditValue(true)).toBe('Sim');
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue([{ name: 'Cardiologia' }, { name: 'Neurologia' }])).toBe(
      'Cardiologia, Neurologia',
    );
  });
});
