// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '@/config/sections';
import { AdminReviewsPage } from '@/features/reviews/components/admin-reviews-page';
import { mockApi, pageOf, renderWithApp } from '@/test/app';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

/** Every tab that is selected names, in `aria-controls`, a tab panel on the page labelled by it. */
function expectSelectedTabOwnsItsPanel() {
  const tabs = screen.getAllByRole('tab');
  const selected = tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true');
  expect(selected).toHaveLength(1);
  const tab = selected[0] as HTMLElement;
  const panelId = tab.getAttribute('aria-controls');
  expect(panelId, 'the selected tab controls a panel').toBeTruthy();
  const panel = document.getElementById(panelId as string);
  expect(panel, `#${panelId} is on the page`).not.toBeNull();
  expect(panel).toHaveAttribute('role', 'tabpanel');
  expect(panel).toHaveAttribute('aria-labelledby', tab.id);
  return panel as HTMLElement;
}

describe('tabs own their panels', () => {
  it('status tabs over one list: the list is the panel of whichever tab is selected', async () => {
    mockApi({ 'GET /api/admin/reviews': { body: pageOf([]) } });
    const { user } = renderWithApp(<AdminReviewsPage section={SECTIONS.admin.reviews} />, {
      route: '/admin/reviews',
    });
    const list = await screen.findByRole('tablist');
    for (const name of ['Pendentes', 'Aprovadas', 'Todas']) {
      await user.click(within(list).getByRole('tab', { name }));
      const panel = expectSelectedTabOwnsItsPanel();
      expect(within(panel).getByRole('table')).toBeInTheDocument();
    }
  });

  it('tabs with a panel each: the selected tab’s panel is the one shown', async () => {
    const { user } = renderWithApp(
      <Tabs defaultValue="a">
        <TabsList aria-label="Seções">
          <TabsTrigger value="a">Geral</TabsTrigger>
          <TabsTrigger value="b">Email</TabsTrigger>
        </TabsList>
        <TabsContent value="a">Painel geral</TabsContent>
        <TabsContent value="b">Painel de email</TabsContent>
      </Tabs>,
    );
    expect(expectSelectedTabOwnsItsPanel()).toHaveTextContent('Painel geral');
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    expect(expectSelectedTabOwnsItsPanel()).toHaveTextContent('Painel de email');
  });
});
