import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_VIEWER_ROLE,
  documentForReader,
  type EvaluationDocument,
  reportedElementIds,
  reportForReader,
} from './readers';
import { score } from './score';
import { element, evaluation, form, options, ranges } from './testing/factories';

// A shop with a reported question, a receipt total reported 'never' (for the reimbursement) and a
// shopper, QA comments and a rejection note with distinctive strings.
const f = form([
  element('greet', 'choice', { options: options(['yes', 10], ['no', 0]) }),
  element('receipt', 'number', { reportability: 'never', scoreRanges: ranges([0, 1000, 5]) }),
]);
const doc: EvaluationDocument = {
  context: {
    user: {
      role: 'shopper',
      displayName: 'Zelda Quist',
      email: 'zelda.q@shopper.test',
      phone: '555-0199',
      age: 41,
      gender: 'female',
    },
    shopper: null,
    location: { name: 'Main Street', address: '1 Main St', state: 'TX' },
    shop: { businessName: 'Acme', address: '1 Main St', dueDate: '2026-11-30' },
    isSurvey: false,
    inboundParameters: { ref: 'x' },
  },
  answers: { greet: 'yes', receipt: 42.17 },
  proofingComments: { greet: 'QA-ONLY per-question note' },
  metadata: {
    externalComment: 'REJECTION-NOTE to the shopper',
    internalComment: 'QA-INTERNAL note',
    currentSectionId: 's1',
    timeSubmitted: '2026-11-20T10:00:00.000Z',
  },
  photoTakenAt: { photo: '2026-11-20T09:00:00.000Z' },
};
const report = score(evaluation(f, { greet: 'yes', receipt: 42.17 }));
const reported = reportedElementIds(report);
const text = (v: unknown) => JSON.stringify(v);

describe('documentForReader', () => {
  it('gives a customer no shopper identity, no QA comments, no rejection note and no unreported answers', () => {
    const seen = text(documentForReader('customer', doc, reported));
    for (const secret of [
      'Zelda',
      'zelda.q@shopper.test',
      '555-0199',
      'QA-ONLY',
      'REJECTION-NOTE',
      'QA-INTERNAL',
      '42.17',
      'female',
    ]) {
      expect(seen).not.toContain(secret);
    }
    expect(documentForReader('customer', doc, reported)).toEqual({
      context: { location: doc.context!.location, shop: doc.context!.shop, isSurvey: false },
      answers: { greet: 'yes' },
      proofingComments: {},
      metadata: {},
    });
  });

  it("gives the shopper their document with QA's comments and the rejection note, but not QA's internal comment", () => {
    const seen = documentForReader('shopper', doc, reported);
    expect(seen.context?.user?.displayName).toBe('Zelda Quist');
    expect(seen.proofingComments).toEqual(doc.proofingComments);
    expect(seen.metadata?.externalComment).toBe('REJECTION-NOTE to the shopper');
    expect(seen.answers).toEqual(doc.answers);
    expect(text(seen)).not.toContain('QA-INTERNAL');
  });

  it('gives QA staff the document whole', () => {
    expect(documentForReader('staff', doc, reported)).toEqual(doc);
  });

  it('reads an empty document for a customer without failing', () => {
    expect(documentForReader('customer', {}, new Set())).toEqual({
      context: { location: null, shop: null, isSurvey: false },
      answers: {},
      proofingComments: {},
      metadata: {},
    });
  });
});

describe('reportForReader', () => {
  it("drops elements reported 'never' for customers; their score still counts", () => {
    const seen = reportForReader('customer', report);
    expect(seen.sections[0]!.elements.map((e) => e.localId)).toEqual(['greet']);
    expect(text(seen)).not.toContain('42.17');
    expect(seen.score).toBe(report.score);
    expect(seen.sections[0]!.score).toBe(15);
  });

  it.each(['shopper', 'staff'] as const)('gives the %s the report whole', (reader) => {
    expect(reportForReader(reader, report)).toBe(report);
  });
});

it('names a customer reader by a role of its own, never shopper', () => {
  expect(CUSTOMER_VIEWER_ROLE).not.toBe('shopper');
});
