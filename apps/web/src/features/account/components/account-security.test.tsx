// @vitest-environment jsdom
import {
  ACCOUNT_MESSAGES,
  type AccountSecurity as AccountSecurityDto,
  type AccountSession,
  type TrustedDevice,
} from '@pulsa/shared/schemas/account';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INTERNAL_ERROR_MESSAGE } from '@/lib/messages';
import { apiError, findToast, mockApi, type Reply, renderWithApp, toastType } from '@/test/app';
import { ACCOUNT_TEXT } from '../texts';
import { AccountSecurity } from './account-security';

const USER: SessionUser = {
  id: '2b0b7d4e-3f7a-4f2c-9a55-0d5f0c1a7e11',
  email: 'marina@exemplo.com.br',
  name: 'Marina Costa',
  role: 'doctor',
  avatarUrl: null,
  twoFactorEnabled: false,
};

const security = (changes: Partial<AccountSecurityDto> = {}): AccountSecurityDto => ({
  email: USER.email,
  twoFactorEnabled: false,
  twoFactorRequired: false,
  recoveryCodesLeft: 0,
  pendingEmail: null,
  ...changes,
});

const THIS_SESSION: AccountSession = {
  id: 'sessao-atual',
  browser: 'Chrome',
  os: 'macOS',
  device: 'desktop',
  ipAddress: '200.100.50.x',
  createdAt: '2026-11-20T12:00:00.000Z',
  lastSeenAt: '2026-11-22T12:00:00.000Z',
  current: true,
};
const PHONE_SESSION: AccountSession = {
  id: 'sessao-celular',
  browser: 'Safari',
  os: 'iOS',
  device: 'mobile',
  ipAddress: null,
  createdAt: '2026-11-18T09:00:00.000Z',
  lastSeenAt: '2026-11-21T09:00:00.000Z',
  current: false,
};

const LAPTOP: TrustedDevice = {
  id: '0f3c0d6e-8a1b-4c55-9e7f-1a2b3c4d5e6f',
  browser: 'Firefox',
  os: 'Windows',
  device: 'desktop',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-01T10:00:00.000Z',
  current: false,
};

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Pulsa:marina@exemplo.com.br?secret=JBSWY3DPEHPK3PXP',
  qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = ['AAAA-1111', 'BBBB-2222', 'CCCC-3333'];

/** The security screen with its three lists answered, plus whatever the test adds. */
function renderSecurity(summary: AccountSecurityDto | Reply, more: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/account/security':
      typeof summary === 'object' && 'email' in summary ? { body: summary } : (summary as Reply),
    'GET /api/account/sessions': { body: { sessions: [THIS_SESSION, PHONE_SESSION] } },
    'GET /api/account/devices': { body: { devices: [LAPTOP] } },
    // Every account change reads the signed-in user again.
    'GET /api/auth/session': { body: { user: USER } },
    ...more,
  });
  const view = renderWithApp(<AccountSecurity />, { user: USER });
  return { api, ...view };
}

/** A visible label followed by a screen-reader-only detail (the space between may be trimmed). */
const labelled = (label: string, detail: string) => new RegExp(`^${label}\\s*${detail}$`);

const REAUTH_REQUIRED = apiError(403, ACCOUNT_MESSAGES.reauthRequired, { code: 'reauth_required' });

describe('two-factor sign-in on the security screen', () => {
  it('enrols: QR code and key, a 6-digit code checked before it is sent, then the recovery codes', async () => {
    const { api, user } = renderSecurity(security(), {
      'POST /api/account/two-factor/setup': { body: SETUP },
      'POST /api/account/two-factor/enable': { body: { recoveryCodes: CODES } },
    });
    const card = (await screen.findByText(ACCOUNT_TEXT.twoFactor.title)).closest(
      '#duas-etapas',
    ) as HTMLElement;
    expect(within(card).getByText(ACCOUNT_TEXT.twoFactor.off)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ACCOUNT_TEXT.twoFactor.enable }));
    const dialog = await screen.findByRole('dialog', { name: ACCOUNT_TEXT.enrol.pageTitle });
    expect(await within(dialog).findByRole('img', { name: ACCOUNT_TEXT.enrol.qrAlt })).toHaveAttribute(
      'src',
      SETUP.qrCodeDataUrl,
    );
    expect(within(dialog).getByText(SETUP.secret)).toBeInTheDocument();
    expect(api.callsTo('POST /api/account/two-factor/setup')).toHaveLength(1);

    // Five digits: the form says what it needs and sends nothing.
    const code = within(dialog).getByLabelText(ACCOUNT_TEXT.enrol.code);
    await user.type(code, '12345');
    await user.click(within(dialog).getByRole('button', { name: ACCOUNT_TEXT.enrol.submit }));
    expect(await within(dialog).findByText(ACCOUNT_MESSAGES.enrolmentCode)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/account/two-factor/enable')).toHaveLength(0);

    await user.type(code, '6');
    await user.click(within(dialog).getByRole('button', { name: ACCOUNT_TEXT.enrol.submit }));
    expect(toastType(await findToast(ACCOUNT_TEXT.enrol.enabledToast))).toBe('success');
    expect(api.callsTo('POST /api/account/two-factor/enable')).toEqual([
      { method: 'POST', url: '/api/account/two-factor/enable', body: { code: '123456' } },
    ]);
    const list = within(dialog).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);

    await user.click(within(dialog).getByRole('button', { name: ACCOUNT_TEXT.recovery.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The summary is read again after the change.
    await waitFor(() => expect(api.callsTo('GET /api/account/security').length).toBeGreaterThan(1));
  });

  it('puts a refused code under the field and tells why in the error toast', async () => {
    const { api, user } = renderSecurity(security(), {
      'POST /api/account/two-factor/setup': { body: SETUP },
      'POST /api/account/two-factor/enable': apiError(400, ACCOUNT_MESSAGES.invalidCode, {
        fieldErrors: { code: ACCOUNT_MESSAGES.invalidCode },
      }),
    });
    await user.click(await screen.findByRole('button', { name: ACCOUNT_TEXT.twoFactor.enable }));
    const dialog = await screen.findByRole('dialog', { name: ACCOUNT_TEXT.enrol.pageTitle });
    await within(dialog).findByText(SETUP.secret);
    await user.type(within(dialog).getByLabelText(ACCOUNT_TEXT.enrol.code), '000000');
    await user.click(within(dialog).getByRole('button', { name: ACCOUNT_TEXT.enrol.submit }));

    const item = await findToast(ACCOUNT_TEXT.twoFactor.errorTitle, ACCOUNT_MESSAGES.invalidCode);
    expect(toastType(item)).toBe('error');
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.invalidCode)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(ACCOUNT_TEXT.enrol.code)).toHaveAttribute('aria-invalid', 'true');
    // No recovery codes: the code was not accepted.
    expect(within(dialog).queryByText(ACCOUNT_TEXT.recovery.title)).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/account/two-factor/enable')).toHaveLength(1);
  });

  it('closes the enrolment and says why when the set-up cannot start', async () => {
    const { user } = renderSecurity(security(), {
      'POST /api/account/two-factor/setup': apiError(409, ACCOUNT_MESSAGES.twoFactorAlreadyEnabled),
    });
    await user.click(await screen.findByRole('button', { name: ACCOUNT_TEXT.twoFactor.enable }));
    await findToast(ACCOUNT_TEXT.twoFactor.errorTitle, ACCOUNT_MESSAGES.twoFactorAlreadyEnabled);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('disables after "are you sure?" and an identity check with password and code, then repeats the change', async () => {
    const { api, user } = renderSecurity(security({ twoFactorEnabled: true, recoveryCodesLeft: 8 }), {
      'POST /api/account/two-factor/disable': [REAUTH_REQUIRED, { body: { message: 'ok' } }],
      'POST /api/account/reauthenticate': { body: { message: 'ok' } },
    });
    expect(await screen.findByText(ACCOUNT_TEXT.twoFactor.recoveryLeft(8))).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_TEXT.twoFactor.on)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ACCOUNT_TEXT.twoFactor.disable }));
    const confirm = await screen.findByRole('alertdialog', { name: ACCOUNT_TEXT.twoFactor.disableTitle });
    expect(within(confirm).getByText(ACCOUNT_TEXT.twoFactor.disableDescription)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: ACCOUNT_TEXT.twoFactor.disable }));

    const reauth = await screen.findByRole('dialog', { name: ACCOUNT_TEXT.reauth.title });
    expect(within(reauth).getByText(ACCOUNT_TEXT.reauth.descriptionWithCode)).toBeInTheDocument();
    // The password is required before anything is sent.
    await user.click(within(reauth).getByRole('button', { name: ACCOUNT_TEXT.reauth.submit }));
    expect(await within(reauth).findByText(ACCOUNT_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(api.callsTo('POST /api/account/reauthenticate')).toHaveLength(0);

    await user.type(within(reauth).getByLabelText(ACCOUNT_TEXT.reauth.password), 'senha-secreta-1');
    await user.type(within(reauth).getByLabelText(ACCOUNT_TEXT.reauth.code), '654321');
    await user.click(within(reauth).getByRole('button', { name: ACCOUNT_TEXT.reauth.submit }));

    expect(toastType(await findToast(ACCOUNT_TEXT.twoFactor.disabledToast))).toBe('success');
    expect(api.callsTo('POST /api/account/reauthenticate').map((c) => c.body)).toEqual([
      { password: 'senha-secreta-1', code: '654321' },
    ]);
    // Asked once, refused for the identity check, asked again once it was confirmed.
    expect(api.callsTo('POST /api/account/two-factor/disable')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the identity check open on a wrong password, and changes nothing when it is closed', async () => {
    const { api, user } = renderSecurity(security({ twoFactorEnabled: true, recoveryCodesLeft: 1 }), {
      'POST /api/account/two-factor/disable': REAUTH_REQUIRED,
      'POST /api/account/reauthenticate': apiError(401, ACCOUNT_MESSAGES.wrongPassword, {
        fieldErrors: { password: ACCOUNT_MESSAGES.wrongPassword },
      }),
    });
    expect(await screen.findByText(ACCOUNT_TEXT.twoFactor.recoveryLeft(1))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ACCOUNT_TEXT.twoFactor.disable }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: ACCOUNT_TEXT.twoFactor.disable }));

    const reauth = await screen.findByRole('dialog', { name: ACCOUNT_TEXT.reauth.title });
    await user.type(within(reauth).getByLabelText(ACCOUNT_TEXT.reauth.password), 'errada');
    await user.click(within(reauth).getByRole('button', { name: ACCOUNT_TEXT.reauth.submit }));
    await findToast(ACCOUNT_TEXT.reauth.errorTitle, ACCOUNT_MESSAGES.wrongPassword);
    expect(within(reauth).getByText(ACCOUNT_MESSAGES.wrongPassword)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: ACCOUNT_TEXT.reauth.title })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/account/two-factor/disable')).toHaveLength(1);
    // Cancelling is no failure: no toast of the two-factor card.
    expect(screen.queryByText(ACCOUNT_TEXT.twoFactor.errorTitle)).not.toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_TEXT.twoFactor.disabledToast)).not.toBeInTheDocument();
  });

  it('offers no "Desativar" to an admin, for whom two-factor is required', async () => {
    renderSecurity(security({ twoFactorEnabled: true, twoFactorRequired: true, recoveryCodesLeft: 10 }));
    expect(await screen.findByText(ACCOUNT_TEXT.twoFactor.requiredForAdmins)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ACCOUNT_TEXT.twoFactor.regenerate })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ACCOUNT_TEXT.twoFactor.disable })).not.toBeInTheDocument();
  });

  it('says the security settings could not load', async () => {
    renderSecurity(apiError(500, INTERNAL_ERROR_MESSAGE));
    expect(await screen.findByText(ACCOUNT_TEXT.loadError)).toBeInTheDocument();
    expect(screen.queryByText(ACCOUNT_TEXT.twoFactor.title)).not.toBeInTheDocument();
  });
});

describe('active sessions', () => {
  // "Encerrar" and, for screen readers only, which session it ends.
  const endButton = (name: string) =>
    screen.findByRole('button', { name: labelled(ACCOUNT_TEXT.sessions.end, name) });

  it('lists the sessions, this one marked and without "Encerrar", and ends another', async () => {
    const { api, user } = renderSecurity(security(), {
      'DELETE /api/account/sessions/sessao-celular': { body: { message: 'Sessão encerrada.' } },
    });
    const sessions = await screen.findAllByRole('listitem');
    const current = sessions.find((li) => li.textContent?.includes('Chrome em macOS')) as HTMLElement;
    expect(within(current).getByText(ACCOUNT_TEXT.sessions.current)).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText(new RegExp(ACCOUNT_TEXT.sessions.unknownAddress))).toBeInTheDocument();

    api.answer('GET /api/account/sessions', { body: { sessions: [THIS_SESSION] } });
    await user.click(await endButton('Safari em iOS'));
    expect(toastType(await findToast(ACCOUNT_TEXT.sessions.ended))).toBe('success');
    expect(api.callsTo('DELETE /api/account/sessions/sessao-celular')).toEqual([
      { method: 'DELETE', url: '/api/account/sessions/sessao-celular', body: undefined },
    ]);
    // The list is read again and the ended session leaves it.
    await waitFor(() => expect(screen.queryByText('Safari em iOS')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: ACCOUNT_TEXT.sessions.endOthers })).not.toBeInTheDocument();
  });

  it('shows the server’s reason when a session cannot be ended', async () => {
    const { user } = renderSecurity(security(), {
      'DELETE /api/account/sessions/sessao-celular': apiError(404, ACCOUNT_MESSAGES.sessionNotFound),
    });
    await user.click(await endButton('Safari em iOS'));
    const item = await findToast(ACCOUNT_TEXT.sessions.errorTitle, ACCOUNT_MESSAGES.sessionNotFound);
    expect(toastType(item)).toBe('error');
  });

  it('ends every other session after confirming', async () => {
    const { api, user } = renderSecurity(security(), {
      'POST /api/account/sessions/end-others': { body: { message: 'ok', ended: 1 } },
    });
    await user.click(await screen.findByRole('button', { name: ACCOUNT_TEXT.sessions.endOthers }));
    const confirm = await screen.findByRole('alertdialog', { name: ACCOUNT_TEXT.sessions.endOthersTitle });
    // "Cancelar" sends nothing.
    await user.click(within(confirm).getByRole('button', { name: ACCOUNT_TEXT.cancel }));
    expect(api.callsTo('POST /api/account/sessions/end-others')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: ACCOUNT_TEXT.sessions.endOthers }));
    const again = await screen.findByRole('alertdialog', { name: ACCOUNT_TEXT.sessions.endOthersTitle });
    await user.click(within(again).getByRole('button', { name: ACCOUNT_TEXT.sessions.endOthers }));
    await findToast(ACCOUNT_TEXT.sessions.endedOthers);
    expect(api.callsTo('POST /api/account/sessions/end-others')).toHaveLength(1);
  });
});

describe('remembered devices', () => {
  const forgetButton = () =>
    screen.findByRole('button', { name: labelled(ACCOUNT_TEXT.devices.forget, 'Firefox em Windows') });

  it('appear only with two-factor on, and "Esquecer" forgets one', async () => {
    const { api, user } = renderSecurity(security({ twoFactorEnabled: true, recoveryCodesLeft: 5 }), {
      [`DELETE /api/account/devices/${LAPTOP.id}`]: { body: { message: 'ok' } },
    });
    expect(await screen.findByText(ACCOUNT_TEXT.devices.title)).toBeInTheDocument();
    api.answer('GET /api/account/devices', { body: { devices: [] } });
    await user.click(await forgetButton());

    expect(toastType(await findToast(ACCOUNT_TEXT.devices.forgotten))).toBe('success');
    expect(api.callsTo(`DELETE /api/account/devices/${LAPTOP.id}`)).toHaveLength(1);
    expect(await screen.findByText(ACCOUNT_TEXT.devices.empty)).toBeInTheDocument();
  });

  it('shows the server’s reason when a device cannot be forgotten', async () => {
    const { user } = renderSecurity(security({ twoFactorEnabled: true, recoveryCodesLeft: 5 }), {
      [`DELETE /api/account/devices/${LAPTOP.id}`]: apiError(404, ACCOUNT_MESSAGES.deviceNotFound),
    });
    await user.click(await forgetButton());
    const item = await findToast(ACCOUNT_TEXT.devices.errorTitle, ACCOUNT_MESSAGES.deviceNotFound);
    expect(toastType(item)).toBe('error');
    // Still listed, still offered.
    expect(await forgetButton()).toBeEnabled();
  });

  it('are not listed while two-factor is off', async () => {
    const { api } = renderSecurity(security());
    await screen.findByText(ACCOUNT_TEXT.sessions.title);
    expect(screen.queryByText(ACCOUNT_TEXT.devices.title)).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/account/devices')).toHaveLength(0);
  });
});
