import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { CenteredPage } from '@/components/layout/brand-nav';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';

/** The catch-all page (spec: "404", "Oops! Page not found", a link home; the 404 is logged). */
export function Component() {
  const location = useLocation();
  usePageTitle('Página não encontrada');

  useEffect(() => {
    console.warn('404: rota inexistente acessada:', location.pathname);
  }, [location.pathname]);

  return (
    <CenteredPage>
      <main
        id="conteudo"
        tabIndex={-1}
        className="flex flex-col items-center gap-4 text-center focus-visible:outline-none"
      >
        <p className="bg-linear-to-r from-brand-from to-brand-to bg-clip-text font-bold text-7xl text-transparent">
          404
        </p>
        <h1 className="font-semibold text-2xl">Oops! Page not found</h1>
        <p className="max-w-md text-muted-foreground">A página que você procura não existe ou foi movida.</p>
        <Link to={paths.home.href()} reloadDocument className={buttonVariants()}>
          Voltar para o início
        </Link>
      </main>
    </CenteredPage>
  );
}
