import { css } from 'styled-system/css';
import { pigment } from '../ui/illustrations';

const frame = css({ display: 'block', w: 'full', maxW: '480px', h: 'auto', borderRadius: 'xl' });

/** The welcome image: a palette with dabs of paint and a brush, drawn inline so it needs no request. */
export function WelcomeArt() {
  return (
    <svg viewBox="0 0 480 240" className={frame} role="img" aria-label="An artist's palette with colourful brushstrokes">
      <rect className={pigment.wash} width="480" height="240" rx="16" fill="currentColor" />
      <path
        className={pigment.paper}
        d="M40 180c60-70 140-90 220-60s120 10 180-50"
        stroke="currentColor"
        strokeWidth="18"
        fill="none"
        strokeLinecap="round"
        opacity="0.7"
      />
      <ellipse className={pigment.paper} cx="240" cy="125" rx="130" ry="80" fill="currentColor" />
      <circle className={pigment.wash} cx="300" cy="160" r="18" fill="currentColor" />
      <g className={pigment.ink} fill="none" stroke="currentColor" strokeWidth="4">
        <ellipse cx="240" cy="125" rx="130" ry="80" />
        <circle cx="300" cy="160" r="18" />
      </g>
      <circle className={pigment.ochre} cx="180" cy="90" r="16" fill="currentColor" />
      <circle className={pigment.rose} cx="228" cy="76" r="16" fill="currentColor" />
      <circle className={pigment.sage} cx="278" cy="86" r="16" fill="currentColor" />
      <circle className={pigment.ultramarine} cx="160" cy="138" r="16" fill="currentColor" />
      <circle className={pigment.terracotta} cx="206" cy="170" r="16" fill="currentColor" />
      <path className={pigment.ink} d="M330 60l90-40 8 12-86 48z" fill="currentColor" />
      <path className={pigment.terracotta} d="M330 60c-10 4-16 14-12 22 8-2 18-6 24-14z" fill="currentColor" />
    </svg>
  );
}
