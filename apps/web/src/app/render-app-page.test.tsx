import { describe, expect, it } from 'vitest';
import { appPagePaths, renderAppPage } from './render-app-page';

const SCRIPTS = '<script type="module" crossorigin src="/assets/index-abc.js"></script>';

describe('the sign-in and sign-up pages rendered on the server for the app to hydrate', () => {
  it('are the app’s own pages, with their title, the form and the router state', async () => {
    expect(appPagePaths).toEqual(['/login', '/register']);

    const login = await renderAppPage('/login?redirect=%2Fpatient', SCRIPTS);
    expect(login?.head).toContain('<title>Acesse sua conta | Pulsa</title>');
    expect(login?.head).toContain(
      '<meta name="description" content="Entre com seu email e senha para continuar." />',
    );
    expect(login?.body).toContain('<h1 id="auth-title"');
    expect(login?.body).toMatch(/<form[^>]*method="post"/);
    expect(login?.body).toContain('Esqueceu a senha?');
    expect(login?.body).toContain('>Entrar</button>');
    // The router state: the guest-only loader's answer for a visitor without a session.
    const state = login?.tail.match(/<script type="application\/json" id="app-state">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(state ?? '')).toEqual({ loaderData: { '0-7': null }, actionData: null, errors: null });
    expect(login?.tail).toContain(`<template id="app-scripts">${SCRIPTS}</template>`);

    const register = await renderAppPage('/register', SCRIPTS);
    expect(register?.head).toContain('<title>Crie sua conta | Pulsa</title>');
    for (const label of ['Paciente', 'Médico', 'Nome completo', 'Telefone', 'CPF', 'Senha', 'Cadastrar']) {
      expect(register?.body, label).toContain(label);
    }
    // The strength hint starts with its tip; the checker only runs in the browser.
    expect(register?.body).toContain('Use 8 caracteres ou mais');
  });

  it('leaves every other page to the app', async () => {
    for (const href of ['/', '/patient', '/register-doctor', '/forgot-password', '/nao-existe']) {
      expect(await renderAppPage(href, SCRIPTS), href).toBeNull();
    }
  });
});
