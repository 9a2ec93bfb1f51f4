import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { Section } from '@/config/sections';
import { useAgenda } from '../api/get-agenda';
import { AGENDA_TEXT } from '../texts';
import { AddWindowForm } from './add-window-form';
import { ExceptionsCard } from './exceptions-card';
import { SettingsCard } from './settings-card';
import { SlotPreview } from './slot-preview';
import { WeeklyWindows } from './weekly-windows';

/** /doctor/schedule: the weekly windows, the dates that differ, the booking rules and what patients see. */
export function SchedulePage({ section }: { section: Section }) {
  const agenda = useAgenda();

  return (
    <>
      <PageHeader title={section.title} description={section.description} />
      {agenda.isPending ? (
        <div className="space-y-4" aria-busy>
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : agenda.isError ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center" role="alert">
            <p className="font-medium">{AGENDA_TEXT.toast.loadError}</p>
            <Button variant="outline" onClick={() => void agenda.refetch()}>
              {AGENDA_TEXT.loadErrorRetry}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-6">
            <AddWindowForm />
            <WeeklyWindows windows={agenda.data.windows} />
            <SlotPreview />
          </div>
          <div className="space-y-6">
            <ExceptionsCard exceptions={agenda.data.exceptions} />
            <SettingsCard settings={agenda.data.settings} />
          </div>
        </div>
      )}
    </>
  );
}
