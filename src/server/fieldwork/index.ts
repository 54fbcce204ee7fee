export { correctionsMailSubscriber } from './corrections-subscriber.js';
export { decideExtension, releaseOverdueVisits, requestExtension } from './deadlines.js';
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
  gradeVisit,
  listMyEvaluations,
  parseGrade,
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
export {
  MAX_OFFER_RADIUS_MILES,
  myOfferSettings,
  type OfferSettings,
  runVisitOffers,
  saveOfferSettings,
} from './offers.js';
export { type ApprovedEvent, onApproval } from './on-approval.js';
export {
  claimNextEvaluation,
  listQaQueue,
  MSG_CLAIMED,
  reviewerNameOf,
} from './qa-claims.js';
export { registerShopper } from './register-shopper.js';
export { reportReadySubscriber } from './report-subscriber.js';
export { isScheduler, isShopper, isStaff, ROLES, requireScheduler, requireShopper } from './roles.js';
export { cancelShopVisits, runVisitScheduling, visitsInsert } from './schedule-visits.js';
export {
  type AtRiskVisit,
  assignVisits,
  type DeskRow,
  type ShopperCandidate,
  schedulerDesk,
  shoppersForVisit,
  type VisitHistoryLine,
  visitHistoryOf,
  visitsAtRisk,
} from './scheduler-desk.js';
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
export { myStanding, type ShopperStanding, shopperStanding } from './shopper-standing.js';
export { visitOffersSubscriber, visitReleasedMailSubscriber } from './supply-subscribers.js';
export { registerSurveyRoutes, surveyUrl, ZSurveyQrParams } from './survey-routes.js';
export {
  findSurvey,
  type ProgramSummary,
  programSummary,
  type QrSurvey,
  qrSurvey,
  submitSurveyResponse,
} from './surveys.js';
export { type ShopperRating, shopperRating } from './visit-history.js';
export { checkIn, checkOut, type ProofLimits, proofOf, type VisitProof } from './visit-proof.js';
export { acceptVisit, listOpenVisits, type OpenVisit } from './visits.js';
