import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<Input extends FieldValues, Output> {
  /** The form's resolver: waits for the validation to load, then checks as usual. */
  resolver: Resolver<Input, unknown, Output>;
  /** Starts loading the validation now (a form calls it when someone starts to fill it in). */
  preload: () => void;
}

/**
 * A form resolver whose validation (the shared zod schema, and zod with it: ~40 KB gzipped) loads
 * on demand instead of with the form: the form paints, hydrates and takes typing without it. It
 * loads once someone starts filling the form in (`preload`) or, at the latest, when it is sent; a
 * failed load is tried again at the next attempt. The server checks every request with the same
 * schema whatever happens here.
 */
export function lazyResolver<Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      get().catch(() => undefined);
    },
  };
}
