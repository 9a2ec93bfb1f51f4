import type { Role } from '@pulsa/shared/constants/roles';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AREA_NAV } from '@/config/navigation';
import { SECTIONS } from '@/config/sections';
import { usePageTitle } from '@/lib/page-title';
import { firstName } from '@/lib/person';
import { useSession } from '@/lib/use-session';

const WELCOME_TEXT: Record<Role, string> = {
  admin:
    'Este é o painel de administração do Pulsa. Os indicadores da plataforma aparecem aqui à medida que as ferramentas de cada área são liberadas; enquanto isso, use os atalhos abaixo.',
  doctor:
    'Este é o seu espaço de atendimento. Sua agenda do dia, os pedidos de consulta e seus recebimentos aparecem aqui à medida que essas ferramentas são liberadas.',
  patient:
    'Este é o seu espaço de cuidado. Suas próximas consultas, o histórico e os médicos que você consultou aparecem aqui à medida que essas ferramentas são liberadas.',
};

/** A dashboard's greeting by first name and shortcuts to the area's pages — no invented figures. */
export function AreaWelcome({ area }: { area: Role }) {
  const { user } = useSession();
  usePageTitle(SECTIONS[area].dashboard.title);
  const sections = SECTIONS[area] as Record<string, { title: string; description: string }>;
  const shortcuts = AREA_NAV[area]
    .filter((item) => !item.end)
    .map((item) => ({ ...item, description: describe(sections, item.label) }));

  return (
    <div className="space-y-8">
      <header className="space-y-2">
        {user ? (
          <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">
            Olá, {firstName(user.name, user.email)}
          </h1>
        ) : (
          <Skeleton className="h-9 w-48" />
        )}
        <p className="max-w-3xl text-muted-foreground">{WELCOME_TEXT[area]}</p>
      </header>
      <section aria-labelledby="atalhos">
        <h2 id="atalhos" className="mb-3 font-medium text-lg">
          Atalhos
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shortcuts.map((item) => (
            <li key={item.href}>
              <Card className="h-full transition-colors hover:border-primary/40 hover:bg-accent/40">
                <Link
                  to={item.href}
                  className="flex h-full items-start gap-3 rounded-xl p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span
                    aria-hidden
                    className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary"
                  >
                    <item.icon className="size-4" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{item.label}</span>
                    {item.description ? (
                      <span className="block text-muted-foreground text-sm">{item.description}</span>
                    ) : null}
                  </span>
                  <ChevronRight aria-hidden className="mt-2 size-4 shrink-0 text-muted-foreground" />
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function describe(
  sections: Record<string, { title: string; description: string }>,
  label: string,
): string | undefined {
  return Object.values(sections).find((s) => s.title === label)?.description;
}
