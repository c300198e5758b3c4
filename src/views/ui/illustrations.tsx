import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/**
 * The empty states' drawings: small inline SVG (no request), decorative (aria-hidden), painted with the `art.*`
 * tokens through currentColor so they change with the light and dark palettes.
 */
export const pigment = {
  paper: css({ color: 'art.paper' }),
  ink: css({ color: 'art.ink' }),
  wash: css({ color: 'art.wash' }),
  ultramarine: css({ color: 'art.ultramarine' }),
  ochre: css({ color: 'art.ochre' }),
  terracotta: css({ color: 'art.terracotta' }),
  sage: css({ color: 'art.sage' }),
  rose: css({ color: 'art.rose' }),
};

const line = { fill: 'none', stroke: 'currentColor', strokeWidth: 3, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function Art({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 160 120" className={className} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** A blank canvas on an easel, a brush beside it: no artworks yet. */
export function EaselArt({ className }: { className?: string }) {
  return (
    <Art className={className}>
      <ellipse className={pigment.wash} cx="80" cy="108" rx="62" ry="8" fill="currentColor" />
      <g className={pigment.ochre}>
        <path {...line} strokeWidth={4} d="M62 20 44 108M98 20l18 88M80 14v94" />
        <path {...line} strokeWidth={4} d="M50 80h60" />
      </g>
      <rect className={pigment.paper} x="50" y="26" width="60" height="50" rx="2" fill="currentColor" />
      <rect className={pigment.ink} x="50" y="26" width="60" height="50" rx="2" {...line} />
      <path className={pigment.ultramarine} {...line} d="M58 64c8-10 14-12 22-6s14 2 22-8" />
      <circle className={pigment.terracotta} cx="94" cy="40" r="6" fill="currentColor" />
      <g className={pigment.ink}>
        <path {...line} d="M126 104 142 52" />
      </g>
      <path className={pigment.rose} d="m142 52 3-12 4 2-3 11z" fill="currentColor" />
    </Art>
  );
}

/** An open sketchbook and a pencil: nothing written in the journal yet. */
export function SketchbookArt({ className }: { className?: string }) {
  return (
    <Art className={className}>
      <ellipse className={pigment.wash} cx="80" cy="106" rx="64" ry="8" fill="currentColor" />
      <path className={pigment.paper} d="M22 30c20-6 40-4 58 6 18-10 38-12 58-6v66c-20-6-40-4-58 6-18-10-38-12-58-6z" fill="currentColor" />
      <path className={pigment.ink} {...line} d="M22 30c20-6 40-4 58 6 18-10 38-12 58-6v66c-20-6-40-4-58 6-18-10-38-12-58-6zM80 36v66" />
      <path className={pigment.sage} {...line} strokeWidth={2.5} d="M32 48c12-3 24-2 38 3M32 60c12-3 24-2 38 3M32 72c8-2 16-2 24 1" />
      <circle className={pigment.ochre} cx="108" cy="56" r="12" fill="currentColor" />
      <path className={pigment.ultramarine} {...line} d="M92 82c8-8 16-10 24-4s12 2 16-4" />
      <g className={pigment.terracotta}>
        <path {...line} strokeWidth={6} d="m120 22 26-12" />
      </g>
      <path className={pigment.ink} d="m116 24 6-4 1 3z" fill="currentColor" />
    </Art>
  );
}

/** A calendar page with one day marked and a paper plane setting off: no posts yet. */
export function CalendarArt({ className }: { className?: string }) {
  const days = [0, 1, 2, 3].flatMap((row) => [0, 1, 2, 3, 4].map((col) => ({ x: 36 + col * 16, y: 52 + row * 12 })));
  return (
    <Art className={className}>
      <ellipse className={pigment.wash} cx="76" cy="108" rx="58" ry="8" fill="currentColor" />
      <rect className={pigment.paper} x="24" y="22" width="104" height="80" rx="8" fill="currentColor" />
      <rect className={pigment.ink} x="24" y="22" width="104" height="80" rx="8" {...line} />
      <rect className={pigment.terracotta} x="24" y="22" width="104" height="18" rx="8" fill="currentColor" />
      <g className={pigment.ink}>
        <path {...line} d="M48 16v12M104 16v12" />
      </g>
      <g className={pigment.sage}>
        {days.map(({ x, y }) => (
          <circle key={`${x}-${y}`} cx={x + 4} cy={y + 2} r="2.5" fill="currentColor" />
        ))}
      </g>
      <rect className={pigment.ultramarine} x="81" y="73" width="14" height="10" rx="3" fill="currentColor" />
      <path className={pigment.ochre} d="m118 64 34-16-12 30-8-9z" fill="currentColor" />
      <path className={pigment.ink} {...line} strokeWidth={2} d="m118 64 34-16-12 30-8-9zm14 5 20-21" />
    </Art>
  );
}

/** The studio and a cloud, joined by a thread: no social media account connected yet. */
export function ConnectArt({ className }: { className?: string }) {
  return (
    <Art className={className}>
      <ellipse className={pigment.wash} cx="80" cy="106" rx="64" ry="8" fill="currentColor" />
      <path
        className={pigment.paper}
        d="M18 64c0-18 14-30 30-30 18 0 30 12 30 26 0 10-8 12-14 10-6-2-10 4-6 10 4 8-2 14-12 14-16 0-28-12-28-30z"
        fill="currentColor"
      />
      <path
        className={pigment.ink}
        {...line}
        d="M18 64c0-18 14-30 30-30 18 0 30 12 30 26 0 10-8 12-14 10-6-2-10 4-6 10 4 8-2 14-12 14-16 0-28-12-28-30z"
      />
      <circle className={pigment.terracotta} cx="36" cy="58" r="5" fill="currentColor" />
      <circle className={pigment.ochre} cx="50" cy="48" r="5" fill="currentColor" />
      <circle className={pigment.sage} cx="64" cy="54" r="5" fill="currentColor" />
      <path
        className={pigment.wash}
        d="M104 70c-8 0-12-6-10-12 2-8 10-10 16-6 2-10 16-14 24-6 8-2 16 4 14 12 6 2 6 12-2 12z"
        fill="currentColor"
      />
      <path
        className={pigment.ultramarine}
        {...line}
        d="M104 70c-8 0-12-6-10-12 2-8 10-10 16-6 2-10 16-14 24-6 8-2 16 4 14 12 6 2 6 12-2 12z"
      />
      <path className={pigment.ink} {...line} strokeWidth={2.5} strokeDasharray="2 7" d="M74 76c10 10 20 8 30-4" />
    </Art>
  );
}

/** An envelope with a small painting peeking out: no buyer has written yet. */
export function EnvelopeArt({ className }: { className?: string }) {
  return (
    <Art className={className}>
      <ellipse className={pigment.wash} cx="80" cy="108" rx="62" ry="8" fill="currentColor" />
      <rect className={pigment.paper} x="50" y="18" width="60" height="46" rx="2" fill="currentColor" />
      <rect className={pigment.ink} x="50" y="18" width="60" height="46" rx="2" {...line} />
      <path className={pigment.ultramarine} {...line} d="M58 50c8-10 14-12 22-6s14 2 22-8" />
      <circle className={pigment.ochre} cx="94" cy="30" r="5" fill="currentColor" />
      <path className={pigment.paper} d="M30 46h100v54H30z" fill="currentColor" />
      <path className={pigment.ink} {...line} d="M30 46h100v54H30zM30 46l50 34 50-34" />
      <path className={pigment.rose} d="M112 84a6 6 0 1 1 0 12 6 6 0 1 1 0-12z" fill="currentColor" />
      <path className={pigment.sage} {...line} strokeWidth={2.5} d="M40 92h22" />
    </Art>
  );
}

/** Three frames hung in a row on a gallery wall, the middle one waiting: no collections yet. */
export function GalleryWallArt({ className }: { className?: string }) {
  return (
    <Art className={className}>
      <ellipse className={pigment.wash} cx="80" cy="108" rx="66" ry="7" fill="currentColor" />
      <path className={pigment.ochre} {...line} d="M14 30h132" />
      <rect className={pigment.paper} x="18" y="42" width="34" height="44" rx="2" fill="currentColor" />
      <rect className={pigment.ink} x="18" y="42" width="34" height="44" rx="2" {...line} />
      <path className={pigment.sage} {...line} d="M24 76c6-8 10-10 14-6s6 2 8-4" />
      <rect className={pigment.ink} x="62" y="38" width="36" height="52" rx="2" {...line} strokeDasharray="6 6" />
      <path className={pigment.ultramarine} {...line} d="M80 56v16M72 64h16" />
      <rect className={pigment.paper} x="108" y="42" width="34" height="44" rx="2" fill="currentColor" />
      <rect className={pigment.ink} x="108" y="42" width="34" height="44" rx="2" {...line} />
      <circle className={pigment.terracotta} cx="125" cy="60" r="7" fill="currentColor" />
      <path className={pigment.rose} {...line} d="M114 80h22" />
    </Art>
  );
}
