// OpenAPI 3.1 documents of the two products, as the spec describes them.
export type Product = 'vestibulares' | 'enem';

const errorBody = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, message: { type: 'string' } },
};

const rateHeaders = {
  'X-RateLimit-Limit': { schema: { type: 'integer' }, description: 'Requests per minute allowed by the plan.' },
  'X-RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Requests left in the current minute.' },
};

function errors(): Record<string, unknown> {
  const response = (description: string, extra: Record<string, unknown> = {}) => ({
    description,
    headers: { ...rateHeaders, ...extra },
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  return {
    '400': response('Invalid parameter value.'),
    '401': response('Missing header, or invalid, revoked or expired key.'),
    '403': response('Key of another product, or no active subscription.'),
    '429': response('Per-minute, per-day or monthly limit exceeded.', {
      'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' },
    }),
    '500': { description: 'Internal error.' },
  };
}

const uuidParam = (name: string, where: 'query' | 'path', description: string) => ({
  name,
  in: where,
  required: where === 'path',
  description,
  schema: { type: 'string', format: 'uuid' },
});

export function openApiDocument(product: Product, serverUrl: string): Record<string, unknown> {
  const filters: unknown[] = [
    ...(product === 'vestibulares' ? [uuidParam('examId', 'query', 'Id of an exam from /exams.')] : []),
    { name: 'year', in: 'query', schema: { type: 'integer' } },
    uuidParam('subjectId', 'query', 'From subject.id of a question.'),
    { name: 'difficulty', in: 'query', schema: { type: 'string', enum: ['easy', 'medium', 'hard'] } },
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
  ];
  const paths: Record<string, unknown> = {
    [`/v1/${product}/questions`]: {
      get: {
        operationId: `${product}ListQuestions`,
        security: [{ apiKey: [] }],
        parameters: filters,
        responses: {
          '200': {
            description: 'A page of the filtered set; meta.total counts the whole set.',
            headers: rateHeaders,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/QuestionList' } } },
          },
          ...errors(),
        },
      },
    },
    [`/v1/${product}/questions/{question_id}`]: {
      get: {
        operationId: `${product}GetQuestion`,
        security: [{ apiKey: [] }],
        parameters: [uuidParam('question_id', 'path', 'Question id.')],
        responses: {
          '200': {
            description: 'The question, without envelope.',
            headers: rateHeaders,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Question' } } },
          },
          '404': {
            description: 'Absent, or outside this product.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
          ...errors(),
        },
      },
    },
  };
  if (product === 'vestibulares') {
    paths['/v1/vestibulares/exams'] = {
      get: {
        operationId: 'vestibularesListExams',
        security: [{ apiKey: [] }],
        responses: {
          '200': {
            description: 'The whole exam catalog, unpaginated.',
            headers: rateHeaders,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['data'],
                  properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Exam' } } },
                },
              },
            },
          },
          ...errors(),
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: product === 'enem' ? 'Exam Question Catalog — ENEM' : 'Exam Question Catalog — Vestibulares',
      version: '1.0.0',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: {
        Error: errorBody,
        Exam: {
          type: 'object',
          required: ['id', 'name', 'institution', 'type'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            name: { type: 'string' },
            institution: { type: ['string', 'null'] },
            type: { type: ['string', 'null'] },
          },
        },
        // Only what the spec shows (§2.2, §2.3): a field it leaves untyped has no `type` here, and the
        // fields it never names (year, difficulty, the subject's name, the exam's id) are not listed,
        // so a schema-driven mock may send them in any form (additional properties are allowed).
        Alternative: {
          type: 'object',
          required: ['id', 'letter', 'text', 'isCorrect'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            letter: { type: 'string' },
            text: { type: 'string' },
            // The spec says "string (URL)"; this fake sends null for an alternative without an image.
            imageUrl: { description: 'Image of the alternative (a URL). Nullability: not stated.' },
            isCorrect: { type: 'boolean' },
          },
        },
        Question: {
          type: 'object',
          required: ['id', 'statement', 'subject', 'alternatives', 'correctAlternative'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            statement: { type: 'string' },
            imageUrl: { description: 'Image of the question (a URL). Nullability: not stated.' },
            subject: {
              type: 'object',
              required: ['id'],
              properties: { id: { type: 'string', format: 'uuid' } },
            },
            exam: { type: 'object', properties: { name: {} }, description: 'Seen in the entrance-exam product.' },
            alternatives: { type: 'array', items: { $ref: '#/components/schemas/Alternative' } },
            correctAlternative: { description: 'Marks the correct alternative; its type is not shown.' },
          },
        },
        QuestionList: {
          type: 'object',
          required: ['data', 'meta'],
          properties: {
            data: { type: 'array', items: { $ref: '#/components/schemas/Question' } },
            meta: { type: 'object', required: ['total'], properties: { total: { type: 'integer' } } },
          },
        },
      },
    },
  };
}
