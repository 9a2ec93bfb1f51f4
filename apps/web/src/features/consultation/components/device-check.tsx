import { AlertTriangle, Camera, Mic, RotateCw, Volume2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { playTestTone, useAudioLevel } from '../media/use-audio-level';
import { canChooseSpeaker, type DeviceChoice, type LocalMedia } from '../media/use-local-media';
import { CONSULTATION_TEXT } from '../texts';
import { VideoView } from './video-view';

const T = CONSULTATION_TEXT.media;
/** Radix Select cannot hold an empty value: this one stands for "the system's default". */
const DEFAULT = 'default-device';

/** The microphone's live level as a meter (the bar moves when the user speaks). */
export function LevelMeter({ stream }: { stream: MediaStream | null }) {
  const level = useAudioLevel(stream);
  return (
    <div className="space-y-1">
      {/* The native meter speaks to assistive technology; the bar is what the eye follows. */}
      <meter className="sr-only" aria-label={T.level} min={0} max={100} value={Math.round(level * 100)} />
      <div aria-hidden className="h-2 w-full overflow-hidden rounded-full bg-muted" data-level={level}>
        <div
          className="h-full rounded-full bg-success transition-[width] duration-75"
          style={{ width: `${Math.round(level * 100)}%` }}
        />
      </div>
      <p className="text-muted-foreground text-xs">{T.levelHint}</p>
    </div>
  );
}

function DevicePicker({
  label,
  icon: Icon,
  devices,
  value,
  onChange,
}: {
  label: string;
  icon: typeof Camera;
  devices: MediaDeviceInfo[];
  value: string;
  onChange: (deviceId: string) => void;
}) {
  const id = useId();
  const known = devices.some((d) => d.deviceId === value);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} className="flex items-center gap-1.5">
        <Icon aria-hidden className="size-4 text-muted-foreground" />
        {label}
      </Label>
      <Select value={known ? value : DEFAULT} onValueChange={(v) => onChange(v === DEFAULT ? '' : v)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={DEFAULT}>{T.systemDefault}</SelectItem>
          {devices
            .filter((d) => d.deviceId !== 'default')
            .map((d, i) => (
              <SelectItem key={d.deviceId} value={d.deviceId}>
                {d.label || T.deviceLabel(label, i + 1)}
              </SelectItem>
            ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Why nothing could be opened, what to do about it, and a way to try again. */
export function MediaFailureNotice({ media }: { media: LocalMedia }) {
  if (!media.failure) return null;
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm"
    >
      <p className="flex items-center gap-2 font-medium text-destructive">
        <AlertTriangle aria-hidden className="size-4 shrink-0" />
        {T.failureTitle[media.failure]}
      </p>
      <p>{T.failure[media.failure]}</p>
      <p className="text-muted-foreground">{T.chatStillWorks}</p>
      {media.failure !== 'unsupported' ? (
        <Button variant="outline" size="sm" onClick={media.retry}>
          <RotateCw aria-hidden />
          {T.retry}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The waiting room's check: the own image, the microphone's level, pickers for camera, microphone
 * and speaker, a test sound, and a clear message for each failure.
 */
export function DeviceCheck({ media }: { media: LocalMedia }) {
  const pick = (kind: keyof DeviceChoice) => (deviceId: string) => media.choose(kind, deviceId);
  const hasVideo = !!media.stream?.getVideoTracks().length;
  return (
    <section aria-labelledby="device-check-title" className="space-y-4">
      <div>
        <h2 id="device-check-title" className="font-semibold text-lg">
          {T.title}
        </h2>
        <p className="text-muted-foreground text-sm">{T.description}</p>
      </div>
      <div className="relative aspect-video overflow-hidden rounded-lg bg-neutral-900">
        {hasVideo && media.cameraOn ? (
          <VideoView stream={media.stream} self label={T.selfView} />
        ) : (
          <p className="absolute inset-0 flex items-center justify-center text-neutral-300 text-sm">
            {media.starting ? T.starting : T.cameraOffPreview}
          </p>
        )}
      </div>
      <MediaFailureNotice media={media} />
      {media.cameraFailure ? (
        <p role="status" className="rounded-md bg-warning/10 px-3 py-2 text-sm">
          {T.cameraOnlyFailed(T.failure[media.cameraFailure])}
        </p>
      ) : null}
      {media.stream ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <DevicePicker
            label={T.camera}
            icon={Camera}
            devices={media.devices.cameras}
            value={media.choice.cameraId}
            onChange={pick('cameraId')}
          />
          <DevicePicker
            label={T.microphone}
            icon={Mic}
            devices={media.devices.microphones}
            value={media.choice.microphoneId}
            onChange={pick('microphoneId')}
          />
          <div className="sm:col-span-2">
            <LevelMeter stream={media.stream} />
          </div>
          {canChooseSpeaker() && media.devices.speakers.length ? (
            <DevicePicker
              label={T.speaker}
              icon={Volume2}
              devices={media.devices.speakers}
              value={media.choice.speakerId}
              onChange={pick('speakerId')}
            />
          ) : (
            <p className="self-end text-muted-foreground text-sm">{T.speakerUnsupported}</p>
          )}
          <div className="self-end">
            <Button
              variant="outline"
              onClick={() => void playTestTone(media.choice.speakerId).catch(() => undefined)}
            >
              <Volume2 aria-hidden />
              {T.testSpeaker}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
