// Runs before the first paint: applies the theme stored under "pulsa-theme" (else the platform's
// default under "pulsa-theme-default"; light by default).
// Inlined into every page's <head> at build time (vite.config.ts); the server allows exactly this
// script in its CSP by its hash. The same rule as applyTheme in src/lib/theme.ts.
(() => {
  let stored = null;
  try {
    // The visitor's own choice, else the platform's default (the admin's settings, kept by the app).
    stored = localStorage.getItem('pulsa-theme') || localStorage.getItem('pulsa-theme-default');
  } catch {
    // Storage blocked: keep the default.
  }
  const theme = stored === 'dark' || stored === 'system' ? stored : 'light';
  const dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
