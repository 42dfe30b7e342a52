// Synthetic scans of the app's own answer sheets, for the OMR tests and `npm run bench -- omr`:
// the printed answer-sheet PDF rendered to pixels (pdf.js), bubbles filled by a seeded student
// (dark, partial, light, erased, double, blank), then the page turned, scaled, warped as a phone
// photo, blurred, noised and JPEG-compressed, and stacked into one PDF as a scanner makes it.
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import type { SnapshotQuestion } from '../../main/core/exams/model.js';
import { seededRandom } from '../../main/core/exams/random.js';
import { finish, renderAnswerSheet } from '../../main/core/paper/pdf.js';
import {
  BUBBLE_RADIUS,
  FIDUCIALS,
  LANGUAGE_BUBBLES,
  NAME_BOX,
  QR_BOX,
  QR_COPY_BOX,
  QR_QUIET,
  QUESTIONS_PER_PAGE,
  sheetPayload,
  questionRow,
  SHEET_PAGE,
  versionBubbles,
  type Box,
  type Bubble,
  type SheetIdentity,
} from '../../main/core/paper/sheet-layout.js';
import QRCode from 'qrcode';
import { homography, type Point } from '../../main/core/paper/scan/homography.js';
import { scanPages } from '../../main/core/paper/scan/raster.js';
import { planVersions } from '../../main/core/paper/versions.js';

export type MarkKind =
  'dark' | 'partial' | 'light' | 'faint' | 'erased' | 'tick' | 'cross' | 'pencil' | 'smudge' | 'blank';
/** What the reader may say of a bubble of each kind without being wrong. */
export const ACCEPTABLE: Record<MarkKind, readonly string[]> = {
  dark: ['marked'],
  partial: ['marked'],
  light: ['marked', 'doubtful'],
  /** Between a mark and nothing: only the tutor can say. */
  faint: ['doubtful'],
  erased: ['blank', 'doubtful'],
  /** A check mark or an X in pen (about 1 pt): a mark, or left to the tutor, never a blank. */
  tick: ['marked', 'doubtful'],
  cross: ['marked', 'doubtful'],
  /** An HB pencil fill: hatched, grey, the paper's grain showing through. */
  pencil: ['marked', 'doubtful'],
  /** An HB mark rubbed out with an eraser: a grey residue of it. */
  smudge: ['blank', 'doubtful'],
  blank: ['blank'],
};

/**
 * Light and paper as an ordinary scanner or phone gives them, harder than the default corpus: a
 * shadow along the scanner's edge (its depth, 0–1), light falling off across a photo (0–1), a photo
 * on a light desk (the desk's grey level, near the paper's).
 */
export interface Lighting {
  shadow?: number;
  falloff?: number;
  desk?: number;
}

/**
 * A sheet folded and opened again before it was photographed: the paper near each crease stands up
 * from the desk, so what is printed there lands away from where a map through the four corners puts
 * it. `lift` is that shift at the crease in layout points, fading over about a tenth of the page.
 */
export interface Fold {
  /** A crease across the page at this share of its height (a sheet folded in half). */
  across?: number;
  /** A crease down the page at this share of its width (folded in four, with `across`). */
  down?: number;
  lift: number;
}

/** Coloured or recycled paper (its grey, 255 white) printed with a toner running low (its share of full ink). */
export interface Paper {
  grey: number;
  toner: number;
}

/** The printed page on other paper, with less toner: before the student writes on it. */
function reprint(canvas: Canvas, paper: Paper) {
  const ctx = canvas.getContext('2d');
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const pixels = image.data;
  for (let i = 0; i < pixels.length; i += 4) {
    const ink = (255 - (pixels[i] ?? 255)) / 255;
    const level = paper.grey * (1 - ink * paper.toner);
    pixels[i] = pixels[i + 1] = pixels[i + 2] = level;
  }
  ctx.putImageData(image, 0, 0);
}

export interface SheetTruth {
  sheet: number;
  version: number;
  language: 1 | 2 | null;
  /** Per question, per bubble: what the student did. */
  bubbles: MarkKind[][];
  /** The page was turned round before scanning (the reader must refuse it by name). */
  upsideDown: boolean;
  photo: boolean;
  lighting?: Lighting;
  /** The student's pencil, for a class answering in HB. */
  pencil?: PencilHand;
  fold?: Fold;
}

export interface SynthExam {
  code: string;
  questions: number;
  versions: number;
  language: boolean;
}

/** The stub questions a sheet needs (it prints only their count). */
function stubs(count: number): SnapshotQuestion[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `q${i}`,
    baseId: `q${i}`,
    statement: '',
    image: null,
    subject: 'Matemática',
    area: null,
    exam: null,
    year: null,
    difficulty: null,
    alternatives: [...'ABCDE'].map((l) => ({ id: `q${i}${l}`, letter: l, text: l, image: null })),
    correctId: null,
    explanation: null,
    explanationImage: null,
  }));
}

export async function answerSheetPdf(exam: SynthExam, sheets: number): Promise<Buffer> {
  const questions = stubs(exam.questions);
  return renderAnswerSheet(
    { code: exam.code, title: 'Simulado de teste', minutes: 60, questions, imageOf: () => null },
    planVersions(questions, exam.versions, 1),
    { sheets, language: exam.language },
  );
}

type Random = () => number;
const between = (random: Random, a: number, b: number) => a + (b - a) * random();

/** A messy student: ticks and crosses in pen, marks erased beside the chosen one, light marks. */
function planMessyRow(random: Random): MarkKind[] {
  const row: MarkKind[] = ['blank', 'blank', 'blank', 'blank', 'blank'];
  const chosen = Math.floor(random() * 5);
  const roll = random();
  if (roll < 0.05) return row;
  if (roll < 0.3) row[chosen] = 'tick';
  else if (roll < 0.5) row[chosen] = 'cross';
  else if (roll < 0.62) {
    row[chosen] = 'dark';
    row[(chosen + 1 + Math.floor(random() * 4)) % 5] = 'erased';
  } else if (roll < 0.72) row[chosen] = 'light';
  else row[chosen] = 'dark';
  return row;
}

/** A class answering in HB pencil: one fill a row, sometimes none, two, or one rubbed out (alone or beside it). */
function planPencilRow(random: Random): MarkKind[] {
  const row: MarkKind[] = ['blank', 'blank', 'blank', 'blank', 'blank'];
  const chosen = Math.floor(random() * 5);
  const other = (chosen + 1 + Math.floor(random() * 4)) % 5;
  const roll = random();
  if (roll < 0.05) return row;
  if (roll < 0.08) {
    row[chosen] = 'smudge'; // answered, then rubbed out and left blank
    return row;
  }
  row[chosen] = 'pencil';
  if (roll < 0.12) row[other] = 'pencil';
  else if (roll < 0.24) row[other] = 'smudge';
  return row;
}

/** How hard one student presses an HB pencil: the grey of their graphite and how much it covers. */
export interface PencilHand {
  level: number;
  alpha: number;
}

/** How a seeded student fills a row: mostly one dark mark, sometimes not. */
function planRow(random: Random): MarkKind[] {
  const row: MarkKind[] = ['blank', 'blank', 'blank', 'blank', 'blank'];
  const pick = () => Math.floor(random() * 5);
  const roll = random();
  const chosen = pick();
  if (roll < 0.06) return row; // left blank
  if (roll < 0.1) {
    row[chosen] = 'dark';
    row[(chosen + 1 + Math.floor(random() * 4)) % 5] = 'dark'; // double
  } else if (roll < 0.16) row[chosen] = 'partial';
  else if (roll < 0.21) row[chosen] = 'light';
  else if (roll < 0.27) {
    row[chosen] = 'dark';
    row[(chosen + 1 + Math.floor(random() * 4)) % 5] = 'erased'; // changed their mind
  } else row[chosen] = 'dark';
  return row;
}

function fillBubble(
  ctx: ReturnType<Canvas['getContext']>,
  b: Bubble,
  kind: MarkKind,
  scale: number,
  random: Random,
  hand: PencilHand = { level: 110, alpha: 0.8 },
) {
  if (kind === 'blank') return;
  const r = BUBBLE_RADIUS * scale;
  const cx = (b.cx + between(random, -0.8, 0.8)) * scale;
  const cy = (b.cy + between(random, -0.8, 0.8)) * scale;
  const grey = (level: number) => `rgb(${level},${level},${level + 4})`;
  ctx.save();
  if (kind === 'tick' || kind === 'cross') {
    // A pen: about 1 pt wide, dark blue or black, drawn quickly through the bubble.
    ctx.strokeStyle = random() < 0.5 ? 'rgb(20,30,90)' : 'rgb(25,25,25)';
    ctx.lineWidth = between(random, 0.8, 1.3) * scale;
    ctx.lineCap = 'round';
    ctx.beginPath();
    if (kind === 'tick') {
      ctx.moveTo(cx - 0.7 * r, cy + between(random, -0.1, 0.1) * r);
      ctx.lineTo(cx - 0.15 * r, cy + 0.6 * r);
      ctx.lineTo(cx + 0.8 * r, cy - 0.75 * r);
    } else {
      ctx.moveTo(cx - 0.7 * r, cy - 0.7 * r);
      ctx.lineTo(cx + 0.7 * r, cy + 0.7 * r);
      ctx.moveTo(cx + 0.7 * r, cy - 0.7 * r);
      ctx.lineTo(cx - 0.7 * r, cy + 0.7 * r);
    }
    ctx.stroke();
  } else if (kind === 'pencil' || kind === 'smudge') {
    // Graphite laid in slanted back-and-forth strokes; where it was rubbed out, a fraction of it.
    // No two fills alike: the hand presses harder or lighter from one question to the next.
    const pressed = Math.min(200, Math.max(40, hand.level + between(random, -25, 25)));
    const alpha = Math.min(0.95, Math.max(0.5, hand.alpha + between(random, -0.1, 0.1)));
    const residue = kind === 'smudge' ? between(random, 0.1, 0.35) : 1;
    const level = Math.round(255 - (255 - pressed) * residue);
    ctx.strokeStyle = `rgba(${level},${level},${level + 6},${alpha.toFixed(2)})`;
    ctx.lineWidth = between(random, 1.2, 1.9) * scale;
    ctx.lineCap = 'round';
    ctx.beginPath();
    const strokes = 7 + Math.floor(random() * 4);
    for (let i = 0; i < strokes; i++) {
      const t = -0.85 + (1.7 * i) / (strokes - 1);
      const y = cy + (t + between(random, -0.06, 0.06)) * r;
      const half = Math.sqrt(Math.max(0, 1 - t * t)) * r * between(random, 0.8, 1.02);
      const slant = between(random, 0.1, 0.25) * r;
      ctx.moveTo(cx - half, y + slant);
      ctx.lineTo(cx + half, y - slant);
    }
    ctx.stroke();
    // The paper's tooth: specks the graphite skipped.
    ctx.fillStyle = 'rgba(250,250,250,0.6)';
    for (let i = 0; i < 30; i++) {
      const a = random() * Math.PI * 2;
      const d = Math.sqrt(random()) * r;
      ctx.beginPath();
      ctx.arc(cx + Math.cos(a) * d, cy + Math.sin(a) * d, between(random, 0.25, 0.6) * scale, 0, Math.PI * 2);
      ctx.fill();
    }
  } else if (kind === 'partial') {
    // A hurried scribble: thick strokes across most of the bubble, gaps between them.
    ctx.strokeStyle = grey(Math.round(between(random, 20, 60)));
    ctx.lineWidth = 2.6 * scale;
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (let i = -2; i <= 2; i++) {
      const y = cy + i * 0.36 * r;
      const half = Math.sqrt(Math.max(0, 1 - (i * 0.36) ** 2)) * r * 0.85;
      ctx.moveTo(cx - half, y + between(random, -1, 1));
      ctx.lineTo(cx + half, y + between(random, -1, 1));
    }
    ctx.stroke();
  } else {
    const level =
      kind === 'dark'
        ? between(random, 15, 70)
        : kind === 'light'
          ? between(random, 135, 165)
          : kind === 'faint'
            ? between(random, 185, 195)
            : between(random, 222, 236);
    ctx.fillStyle = grey(Math.round(level));
    ctx.beginPath();
    const size = kind === 'erased' ? between(random, 0.8, 1.0) : between(random, 0.82, 1.08);
    ctx.ellipse(cx, cy, r * size, r * size * between(random, 0.85, 1.05), between(random, 0, Math.PI), 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/** The filled page as a scanner or a phone would see it: geometry, blur, light, noise, JPEG. */
async function photograph(page: Canvas, truth: SheetTruth, random: Random): Promise<Buffer> {
  const blurred = createCanvas(page.width, page.height);
  const bctx = blurred.getContext('2d');
  bctx.filter = `blur(${between(random, 0.4, truth.photo ? 1.3 : 0.8).toFixed(2)}px)`;
  bctx.drawImage(page, 0, 0);
  const source = bctx.getImageData(0, 0, page.width, page.height).data;
  // Where the page's corners land: turned ±5°, scaled 0.9–1.1, and for a photo, each corner pulled.
  const angle = (between(random, -5, 5) * Math.PI) / 180 + (truth.upsideDown ? Math.PI : 0);
  const scale = between(random, 0.9, 1.1);
  const cos = Math.cos(angle) * scale;
  const sin = Math.sin(angle) * scale;
  const pull = truth.photo ? 0.045 : 0;
  const placed: Point[] = [
    [0, 0],
    [page.width, 0],
    [page.width, page.height],
    [0, page.height],
  ].map(([x = 0, y = 0]) => {
    const dx = x - page.width / 2 + between(random, -pull, pull) * page.width;
    const dy = y - page.height / 2 + between(random, -pull, pull) * page.height;
    return [dx * cos - dy * sin, dx * sin + dy * cos] as Point;
  });
  // The scanner's bed or the photo holds the whole page, with a margin (more for a photo).
  const margin = page.width * (truth.photo ? 0.06 : 0.01);
  const xs = placed.map(([x]) => x);
  const ys = placed.map(([, y]) => y);
  // A fixed frame when the page fits it (so 0.9–1.1 really changes the page's size in pixels).
  const outW = Math.ceil(Math.max(Math.max(...xs) - Math.min(...xs) + 2 * margin, page.width * 1.12));
  const outH = Math.ceil(Math.max(Math.max(...ys) - Math.min(...ys) + 2 * margin, page.height * 1.12));
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  const to = placed.map(([x, y]) => [x - cx + outW / 2, y - cy + outH / 2] as Point);
  const from: Point[] = [
    [0, 0],
    [page.width, 0],
    [page.width, page.height],
    [0, page.height],
  ];
  const inverse = homography(to, from);
  if (!inverse) throw new Error('degenerate warp');
  const out = createCanvas(outW, outH);
  const octx = out.getContext('2d');
  const image = octx.createImageData(outW, outH);
  const pixels = image.data;
  const lighting = truth.lighting ?? {};
  const desk = lighting.desk ?? (truth.photo ? between(random, 70, 120) : 250);
  const light = 1 - (lighting.falloff ?? (truth.photo ? between(random, 0.08, 0.22) : 0));
  // The scanner's lid leaves a shadow along one edge: darkest at the edge, gone 18 % in.
  const shadowDepth = lighting.shadow ?? 0;
  // Drawn only for a shadowed sheet: the ordinary corpus keeps its seeded draws.
  const shadowSide = shadowDepth > 0 && random() < 0.5 ? 'left' : 'right';
  const noise = truth.photo ? 9 : 5;
  const [h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0, h5 = 0, h6 = 0, h7 = 0, h8 = 1] = inverse;
  const width = page.width;
  // A crease bends the page toward the lens: the shift and a shadow, fading away from it.
  const fold = truth.fold;
  const pointPx = page.width / SHEET_PAGE.width;
  const reach = 0.1 * page.height;
  const bend = (distance: number) => Math.exp(-((distance / reach) ** 2));
  const foldAngle = fold ? random() * Math.PI * 2 : 0;
  for (let y = 0; y < outH; y++)
    for (let x = 0; x < outW; x++) {
      const w = h6 * x + h7 * y + h8;
      let sx = (h0 * x + h1 * y + h2) / w;
      let sy = (h3 * x + h4 * y + h5) / w;
      let creaseShade = 1;
      if (fold) {
        const a = fold.across === undefined ? 0 : bend(sy - fold.across * page.height);
        const d = fold.down === undefined ? 0 : bend(sx - fold.down * page.width);
        const shift = fold.lift * pointPx * Math.max(a, d);
        sx += shift * Math.cos(foldAngle);
        sy += shift * Math.sin(foldAngle);
        creaseShade = 1 - 0.12 * Math.max(a, d);
      }
      let g: number;
      const ix = Math.floor(sx);
      const iy = Math.floor(sy);
      if (ix < 0 || iy < 0 || ix + 1 >= width || iy + 1 >= page.height) g = desk;
      else {
        const fx = sx - ix;
        const fy = sy - iy;
        const p = (iy * width + ix) * 4;
        const a = source[p] ?? 255;
        const b = source[p + 4] ?? 255;
        const c = source[p + width * 4] ?? 255;
        const d = source[p + width * 4 + 4] ?? 255;
        g = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
        // A phone's light falls off across the page.
        g *= light + (1 - light) * (x / outW);
        g *= creaseShade;
      }
      if (shadowDepth > 0) {
        const fromEdge = (shadowSide === 'left' ? x : outW - 1 - x) / outW;
        if (fromEdge < 0.18) g *= 1 - shadowDepth * (1 - fromEdge / 0.18) ** 1.5;
      }
      // Sensor noise, near-normal (three uniforms) and cheap.
      g += (random() + random() + random() - 1.5) * 2 * noise;
      const i = (y * outW + x) * 4;
      pixels[i] = pixels[i + 1] = pixels[i + 2] = Math.max(0, Math.min(255, g));
      pixels[i + 3] = 255;
    }
  octx.putImageData(image, 0, 0);
  return out.encode('jpeg', Math.round(between(random, truth.photo ? 55 : 65, 85)));
}

/** What a classroom does to one printed QR code (shares of the code, quiet zone included). */
export interface OneCodeDamage {
  /** A band across the code this share of its height, rubbed almost to the paper (an eraser, a thumb). */
  rub?: number;
  /** A triangle of this share of the code's area torn off one corner (the desk shows through, mid-grey). */
  tear?: number;
}

/** What a classroom does to a sheet's code (QR_BOX) and, in `copy`, to the copy printed below it. */
export interface CodeDamage extends OneCodeDamage {
  copy?: OneCodeDamage;
  /** The copy printed over with another sheet's (a copy cut from one sheet and stuck on another). */
  copyNames?: SheetIdentity;
}

/** The copy's box whited out and another identity's copy drawn in it, as the app prints a copy. */
function replaceCopy(ctx: SKRSContext2D, identity: SheetIdentity, scale: number) {
  const { x, y, width, height } = QR_COPY_BOX;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x * scale, y * scale, width * scale, height * scale);
  const qr = QRCode.create(sheetPayload(identity, true), { errorCorrectionLevel: 'H' });
  const size = qr.modules.size;
  const module = width / (size + 2 * QR_QUIET);
  // The copy has no finder squares (answer-sheet.ts).
  const inFinder = (row: number, col: number) =>
    (row < 7 || row >= size - 7) && (col < 7 || col >= size - 7) && !(row >= size - 7 && col >= size - 7);
  ctx.fillStyle = '#000000';
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      if (qr.modules.get(row, col) && !inFinder(row, col))
        ctx.fillRect(
          (x + (col + QR_QUIET) * module) * scale,
          (y + (row + QR_QUIET) * module) * scale,
          module * scale + 0.5,
          module * scale + 0.5,
        );
}

function damageCode(ctx: SKRSContext2D, damage: OneCodeDamage, scale: number, random: Random, box: Box) {
  const { x, y, width, height } = box;
  if (damage.rub) {
    const band = damage.rub * height;
    const top = y + random() * (height - band);
    // Rubbed, not removed: the modules stay a faint grey on the paper.
    ctx.fillStyle = 'rgba(250, 250, 246, 0.88)';
    ctx.fillRect(x * scale, top * scale, width * scale, band * scale);
  }
  if (damage.tear) {
    // A right triangle of legs L on a square of side S has area L²/2 = tear·S².
    const leg = Math.min(width, Math.sqrt(2 * damage.tear) * width);
    const corner = Math.floor(random() * 4);
    const cx = corner === 1 || corner === 2 ? x + width : x;
    const cy = corner >= 2 ? y + height : y;
    const sx = cx === x ? 1 : -1;
    const sy = cy === y ? 1 : -1;
    ctx.fillStyle = '#808080';
    ctx.beginPath();
    ctx.moveTo(cx * scale, cy * scale);
    ctx.lineTo((cx + sx * leg) * scale, cy * scale);
    ctx.lineTo(cx * scale, (cy + sy * leg) * scale);
    ctx.closePath();
    ctx.fill();
  }
}

/**
 * A staple as a class's sheets come stapled: a 12–14 pt bar of grey metal about 1.5 pt wide, at
 * 30–60° to the edge, within 12 pt of the corner square's centre (often across it), its two legs
 * pressed in at the ends, and a little shadow under it.
 */
function drawStaple(ctx: SKRSContext2D, corner: number, scale: number, random: Random) {
  const [fx, fy] = FIDUCIALS[corner] ?? [0, 0];
  const cx = fx + between(random, -12, 12);
  const cy = fy + between(random, -12, 12);
  const angle = ((corner % 2 === 0 ? 1 : -1) * between(random, 30, 60) * Math.PI) / 180;
  const half = between(random, 6, 7);
  const dx = Math.cos(angle) * half;
  const dy = Math.sin(angle) * half;
  ctx.save();
  ctx.lineCap = 'butt';
  ctx.strokeStyle = 'rgba(40, 40, 40, 0.35)'; // its shadow on the paper
  ctx.lineWidth = 2.2 * scale;
  ctx.beginPath();
  ctx.moveTo((cx - dx + 0.8) * scale, (cy - dy + 0.8) * scale);
  ctx.lineTo((cx + dx + 0.8) * scale, (cy + dy + 0.8) * scale);
  ctx.stroke();
  const metal = Math.round(between(random, 110, 190));
  ctx.strokeStyle = `rgb(${metal},${metal},${metal + 8})`;
  ctx.lineWidth = 1.5 * scale;
  ctx.beginPath();
  ctx.moveTo((cx - dx) * scale, (cy - dy) * scale);
  ctx.lineTo((cx + dx) * scale, (cy + dy) * scale);
  ctx.stroke();
  ctx.restore();
}

export interface Corpus {
  /** One JPEG per page, as a phone or scanner made it. */
  images: Buffer[];
  truths: SheetTruth[];
}

/** `sheets` filled, photographed sheets of one exam (one page per sheet: ≤ 90 questions). */
export async function synthesize(
  exam: SynthExam,
  sheets: number,
  seed: number,
  options: {
    upsideDown?: number[];
    photos?: 'all' | 'half' | 'none';
    /** The answer-sheet PDF as the app printed it (else one is printed for `exam`). */
    printed?: Uint8Array;
    /** The booklet a sheet marks, instead of a seeded one. */
    version?: (sheet: number) => number;
    /** A sheet's row as the test wants it (question n, 0-based), instead of the seeded student's. */
    rows?: (sheet: number, question: number, version: number) => MarkKind[] | undefined;
    /**
     * A messy student (ticks, crosses, erasures) instead of the ordinary one, or a class answering in
     * HB pencil (each sheet its own pressure; the colour and language in pencil too).
     */
    marks?: 'ordinary' | 'messy' | 'pencil';
    /** The light and paper of each sheet. */
    lighting?: (sheet: number) => Lighting | undefined;
    /** The sheet folded and opened again. */
    fold?: (sheet: number) => Fold | undefined;
    /** The sheet printed on coloured or recycled paper, or with low toner. */
    paper?: (sheet: number) => Paper | undefined;
    /** A staple through the sheet's corner (0 top-left, in print order), across or beside its square. */
    staple?: (sheet: number) => number | undefined;
    /** A damaged QR code: `rub` of its height rubbed pale in one band, `tear` of its area torn off a corner. */
    code?: (sheet: number) => CodeDamage | undefined;
  } = {},
): Promise<Corpus> {
  if (exam.questions > QUESTIONS_PER_PAGE) throw new Error('one page per sheet here');
  const random = seededRandom(seed);
  const pdf = options.printed ?? (await answerSheetPdf(exam, sheets));
  const images: Buffer[] = [];
  const truths: SheetTruth[] = [];
  let sheet = 0;
  for await (const { canvas } of scanPages(pdf)) {
    if (sheet === sheets) break;
    sheet++;
    const scale = canvas.width / SHEET_PAGE.width;
    const paper = options.paper?.(sheet);
    if (paper) reprint(canvas, paper);
    const ctx = canvas.getContext('2d');
    const seeded = 1 + Math.floor(random() * exam.versions);
    const chosen = options.version?.(sheet) ?? seeded;
    const truth: SheetTruth = {
      sheet,
      version: chosen,
      language: exam.language ? (random() < 0.5 ? 1 : 2) : null,
      bubbles: Array.from({ length: exam.questions }, (_, n) => {
        const planned =
          options.marks === 'messy'
            ? planMessyRow(random)
            : options.marks === 'pencil'
              ? planPencilRow(random)
              : planRow(random);
        return options.rows?.(sheet, n, chosen) ?? planned;
      }),
      upsideDown: options.upsideDown?.includes(sheet) ?? false,
      photo: options.photos === 'all' || (options.photos !== 'none' && sheet % 2 === 0),
      ...(options.lighting?.(sheet) && { lighting: options.lighting(sheet) }),
      ...(options.fold?.(sheet) && { fold: options.fold(sheet) }),
    };
    // Drawn only for a pencil class: the other corpora keep their seeded draws.
    const hand: PencilHand | undefined =
      options.marks === 'pencil' ? { level: between(random, 70, 150), alpha: between(random, 0.65, 0.9) } : undefined;
    if (hand) truth.pencil = hand;
    const own: MarkKind = hand ? 'pencil' : 'dark';
    const version = versionBubbles(exam.versions)[truth.version - 1];
    if (version) fillBubble(ctx, version, own, scale, random, hand);
    const language = truth.language ? LANGUAGE_BUBBLES[truth.language - 1] : undefined;
    if (language) fillBubble(ctx, language, own, scale, random, hand);
    truth.bubbles.forEach((row, n) =>
      questionRow(n).bubbles.forEach((b, l) => fillBubble(ctx, b, row[l] ?? 'blank', scale, random, hand)),
    );
    const staple = options.staple?.(sheet);
    if (staple !== undefined) drawStaple(ctx, staple, scale, random);
    const damage = options.code?.(sheet);
    if (damage) damageCode(ctx, damage, scale, random, QR_BOX);
    if (damage?.copy) damageCode(ctx, damage.copy, scale, random, QR_COPY_BOX);
    if (damage?.copyNames) replaceCopy(ctx, damage.copyNames, scale);
    ctx.fillStyle = '#1e3a8a';
    ctx.font = `${Math.round(16 * scale)}px sans-serif`;
    ctx.fillText(`Estudante ${sheet}`, (NAME_BOX.x + 8) * scale, (NAME_BOX.y + 21) * scale);
    images.push(await photograph(canvas, truth, random));
    truths.push(truth);
  }
  return { images, truths };
}

/** Pages stacked into one PDF, each image filling its A4 page, as a scanner's PDF is. */
export function stackPdf(images: Buffer[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, size: 'A4', margin: 0 });
  for (const image of images) {
    doc.addPage({ size: 'A4', margin: 0 });
    doc.image(image, 0, 0, { width: SHEET_PAGE.width, height: SHEET_PAGE.height });
  }
  return finish(doc);
}
