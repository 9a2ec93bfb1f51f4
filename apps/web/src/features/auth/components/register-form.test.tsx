// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterForm } from './register-form';

/**
 * The password dictionary (zxcvbn-ts's, ~225 KB) arrives only when a test lets it: until then every
 * strength check waits, as it does in a browser while the worker is still loading it.
 */
const dictionary = vi.hoisted(() => {
  const state = { arrive: () => {}, arrived: Promise.resolve() };
  return {
    state,
    reset() {
      state.arrived = new Promise<void>((resolve) => {
        state.arrive = resolve;
      });
    },
  };
});

vi.mock('@pulsa/shared/password/strength', async (importOriginal) => {
  const real = await importOriginal<typeof import('@pulsa/shared/password/strength')>();
  return {
    ...real,
    loadPasswordStrength: async () => {
      await dictionary.state.arrived;
      await real.loadPasswordStrength();
    },
    passwordStrength: async (password: string, userInputs?: string[]) => {
      await dictionary.state.arrived;
      return real.passwordStrength(password, userInputs);
    },
  };
});

function renderForm() {
  const router = createMemoryRouter([{ path: '/register', element: <RegisterForm /> }], {
    initialEntries: ['/register'],
  });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  dictionary.reset();
  // No module worker here: the checker runs on the page's thread, behind the same wait.
  vi.stubGlobal('Worker', undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-up form before the password dictionary has arrived', () => {
  it('takes every keystroke at once and says the strength is still being checked', async () => {
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('Nome completo'), 'Mariana Alves');
    await user.type(screen.getByLabelText('Email'), 'mariana@exemplo.com.br');
    await user.type(screen.getByLabelText('Telefone'), '11987654321');
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Senha'), 'senha123');
    await user.click(screen.getByRole('radio', { name: 'Médico' }));

    expect(screen.getByLabelText<HTMLInputElement>('Nome completo (como no CRM)').value).toBe(
      'Mariana Alves',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('mariana@exemplo.com.br');
    expect(screen.getByLabelText<HTMLInputElement>('Telefone').value).toBe('(11) 98765-4321');
    expect(screen.getByLabelText<HTMLInputElement>('CPF').value).toBe('529.982.247-25');
    expect(screen.getByLabelText<HTMLInputElement>('Senha').value).toBe('senha123');
    expect(screen.getByRole('radio', { name: 'Médico' }).getAttribute('aria-checked')).toBe('true');

    // The strength hint neither guesses nor blocks: it says it is checking.
    expect(await screen.findByText('verificando...')).toBeTruthy();
    expect(screen.queryByText('Muito fraca')).toBeNull();
    expect(screen.queryByText('Fraca')).toBeNull();

    // The dictionary arrives: the hint now has the real answer (a common password).
    dictionary.state.arrive();
    expect(
      await screen.findByText('Senha muito comum ou fácil de adivinhar.', { exact: false }),
    ).toBeTruthy();
    expect(screen.queryByText('verificando...')).toBeNull();
  });

  it('checks the fields with the shared schema when sent, the dictionary still missing', async () => {
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('Senha'), 'curta');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    await waitFor(() => expect(screen.getByText('Nome deve ter no mínimo 3 caracteres')).toBeTruthy());
    expect(screen.getByText('Você deve aceitar os termos de uso e política de privacidade')).toBeTruthy();
    expect(screen.getByText('verificando...')).toBeTruthy();
  });
});
