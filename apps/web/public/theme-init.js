// Runs before the first paint: applies the theme stored under "pulsa-theme" (light by default).
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
