import type { Bundle, Resource } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { strToU8, type Zippable, zipSync } from 'fflate';
import type { Queryable } from '../../db/client.ts';
import { doctorProfiles, userRoles } from '../../db/schema.ts';
import { recordClinicalAccess } from '../access-log/access-log.service.ts';
import type { FileStorage } from '../files/files.storage.ts';
import { assembleBundle } from './export.bundle.ts';
import { CLINICAL_SECTIONS } from './export.clinical.ts';
import { ACCOUNT_SECTIONS, type ExportSection, type ExportUser } from './export.sections.ts';

/** Every part of "Baixar meus dados": a new kind of data is one more section here. */
export const EXPORT_SECTIONS: ExportSection[] = [...ACCOUNT_SECTIONS, ...CLINICAL_SECTIONS];

export interface ExportDeps {
  db: Queryable;
  storage: FileStorage;
  dataKey: Buffer;
  /** The parts to collect; every section by default. */
  sections?: ExportSection[];
  now?: Date;
}

export interface BuiltExport {
  zip: Uint8Array;
  bundle: Bundle;
  fileCount: number;
}

const README = (when: string) =>
  [
    'Pulsa — cópia dos seus dados',
    '',
    `Gerada em ${when} (horário UTC).`,
    '',
    'dados.json: todos os seus dados no formato FHIR R4 (um Bundle do tipo "collection"):',
    '  Patient ou Practitioner — sua conta;',
    '  Appointment e Encounter — suas consultas, com as orientações do médico;',
    '  Communication — o chat das consultas, as mensagens trocadas fora delas, suas avaliações e notificações;',
    '  Composition e Condition — os registros das consultas assinados pelo médico (SOAP, conduta,',
    '    diagnósticos da CID-10 e adendos);',
    '  DocumentReference — os arquivos e os documentos emitidos (receitas, atestados, pedidos de',
    '    exames, relatórios; as cópias estão na pasta "arquivos");',
    '  Consent — seus aceites do termo de teleconsulta (TCLE) e dos termos de uso;',
    '  Invoice — seus pagamentos e reembolsos;',
    '  AuditEvent — quem acessou seus dados clínicos, quando e por quê.',
    '',
    'Esta cópia contém dados de saúde. Guarde-a em local seguro.',
  ].join('\n');

/** Who the user is for the export: their role and, for a doctor, their profile. */
async function exportUser(db: Queryable, userId: string): Promise<ExportUser> {
  const [role] = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  if (role?.role === 'doctor') {
    const [doctor] = await db
      .select({ id: doctorProfiles.id })
      .from(doctorProfiles)
      .where(eq(doctorProfiles.userId, userId));
    return { id: userId, role: 'doctor', doctorId: doctor?.id ?? null };
  }
  return { id: userId, role: 'patient', doctorId: null };
}

/**
 * "Baixar meus dados": everything of the user, nothing of anyone else (decision 089), as a ZIP
 * with dados.json (a FHIR R4 Bundle), LEIA-ME.txt and every file under arquivos/. Callable directly
 * (the job and the benchmark). A patient's export is itself a read of their clinical data: it
 * leaves one access-log row.
 */
export async function buildExport(deps: ExportDeps, userId: string): Promise<BuiltExport> {
  const now = deps.now ?? new Date();
  const user = await exportUser(deps.db, userId);
  const resources: Resource[] = [];
  const zipFiles: Zippable = {};
  let fileCount = 0;
  for (const section of deps.sections ?? EXPORT_SECTIONS) {
    const part = await section.collect({ db: deps.db, storage: deps.storage, dataKey: deps.dataKey }, user);
    resources.push(...part.resources);
    for (const file of part.files) {
      // PDFs and images are compressed already: stored as they are.
      zipFiles[file.path] = [file.bytes, { level: 0 }];
      fileCount++;
    }
  }
  const bundle = await assembleBundle(deps.db, resources, now);
  zipFiles['dados.json'] = strToU8(JSON.stringify(bundle, null, 2));
  zipFiles['LEIA-ME.txt'] = strToU8(README(now.toISOString().replace('T', ' ').slice(0, 19)));
  const zip = zipSync(zipFiles, { level: 6, mtime: now });
  if (user.role === 'patient')
    await recordClinicalAccess(deps.db, {
      patientId: userId,
      actorId: userId,
      actorRole: 'patient',
      resource: 'export',
      resourceId: 'dados.json',
      reason: 'own_data',
    });
  return { zip, bundle, fileCount };
}
