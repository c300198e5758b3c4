/** Icons of the Media tab; decorative, their meaning is given in text beside them. */
const svg = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  'aria-hidden': true,
} as const;

export function MoreIcon() {
  return (
    <svg {...svg} width={18} height={18}>
      <circle cx="12" cy="5" r="1.5" fill="currentColor" />
      <circle cx="12" cy="12" r="1.5" fill="currentColor" />
      <circle cx="12" cy="19" r="1.5" fill="currentColor" />
    </svg>
  );
}

export function VideoIcon({ size = 32 }: { size?: number }) {
  return (
    <svg {...svg} width={size} height={size}>
      <rect x="2" y="5" width="14" height="14" rx="2" />
      <path d="m16 10 6-3v10l-6-3z" />
    </svg>
  );
}

export function AudioIcon({ size = 32 }: { size?: number }) {
  return (
    <svg {...svg} width={size} height={size}>
      <path d="M9 18V5l12-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="18" cy="16" r="3" />
    </svg>
  );
}

export function UploadIcon() {
  return (
    <svg {...svg} width={32} height={32}>
      <path d="M12 16V4m0 0-4 4m4-4 4 4" />
      <path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </svg>
  );
}
