import type {
  Appointment,
  AuditEvent,
  Communication,
  Consent,
  DocumentReference,
  Encounter,
  Invoice,
  Patient,
  Practitioner,
  PractitionerRole,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import { TELECONSULTATION_CONSENT } from '@pulsa/shared/constants/consent';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  appointments,
  consentAcceptances,
  consultationMessages,
  conversationMessages,
  conversations,
  doctorProfiles,
  notifications,
  payments,
  refunds,
  reviews,
  specialties,
  userProfiles,
  users,
} from '../../db/schema.ts';
import { clinicalAccessOf } from '../access-log/access-log.service.ts';
import type { FileStorage } from '../files/files.storage.ts';

/** Whose export is being built. A doctor's export is about the doctor, never their patients. */
export interface ExportUser {
  id: string;
  role: 'patient' | 'doctor';
  /** The doctor_profiles id, for a doctor. */
  doctorId: string | null;
}

export interface ExportContext {
  db: Queryable;
  storage: FileStorage;
  /** The installation's data key: clinical text is kept encrypted with it. */
  dataKey: Buffer;
}

/** A file copied into the ZIP as it was kept (PDFs of documents, files shared in consultations). */
export interface ExportFile {
  /** Path inside the ZIP, e.g. "arquivos/2026-11-25_<id>_exame.pdf". */
  path: string;
  bytes: Uint8Array;
}

export interface ExportPart {
  resources: Resource[];
  files: ExportFile[];
}

/**
 * One part of "Baixar meus dados". Every part collects only what is the user's own (decision 089):
 * a new kind of data is one more section in EXPORT_SECTIONS (export.ts), nothing else changes.
 */
export interface ExportSection {
  name: string;
  collect(ctx: ExportContext, user: ExportUser): Promise<ExportPart>;
}

const patientRef = (id: string, display?: string): Reference<Patient> => ({
  reference: `Patient/${id}`,
  ...(display ? { display } : {}),
});
const practitionerRef = (userId: string, display?: string): Reference<Practitioner> => ({
  reference: `Practitioner/${userId}`,
  ...(display ? { display } : {}),
});
const appointmentRef = (id: string): Reference<Appointment> => ({ reference: `Appointment/${id}` });
const brl = (centavos: number) => ({ value: centavos / 100, currency: 'BRL' as const });
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

/** The consultations a user took part in: as the patient, or as the doctor. */
function ownConsultations(user: ExportUser) {
  return user.role === 'doctor' && user.doctorId
    ? eq(appointments.doctorId, user.doctorId)
    : eq(appointments.patientId, user.id);
}

function safeName(name: string) {
  return name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80);
}

async function readAll(storage: FileStorage, key: string): Promise<Uint8Array | null> {
  const stream = await storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The person: Patient, or Practitioner with their PractitionerRole (CRM, specialty, price). */
const accountSection: ExportSection = {
  name: 'account',
  async collect({ db }, user) {
    const [row] = await db
      .select({
        name: userProfiles.fullName,
        email: userProfiles.email,
        phone: userProfiles.phone,
        cpf: userProfiles.cpf,
        birthDate: userProfiles.birthDate,
        address: userProfiles.billingAddress,
        createdAt: users.createdAt,
      })
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.id))
      .where(eq(userProfiles.id, user.id));
    if (!row) return { resources: [], files: [] };
    const telecom = [
      { system: 'email' as const, value: row.email },
      ...(row.phone ? [{ system: 'phone' as const, value: row.phone }] : []),
    ];
    const identifier = row.cpf ? [{ system: 'urn:brasil:cpf', value: row.cpf }] : [];
    const address = row.address
      ? [
          {
            line: [
              [row.address.street, row.address.number, row.address.complement].filter(Boolean).join(', '),
              row.address.district,
            ].filter((v): v is string => !!v),
            city: row.address.city,
            state: row.address.state,
            postalCode: row.address.postalCode,
            country: 'BR',
          },
        ]
      : [];
    if (user.role === 'patient') {
      const patient: Patient = {
        resourceType: 'Patient',
        id: user.id,
        identifier,
        name: [{ text: row.name }],
        telecom,
        ...(row.birthDate ? { birthDate: row.birthDate } : {}),
        address,
        meta: { lastUpdated: iso(row.createdAt) },
      };
      return { resources: [patient], files: [] };
    }
    const [doctor] = user.doctorId
      ? await db
          .select({
            crmNumber: doctorProfiles.crmNumber,
            crmState: doctorProfiles.crmState,
            bio: doctorProfiles.bio,
            price: doctorProfiles.consultationPrice,
            minutes: doctorProfiles.consultationMinutes,
            education: doctorProfiles.education,
            experience: doctorProfiles.professionalExperience,
            specialty: specialties.name,
          })
          .from(doctorProfiles)
          .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId))
          .where(eq(doctorProfiles.id, user.doctorId))
      : [];
    const practitioner: Practitioner = {
      resourceType: 'Practitioner',
      id: user.id,
      identifier: [
        ...identifier,
        ...(doctor?.crmNumber
          ? [{ system: `urn:brasil:crm:${doctor.crmState ?? ''}`, value: doctor.crmNumber }]
          : []),
      ],
      name: [{ text: row.name }],
      telecom,
      address,
      ...(doctor?.education ? { qualification: [{ code: { text: doctor.education } }] } : {}),
    };
    const role: PractitionerRole = {
      resourceType: 'PractitionerRole',
      id: `${user.id}-role`,
      practitioner: practitionerRef(user.id, row.name),
      ...(doctor?.specialty ? { specialty: [{ text: doctor.specialty }] } : {}),
      ...(doctor?.bio || doctor?.experience
        ? { availabilityExceptions: [doctor.bio, doctor.experience].filter(Boolean).join('\n\n') }
        : {}),
      extension: doctor?.price
        ? [{ url: 'urn:pulsa:consultation-price', valueMoney: brl(doctor.price) }]
        : undefined,
    };
    return { resources: [practitioner, role], files: [] };
  },
};

const APPOINTMENT_STATUS: Record<string, Appointment['status']> = {
  scheduled: 'pending',
  confirmed: 'booked',
  in_progress: 'arrived',
  completed: 'fulfilled',
  canceled: 'cancelled',
  no_show: 'noshow',
};
const ENCOUNTER_STATUS: Record<string, Encounter['status']> = {
  in_progress: 'in-progress',
  completed: 'finished',
  no_show: 'cancelled',
};

/**
 * Every consultation: an Appointment (with the doctor's guidance as the patient instruction) and,
 * for those that took place, an Encounter ("Teleconsulta", virtual).
 */
const consultationsSection: ExportSection = {
  name: 'consultations',
  async collect({ db }, user) {
    const rows = await db
      .select({
        a: appointments,
        doctorUserId: doctorProfiles.userId,
        doctorName: userProfiles.fullName,
      })
      .from(appointments)
      .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
      .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
      .where(ownConsultations(user))
      .orderBy(asc(appointments.startsAt), asc(appointments.id));
    const resources: Resource[] = [];
    for (const { a, doctorUserId, doctorName } of rows) {
      // A doctor's own export names the consultation, not the patient (that is the patient's data).
      const patient = user.role === 'patient' ? patientRef(a.patientId) : { display: 'Paciente' };
      const appointment: Appointment = {
        resourceType: 'Appointment',
        id: a.id,
        status: APPOINTMENT_STATUS[a.status] ?? 'proposed',
        serviceType: [{ text: 'Teleconsulta' }],
        start: a.startsAt.toISOString(),
        end: a.endsAt.toISOString(),
        created: a.createdAt.toISOString(),
        ...(a.notes && user.role === 'patient' ? { comment: a.notes } : {}),
        ...(a.completionNotes ? { patientInstruction: a.completionNotes } : {}),
        ...(a.cancellationReason ? { cancelationReason: { text: a.cancellationReason } } : {}),
        participant: [
          { actor: patient, status: 'accepted' },
          { actor: practitionerRef(doctorUserId, doctorName), status: 'accepted' },
        ],
      };
      resources.push(appointment);
      const encounterStatus = ENCOUNTER_STATUS[a.status];
      if (encounterStatus) {
        const encounter: Encounter = {
          resourceType: 'Encounter',
          id: `${a.id}-encounter`,
          status: encounterStatus,
          class: {
            system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
            code: 'VR',
            display: 'virtual',
          },
          type: [{ text: 'Teleconsulta' }],
          ...(user.role === 'patient' ? { subject: patientRef(a.patientId) } : {}),
          participant: [{ individual: practitionerRef(doctorUserId, doctorName) }],
          appointment: [appointmentRef(a.id)],
          period: { start: a.startsAt.toISOString(), end: a.endsAt.toISOString() },
        };
        resources.push(encounter);
      }
    }
    return { resources, files: [] };
  },
};

/**
 * The chat and files of the consultations. A patient's export holds both parties' messages and
 * files of their own consultations (they are the patient's consultation record); a doctor's holds
 * only what the doctor sent.
 */
const chatSection: ExportSection = {
  name: 'chat',
  async collect({ db, storage }, user) {
    const scope =
      user.role === 'patient'
        ? ownConsultations(user)
        : and(ownConsultations(user), eq(consultationMessages.senderId, user.id));
    const rows = await db
      .select({
        m: consultationMessages,
        patientId: appointments.patientId,
        senderName: userProfiles.fullName,
      })
      .from(consultationMessages)
      .innerJoin(appointments, eq(appointments.id, consultationMessages.appointmentId))
      .innerJoin(userProfiles, eq(userProfiles.id, consultationMessages.senderId))
      .where(scope)
      .orderBy(asc(consultationMessages.createdAt), asc(consultationMessages.id));
    const resources: Resource[] = [];
    const files: ExportFile[] = [];
    for (const { m, patientId, senderName } of rows) {
      const fromPatient = m.senderId === patientId;
      const sender = fromPatient
        ? patientRef(m.senderId, senderName)
        : practitionerRef(m.senderId, senderName);
      const communication: Communication = {
        resourceType: 'Communication',
        id: m.id,
        status: 'completed',
        category: [{ text: 'Chat da consulta' }],
        encounter: { reference: `Encounter/${m.appointmentId}-encounter` },
        about: [appointmentRef(m.appointmentId)],
        sent: m.createdAt.toISOString(),
        sender,
        payload: [
          ...(m.body ? [{ contentString: m.body }] : []),
          ...(m.fileKey ? [{ contentReference: { reference: `DocumentReference/${m.id}-file` } }] : []),
        ],
      };
      resources.push(communication);
      if (m.fileKey && m.fileName && m.fileMime) {
        const path = `arquivos/${m.createdAt.toISOString().slice(0, 10)}_${m.id.slice(0, 8)}_${safeName(m.fileName)}`;
        const bytes = await readAll(storage, m.fileKey);
        const doc: DocumentReference = {
          resourceType: 'DocumentReference',
          id: `${m.id}-file`,
          status: 'current',
          type: { text: 'Arquivo compartilhado na consulta' },
          date: m.createdAt.toISOString(),
          author: [sender],
          ...(user.role === 'patient' ? { subject: patientRef(patientId) } : {}),
          context: { related: [appointmentRef(m.appointmentId)] },
          content: [
            {
              attachment: {
                contentType: m.fileMime,
                title: m.fileName,
                size: m.fileSize ?? undefined,
                // The copy inside this ZIP; null when the stored file could no longer be read.
                url: bytes ? path : undefined,
              },
            },
          ],
        };
        resources.push(doc);
        if (bytes) files.push({ path, bytes });
      }
    }
    return { resources, files };
  },
};

/**
 * The messages between patient and doctor outside the call (decision 090), handled like the room's
 * chat: a patient's export holds both parties' messages and files of their conversations; a
 * doctor's holds only what the doctor sent.
 */
const conversationsSection: ExportSection = {
  name: 'messages',
  async collect({ db, storage }, user) {
    const scope =
      user.role === 'patient'
        ? eq(conversations.patientId, user.id)
        : and(eq(conversations.doctorUserId, user.id), eq(conversationMessages.senderId, user.id));
    const rows = await db
      .select({
        m: conversationMessages,
        patientId: conversations.patientId,
        senderName: userProfiles.fullName,
      })
      .from(conversationMessages)
      .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
      .innerJoin(userProfiles, eq(userProfiles.id, conversationMessages.senderId))
      .where(scope)
      .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
    const resources: Resource[] = [];
    const files: ExportFile[] = [];
    for (const { m, patientId, senderName } of rows) {
      const sender =
        m.senderId === patientId
          ? patientRef(m.senderId, senderName)
          : practitionerRef(m.senderId, senderName);
      resources.push({
        resourceType: 'Communication',
        id: m.id,
        status: 'completed',
        category: [{ text: 'Mensagem fora da consulta' }],
        sent: m.createdAt.toISOString(),
        sender,
        ...(user.role === 'patient' ? { subject: patientRef(patientId) } : {}),
        payload: [
          ...(m.body ? [{ contentString: m.body }] : []),
          ...(m.fileKey ? [{ contentReference: { reference: `DocumentReference/${m.id}-file` } }] : []),
        ],
      } satisfies Communication);
      if (m.fileKey && m.fileName && m.fileMime) {
        const path = `arquivos/${m.createdAt.toISOString().slice(0, 10)}_${m.id.slice(0, 8)}_${safeName(m.fileName)}`;
        const bytes = await readAll(storage, m.fileKey);
        resources.push({
          resourceType: 'DocumentReference',
          id: `${m.id}-file`,
          status: 'current',
          type: { text: 'Arquivo enviado em mensagem' },
          date: m.createdAt.toISOString(),
          author: [sender],
          ...(user.role === 'patient' ? { subject: patientRef(patientId) } : {}),
          content: [
            {
              attachment: {
                contentType: m.fileMime,
                title: m.fileName,
                size: m.fileSize ?? undefined,
                url: bytes ? path : undefined,
              },
            },
          ],
        } satisfies DocumentReference);
        if (bytes) files.push({ path, bytes });
      }
    }
    return { resources, files };
  },
};

/** The teleconsultation consent (TCLE) acceptances and withdrawals, and the terms at sign-up. */
const consentsSection: ExportSection = {
  name: 'consents',
  async collect({ db }, user) {
    const [account] = await db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, user.id));
    const rows = await db
      .select()
      .from(consentAcceptances)
      .where(eq(consentAcceptances.userId, user.id))
      .orderBy(asc(consentAcceptances.acceptedAt));
    const who = user.role === 'patient' ? patientRef(user.id) : practitionerRef(user.id);
    const resources: Consent[] = rows.map((c) => ({
      resourceType: 'Consent',
      id: c.id,
      status: c.withdrawnAt ? 'inactive' : 'active',
      scope: { text: 'Termo de consentimento para teleconsulta (TCLE)' },
      category: [{ text: `TCLE versão ${c.version}` }],
      patient: who as Reference<Patient>,
      dateTime: c.acceptedAt.toISOString(),
      policy: [{ uri: `urn:pulsa:tcle:${c.version}` }],
      ...(c.withdrawnAt
        ? { extension: [{ url: 'urn:pulsa:withdrawn-at', valueDateTime: c.withdrawnAt.toISOString() }] }
        : {}),
    }));
    if (account)
      resources.unshift({
        resourceType: 'Consent',
        id: `${user.id}-terms`,
        status: 'active',
        scope: { text: 'Termos de uso e Política de privacidade' },
        category: [{ text: 'Aceite no cadastro' }],
        patient: who as Reference<Patient>,
        dateTime: account.createdAt.toISOString(),
        // ppc-1: a consent names the policy it accepts.
        policy: [{ uri: 'urn:pulsa:termos-de-uso-e-politica-de-privacidade' }],
      });
    // The current TCLE text the version refers to, so the acceptance can be read with it.
    if (rows.length)
      resources.push({
        resourceType: 'Consent',
        id: `tcle-${TELECONSULTATION_CONSENT.version}`,
        status: 'active',
        scope: { text: TELECONSULTATION_CONSENT.title },
        category: [{ text: `Texto da versão ${TELECONSULTATION_CONSENT.version}` }],
        policyRule: { text: TELECONSULTATION_CONSENT.paragraphs.join('\n\n') },
      } as Consent);
    return { resources, files: [] };
  },
};

/** Payments (the patient's, or the doctor's share of each) with their refunds, as invoices. */
const paymentsSection: ExportSection = {
  name: 'payments',
  async collect({ db }, user) {
    const rows = await db
      .select()
      .from(payments)
      .where(
        user.role === 'doctor' && user.doctorId
          ? eq(payments.doctorId, user.doctorId)
          : eq(payments.patientId, user.id),
      )
      .orderBy(asc(payments.createdAt));
    const refundRows = rows.length
      ? await db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.paymentId,
              rows.map((p) => p.id),
            ),
          )
      : [];
    const resources: Invoice[] = rows.map((p) => ({
      resourceType: 'Invoice',
      id: p.id,
      status:
        p.status === 'paid'
          ? 'balanced'
          : p.status === 'refunded' || p.status === 'failed'
            ? 'cancelled'
            : 'issued',
      date: p.createdAt.toISOString(),
      ...(user.role === 'patient' ? { subject: patientRef(user.id) } : {}),
      totalGross: brl(p.amount),
      totalNet: brl(user.role === 'doctor' ? p.doctorAmount : p.amount),
      paymentTerms: p.method,
      note: [
        { text: `Consulta ${p.appointmentId}; situação: ${p.status}` },
        ...(user.role === 'doctor'
          ? [{ text: `Comissão da plataforma: R$ ${(p.platformFee / 100).toFixed(2)}` }]
          : []),
        ...refundRows
          .filter((r) => r.paymentId === p.id)
          .map((r) => ({
            text: `Reembolso de R$ ${(r.amount / 100).toFixed(2)} em ${r.createdAt.toISOString()}${r.reason ? ` — ${r.reason}` : ''}`,
          })),
      ],
    }));
    return { resources, files: [] };
  },
};

/** What the person wrote about doctors (patients) and the messages the platform sent them. */
const reviewsAndNoticesSection: ExportSection = {
  name: 'reviews-and-notices',
  async collect({ db }, user) {
    const resources: Communication[] = [];
    if (user.role === 'patient') {
      const rows = await db.select().from(reviews).where(eq(reviews.patientId, user.id));
      for (const r of rows)
        resources.push({
          resourceType: 'Communication',
          id: r.id,
          status: 'completed',
          category: [{ text: 'Avaliação' }],
          about: [appointmentRef(r.appointmentId)],
          sent: r.createdAt.toISOString(),
          sender: patientRef(user.id),
          payload: [
            { contentString: `Nota ${r.rating} de 5` },
            ...(r.comment ? [{ contentString: r.comment }] : []),
          ],
        });
    }
    const notices = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(asc(notifications.createdAt));
    for (const n of notices)
      resources.push({
        resourceType: 'Communication',
        id: n.id,
        status: 'completed',
        category: [{ text: 'Notificação' }],
        sent: n.createdAt.toISOString(),
        ...(n.readAt ? { received: n.readAt.toISOString() } : {}),
        payload: [{ contentString: n.body ? `${n.title}\n${n.body}` : n.title }],
      });
    return { resources, files: [] };
  },
};

const AUDIT_ACTION: Record<string, string> = {
  record: 'Prontuário',
  document: 'Documento',
  consultation_file: 'Arquivo da consulta',
  history: 'Histórico',
  message: 'Mensagem denunciada',
  export: 'Cópia dos dados',
};

/** "Quem acessou meus dados": the patient's whole access log (a doctor has no log of their own). */
const accessLogSection: ExportSection = {
  name: 'access-log',
  async collect({ db }, user) {
    if (user.role !== 'patient') return { resources: [], files: [] };
    const rows = await clinicalAccessOf(db, user.id);
    const resources: AuditEvent[] = rows.map((r) => ({
      resourceType: 'AuditEvent',
      id: r.id,
      type: {
        system: 'http://terminology.hl7.org/CodeSystem/audit-event-type',
        code: 'rest',
        display: 'RESTful Operation',
      },
      action: 'R',
      recorded: r.createdAt.toISOString(),
      outcome: '0',
      purposeOfEvent: [{ text: r.reason }],
      agent: [
        {
          who: r.actorId === user.id ? patientRef(r.actorId) : { reference: `Practitioner/${r.actorId}` },
          type: { text: r.actorRole },
          requestor: true,
        },
      ],
      source: { observer: { display: 'Pulsa' } },
      entity: [
        {
          what: { display: `${AUDIT_ACTION[r.resource] ?? r.resource} ${r.resourceId}` },
          ...(r.appointmentId ? { description: `Consulta ${r.appointmentId}` } : {}),
        },
      ],
    }));
    return { resources, files: [] };
  },
};

/**
 * The parts of every export, in order. The record branch adds its records (Composition, Condition)
 * and the documents branch its documents (DocumentReference + the signed PDFs, through their
 * `listDocumentsForExport`) as one more entry each.
 */
/** The account's own parts; the clinical ones are in export.clinical.ts. */
export const ACCOUNT_SECTIONS: ExportSection[] = [
  accountSection,
  consultationsSection,
  chatSection,
  conversationsSection,
  consentsSection,
  paymentsSection,
  reviewsAndNoticesSection,
  accessLogSection,
];
