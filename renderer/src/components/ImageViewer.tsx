// A figure at full size: opens fitted to the window (a small figure is enlarged, a large one
// reduced), zooms with the wheel, a trackpad's or a touch screen's pinch, the buttons or + / - / 0
// / 1, and pans by dragging or with the arrow keys. Keys stay inside it (the exam screen's
// shortcuts do not fire behind it); Escape closes it.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';
import { wheelFactor } from './wheelZoom';

const MAX_ZOOM = 8;
const STEP = 1.25;
const PAN_STEP = 60;

interface View {
  /** Displayed pixels per image pixel. */
  scale: number;
  /** The image centre's offset from the stage's centre, in displayed pixels. */
  x: number;
  y: number;
  /** Following the window: the scale that fits, re-fitted when the window changes. */
  fit: boolean;
}

/** The scale at which an image of `natural` size fits inside `stage`. */
function fitScale(natural: { w: number; h: number }, stage: { w: number; h: number }): number {
  if (natural.w <= 0 || natural.h <= 0 || stage.w <= 0 || stage.h <= 0) return 1;
  return Math.min(MAX_ZOOM, stage.w / natural.w, stage.h / natural.h);
}

/**
 * How large the page showed the figure whose control opened the viewer (displayed pixels per image
 * pixel), so the viewer never opens it smaller than the student just saw it (enlarged type).
 */
function shownScale(opener: Element | null): number {
  const image = opener?.querySelector('img');
  return image && image.naturalWidth > 0 ? image.getBoundingClientRect().width / image.naturalWidth : 0;
}

/** The view after zooming by `factor` around a point (`cx`, `cy`, from the stage's centre), within bounds. */
function zoomAround(view: View, factor: number, cx: number, cy: number, minScale: number): View {
  const scale = Math.min(MAX_ZOOM, Math.max(minScale, view.scale * factor));
  const applied = scale / view.scale;
  // The image point under (cx, cy) stays under it.
  return { scale, x: cx - (cx - view.x) * applied, y: cy - (cy - view.y) * applied, fit: false };
}

export function ImageViewer({
  src,
  alt,
  onClose,
  testId = 'image-viewer',
}: {
  src: string;
  alt: string;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [size, setSize] = useState<{ w: number; h: number }>({ w: 0, h: 0 });
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0, fit: true });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const [opened] = useState(() => shownScale(document.activeElement));

  const fitted = natural ? fitScale(natural, size) : 1;
  const minScale = Math.min(fitted, 1) / 2;
  const shown: View = view.fit ? { scale: fitted, x: 0, y: 0, fit: true } : view;

  useLayoutEffect(() => {
    const node = stage.current;
    if (!node) return;
    // The stage takes the focus first, so the keys zoom and pan at once (the dialog keeps it inside).
    node.focus();
    const measure = () => setSize({ w: node.clientWidth, h: node.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const zoom = useCallback(
    (factor: number, cx = 0, cy = 0) =>
      setView((v) => zoomAround(v.fit ? { ...v, scale: fitted } : v, factor, cx, cy, minScale)),
    [fitted, minScale],
  );
  const pan = (dx: number, dy: number) =>
    setView((v) => ({ ...(v.fit ? { ...v, scale: fitted } : v), x: v.x + dx, y: v.y + dy, fit: false }));

  /** A point of the page as an offset from the stage's centre. */
  const fromCentre = (clientX: number, clientY: number) => {
    const box = stage.current?.getBoundingClientRect();
    return box ? { x: clientX - box.left - box.width / 2, y: clientY - box.top - box.height / 2 } : { x: 0, y: 0 };
  };

  // The wheel (and a trackpad's pinch, which browsers send as a wheel with Ctrl): a listener that
  // may prevent the page from scrolling, which React's passive onWheel cannot.
  useEffect(() => {
    const node = stage.current;
    if (!node) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const at = fromCentre(event.clientX, event.clientY);
      zoom(wheelFactor(event.deltaY, event.ctrlKey), at.x, at.y);
    };
    node.addEventListener('wheel', onWheel, { passive: false });
    return () => node.removeEventListener('wheel', onWheel);
  }, [zoom]);

  const onPointerDown = (event: React.PointerEvent) => {
    stage.current?.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: React.PointerEvent) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const others = [...pointers.current].filter(([id]) => id !== event.pointerId).map(([, p]) => p);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const other = others[0];
    if (other) {
      // Two fingers: the distance between them sets the zoom, around their midpoint.
      const was = Math.hypot(before.x - other.x, before.y - other.y);
      const now = Math.hypot(event.clientX - other.x, event.clientY - other.y);
      if (was > 0) {
        const mid = fromCentre((event.clientX + other.x) / 2, (event.clientY + other.y) / 2);
        zoom(now / was, mid.x, mid.y);
      }
    } else {
      pan(event.clientX - before.x, event.clientY - before.y);
    }
  };
  const onPointerUp = (event: React.PointerEvent) => {
    pointers.current.delete(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Nothing typed here reaches the screen behind (the exam's letters, arrows and Ctrl+Enter).
    event.stopPropagation();
    const actions: Record<string, () => void> = {
      '+': () => zoom(STEP),
      '=': () => zoom(STEP),
      '-': () => zoom(1 / STEP),
      '0': () => setView((v) => ({ ...v, fit: true })),
      '1': () => setView({ scale: 1, x: 0, y: 0, fit: false }),
      ArrowLeft: () => pan(PAN_STEP, 0),
      ArrowRight: () => pan(-PAN_STEP, 0),
      ArrowUp: () => pan(0, PAN_STEP),
      ArrowDown: () => pan(0, -PAN_STEP),
    };
    const action = actions[event.key];
    if (action && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      action();
    }
  };

  const percent = Math.round(shown.scale * 100);
  return (
    <Dialog
      titleId={`${testId}-title`}
      title={alt}
      testId={testId}
      onClose={onClose}
      close={{ label: t('viewer.close'), testId: `${testId}-close` }}
      wide
    >
      <div className="image-viewer" onKeyDown={onKeyDown}>
        <div className="image-viewer-tools" role="toolbar" aria-label={t('viewer.tools')}>
          <button type="button" className="secondary" onClick={() => zoom(1 / STEP)} data-testid={`${testId}-zoom-out`}>
            − <span className="visually-hidden">{t('viewer.zoomOut')}</span>
          </button>
          <span className="image-viewer-level" aria-live="polite" data-testid={`${testId}-level`}>
            {percent}%
          </span>
          <button type="button" className="secondary" onClick={() => zoom(STEP)} data-testid={`${testId}-zoom-in`}>
            + <span className="visually-hidden">{t('viewer.zoomIn')}</span>
          </button>
          <button
            type="button"
            className="secondary"
            aria-pressed={shown.fit}
            onClick={() => setView((v) => ({ ...v, fit: true }))}
            data-testid={`${testId}-fit`}
          >
            {t('viewer.fit')}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => setView({ scale: 1, x: 0, y: 0, fit: false })}
            data-testid={`${testId}-actual`}
          >
            {t('viewer.actual')}
          </button>
          <span className="muted image-viewer-hint" id={`${testId}-hint`}>
            {t('viewer.hint')}
          </span>
        </div>
        <div
          ref={stage}
          className="image-viewer-stage"
          tabIndex={0}
          role="img"
          aria-label={alt}
          aria-describedby={`${testId}-hint`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          data-testid={`${testId}-stage`}
        >
          <img
            src={src}
            alt=""
            draggable={false}
            onLoad={(e) => {
              const loaded = { w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight };
              setNatural(loaded);
              // Fitting would show it smaller than the page did: it opens at the page's size instead.
              if (opened > fitScale(loaded, size) + 0.01)
                setView({ scale: Math.min(MAX_ZOOM, opened), x: 0, y: 0, fit: false });
            }}
            style={
              natural
                ? {
                    width: natural.w * shown.scale,
                    height: natural.h * shown.scale,
                    transform: `translate(calc(-50% + ${shown.x}px), calc(-50% + ${shown.y}px))`,
                  }
                : { visibility: 'hidden' }
            }
            data-testid={`${testId}-image`}
            data-zoom={natural ? percent : ''}
            data-fit={shown.fit}
          />
        </div>
      </div>
    </Dialog>
  );
}
