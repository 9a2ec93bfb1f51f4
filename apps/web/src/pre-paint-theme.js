// Runs before the first paint: applies the theme stored under "pulsa-theme" (light by default).
// Inlined into every page's <head> at build time (vite.config.ts); the server allows exactly this
// script in its CSP by its hash. The same rule as applyTheme in src/lib/theme.ts.
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('pulsa-theme');
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
