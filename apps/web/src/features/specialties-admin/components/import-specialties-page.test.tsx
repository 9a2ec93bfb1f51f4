// @vitest-environment jsdom
import type { SpecialtyCsvPreview } from '@pulsa/shared/schemas/specialties-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '@/config/sections';
import { apiError, findToast, mockApi, renderWithApp } from '@/test/app';
import { IMPORT_TEXT as T } from '../texts';
import { ImportSpecialtiesPage } from './import-specialties-page';

const STATUS = 'GET /api/admin/specialties/built-in' as const;
const LOAD = 'POST /api/admin/specialties/built-in' as const;
const PREVIEW = 'POST /api/admin/specialties/import/preview' as const;
const IMPORT = 'POST /api/admin/specialties/import' as const;

const render = (routes: Parameters<typeof mockApi>[0]) => {
  const api = mockApi(routes);
  return { api, ...renderWithApp(<ImportSpecialtiesPage section={SECTIONS.admin.importSpecialties} />) };
};

const PLAN: SpecialtyCsvPreview = {
  encoding: 'utf-8',
  delimiter: ';',
  fileErrors: [],
  rows: [
    {
      line: 2,
      name: 'Medicina do Sono',
      slug: 'medicina-do-sono',
      description: null,
      icon: null,
      action: 'create',
      changes: [],
      matchedName: null,
      errors: [],
    },
    {
      line: 3,
      name: 'cardiologia',
      slug: 'cardiologia',
      description: 'Coração.',
      icon: null,
      action: 'update',
      changes: ['name', 'description'],
      matchedName: 'Cardiologia',
      errors: [],
    },
  ],
  summary: { create: 1, update: 1, unchanged: 0, errors: 0 },
};

describe('importing specialties', () => {
  it('the one-time button is off once specialties exist, and says how many', async () => {
    render({ [STATUS]: { body: { existing: 51, builtIn: 51, canLoad: false } } });
    expect(await screen.findByText(/^Já existem 51 especialidades cadastradas/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.builtIn.button(51) })).toBeDisabled();
  });

  it('loads the built-in list into an empty catalogue, with the spec’s toast when it fails', async () => {
    const { user, api } = render({
      [STATUS]: { body: { existing: 0, builtIn: 51, canLoad: true } },
      [LOAD]: [apiError(409, 'Já existem 3 especialidades cadastradas'), { body: { created: 51 } }],
    });
    const button = await screen.findByRole('button', { name: T.builtIn.button(51) });
    await waitEnabled(button);
    await user.click(button);
    await findToast('Erro ao importar especialidades: Já existem 3 especialidades cadastradas');
    await user.click(button);
    await findToast(T.builtIn.done(51));
    expect(api.callsTo(LOAD)).toHaveLength(2);
  });

  it('previews a CSV and imports exactly that file', async () => {
    const { user, api } = render({
      [STATUS]: { body: { existing: 51, builtIn: 51, canLoad: false } },
      [PREVIEW]: { body: PLAN },
      [IMPORT]: { body: { created: 1, updated: 1, unchanged: 0 } },
    });
    const file = new File(['nome;descricao\nMedicina do Sono;\ncardiologia;Coração.\n'], 'lista.csv', {
      type: 'text/csv',
    });
    await user.upload(await screen.findByLabelText(T.csv.choose), file);
    const preview = await screen.findByRole('region', { name: T.csv.tableLabel });
    expect(within(preview).getByText(T.csv.summary.create(1))).toBeInTheDocument();
    expect(within(preview).getByText(/Muda: nome, descrição/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: T.csv.import }));
    await findToast(T.csv.imported(1, 1));
    expect(api.callsTo(IMPORT)[0]?.body).toEqual(api.callsTo(PREVIEW)[0]?.body);
    expect(api.callsTo(IMPORT)[0]?.body).toMatchObject({ fileName: 'lista.csv' });
  });
});

const waitEnabled = (button: HTMLElement) => waitFor(() => expect(button).toBeEnabled());
