// @vitest-environment jsdom
import { formatCalendarDate } from '@pulsa/shared/format/calendar-date';
import {
  AGENDA_MESSAGES,
  type Agenda,
  type AgendaException,
  type AvailabilityWindow,
} from '@pulsa/shared/schemas/agenda';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '@/config/sections';
import { INTERNAL_ERROR_MESSAGE } from '@/lib/messages';
import { apiError, findToast, mockApi, type Reply, renderWithApp, toastType } from '@/test/app';
import { AGENDA_PATH } from '../api/agenda-keys';
import { clockRange } from '../calendar-date';
import { AGENDA_TEXT, NOTICE_OPTIONS, WEEKDAYS } from '../texts';
import { SchedulePage } from './schedule-page';

const MONDAY_MORNING: AvailabilityWindow = {
  id: '6a1f3c2e-5b4d-4e8f-9a7b-1c2d3e4f5a6b',
  dayOfWeek: 1,
  startTime: '08:00',
  endTime: '12:00',
  isAvailable: true,
};
const VACATION: AgendaException = {
  id: '7b2e4d3f-6c5e-4f9a-8b8c-2d3e4f5a6b7c',
  kind: 'off',
  startDate: '2026-12-21',
  endDate: '2027-01-04',
  startTime: null,
  endTime: null,
  note: 'Recesso de fim de ano',
};

const agenda = (changes: Partial<Agenda> = {}): Agenda => ({
  settings: {
    minNoticeMinutes: 240,
    bookingHorizonDays: 30,
    consultationMinutes: 30,
    timeZone: 'America/Sao_Paulo',
  },
  windows: [MONDAY_MORNING],
  exceptions: [],
  ...changes,
});

const WINDOWS = `POST ${AGENDA_PATH}/windows` as const;
const EXCEPTIONS = `POST ${AGENDA_PATH}/exceptions` as const;

/** /doctor/schedule with its agenda (one reply, or one per read) and an empty preview. */
function renderSchedule(answers: Reply | Reply[], more: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    [`GET ${AGENDA_PATH}`]: answers,
    [`GET ${AGENDA_PATH}/preview`]: {
      body: { timeZone: 'America/Sao_Paulo', consultationMinutes: 30, days: [] },
    },
    ...more,
  });
  return { api, ...renderWithApp(<SchedulePage section={SECTIONS.doctor.schedule} />) };
}

/** The add form: the card titled "Adicionar horário". */
const addForm = async () =>
  (await screen.findByRole('heading', { name: AGENDA_TEXT.add.title })).closest('div')
    ?.parentElement as HTMLElement;

async function chooseOption(user: UserEvent, trigger: HTMLElement, option: string) {
  await user.click(trigger);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the weekly windows', () => {
  it('adds a window: weekday, start and end go to the server, and the new window is listed', async () => {
    const added: AvailabilityWindow = {
      id: '8c3f5e4a-7d6f-4a0b-9c9d-3e4f5a6b7c8d',
      dayOfWeek: 2,
      startTime: '14:00',
      endTime: '18:00',
      isAvailable: true,
    };
    const { api, user } = renderSchedule(
      [{ body: agenda() }, { body: agenda({ windows: [MONDAY_MORNING, added] }) }],
      {
        [WINDOWS]: { status: 201, body: added },
      },
    );
    const form = await addForm();
    await chooseOption(user, within(form).getByLabelText(AGENDA_TEXT.add.day), WEEKDAYS[2] as string);
    await user.type(within(form).getByLabelText(AGENDA_TEXT.add.start), '14:00');
    await user.type(within(form).getByLabelText(AGENDA_TEXT.add.end), '18:00');
    await user.click(within(form).getByRole('button', { name: AGENDA_TEXT.add.submit }));

    expect(toastType(await findToast(AGENDA_TEXT.toast.added))).toBe('success');
    expect(api.callsTo(WINDOWS)).toEqual([
      {
        method: 'POST',
        url: `${AGENDA_PATH}/windows`,
        body: { dayOfWeek: 2, startTime: '14:00', endTime: '18:00' },
      },
    ]);
    const tuesday = screen.getByRole('listitem', { name: WEEKDAYS[2] });
    expect(await within(tuesday).findByText(clockRange('14:00', '18:00'))).toBeInTheDocument();
    // The times are cleared for the next window; the weekday stays.
    expect(within(form).getByLabelText(AGENDA_TEXT.add.start)).toHaveValue('');
  });

  it('checks the form in order before sending anything', async () => {
    const { api, user } = renderSchedule({ body: agenda() });
    const form = await addForm();
    await user.click(within(form).getByRole('button', { name: AGENDA_TEXT.add.submit }));
    expect(await within(form).findByText(AGENDA_MESSAGES.dayRequired)).toBeInTheDocument();
    expect(within(form).getByText(AGENDA_MESSAGES.startRequired)).toBeInTheDocument();
    expect(within(form).getByText(AGENDA_MESSAGES.endRequired)).toBeInTheDocument();

    await chooseOption(user, within(form).getByLabelText(AGENDA_TEXT.add.day), WEEKDAYS[3] as string);
    await user.type(within(form).getByLabelText(AGENDA_TEXT.add.start), '10:00');
    await user.type(within(form).getByLabelText(AGENDA_TEXT.add.end), '09:00');
    await user.click(within(form).getByRole('button', { name: AGENDA_TEXT.add.submit }));
    expect(await within(form).findByText(AGENDA_MESSAGES.endAfterStart)).toBeInTheDocument();
    expect(within(form).queryByText(AGENDA_MESSAGES.dayRequired)).not.toBeInTheDocument();
    expect(within(form).getByLabelText(AGENDA_TEXT.add.end)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(WINDOWS)).toHaveLength(0);
  });

  it('shows an overlap the server refuses under the field and in the error toast', async () => {
    const { user } = renderSchedule(
      { body: agenda() },
      {
        [WINDOWS]: apiError(409, AGENDA_MESSAGES.overlap, {
          fieldErrors: { startTime: AGENDA_MESSAGES.overlap },
        }),
      },
    );
    const form = await addForm();
    await chooseOption(user, within(form).getByLabelText(AGENDA_TEXT.add.day), WEEKDAYS[1] as string);
    await user.type(within(form).getByLabelText(AGENDA_TEXT.add.start), '09:00');
    await user.type(within(form).getByLabelText(AGENDA_TEXT.add.end), '10:00');
    await user.click(within(form).getByRole('button', { name: AGENDA_TEXT.add.submit }));

    const item = await findToast(AGENDA_TEXT.toast.addError, AGENDA_MESSAGES.overlap);
    expect(toastType(item)).toBe('error');
    expect(within(form).getByText(AGENDA_MESSAGES.overlap)).toBeInTheDocument();
    expect(within(form).getByLabelText(AGENDA_TEXT.add.start)).toHaveAttribute('aria-invalid', 'true');
    // Nothing added, nothing cleared.
    expect(within(form).getByLabelText(AGENDA_TEXT.add.start)).toHaveValue('09:00');
  });

  it('turns a window off with its switch', async () => {
    const { api, user } = renderSchedule(
      { body: agenda() },
      {
        [`PATCH ${AGENDA_PATH}/windows/${MONDAY_MORNING.id}`]: {
          body: { ...MONDAY_MORNING, isAvailable: false },
        },
      },
    );
    const range = clockRange('08:00', '12:00');
    const toggle = await screen.findByRole('switch', {
      name: AGENDA_TEXT.weekly.toggleLabel(WEEKDAYS[1] as string, range),
    });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toastType(await findToast(AGENDA_TEXT.toast.deactivated))).toBe('success');
    expect(api.callsTo(`PATCH ${AGENDA_PATH}/windows/${MONDAY_MORNING.id}`).map((c) => c.body)).toEqual([
      { isAvailable: false },
    ]);
  });

  it('edits a window where it is listed', async () => {
    const path = `PUT ${AGENDA_PATH}/windows/${MONDAY_MORNING.id}` as const;
    const { api, user } = renderSchedule(
      { body: agenda() },
      { [path]: { body: { ...MONDAY_MORNING, endTime: '13:00' } } },
    );
    const label = AGENDA_TEXT.weekly.editLabel(WEEKDAYS[1] as string, clockRange('08:00', '12:00'));
    await user.click(await screen.findByRole('button', { name: label }));
    const form = screen.getByRole('form', { name: label });
    const end = within(form).getByLabelText(AGENDA_TEXT.add.end);
    await user.clear(end);
    await user.type(end, '13:00');
    await user.click(within(form).getByRole('button', { name: AGENDA_TEXT.edit.save }));

    await findToast(AGENDA_TEXT.toast.updated);
    expect(api.callsTo(path).map((c) => c.body)).toEqual([
      { dayOfWeek: 1, startTime: '08:00', endTime: '13:00' },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: label })).not.toBeInTheDocument());
  });

  it('removes a window only after the confirmation, and says when the server refuses', async () => {
    const path = `DELETE ${AGENDA_PATH}/windows/${MONDAY_MORNING.id}` as const;
    const { api, user } = renderSchedule(
      { body: agenda() },
      {
        [path]: apiError(404, AGENDA_MESSAGES.windowNotFound),
      },
    );
    const range = clockRange('08:00', '12:00');
    await user.click(
      await screen.findByRole('button', {
        name: AGENDA_TEXT.weekly.removeLabel(WEEKDAYS[1] as string, range),
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: AGENDA_TEXT.remove.title });
    expect(
      within(confirm).getByText(AGENDA_TEXT.remove.description(WEEKDAYS[1] as string, range)),
    ).toBeInTheDocument();
    expect(api.callsTo(path)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: AGENDA_TEXT.remove.confirm }));

    const item = await findToast(AGENDA_TEXT.toast.removeError, AGENDA_MESSAGES.windowNotFound);
    expect(toastType(item)).toBe('error');
    expect(api.callsTo(path)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});

describe('the exceptions', () => {
  const exceptionsCard = async () =>
    (await screen.findByText(AGENDA_TEXT.exceptions.title, { selector: 'h2, h3' })).closest('div')
      ?.parentElement as HTMLElement;

  it('adds a vacation with its dates and note', async () => {
    const { api, user } = renderSchedule([{ body: agenda() }, { body: agenda({ exceptions: [VACATION] }) }], {
      [EXCEPTIONS]: { status: 201, body: VACATION },
    });
    const card = await exceptionsCard();
    expect(within(card).getByText(AGENDA_TEXT.exceptions.empty)).toBeInTheDocument();
    await user.type(within(card).getByLabelText(AGENDA_TEXT.exceptions.startDateRange), '2026-12-21');
    await user.type(within(card).getByLabelText(AGENDA_TEXT.exceptions.endDate), '2027-01-04');
    await user.type(within(card).getByLabelText(AGENDA_TEXT.exceptions.note), '  Recesso de fim de ano ');
    await user.click(within(card).getByRole('button', { name: AGENDA_TEXT.exceptions.submit }));

    await findToast(AGENDA_TEXT.toast.exceptionAdded);
    expect(api.callsTo(EXCEPTIONS)).toHaveLength(1);
    // The note trimmed; the hours of the other kind left empty.
    expect(api.callsTo(EXCEPTIONS)[0]?.body).toEqual({
      kind: 'off',
      startDate: '2026-12-21',
      endDate: '2027-01-04',
      startTime: '',
      endTime: '',
      note: 'Recesso de fim de ano',
    });
    const what = AGENDA_TEXT.exceptions.offRange(
      formatCalendarDate('2026-12-21'),
      formatCalendarDate('2027-01-04'),
    );
    expect(await within(card).findByText(what)).toBeInTheDocument();
  });

  it('asks for the hours of an extra day and a final date not before the first', async () => {
    const { api, user } = renderSchedule({ body: agenda() });
    const card = await exceptionsCard();
    await user.type(within(card).getByLabelText(AGENDA_TEXT.exceptions.startDateRange), '2026-12-10');
    await user.type(within(card).getByLabelText(AGENDA_TEXT.exceptions.endDate), '2026-12-09');
    await user.click(within(card).getByRole('button', { name: AGENDA_TEXT.exceptions.submit }));
    expect(await within(card).findByText(AGENDA_MESSAGES.endDateAfterStart)).toBeInTheDocument();

    await user.click(within(card).getByRole('radio', { name: AGENDA_TEXT.exceptions.kinds.extra }));
    expect(within(card).getByLabelText(AGENDA_TEXT.exceptions.startDate)).toBeInTheDocument();
    expect(within(card).queryByLabelText(AGENDA_TEXT.exceptions.endDate)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: AGENDA_TEXT.exceptions.submit }));
    expect(await within(card).findByText(AGENDA_MESSAGES.startRequired)).toBeInTheDocument();
    expect(api.callsTo(EXCEPTIONS)).toHaveLength(0);
  });

  it('shows the server’s refusal of an overlapping exception', async () => {
    const { user } = renderSchedule(
      { body: agenda({ exceptions: [VACATION] }) },
      {
        [EXCEPTIONS]: apiError(409, AGENDA_MESSAGES.exceptionOverlap),
      },
    );
    const card = await exceptionsCard();
    await user.type(within(card).getByLabelText(AGENDA_TEXT.exceptions.startDateRange), '2026-12-24');
    await user.click(within(card).getByRole('button', { name: AGENDA_TEXT.exceptions.submit }));
    const item = await findToast(AGENDA_TEXT.toast.exceptionAddError, AGENDA_MESSAGES.exceptionOverlap);
    expect(toastType(item)).toBe('error');
  });

  it('removes an exception after the confirmation', async () => {
    const path = `DELETE ${AGENDA_PATH}/exceptions/${VACATION.id}` as const;
    const { api, user } = renderSchedule([{ body: agenda({ exceptions: [VACATION] }) }, { body: agenda() }], {
      [path]: { status: 204 },
    });
    const what = AGENDA_TEXT.exceptions.offRange(
      formatCalendarDate(VACATION.startDate),
      formatCalendarDate(VACATION.endDate),
    );
    expect(await screen.findByText(VACATION.note as string)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: AGENDA_TEXT.exceptions.removeLabel(what) }));
    const confirm = await screen.findByRole('alertdialog', { name: AGENDA_TEXT.exceptions.removeTitle });
    expect(within(confirm).getByText(AGENDA_TEXT.exceptions.removeDescription(what))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: AGENDA_TEXT.exceptions.remove }));

    await findToast(AGENDA_TEXT.toast.exceptionRemoved);
    expect(api.callsTo(path)).toHaveLength(1);
    expect(await screen.findByText(AGENDA_TEXT.exceptions.empty)).toBeInTheDocument();
  });
});

describe('the schedule page', () => {
  it('saves the booking rules only once one changed', async () => {
    const path = `PUT ${AGENDA_PATH}/settings` as const;
    const { api, user } = renderSchedule(
      { body: agenda() },
      {
        [path]: { body: { ...agenda().settings, minNoticeMinutes: 1440 } },
      },
    );
    const save = await screen.findByRole('button', { name: AGENDA_TEXT.settings.submit });
    expect(save).toBeDisabled();
    const [minutes, label] = NOTICE_OPTIONS.find(([m]) => m === 1440) ?? [0, ''];
    await chooseOption(user, screen.getByLabelText(AGENDA_TEXT.settings.notice), label);
    expect(save).toBeEnabled();
    await user.click(save);
    await findToast(AGENDA_TEXT.toast.settingsSaved);
    expect(api.callsTo(path).map((c) => c.body)).toEqual([
      { minNoticeMinutes: minutes, bookingHorizonDays: 30 },
    ]);
  });

  it('says the agenda could not load, and loads it again on "Tentar novamente"', async () => {
    const { user } = renderSchedule([apiError(500, INTERNAL_ERROR_MESSAGE), { body: agenda() }]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(AGENDA_TEXT.toast.loadError)).toBeInTheDocument();
    await findToast(AGENDA_TEXT.toast.loadError, INTERNAL_ERROR_MESSAGE);
    await user.click(within(alert).getByRole('button', { name: AGENDA_TEXT.loadErrorRetry }));
    expect(await screen.findByText(AGENDA_TEXT.weekly.title)).toBeInTheDocument();
  });
});
