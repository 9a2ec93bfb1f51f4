import type { ConsentStatus } from '@pulsa/shared/schemas/consultations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { consentQuery } from '../api/consent';
import { ConsentNotice, hasConfirmedConsultation } from './consent-notice';

const ACCEPTED: ConsentStatus = {
  acceptance: {
    version: '2026-11-1',
    text: 'Termo de consentimento para teleconsulta',
    acceptedAt: '2026-11-20T12:00:00.000Z',
  },
};

/** The dashboard's notice with the patient's consent already known (null: not asked yet). */
function render(upcoming: { status: 'scheduled' | 'confirmed' }[], consent: ConsentStatus | null) {
  const client = new QueryClient();
  if (consent) client.setQueryData(consentQuery.queryKey, consent);
  return renderToString(
    <QueryClientProvider client={client}>
      <StaticRouter location="/patient">
        <ConsentNotice upcoming={upcoming} />
      </StaticRouter>
    </QueryClientProvider>,
  );
}

describe('the consent notice on the patient’s dashboard', () => {
  it('is due only with a confirmed consultation coming', () => {
    expect(hasConfirmedConsultation(undefined)).toBe(false);
    expect(hasConfirmedConsultation([])).toBe(false);
    expect(hasConfirmedConsultation([{ status: 'scheduled' }])).toBe(false);
    expect(hasConfirmedConsultation([{ status: 'scheduled' }, { status: 'confirmed' }])).toBe(true);
  });

  it('offers the consent, with a link to read and accept it in the settings, before the day', () => {
    const html = render([{ status: 'confirmed' }], { acceptance: null });
    expect(html).toContain('Aceite o termo de consentimento antes da sua consulta');
    expect(html).toContain('Você tem uma consulta online confirmada.');
    expect(html).toMatch(
      /<a[^>]*href="\/patient\/settings#termo-teleconsulta"[^>]*>Ler e aceitar o termo<\/a>/,
    );
  });

  it('says nothing once the consent is accepted, without a confirmed consultation, or before it is known', () => {
    expect(render([{ status: 'confirmed' }], ACCEPTED)).toBe('');
    expect(render([{ status: 'scheduled' }], { acceptance: null })).toBe('');
    expect(render([{ status: 'confirmed' }], null)).toBe('');
  });
});
