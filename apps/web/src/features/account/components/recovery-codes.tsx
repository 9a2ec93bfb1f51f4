import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ACCOUNT_TEXT } from '../texts';

const T = ACCOUNT_TEXT.recovery;

/** The ten recovery codes, shown once, with copy and download. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    toast.success(T.copied);
  };
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`Pulsa — códigos de recuperação\n\n${text}\n`], { type: 'text/plain' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = T.fileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h3 className="font-semibold">{T.title}</h3>
        <p className="text-muted-foreground text-sm">{T.description}</p>
      </div>
      <ul
        data-recovery-codes=""
        className="grid grid-cols-2 gap-2 rounded-lg border border-border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden /> {T.copy}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden /> {T.download}
        </Button>
      </div>
      <Button type="button" className="w-full" onClick={onDone}>
        {T.done}
      </Button>
    </div>
  );
}
