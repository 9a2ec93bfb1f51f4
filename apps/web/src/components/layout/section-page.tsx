import type { Section } from '@/config/sections';
import { PageHeader } from './page-header';

/**
 * A signed-in page whose feature has not landed yet: its real title and what it will hold —
 * no sample rows, no invented numbers.
 */
export function SectionPage({ section }: { section: Section }) {
  return <PageHeader title={section.title} description={section.description} />;
}
