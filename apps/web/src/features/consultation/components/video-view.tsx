import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';

/** A <video> bound to a stream; the own view is mirrored (as people expect a mirror) and silent. */
export function VideoView({
  stream,
  self = false,
  speakerId,
  label,
  className,
}: {
  stream: MediaStream | null;
  self?: boolean;
  /** The chosen output device for the other party's sound. */
  speakerId?: string;
  label: string;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);
  useEffect(() => {
    const video = ref.current;
    if (!video || self || !speakerId || !('setSinkId' in video)) return;
    void video.setSinkId(speakerId).catch(() => undefined);
  }, [speakerId, self]);
  return (
    <video
      ref={ref}
      aria-label={label}
      autoPlay
      playsInline
      muted={self}
      className={cn('size-full bg-neutral-900 object-cover', self && '-scale-x-100', className)}
    />
  );
}
