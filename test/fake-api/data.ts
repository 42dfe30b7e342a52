// Deterministic catalog for the fake API: same seed and size, same catalog.
import { pick, seededRandom, stableUuid } from './random.js';

export type Difficulty = 'easy' | 'medium' | 'hard';
export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard'];

export interface FakeExam {
  id: string;
  name: string;
  institution: string | null;
  type: string | null;
}

export interface FakeAlternative {
  id: string;
  letter: string;
  text: string;
  imageUrl: string | null;
  isCorrect: boolean;
}

export interface FakeQuestion {
  id: string;
  statement: string;
  imageUrl: string | null;
  subject: { id: string; name: string };
  exam: { id: string; name: string };
  year: number;
  difficulty: Difficulty;
  alternatives: FakeAlternative[];
  correctAlternative: string;
  /** Not part of the wire format: which product may serve this question. */
  national: boolean;
}

export interface CatalogOptions {
  questions: number;
  seed: number;
  /** Origins the image URLs point at; most images live on the CDN. */
  apiOrigin: string;
  cdnOrigin: string;
}

export const NATIONAL_EXAM: FakeExam = {
  id: stableUuid('exam:ENEM'),
  name: 'ENEM',
  institution: 'INEP',
  type: 'nacional',
};

const VESTIBULAR_EXAMS: FakeExam[] = [
  ['FUVEST', 'USP', 'vestibular'],
  ['UNICAMP', 'Unicamp', 'vestibular'],
  ['UNESP', 'Unesp', 'vestibular'],
  ['UERJ', 'UERJ', 'vestibular'],
  ['UFPR', 'UFPR', 'vestibular'],
  ['UFRGS', 'UFRGS', null],
  ['Simulado Regional', null, null],
  ['PAS UnB', 'UnB', 'seriado'],
].map(([name, institution, type]) => ({
  id: stableUuid(`exam:${String(name)}`),
  name: String(name),
  institution: institution ?? null,
  type: type ?? null,
}));

export const EXAMS: readonly FakeExam[] = [...VESTIBULAR_EXAMS, NATIONAL_EXAM];

const SUBJECTS = [
  'Matemática',
  'Física',
  'Química',
  'Biologia',
  'História',
  'Geografia',
  'Língua Portuguesa',
  'Literatura',
  'Filosofia',
  'Sociologia',
  'Inglês',
].map((name) => ({ id: stableUuid(`subject:${name}`), name }));
/**
 * Half of the English questions are Spanish instead (every other one, by position): the ENEM's two
 * foreign languages, with the seeded stream and so every other question exactly as before.
 */
const SPANISH = { id: stableUuid('subject:Espanhol'), name: 'Espanhol' };

const OPENERS = [
  'Considere o texto a seguir e responda.',
  'Analise a situação descrita.',
  'Observe a figura e leia as afirmações.',
  'Um estudante realizou o experimento descrito abaixo.',
  'Leia o trecho e identifique a ideia central.',
];
const TOPICS: Record<string, string[]> = {
  Matemática: ['a função afim', 'a progressão geométrica', 'a probabilidade do evento', 'a área do triângulo'],
  Física: ['a velocidade média', 'a energia cinética', 'a lei de Ohm', 'o empuxo'],
  Química: ['o pH da solução', 'a estequiometria da reação', 'a eletrólise', 'o equilíbrio químico'],
  Biologia: ['a fotossíntese', 'a divisão celular', 'a cadeia alimentar', 'a herança genética'],
  História: ['a Revolução Industrial', 'o período colonial', 'a Era Vargas', 'a Guerra Fria'],
  Geografia: ['o clima semiárido', 'a urbanização', 'as placas tectônicas', 'a matriz energética'],
  'Língua Portuguesa': ['a função da linguagem', 'a concordância verbal', 'o gênero textual', 'a coesão'],
  Literatura: ['o Modernismo', 'o Romantismo', 'o Realismo', 'a poesia concreta'],
  Filosofia: ['a ética aristotélica', 'o contrato social', 'o empirismo', 'a dialética'],
  Sociologia: ['a mobilidade social', 'a cultura de massa', 'o trabalho', 'a cidadania'],
  Inglês: ['the main idea of the text', 'the use of modal verbs', 'the author’s purpose', 'the word “however”'],
  Espanhol: ['la idea central del texto', 'el uso de los verbos', 'el propósito del autor', 'la palabra “sin embargo”'],
};

export function generateCatalog(options: CatalogOptions): FakeQuestion[] {
  const random = seededRandom(options.seed);
  const imagePool = Math.max(8, Math.min(500, Math.ceil(options.questions / 10)));
  const imageUrl = (index: number): string => {
    const svg = index % 5 === 0;
    const onApiOrigin = index % 17 === 0; // a few images are served by the API origin itself
    const origin = onApiOrigin ? options.apiOrigin : options.cdnOrigin;
    return `${origin}/${onApiOrigin ? 'static' : 'img'}/${index}.${svg ? 'svg' : 'png'}`;
  };
  const questions: FakeQuestion[] = [];
  for (let n = 0; n < options.questions; n++) {
    const national = random() < 0.45;
    const exam = national ? NATIONAL_EXAM : pick(random, VESTIBULAR_EXAMS);
    const drawn = pick(random, SUBJECTS);
    const subject = drawn.name === 'Inglês' && n % 2 === 1 ? SPANISH : drawn;
    const topic = pick(random, TOPICS[subject.name] ?? ['o tema']);
    const year = 2009 + Math.floor(random() * 16);
    const difficulty = pick(random, DIFFICULTIES);
    const id = stableUuid(`question:${options.seed}:${n}`);
    const correct = Math.floor(random() * 5);
    const alternatives = ['A', 'B', 'C', 'D', 'E'].map((letter, index) => ({
      id: stableUuid(`alternative:${id}:${letter}`),
      letter,
      text: `${letter === 'E' && random() < 0.05 ? 'Nenhuma das anteriores' : `Afirmação ${index + 1} sobre ${topic}`} (${n}).`,
      imageUrl: random() < 0.04 ? imageUrl(Math.floor(random() * imagePool)) : null,
      isCorrect: index === correct,
    }));
    questions.push({
      id,
      statement: `${pick(random, OPENERS)} Questão ${n + 1} (${exam.name} ${year}) sobre ${topic}: qual alternativa está correta?`,
      imageUrl: random() < 0.3 ? imageUrl(Math.floor(random() * imagePool)) : null,
      subject,
      exam: { id: exam.id, name: exam.name },
      year,
      difficulty,
      alternatives,
      correctAlternative: alternatives[correct]?.letter ?? 'A',
      national,
    });
  }
  return questions;
}

/** Questions added while a listing runs (the "catalog grows" fault). */
export function extraQuestion(base: FakeQuestion, serial: number): FakeQuestion {
  const id = stableUuid(`question:extra:${serial}`);
  return {
    ...base,
    id,
    statement: `Questão nova ${serial}: ${base.statement}`,
    alternatives: base.alternatives.map((alternative) => ({
      ...alternative,
      id: stableUuid(`alternative:${id}:${alternative.letter}`),
    })),
  };
}
