/** The fire mark of a highlighted currency (spec §3); drawn, because emoji fonts are not everywhere. */
export function FireIcon({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" role="img" aria-label={label}>
      <title>{label}</title>
      <path
        fill="#f76707"
        d="M8.6 1c.3 2.1-.6 3.3-1.6 4.4C6 6.5 5 7.6 5 9.4 5 11.4 6.4 13 8 13s3-1.4 3-3.3c0-1-.4-1.8-.9-2.5.1 1-.3 1.7-1 2 .5-2.3-.2-4.6-.5-8.2z"
      />
      <path
        fill="#ffd43b"
        d="M8 13c-1 0-1.8-.8-1.8-1.9 0-1 .6-1.6 1.2-2.3.2 1 .8 1.3 1.3 1.4.5.4.9.9.9 1.4C9.6 12.3 8.9 13 8 13z"
      />
    </svg>
  );
}
