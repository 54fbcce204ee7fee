import { ProgramsReport } from './programs-table';
import { ReportSection } from './report-parts';
import { OWN_REPORTS } from './report-scope';

/** My Programs on the dashboard. */
export function DashboardPrograms() {
  return (
    <ReportSection title="My Programs" testId="dashboard-programs">
      <ProgramsReport scope={OWN_REPORTS} />
    </ReportSection>
  );
}
