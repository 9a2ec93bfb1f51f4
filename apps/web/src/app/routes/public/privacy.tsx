// Temporary stand-in created by the platform engineer so the router builds; the public-site
// engineer replaces this file.
export function Component() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="font-semibold text-3xl">Política de Privacidade</h1>
    </main>
  );
}
