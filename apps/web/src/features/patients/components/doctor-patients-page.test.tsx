// @vitest-environment jsdom
import { formatDate } from '@pulsa/shared/format/date';
import { formatPhone } from '@pulsa/shared/format/phone';
import { type DoctorPatient, PATIENT_MESSAGES } from '@pulsa/shared/schemas/patients';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '@/config/sections';
import { INTERNAL_ERROR_MESSAGE } from '@/lib/messages';
import { apiError, findToast, mockApi, pageOf, type Reply, renderWithApp, toastType } from '@/test/app';
import { DOCTOR_PATIENTS_PATH } from '../api/get-doctor-patients';
import { DOCTOR_PATIENTS_TEXT as T } from '../doctor-texts';
import { DoctorPatientsPage } from './doctor-patients-page';

const ANA: DoctorPatient = {
  id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
  patientId: 'f2a3b4c5-d6e7-4f8a-9b0c-1d2e3f4a5b6c',
  name: 'Ana Beatriz Souza',
  email: 'ana@exemplo.com.br',
  phone: '11987654321',
  avatarUrl: null,
  isGeneric: false,
  consultations: 3,
  lastVisitAt: '2026-11-10T13:00:00.000Z',
  addedAt: '2026-10-01T10:00:00.000Z',
};
const GENERIC: DoctorPatient = {
  id: 'a3b4c5d6-e7f8-4a9b-8c1d-2e3f4a5b6c7d',
  patientId: null,
  name: 'Paciente genérico',
  email: null,
  phone: null,
  avatarUrl: null,
  isGeneric: true,
  consultations: 0,
  lastVisitAt: null,
  addedAt: '2026-11-01T10:00:00.000Z',
};

const LIST = `GET ${DOCTOR_PATIENTS_PATH}` as const;
const ADD = `POST ${DOCTOR_PATIENTS_PATH}` as const;
const ADD_GENERIC = `POST ${DOCTOR_PATIENTS_PATH}/generic` as const;

function renderPage(
  list: Reply | Reply[],
  more: Parameters<typeof mockApi>[0] = {},
  route = '/doctor/patients',
) {
  const api = mockApi({ [LIST]: list, ...more });
  return { api, ...renderWithApp(<DoctorPatientsPage section={SECTIONS.doctor.patients} />, { route }) };
}

const table = () => screen.findByRole('table', { name: T.tableLabel });

describe('the doctor’s patient list', () => {
  it('lists the patients the server sends, each with phone, consultations and last visit', async () => {
    const { api } = renderPage({ body: pageOf([ANA, GENERIC]) });
    await screen.findByText(ANA.name);
    const [ana, generic] = within(await table())
      .getAllByRole('row')
      .slice(1) as [HTMLElement, HTMLElement];
    expect(within(ana).getByText(ANA.email as string)).toBeInTheDocument();
    expect(within(ana).getByText(formatPhone(ANA.phone as string))).toBeInTheDocument();
    expect(within(ana).getByText('3')).toBeInTheDocument();
    expect(within(ana).getByText(formatDate(ANA.lastVisitAt))).toBeInTheDocument();
    expect(within(generic).getByText(T.generic.badge)).toBeInTheDocument();
    expect(within(generic).getByText(T.notInformed)).toBeInTheDocument();
    expect(within(generic).getByText(T.never)).toBeInTheDocument();
    expect(screen.getByText(T.count(2))).toBeInTheDocument();
    expect(api.calls[0]?.url).toBe(`${DOCTOR_PATIENTS_PATH}?page=1&pageSize=10`);
  });

  it('asks the server for the search and the sort, and keeps them in the address', async () => {
    const { api, user, location } = renderPage((call) =>
      call.url.includes('q=ana') ? { body: pageOf([ANA]) } : { body: pageOf([ANA, GENERIC]) },
    );
    await screen.findByText(T.count(2));
    await user.type(screen.getByRole('searchbox', { name: T.search }), 'ana{Enter}');
    expect(await screen.findByText(T.count(1))).toBeInTheDocument();
    expect(api.calls.at(-1)?.url).toBe(`${DOCTOR_PATIENTS_PATH}?page=1&pageSize=10&q=ana`);
    expect(location.search).toBe('?q=ana');

    await user.click(screen.getByRole('button', { name: `Ordenar por ${T.columns.consultations}` }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.url).toBe(
        `${DOCTOR_PATIENTS_PATH}?page=1&pageSize=10&q=ana&sort=consultations&order=asc`,
      ),
    );
    expect(location.search).toBe('?q=ana&sort=consultations');
  });

  it('explains where patients come from when there is none at all', async () => {
    renderPage({ body: pageOf([]) });
    expect(await screen.findByText(T.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(T.emptyHint)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the list could not load, and loads it again on "Tentar novamente"', async () => {
    const { user } = renderPage([apiError(500, INTERNAL_ERROR_MESSAGE), { body: pageOf([ANA]) }]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(T.loadError)).toBeInTheDocument();
    expect(toastType(await findToast(T.loadError, INTERNAL_ERROR_MESSAGE))).toBe('error');
    await user.click(within(alert).getByRole('button', { name: T.retry }));
    expect(await screen.findByText(ANA.name)).toBeInTheDocument();
  });
});

describe('adding a patient by email', () => {
  async function openDialog(user: ReturnType<typeof renderPage>['user']) {
    await user.click(await screen.findByRole('button', { name: T.add.open }));
    return screen.findByRole('dialog', { name: T.add.title });
  }

  it('checks the address before sending it', async () => {
    const { api, user } = renderPage({ body: pageOf([ANA]) });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: T.add.submit }));
    expect(await within(dialog).findByText(PATIENT_MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(T.add.email), 'ana@');
    await user.click(within(dialog).getByRole('button', { name: T.add.submit }));
    expect(await within(dialog).findByText(PATIENT_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(api.callsTo(ADD)).toHaveLength(0);
  });

  it('adds a patient who booked before, tidying the address, and reloads the list', async () => {
    const { api, user } = renderPage([{ body: pageOf([GENERIC]) }, { body: pageOf([ANA, GENERIC]) }], {
      [ADD]: { status: 201, body: { status: 'added', name: ANA.name, email: ANA.email } },
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(T.add.email), '  Ana@Exemplo.com.br ');
    await user.click(within(dialog).getByRole('button', { name: T.add.submit }));

    const item = await findToast(T.add.successTitle, T.add.successDescription(ANA.name));
    expect(toastType(item)).toBe('success');
    expect(api.callsTo(ADD).map((c) => c.body)).toEqual([{ email: 'ana@exemplo.com.br' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(ANA.name)).toBeInTheDocument();
  });

  it('says the same neutral words for any other address', async () => {
    const { user } = renderPage(
      { body: pageOf([ANA]) },
      {
        [ADD]: { status: 202, body: { status: 'invited', message: PATIENT_MESSAGES.invited } },
      },
    );
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(T.add.email), 'quem@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: T.add.submit }));
    expect(toastType(await findToast(T.add.invitedTitle, PATIENT_MESSAGES.invited))).toBe('info');
  });

  it('puts "already in your list" under the field and in the error toast, keeping the dialog open', async () => {
    const { user } = renderPage(
      { body: pageOf([ANA]) },
      {
        [ADD]: apiError(409, PATIENT_MESSAGES.alreadyListed),
      },
    );
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(T.add.email), ANA.email as string);
    await user.click(within(dialog).getByRole('button', { name: T.add.submit }));

    expect(toastType(await findToast(T.add.errorTitle, PATIENT_MESSAGES.alreadyListed))).toBe('error');
    expect(within(dialog).getByText(PATIENT_MESSAGES.alreadyListed)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(T.add.email)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: T.add.title })).toBeInTheDocument();
  });
});

describe('the generic patient', () => {
  it('is created with one click', async () => {
    const { api, user } = renderPage([{ body: pageOf([ANA]) }, { body: pageOf([ANA, GENERIC]) }], {
      [ADD_GENERIC]: { status: 201, body: { name: GENERIC.name, email: null } },
    });
    await user.click(await screen.findByRole('button', { name: T.generic.button }));
    expect(toastType(await findToast(T.generic.success))).toBe('success');
    expect(api.callsTo(ADD_GENERIC)).toHaveLength(1);
    expect(await screen.findByText(T.generic.badge)).toBeInTheDocument();
  });

  it('is refused once it exists, with the server’s reason', async () => {
    const { user } = renderPage(
      { body: pageOf([GENERIC]) },
      {
        [ADD_GENERIC]: apiError(409, PATIENT_MESSAGES.genericExists),
      },
    );
    await user.click(await screen.findByRole('button', { name: T.generic.button }));
    expect(toastType(await findToast(T.generic.errorTitle, PATIENT_MESSAGES.genericExists))).toBe('error');
  });
});
