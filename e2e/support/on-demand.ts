import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { RED_FLAGS } from '../../packages/shared/src/on-demand/triage.ts';
import type { Ticket } from '../../packages/shared/src/schemas/on-demand.ts';
import { ok, TEST_CARD } from './consultations.ts';
import { expect } from './fixtures.ts';

/** The pronto atendimento journeys' shared steps: joining through the API, and their screenshots. */

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../.artifacts/screenshots');
const WIDTHS = [1280, 390] as const;
const DARK = /(^|\s)dark(\s|$)/;

/** Joins the queue through the API (the screens' way in is the other journey's) and holds the test card. */
export async function join(
  who: { api: APIRequestContext },
  specialtyId: string,
  complaint: string,
): Promise<Ticket> {
  const joined = await ok<Ticket>(
    await who.api.post('/api/on-demand/tickets', {
      data: {
        specialtyId,
        complaint,
        redFlags: Object.fromEntries(RED_FLAGS.map((flag) => [flag.id, false])),
        captions: false,
        acceptTerms: true,
      },
    }),
    'joining',
  );
  return ok<Ticket>(
    await who.api.post(`/api/on-demand/tickets/${joined.id}/card`, { data: { number: TEST_CARD } }),
    'holding the card',
  );
}

/**
 * The page as it stands at each width and in each theme (chosen in the header's menu, as a person
 * would, without reloading: the screen's live state stays), whole or only `part` of it (a card of a
 * long page). Nothing may stick out sideways.
 */
export async function shoot(page: Page, name: string, part?: Locator) {
  const start = page.viewportSize() ?? { width: 1280, height: 800 };
  const theme = page.getByRole('button', { name: /^Tema: .*Alterar tema$/ });
  for (const choice of ['light', 'dark'] as const) {
    await theme.click();
    await page.getByRole('menuitemradio', { name: choice === 'dark' ? 'Escuro' : 'Claro' }).click();
    // The menu gives the focus back to its trigger: off it, so its ring is not in the picture.
    await expect(theme).toBeFocused();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    if (choice === 'dark') await expect(page.locator('html')).toHaveClass(DARK);
    else await expect(page.locator('html')).not.toHaveClass(DARK);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.evaluate(() => document.fonts.ready.then(() => window.scrollTo(0, 0)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // CI checks the layout (above) without writing the pictures: they are for people to read.
      if (process.env.CI) continue;
      const file = path.join(SCREENSHOT_DIR, `on-demand-${name}-${width}-${choice}.png`);
      // From the top of the whole page (a part's own picture would scroll, and the sticky header
      // would land in the middle of it).
      const clip = part ? await part.boundingBox() : null;
      await page.screenshot({
        path: file,
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        ...(clip ? { clip } : {}),
      });
    }
  }
  await theme.click();
  await page.getByRole('menuitemradio', { name: 'Claro' }).click();
  await page.setViewportSize(start);
}
