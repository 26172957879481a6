/* global window, document */
// Runs before the first paint (a blocking script in <head>), so the page never flashes the wrong
// theme. Mirrors lib/theme.ts. The document (document.tsx) holds its text inline (no round trip
// before the first paint), allowed by its hash in the CSP.
(function () {
  var theme = null;
  try {
    theme = localStorage.getItem('scheme');
  } catch {
    // Storage blocked: the system preference decides.
  }
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  var root = document.documentElement;
  root.classList.remove('theme-light', 'theme-dark');
  root.classList.add('theme-' + theme);
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'dark' ? '#090d16' : '#f2f5fa');
})();
