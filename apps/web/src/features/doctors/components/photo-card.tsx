import { UPLOAD_MAX_BYTES } from '@pulsa/shared/constants/business';
import type { DoctorProfile } from '@pulsa/shared/schemas/doctors';
import { Camera } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRemovePhoto, useUploadPhoto } from '../api/upload-files';
import { DOCTORS_TEXT } from '../texts';
import { UploadProgress, useFilePicker } from './upload-progress';

const T = DOCTORS_TEXT.photo;

/** The doctor's photo: sent with progress, re-encoded by the server, removable. */
export function PhotoCard({ profile }: { profile: DoctorProfile }) {
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const [progress, setProgress] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const pick = useFilePicker({
    maxBytes: UPLOAD_MAX_BYTES,
    accept: ['image/jpeg', 'image/png'],
    errorTitle: DOCTORS_TEXT.toasts.photoFailed,
    onFile: async (file) => {
      setProgress(0);
      const saved = await upload.mutateAsync({ file, onProgress: setProgress }).catch(() => null);
      setProgress(null);
      if (saved) toast.success(DOCTORS_TEXT.toasts.photoSaved);
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <UserAvatar name={profile.fullName} imageUrl={profile.avatarUrl} className="size-24 text-2xl" />
        <div className="flex-1 space-y-3">
          {progress !== null ? (
            <UploadProgress percent={progress} label={DOCTORS_TEXT.documents.sending(progress)} />
          ) : null}
          <div className="flex flex-wrap gap-2">
            <input
              ref={inputRef}
              type="file"
              accept="image/jpeg,image/png,.jpg,.jpeg,.png"
              className="sr-only"
              tabIndex={-1}
              aria-label={T.choose}
              data-testid="photo-input"
              onChange={pick}
            />
            <Button variant="outline" loading={upload.isPending} onClick={() => inputRef.current?.click()}>
              {upload.isPending ? null : <Camera aria-hidden />}
              {profile.avatarUrl ? T.change : T.choose}
            </Button>
            {profile.avatarUrl ? (
              <Button
                variant="ghost"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast.success(DOCTORS_TEXT.toasts.photoRemoved),
                  })
                }
              >
                {T.remove}
              </Button>
            ) : null}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
