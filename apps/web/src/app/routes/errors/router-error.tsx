import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

/**
 * What the router shows when a route fails to load or render (spec: "Unexpected Application Error!").
 * Part of the app's first download, so it wears the button's look without the Button component.
 */
export function RouterError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="font-semibold text-2xl">Unexpected Application Error!</h1>
      <p className="max-w-lg break-words rounded-md bg-muted px-4 py-2 font-mono text-muted-foreground text-sm">
        {detail}
      </p>
      <p className="max-w-md text-muted-foreground text-sm">
        Algo deu errado ao abrir esta página. Tente recarregar; se persistir, volte ao início.
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonVariants({ variant: 'outline' })}
          onClick={() => window.location.reload()}
        >
          Recarregar
        </button>
        {/* A full page load: the router itself may be what failed. */}
        <a href={paths.home.href()} className={buttonVariants()}>
          Voltar para o início
        </a>
      </div>
    </main>
  );
}
