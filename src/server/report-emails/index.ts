export {
  queueReportEmails,
  type ReportEmailOutcome,
  type ReportScheduleInput,
  type ReportScheduleView,
  reportEmailKey,
  reportScheduleOf,
  type ScheduleMember,
  saveReportSchedule,
  sendReportEmail,
  teamOf,
} from './schedule.js';
