import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import type { Section } from '@/config/sections';
import { THEME_LABEL, THEMES, type Theme } from '@/lib/theme';
import { useTheme } from '@/lib/theme-provider';
import { PageHeader } from './page-header';

/** The user menu's "Configurações" for doctors and patients: preferences kept on this device. */
export function AccountPreferences({ section }: { section: Section }) {
  const { theme, setTheme } = useTheme();
  return (
    <>
      <PageHeader title={section.title} description={section.description} />
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle id="tema">Tema</CardTitle>
          <CardDescription>
            Escolha a aparência do Pulsa. “Sistema” acompanha a configuração do seu dispositivo.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <RadioGroup
            aria-labelledby="tema"
            value={theme}
            onValueChange={(value) => setTheme(value as Theme)}
            className="grid gap-3 sm:grid-cols-3"
          >
            {THEMES.map((option) => (
              <Label
                key={option}
                htmlFor={`tema-${option}`}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-border p-3 font-normal has-[button[data-state=checked]]:border-primary has-[button[data-state=checked]]:bg-primary/5"
              >
                <RadioGroupItem id={`tema-${option}`} value={option} />
                {THEME_LABEL[option]}
              </Label>
            ))}
          </RadioGroup>
        </CardContent>
      </Card>
    </>
  );
}
