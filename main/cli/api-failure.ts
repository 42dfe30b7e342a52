// What the CLI says when the catalog API fails, in words a student or tutor can act on: what
// happened and what to do, in Portuguese first and then English (the app says the same through
// its dictionaries, renderer/src/i18n). Each failure has its exit code (README › "Using a real API").
import type { ApiErrorCode } from '../core/api/errors.js';
import { EXIT } from './common.js';

interface Said {
  exit: number;
  ptBR: string;
  en: string;
}

const SERVER_TROUBLE: Partial<Record<ApiErrorCode, Said>> = {
  server: {
    exit: EXIT.server,
    ptBR: 'o servidor da API teve um erro interno (5xx), mesmo após novas tentativas. O que já foi baixado está salvo: tente de novo em alguns minutos; se continuar, avise o fornecedor da API.',
    en: 'the API server had an internal error (5xx), even after retries. What was downloaded is saved: try again in a few minutes; if it goes on, tell the API provider.',
  },
  timeout: {
    exit: EXIT.server,
    ptBR: 'o servidor da API demorou demais para responder, mesmo após novas tentativas. O que já foi baixado está salvo: tente de novo mais tarde ou numa conexão mais estável.',
    en: 'the API server took too long to answer, even after retries. What was downloaded is saved: try again later or on a steadier connection.',
  },
  'invalid-response': {
    exit: EXIT.server,
    ptBR: 'o servidor respondeu algo que não é a resposta da API (não é JSON, ou não tem o formato do catálogo). Confira --base-url (deve ser o endereço da API, não um site ou um proxy de login); se estiver certo, avise o fornecedor da API.',
    en: 'the server answered something that is not the API’s answer (not JSON, or not the catalog’s shape). Check --base-url (it must be the API’s address, not a web site or a login proxy); if it is right, tell the API provider.',
  },
  'redirect-refused': {
    exit: EXIT.server,
    ptBR: 'o servidor redirecionou para outro endereço e a chave não foi enviada para lá. Use em --base-url o endereço final da API (o mesmo que o fornecedor indica).',
    en: 'the server redirected to another address, and the key was not sent there. Give --base-url the API’s final address (the one its provider gives).',
  },
  network: {
    exit: EXIT.network,
    ptBR: 'não foi possível conectar ao servidor da API. Verifique a internet e o endereço em --base-url, e tente de novo.',
    en: 'could not connect to the API server. Check the internet connection and the address in --base-url, and try again.',
  },
  'bad-request': {
    exit: EXIT.error,
    ptBR: 'o servidor recusou o pedido (4xx). Confira os filtros (--exam, --subject, --year) e --base-url.',
    en: 'the server refused the request (4xx). Check the filters (--exam, --subject, --year) and --base-url.',
  },
  'not-found': {
    exit: EXIT.error,
    ptBR: 'o servidor não encontrou o que foi pedido (404). Confira --base-url e os filtros.',
    en: 'the server did not find what was asked (404). Check --base-url and the filters.',
  },
};

/** A listing the client stopped because the server never ended it (sync report `unendedListings`). */
export const UNENDED_LISTING: Said = {
  exit: EXIT.server,
  ptBR: 'a listagem do servidor não terminou (o total não se esgotava e as páginas não traziam questões novas): a sincronização parou dentro do limite de pedidos e guardou o que veio. O catálogo pode estar incompleto; avise o fornecedor da API.',
  en: 'the server’s listing did not end (its total never ran out and its pages brought no new question): the sync stopped within its request bound and kept what came. The catalog may be incomplete; tell the API provider.',
};

/** What to print for an API failure, and its exit code; null when the CLI has no words of its own for it. */
export function apiFailure(code: ApiErrorCode): Said | null {
  return SERVER_TROUBLE[code] ?? null;
}

/** Both languages, Portuguese first, one line each. */
export function sayBoth(said: Said): string {
  return `cli: ${said.ptBR}\ncli: ${said.en}\n`;
}
