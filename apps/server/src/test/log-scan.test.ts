import { describe, expect, it } from 'vitest';
import { scanLogLines } from './log-scan.ts';

describe('the scan of the test run’s logs', () => {
  it('finds personal data and secrets', () => {
    const found = (line: string) => scanLogLines(line).map((f) => f.name);
    expect(found('{"msg":"x","to":"maria@exemplo.com.br"}')).toEqual(['email address']);
    expect(found('{"cpf":"529.982.247-25"}')).toEqual(['CPF']);
    expect(found('{"detail":"Key (cpf)=(52998224725) already exists."}')).toEqual(['CPF']);
    expect(found('{"url":"/confirm-email?token=Zq3kS1bYqk2gL0b8mO8d2sVQhV3o0m2Jx7mP9rU4a1c"}')).toEqual([
      'session or link token',
    ]);
    expect(found('{"body":{"password":"segredo123"}}')).toEqual(['password']);
  });

  it('lets ordinary lines through', () => {
    for (const line of [
      '{"level":30,"time":1795461867059,"reqId":"req-1","msg":"request completed","responseTime":12.5}',
      '{"emailId":"0c612b69-2e05-4aa5-b35a-e78569689909","kind":"email_verification"}',
      '{"url":"/reset-password?token=[redacted]","password":"[redacted]"}',
    ]) {
      expect(scanLogLines(line), line).toEqual([]);
    }
  });
});
