import { type DefinitionNode, Kind, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { may, type TeamPermission } from '../../domain/index.js';
import type { AppContext } from '../context.js';
import { AppError, notAuthorized } from '../errors.js';
import { teamRoleOf } from '../team/index.js';
import { MSG_TEAM_NEEDS_SECOND_FACTOR, SECOND_FACTOR_SETUP_FIELDS } from '../two-factor/index.js';

/**
 * What a team member who is not the owner may call at all, by root field: 'anyone' (their own login,
 * public pages), or the permission their role must have (domain/team.ts). A field not listed here is
 * refused to them (fail closed): the list is the one place that says what admins and managers reach,
 * and a test checks that every field of the schema is either listed or meant for the owner and staff.
 * The use cases check the same permissions again (team/access.ts), and scope a manager's results.
 */
export const MEMBER_FIELDS: Record<string, TeamPermission | 'anyone'> = {
  // Query
  brand: 'anyone',
  brands: 'anyone',
  currentBrand: 'anyone',
  currentUser: 'anyone',
  industries: 'anyone',
  invitation: 'anyone',
  publishedIndustries: 'anyone',
  questionnaire: 'anyone',
  reportingApiUrl: 'anyone',
  survey: 'anyone',
  unsubscribeLink: 'anyone',
  viewer: 'anyone',
  accountSecurity: 'anyone',
  evaluation: 'reports',
  sharedShopReport: 'reports',
  surveyProgramSummary: 'reports',
  surveyQrPage: 'reports',
  regions: 'reports',
  actionPlan: 'reports',
  actionPlanCounts: 'reports',
  actionPlans: 'reports',
  actionPlanTrigger: 'settings',
  scoreAlerts: 'reports',
  scoreAlertRule: 'settings',
  benchmarks: 'reports',
  benchmarkSettings: 'settings',
  addressSuggestions: 'order',
  geocodeAddress: 'order',
  nextLocationID: 'order',
  order: 'order',
  paymentSettings: 'order',
  invoice: 'billing',
  team: 'team',
  webhookEndpoints: 'settings',
  webhookEndpoint: 'settings',
  webhookEndpointSecret: 'settings',
  webhookEventTypes: 'anyone',
  apiKeys: 'apiKeys',
  reportSchedule: 'ownership',
  auditLog: 'team',
  auditLogCsv: 'team',
  auditActions: 'anyone',
  // Mutation
  acceptTeamInvitation: 'anyone',
  changePassword: 'anyone',
  login: 'anyone',
  logout: 'anyone',
  loginSecondFactor: 'anyone',
  beginTotpSetup: 'anyone',
  confirmTotpSetup: 'anyone',
  disableTotp: 'anyone',
  regenerateRecoveryCodes: 'anyone',
  signOutSession: 'anyone',
  signOutOtherSessions: 'anyone',
  beginPasskeyRegistration: 'anyone',
  finishPasskeyRegistration: 'anyone',
  renamePasskey: 'anyone',
  removePasskey: 'anyone',
  beginPasskeySignIn: 'anyone',
  passkeySignIn: 'anyone',
  setTeamRequiresTwoFactor: 'ownership',
  saveReportSchedule: 'ownership',
  resetPassword: 'anyone',
  saveEmailPreferences: 'anyone',
  sendResetPasswordEmail: 'anyone',
  submitSurveyResponse: 'anyone',
  unsubscribe: 'anyone',
  generateSignature: 'reports',
  saveActionPlan: 'reports',
  submitActionPlan: 'reports',
  returnActionPlan: 'reports',
  resolveActionPlan: 'reports',
  saveActionPlanTrigger: 'settings',
  acknowledgeScoreAlert: 'reports',
  saveScoreAlertRule: 'settings',
  setBenchmarkContribution: 'settings',
  addBulkLocations: 'order',
  addLocation: 'order',
  addSavedLocations: 'order',
  cancelActiveShop: 'order',
  checkout: 'order',
  copyShopsToAllOrderLocations: 'order',
  modifyOrderQuestionnaires: 'order',
  removeCartShop: 'order',
  removeLocation: 'order',
  removeLocationFromAccount: 'order',
  removeLocationFromOrder: 'order',
  removeUserQuestionnaire: 'order',
  reorder: 'order',
  saveLocation: 'order',
  saveShop: 'order',
  saveUserQuestionnaire: 'order',
  startOrder: 'order',
  tokenizeTestCard: 'order',
  saveAccountInfo: 'settings',
  saveDefaultCard: 'card',
  changeTeamMember: 'team',
  createRegion: 'team',
  deleteRegion: 'team',
  inviteTeamMember: 'team',
  removeTeamMember: 'team',
  renameRegion: 'team',
  resendTeamInvitation: 'team',
  setLocationsRegion: 'team',
  withdrawTeamInvitation: 'team',
  transferOwnership: 'ownership',
  createWebhookEndpoint: 'settings',
  updateWebhookEndpoint: 'settings',
  deleteWebhookEndpoint: 'settings',
  rollWebhookSecret: 'settings',
  sendTestWebhook: 'settings',
  resendWebhookDelivery: 'settings',
  createApiKey: 'apiKeys',
  revokeApiKey: 'apiKeys',
};

/** Whether a caller may call root field `field` at all (see MEMBER_FIELDS). */
export function memberMayCall(ctx: Pick<AppContext, 'user' | 'person' | 'member'>, field: string): boolean {
  // Anonymous callers, platform admins and owners are governed by the fields' own checks.
  if (!ctx.person || ctx.person.admin || !ctx.member || (ctx.member.role === 'owner' && !ctx.member.removed))
    return true;
  const needs = MEMBER_FIELDS[field];
  if (needs === undefined) return false;
  if (needs === 'anyone') return true;
  const role = teamRoleOf(ctx);
  return role !== null && may(role, needs);
}

/** Refuses, before anything runs, an operation with a root field the caller's team role does not reach. */
export function teamGuard(): Plugin<AppContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as AppContext;
      if (!ctx.member && ctx.secondFactorSetup !== 'team') return;
      const operation = args.document.definitions.find(
        (d: DefinitionNode): d is OperationDefinitionNode =>
          d.kind === Kind.OPERATION_DEFINITION &&
          (args.operationName ? d.name?.value === args.operationName : true),
      );
      if (!operation) return;
      for (const selection of operation.selectionSet.selections) {
        if (selection.kind === Kind.FIELD && selection.name.value === '__typename') continue;
        // A member whose team requires two-factor sign-in, without it: only the setup (issue 50).
        if (
          ctx.secondFactorSetup === 'team' &&
          (selection.kind !== Kind.FIELD || !SECOND_FACTOR_SETUP_FIELDS.has(selection.name.value))
        ) {
          const refusal = new AppError('FORBIDDEN', MSG_TEAM_NEEDS_SECOND_FACTOR, [], {
            secondFactorSetup: 'team',
          });
          setResultAndStopExecution({ data: null, errors: [refusal] });
          return;
        }
        // Fragments at the root are not read through: a member's operation names its fields.
        if (selection.kind !== Kind.FIELD || !memberMayCall(ctx, selection.name.value)) {
          setResultAndStopExecution({ data: null, errors: [notAuthorized()] });
          return;
        }
      }
    },
  };
}
