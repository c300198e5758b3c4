/** The welcome image: a palette with brushstrokes, drawn inline so it needs no request. */
export function WelcomeArt() {
  return (
    <svg
      viewBox="0 0 480 240"
      width="100%"
      role="img"
      aria-label="An artist's palette with colourful brushstrokes"
      style={{ maxWidth: 480 }}
    >
      <rect width="480" height="240" rx="16" fill="#eef2ff" />
      <path d="M40 180c60-70 140-90 220-60s120 10 180-50" stroke="#c7d2fe" strokeWidth="18" fill="none" strokeLinecap="round" />
      <ellipse cx="240" cy="125" rx="130" ry="80" fill="#fff" stroke="#4338ca" strokeWidth="4" />
      <circle cx="300" cy="160" r="18" fill="#eef2ff" stroke="#4338ca" strokeWidth="4" />
      <circle cx="180" cy="90" r="16" fill="#f59e0b" />
      <circle cx="228" cy="76" r="16" fill="#ec4899" />
      <circle cx="278" cy="86" r="16" fill="#10b981" />
      <circle cx="160" cy="138" r="16" fill="#3b82f6" />
      <circle cx="206" cy="170" r="16" fill="#ef4444" />
      <path d="M330 60l90-40 8 12-86 48z" fill="#4338ca" />
      <path d="M330 60c-10 4-16 14-12 22 8-2 18-6 24-14z" fill="#ec4899" />
    </svg>
  );
}
