import type { AvailabilityWindow } from '@pulsa/shared/schemas/agenda';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useRemoveWindow, useToggleWindow } from '../api/agenda-mutations';
import { clockRange } from '../calendar-date';
import { AGENDA_TEXT, WEEKDAYS } from '../texts';
import { EditWindowForm } from './edit-window-form';

const T = AGENDA_TEXT.weekly;

/** The weekly windows grouped by weekday, Sunday first, each with its switch and remove button. */
export function WeeklyWindows({ windows }: { windows: AvailabilityWindow[] }) {
  const toggle = useToggleWindow();
  const remove = useRemoveWindow();
  const [confirming, setConfirming] = useState<AvailabilityWindow | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  const onToggle = (window: AvailabilityWindow, isAvailable: boolean) =>
    toggle.mutate(
      { id: window.id, isAvailable },
      {
        onSuccess: () =>
          toast.success(isAvailable ? AGENDA_TEXT.toast.activated : AGENDA_TEXT.toast.deactivated),
      },
    );

  const onRemove = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => toast.success(AGENDA_TEXT.toast.removed),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {windows.length === 0 ? <p className="mb-4 text-muted-foreground text-sm">{T.empty}</p> : null}
        <ul className="divide-y divide-border">
          {WEEKDAYS.map((dayName, day) => {
            const ofDay = windows.filter((w) => w.dayOfWeek === day);
            return (
              <li key={dayName} className="grid gap-2 py-3 sm:grid-cols-[10rem_1fr]" aria-label={dayName}>
                <h3 className="font-medium text-sm">{dayName}</h3>
                {ofDay.length === 0 ? (
                  <p className="text-muted-foreground text-sm">{T.dayEmpty}</p>
                ) : (
                  <ul className="space-y-2">
                    {ofDay.map((w) => {
                      const range = clockRange(w.startTime, w.endTime);
                      const pendingToggle = toggle.isPending && toggle.variables?.id === w.id;
                      if (editing === w.id)
                        return (
                          <li key={w.id}>
                            <EditWindowForm
                              window={w}
                              label={T.editLabel(dayName, range)}
                              onDone={() => setEditing(null)}
                            />
                          </li>
                        );
                      return (
                        <li
                          key={w.id}
                          className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2"
                        >
                          <div className="flex min-w-0 items-center gap-3">
                            <span
                              className={
                                w.isAvailable
                                  ? 'font-medium tabular-nums'
                                  : 'text-muted-foreground tabular-nums line-through'
                              }
                            >
                              {range}
                            </span>
                            <Badge tone={w.isAvailable ? 'success' : 'neutral'}>
                              {w.isAvailable ? T.active : T.inactive}
                            </Badge>
                          </div>
                          <div className="flex items-center gap-2">
                            <Switch
                              checked={w.isAvailable}
                              disabled={pendingToggle}
                              onCheckedChange={(checked) => onToggle(w, checked)}
                              aria-label={T.toggleLabel(dayName, range)}
                            />
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              onClick={() => setEditing(w.id)}
                              aria-label={T.editLabel(dayName, range)}
                            >
                              <Pencil aria-hidden />
                            </Button>
                            <Button
                              variant="ghost"
                              size="icon-sm"
                              onClick={() => setConfirming(w)}
                              aria-label={T.removeLabel(dayName, range)}
                            >
                              <Trash2 aria-hidden />
                            </Button>
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
      <AlertDialog open={!!confirming} onOpenChange={(open) => (open ? null : setConfirming(null))}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{AGENDA_TEXT.remove.title}</AlertDialogTitle>
            <AlertDialogDescription>
              {confirming
                ? AGENDA_TEXT.remove.description(
                    WEEKDAYS[confirming.dayOfWeek] ?? '',
                    clockRange(confirming.startTime, confirming.endTime),
                  )
                : null}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>{AGENDA_TEXT.remove.cancel}</AlertDialogCancel>
            <Button variant="destructive" onClick={onRemove} loading={remove.isPending}>
              {AGENDA_TEXT.remove.confirm}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
