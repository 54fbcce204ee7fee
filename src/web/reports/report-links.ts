import type { ReportScope } from './report-scope';

// Where report rows link to, in account and admin mode (account-and-reporting 2).

const clientSuffix = (scope: ReportScope) => (scope.clientId ? `/${encodeURIComponent(scope.clientId)}` : '');
const area = (scope: ReportScope) => (scope.admin ? '/admin/reports' : '/account/reports');

export const shopsByProgramPath = (scope: ReportScope, programId: string) =>
  `${area(scope)}/shopsbyprogram/${encodeURIComponent(programId)}${clientSuffix(scope)}`;

export const surveysByProgramPath = (scope: ReportScope, programId: string) =>
  `${area(scope)}/surveysbyprogram/${encodeURIComponent(programId)}${clientSuffix(scope)}`;

/** A program's report: its surveys for a survey program, its shops otherwise. */
export const programReportPath = (scope: ReportScope, program: { programId: string; programType: string }) =>
  program.programType === 'customerSurvey'
    ? surveysByProgramPath(scope, program.programId)
    : shopsByProgramPath(scope, program.programId);

/** The QR page lives in the account area; in admin mode it carries the customer's id. */
export const qrPath = (scope: ReportScope, programId: string, surveyCode: string) =>
  `/account/reports/qr/${encodeURIComponent(programId)}/${encodeURIComponent(surveyCode)}${clientSuffix(scope)}`;

export const surveySummaryPath = (surveyCode: string) =>
  `/survey/program-summary/${encodeURIComponent(surveyCode)}`;

export const surveyPath = (surveyCode: string) => `/survey/${encodeURIComponent(surveyCode)}`;

/** Where 'back' goes from a program's shops or surveys. */
export const allShopsPath = (scope: ReportScope) =>
  scope.admin && scope.clientId
    ? `/admin/reports/${encodeURIComponent(scope.clientId)}`
    : '/account/reports/mystery-shops';

export const allSurveysPath = (scope: ReportScope) =>
  scope.admin && scope.clientId
    ? `/admin/reports/${encodeURIComponent(scope.clientId)}`
    : '/account/reports/surveys';

/** A shop's report link shows only for a Delivered shop that has one. */
export const shopReportLink = (shop: {
  status?: string | null;
  reportLink?: string | null;
}): string | null => (shop.status === 'Delivered' && shop.reportLink ? shop.reportLink : null);
