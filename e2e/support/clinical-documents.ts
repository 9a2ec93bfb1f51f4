import type { AppointmentDto } from '../../packages/shared/src/schemas/appointments.ts';
import type { ClinicalDocument } from '../../packages/shared/src/schemas/clinical-documents.ts';
import { api, sessionToken } from './accounts.ts';
import { DEMO_ACCOUNTS, DEMO_URL } from './demo.ts';

/** A consultation the demo doctor held with the demo patient (completed): documents may be issued for it. */
export async function demoHeldConsultation(): Promise<{ id: string; doctorToken: string }> {
  const doctorToken = await sessionToken(DEMO_ACCOUNTS.doctor, DEMO_URL);
  const res = await api<{ items: AppointmentDto[] }>(
    'GET',
    '/api/doctor/appointments?filter=all&pageSize=50',
    {
      token: doctorToken,
      baseUrl: DEMO_URL,
    },
  );
  const held = res.body.items.find(
    (a) => a.status === 'completed' && a.patient.email === DEMO_ACCOUNTS.patient.email,
  );
  if (!held) throw new Error('the demo doctor has no completed consultation with the demo patient');
  return { id: held.id, doctorToken };
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
