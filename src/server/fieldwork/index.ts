export {
  type EvaluationRow,
  loadEngineEvaluation,
  rebuildRegionRollups,
  rollUpScores,
  type StoredEvaluation,
} from './evaluation-store.js';
export {
  approveEvaluation,
  commentOnElement,
  listMyEvaluations,
  readableEvaluation,
  readerOf,
  rejectEvaluation,
  releaseEvaluation,
  saveEvaluationAnswers,
  sharedShopReport,
  startReview,
  submitEvaluation,
  viewerRoleOf,
} from './evaluations.js';
export { formOfVersion } from './forms.js';
export { type ApprovedEvent, onApproval } from './on-approval.js';
export {
  claimNextEvaluation,
  listQaQueue,
  MSG_CLAIMED,
  reviewerNameOf,
} from './qa-claims.js';
export { registerShopper } from './register-shopper.js';
export { reportReadySubscriber } from './report-subscriber.js';
export { isShopper, isStaff, ROLES, requireShopper } from './roles.js';
export { cancelShopVisits, runVisitScheduling, visitsInsert } from './schedule-visits.js';
export {
  listShopboard,
  SHOPBOARD_SORTS,
  type ShopboardItem,
  type ShopboardPage,
  type ShopboardSort,
} from './shopboard.js';
export { myShopperProfile, type ShopperProfile, updateShopperProfile } from './shopper-profile.js';
export {
  addCertification,
  type CertificationView,
  listCertifications,
  type ShopperRulesView,
  saveShopperRules,
  setShopperCertification,
  shopperRulesOf,
} from './shopper-rules.js';
export { registerSurveyRoutes, surveyUrl, ZSurveyQrParams } from './survey-routes.js';
export {
  findSurvey,
  type ProgramSummary,
  programSummary,
  type QrSurvey,
  qrSurvey,
  submitSurveyResponse,
} from './surveys.js';
export { checkIn, checkOut, type ProofLimits, proofOf, type VisitProof } from './visit-proof.js';
export { acceptVisit, listOpenVisits, type OpenVisit } from './visits.js';
