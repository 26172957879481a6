/* global window, document */
// Runs before the first paint (a blocking script in <head>): what only this browser's storage
// knows, and the server's drawing must already show, goes on <html> here, so nothing flashes or
// moves when the app takes over. The document (document.tsx) holds its text inline (no round
// trip before the first paint), allowed by its hash in the CSP.
(function () {
  var root = document.documentElement;
  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  // The theme: mirrors lib/theme.ts. Storage blocked or nothing stored: the system preference.
  // A partner's widget (/embed?theme=dark, issue 47) shows the theme its address names.
  var framed =
    /^\/embed(\/|$)/.test(window.location.pathname) && /[?&]theme=(light|dark)(&|$)/.exec(window.location.search);
  var theme = framed ? framed[1] : stored('scheme');
  if (theme !== 'light' && theme !== 'dark') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  root.classList.remove('theme-light', 'theme-dark');
  root.classList.add('theme-' + theme);
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'dark' ? '#090d16' : '#f2f5fa');

  // A stored session (features/auth/session.ts): the header keeps the account's place, not "log in".
  if (stored('access_token')) root.setAttribute('data-session', 'stored');
  // The one-time phishing warning (features/converter/phishing-warning-seen.ts) the server draws
  // open shows only while it is unread; with no script at all it never stands in the way.
  if (stored('phishingWarningSeen') !== '1') root.setAttribute('data-phishing-warning', 'due');
})();
