import type { AppointmentDto } from '../../packages/shared/src/schemas/appointments.ts';
import type { ClinicalDocument } from '../../packages/shared/src/schemas/clinical-documents.ts';
import { api, sessionToken } from './accounts.ts';
import { DEMO_ACCOUNTS, DEMO_URL } from './demo.ts';

/** A consultation the demo doctor held with the demo patient (completed): documents may be issued for it. */
export async function demoHeldConsultation(): Promise<{ id: string; doctorToken: string }> {
  const doctorToken = await sessionToken(DEMO_ACCOUNTS.doctor, DEMO_URL);
  const patientToken = await sessionToken(DEMO_ACCOUNTS.patient, DEMO_URL);
  const res = await api<{ items: AppointmentDto[] }>(
    'GET',
    '/api/patient/appointments?scope=past&pageSize=50',
    {
      token: patientToken,
      baseUrl: DEMO_URL,
    },
  );
  for (const held of res.body.items.filter((a) => a.status === 'completed')) {
    // The demo doctor's own: they reach its documents.
    const documents = await api('GET', `/api/consultations/${held.id}/documents`, {
      token: doctorToken,
      baseUrl: DEMO_URL,
    });
    if (documents.status === 200) return { id: held.id, doctorToken };
  }
  throw new Error('the demo doctor has no completed consultation with the demo patient');
}

/** Issues a document through the API (set-up for screenshots). */
export async function issueDemoDocument(consultation: { id: string; doctorToken: string }, body: object) {
  const res = await api<ClinicalDocument>('POST', `/api/consultations/${consultation.id}/documents`, {
    token: consultation.doctorToken,
    baseUrl: DEMO_URL,
    body,
  });
  if (res.status !== 201) throw new Error(`issuing a document answered ${res.status}`);
  return res.body;
}
