import { describe, expect, it } from 'vitest';
import { schema } from './schema.js';
import { MEMBER_FIELDS } from './team-guard.js';

// Every root field is classified for team members (issue 18): either listed in MEMBER_FIELDS with what
// a member's role needs, or known here as staff-only (platform admins, shoppers, proofers; members are
// never staff). A new field fails this test until someone decides who on a team may call it.
const STAFF_ONLY = new Set([
  'form',
  'forms',
  'myEvaluations',
  'myPayables',
  'payables',
  'payoutBatches',
  'openVisits',
  'shopboard',
  'myShopperProfile',
  'questionnaireShopperRules',
  'certifications',
  'updateShopperProfile',
  'saveQuestionnaireShopperRules',
  'addCertification',
  'setShopperCertification',
  'orders',
  'outbox',
  'outboxEmail',
  'outboxEmails',
  'qaQueue',
  'user',
  'users',
  'acceptVisit',
  'assignVisits',
  'decideVisitExtension',
  'gradeVisit',
  'myOfferSettings',
  'myStanding',
  'requestVisitExtension',
  'saveOfferSettings',
  'schedulerDesk',
  'shopperStanding',
  'shoppersForVisit',
  'visitHistory',
  'visitsAtRisk',
  'addEditQuestionnaire',
  'addIndustry',
  'approveEvaluation',
  'checkIn',
  'checkOut',
  'claimNextEvaluation',
  'associateBrandToUser',
  'resetTwoFactor',
  'userTwoFactor',
  'createBrand',
  'createExportLink',
  'createPayoutCsvLink',
  'markPayablesPaid',
  'createForm',
  'publishForm',
  'register',
  'registerShopper',
  'rejectEvaluation',
  'releaseEvaluation',
  'removeBrand',
  'removeIndustry',
  'removeQuestionnaire',
  'runDigestNow',
  'saveEvaluation',
  'saveFormDraft',
  'sendEmailAgain',
  'setFormActive',
  'setProofingComment',
  'startReview',
  'submitEvaluation',
  'toggleIndustryPublish',
  'updateBrand',
]);

describe('the team guard', () => {
  it('classifies every root field of the schema', () => {
    const roots = [schema.getQueryType()!, schema.getMutationType()!].flatMap((t) =>
      Object.keys(t.getFields()),
    );
    const unclassified = roots.filter((f) => MEMBER_FIELDS[f] === undefined && !STAFF_ONLY.has(f));
    expect(unclassified).toEqual([]);
    // Nothing is listed twice or lists a field that is gone.
    expect(Object.keys(MEMBER_FIELDS).filter((f) => STAFF_ONLY.has(f))).toEqual([]);
    expect([...Object.keys(MEMBER_FIELDS), ...STAFF_ONLY].filter((f) => !roots.includes(f))).toEqual([]);
  });
});
