import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../ui/button';
import { applyMarks, chartStyles, type ChartMarks } from './chart-marks';

const PAN_STEP = 60;
const ZOOM_STEP = 1.25;
const MIN_ZOOM = 0.1;
const MAX_ZOOM = 3;
/** The smallest a label may be at Fit, in CSS pixels. */
export const READABLE_PX = 12;
/** Fit enlarges a small chart, up to this much. */
const MAX_FIT = 1.5;
const MARGIN = 16;
const clampZoom = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

interface View {
  x: number;
  y: number;
  k: number;
}

/** The drawn chart's size in CSS pixels (Graphviz writes points). */
const sizeOf = (svg: SVGSVGElement | null) => {
  const box = svg?.viewBox?.baseVal;
  return box ? { w: (box.width * 4) / 3, h: (box.height * 4) / 3 } : { w: 0, h: 0 };
};

/** The smallest text of the drawing in CSS pixels at scale 1 (Graphviz writes font sizes in points). */
const smallestText = (svg: SVGSVGElement) =>
  (Math.min(...Array.from(svg.querySelectorAll('text'), (t) => parseFloat(t.getAttribute('font-size') ?? '14'))) * 4) / 3;

/**
 * Where Fit puts a chart in a viewport: whole and centred, as large as fits (up to MAX_FIT), when its smallest label is
 * READABLE_PX or more at that scale; otherwise at the scale where it is READABLE_PX, its start (the root's initial
 * state, `data-chart-start`) in view at the left, and `whole: false`: the rest is a drag away.
 */
export function fitView(svg: SVGSVGElement, viewport: { width: number; height: number }): View & { whole: boolean } {
  const { w, h } = sizeOf(svg);
  if (!w || !h) return { x: 0, y: 0, k: 1, whole: true };
  const fits = Math.min((viewport.width - 2 * MARGIN) / w, (viewport.height - 2 * MARGIN) / h, MAX_FIT);
  const readable = READABLE_PX / smallestText(svg);
  if (fits >= readable) return { k: fits, x: (viewport.width - w * fits) / 2, y: (viewport.height - h * fits) / 2, whole: true };
  const k = readable;
  if (h * k <= viewport.height) return { k, x: MARGIN, y: (viewport.height - h * k) / 2, whole: false };
  // Taller than the viewport: the start's height in the middle, without leaving empty space above or below the chart.
  const start = svg.querySelector<SVGGraphicsElement>('[data-chart-start]');
  const svgTop = svg.getBoundingClientRect().top;
  const scaleNow = svg.getBoundingClientRect().height / h || 1;
  const startY = start ? (start.getBoundingClientRect().top - svgTop) / scaleNow : 0;
  const y = Math.min(MARGIN, Math.max(viewport.height - MARGIN - h * k, viewport.height / 2 - startY * k));
  return { k, x: MARGIN, y, whole: false };
}

/**
 * A chart in the page, panned by dragging or the arrow keys and zoomed by the wheel, the buttons or +, - and 0. It
 * opens fitted (fitView): whole when it can be read whole, otherwise at the smallest readable size. A state, simple or
 * compound, is picked by a click, or by Enter on it (each is in the tab order). `children`: more controls for the
 * toolbar.
 */
export function ChartView({
  svg,
  label,
  onSelect,
  children,
  ...marks
}: ChartMarks & { svg: string; label: string; onSelect?: (stateId: string) => void; children?: ReactNode }) {
  const viewport = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 });
  const [whole, setWhole] = useState(true);
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);

  const fit = () => {
    const drawing = host.current!.querySelector('svg');
    if (!drawing) return;
    const { whole: all, ...fitted } = fitView(drawing, { width: viewport.current!.clientWidth, height: viewport.current!.clientHeight });
    setView(fitted);
    setWhole(all);
  };

  useEffect(() => {
    host.current!.innerHTML = svg;
    fit();
  }, [svg]);

  useEffect(() => applyMarks(host.current!, marks));

  const zoom = (factor: number, at?: { x: number; y: number }) =>
    setView((v) => {
      const k = clampZoom(v.k * factor);
      const p = at ?? { x: viewport.current!.clientWidth / 2, y: viewport.current!.clientHeight / 2 };
      return { k, x: p.x - ((p.x - v.x) * k) / v.k, y: p.y - ((p.y - v.y) * k) / v.k };
    });

  useEffect(() => {
    const el = viewport.current!;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const box = el.getBoundingClientRect();
      zoom(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, { x: e.clientX - box.left, y: e.clientY - box.top });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    const state = (e.target as Element).closest?.('[data-state-id]') as SVGElement | null;
    if (state && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onSelect?.(state.dataset.stateId!);
      return;
    }
    const pan = { ArrowLeft: [PAN_STEP, 0], ArrowRight: [-PAN_STEP, 0], ArrowUp: [0, PAN_STEP], ArrowDown: [0, -PAN_STEP] }[e.key];
    if (pan) setView((v) => ({ ...v, x: v.x + pan[0], y: v.y + pan[1] }));
    else if (e.key === '+' || e.key === '=') zoom(ZOOM_STEP);
    else if (e.key === '-') zoom(1 / ZOOM_STEP);
    else if (e.key === '0') fit();
    else return;
    e.preventDefault();
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    drag.current = { x: e.clientX, y: e.clientY, moved: false };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 4) return;
    d.moved = true;
    d.x = e.clientX;
    d.y = e.clientY;
    setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
  };
  const onClick = (e: React.MouseEvent) => {
    const moved = drag.current?.moved;
    drag.current = null;
    if (moved) return;
    const state = (e.target as Element).closest('[data-state-id]') as SVGElement | null;
    if (state) onSelect?.(state.dataset.stateId!);
  };

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minW: 0 })}>
      <div role="toolbar" aria-label="Chart view" className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <Button size="sm" variant="outline" onClick={() => zoom(ZOOM_STEP)}>
          Zoom in
        </Button>
        <Button size="sm" variant="outline" onClick={() => zoom(1 / ZOOM_STEP)}>
          Zoom out
        </Button>
        <Button size="sm" variant="outline" onClick={fit}>
          Fit
        </Button>
        <span className={css({ color: 'fg.muted', fontSize: 'sm' })} aria-live="polite">
          {Math.round(view.k * 100)}%
        </span>
        {children}
      </div>
      {whole ? null : (
        <p data-testid="chart-too-large" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          Too large to read whole: Fit shows it from its start at the smallest readable size. Drag for the rest, or zoom out for an
          overview.
        </p>
      )}
      {/* A pan-and-zoom surface, like a map: it takes the arrow keys itself, so it is focusable as a whole. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={viewport}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="application"
        aria-label={`${label}: drag or use the arrow keys to pan, the wheel or + and - to zoom, 0 to fit`}
        data-testid="chart-viewport"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => drag.current && !drag.current.moved && (drag.current = null)}
        onClickCapture={onClick}
        className={`${chartStyles} ${css({
          position: 'relative',
          overflow: 'hidden',
          h: 'max(420px, calc(100vh - 240px))',
          borderWidth: '1px',
          borderColor: 'border.strong',
          borderRadius: 'md',
          touchAction: 'none',
          cursor: 'grab',
          _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
        })}`}
      >
        <div
          ref={host}
          data-testid="chart"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.k})`, transformOrigin: '0 0', width: 'max-content' }}
        />
      </div>
    </div>
  );
}

/** A chart at Graphviz's own size, readable, scrolled within the panel (the live views): no pan or zoom, only its marks. */
export function ChartThumbnail({ svg, ...marks }: ChartMarks & { svg: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    host.current!.innerHTML = svg;
  }, [svg]);
  useEffect(() => applyMarks(host.current!, marks));
  return (
    <div
      ref={host}
      data-testid="chart"
      className={`${chartStyles} ${css({ borderRadius: 'md', p: '1', overflowX: 'auto', '& svg': { maxW: 'none' } })}`}
    />
  );
}
